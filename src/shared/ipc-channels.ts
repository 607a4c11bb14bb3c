/**
 * Channel names and the api object built from them. Kept free of runtime dependencies
 * (the schemas live in ipc-contract.ts) because the sandboxed preload bundles this file
 * and cannot load packages.
 */
import type { ErrorValue } from './errors'
import type { RequestOf, ResponseOf } from './ipc-contract'
import type { SubscribeShellEvents } from './contract/shell-events'
import { CHANNELS, type Channel } from './channel-names'

export { CHANNELS, type Channel }

/** What crosses the boundary: a value, or an error value. Never a thrown error. */
export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorValue }

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never
type VerbOf<C extends string, D extends string> = C extends `${D}:${infer V}` ? V : never

/**
 * The api object exposed to the page: `api.namespaces.list(request)` and so on, plus
 * `api.events.subscribe(listener)` for what main sends on its own (menu commands).
 */
export type CatalogApi = {
  readonly [D in DomainOf<Channel>]: {
    readonly [C in Extract<Channel, `${D}:${string}`> as VerbOf<C, D>]: (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>
  }
} & { readonly events: { readonly subscribe: SubscribeShellEvents } }

/** Sends one request on a channel; the preload and the browser transport each provide one. */
export type Invoke = (channel: Channel, request: unknown) => Promise<IpcResult<unknown>>

/** Builds the frozen api object over any transport. */
export function createCatalogApi(invoke: Invoke, subscribe: SubscribeShellEvents): CatalogApi {
  const domains: Record<string, Record<string, (request: unknown) => Promise<IpcResult<unknown>>>> = {}
  for (const channel of CHANNELS) {
    const [domain, verb] = channel.split(':') as [string, string]
    const methods = (domains[domain] ??= {})
    methods[verb] = (request: unknown) => invoke(channel, request)
  }
  for (const methods of Object.values(domains)) Object.freeze(methods)
  return Object.freeze({ ...domains, events: Object.freeze({ subscribe }) }) as unknown as CatalogApi
}

/** The name under which the preload exposes the api on `window`. */
export const API_GLOBAL = 'catalogApi'
