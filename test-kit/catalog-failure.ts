/**
 * The CatalogError a call fails with, for tests that check its code and message.
 */
import { CatalogError } from '../src/shared/errors'

/** Waits for `promise` to fail and returns its CatalogError; throws when it succeeds or fails with anything else. */
export async function failureOf(promise: Promise<unknown>): Promise<CatalogError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  )
  if (!(error instanceof CatalogError)) throw new Error(`expected a CatalogError, got ${String(error)}`)
  return error
}

/** The CatalogError `run` throws at once; throws when it returns or throws anything else. */
export function thrownBy(run: () => unknown): CatalogError {
  try {
    run()
  } catch (error) {
    if (error instanceof CatalogError) return error
    throw error
  }
  throw new Error('expected a CatalogError to be thrown')
}
