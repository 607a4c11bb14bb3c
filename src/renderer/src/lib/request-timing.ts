/**
 * The latency of the last catalog request, for the status bar: every api call is timed
 * from the page's side (round trip through main to the catalog and back). The UI's own
 * bookkeeping calls (saving the UI state, the app info) are left out: they say nothing
 * about the catalog.
 */
import { create } from 'zustand'
import type { CatalogApi, IpcResult } from '@shared/ipc-channels'

/** One finished request. */
export interface RequestTiming {
  readonly channel: string
  readonly ms: number
  readonly ok: boolean
}

/** The last finished catalog request, or null before the first. */
export const useLastRequest = create<{ readonly last: RequestTiming | null }>()(() => ({ last: null }))

const UNTIMED_DOMAINS = new Set(['ui', 'app', 'events', 'operations'])

/** `api` with every catalog method timed into `useLastRequest`. */
export function timedApi(api: CatalogApi, now: () => number = () => performance.now()): CatalogApi {
  const domains: Record<string, unknown> = {}
  for (const [domain, methods] of Object.entries(api) as [string, Record<string, unknown>][]) {
    if (UNTIMED_DOMAINS.has(domain)) {
      domains[domain] = methods
      continue
    }
    const timed: Record<string, unknown> = {}
    for (const [verb, method] of Object.entries(methods)) {
      const call = method as (request: unknown) => Promise<IpcResult<unknown>>
      timed[verb] = async (request: unknown) => {
        const start = now()
        const result = await call(request)
        useLastRequest.setState({ last: { channel: `${domain}:${verb}`, ms: now() - start, ok: result.ok } })
        return result
      }
    }
    domains[domain] = Object.freeze(timed)
  }
  return Object.freeze(domains) as CatalogApi
}
