/**
 * What a connection's catalog can do, for the operations not every catalog offers. A
 * directory catalog knows from its implementation; a REST catalog learns from the first
 * answer that says it does not do an operation (404 without a Lance code, 406), and
 * remembers that for the connection. The UI offers only what is not known to fail.
 */

/** Whether the catalog does one operation: it does, it has not been tried yet, or it does not (and why). */
export type Capability = { readonly state: 'supported' } | { readonly state: 'untried' } | { readonly state: 'unsupported'; readonly reason: string }

/** The operations whose availability depends on the catalog. */
export interface CatalogCapabilities {
  readonly renameTable: Capability
}

/** The reason an operation is not offered, or null when it may be (supported or not yet tried). */
export function unsupportedReason(capability: Capability | undefined): string | null {
  return capability?.state === 'unsupported' ? capability.reason : null
}
