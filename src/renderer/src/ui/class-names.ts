/** Joins the class names that are set (a CSS module class may be undefined in types). */
export function cx(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ')
}
