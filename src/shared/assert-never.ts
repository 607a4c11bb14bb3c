/** Marks a switch as exhaustive: the compiler complains if a case is missing. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`)
}
