/**
 * The one IPC contract: channel (`domain:verb`) -> request schema -> response type.
 * Main binds every channel from this table, the preload and the browser-mode transport
 * derive the renderer's api object from it, so the two sides cannot drift.
 */
import { z } from 'zod'
import type { ConnectionSummary, Page, TableDescription } from './catalog-types'
import type { ErrorValue } from './errors'
import { componentProblem } from './namespace-path'

const component = z.string().superRefine((value, ctx) => {
  const problem = componentProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

const namespacePath = z.array(component).readonly()
const nonRootPath = z.array(component).min(1, 'The root namespace always exists.').readonly()
const connectionId = z.string().min(1, 'A connection id is required.')
const pageToken = z.string().nullable().optional()
const limit = z.number().int().min(1).max(10_000).optional()
const tableRef = z.object({ namespace: namespacePath, name: component }).strict()

/** Declares a response type without a runtime value (responses come from our own main). */
function response<T>(): T {
  return undefined as T
}

/** What the renderer learns about the process that serves it. */
export interface AppInfo {
  readonly host: 'electron' | 'browser'
  readonly version: string
}

/** Every channel with its request schema and response type. */
export const contract = {
  'app:info': { request: z.object({}).strict(), response: response<AppInfo>() },
  'connections:list': { request: z.object({}).strict(), response: response<readonly ConnectionSummary[]>() },
  'namespaces:list': {
    request: z.object({ connectionId, parent: namespacePath, pageToken, limit }).strict(),
    response: response<Page<string>>()
  },
  'namespaces:create': {
    request: z.object({ connectionId, path: nonRootPath }).strict(),
    response: response<null>()
  },
  'tables:list': {
    request: z.object({ connectionId, namespace: namespacePath, pageToken, limit }).strict(),
    response: response<Page<string>>()
  },
  'tables:describe': {
    request: z.object({ connectionId, table: tableRef }).strict(),
    response: response<TableDescription>()
  }
} as const

/** A channel name. */
export type Channel = keyof typeof contract
/** The request a channel takes (after validation). */
export type RequestOf<C extends Channel> = z.infer<(typeof contract)[C]['request']>
/** The value a channel answers with on success. */
export type ResponseOf<C extends Channel> = (typeof contract)[C]['response']

/** What crosses the boundary: a value, or an error value. Never a thrown error. */
export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorValue }

/** All channel names, in declaration order. */
export const CHANNELS = Object.keys(contract) as Channel[]

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never
type VerbOf<C extends string, D extends string> = C extends `${D}:${infer V}` ? V : never

/** The api object exposed to the page: `api.namespaces.list(request)` and so on. */
export type CatalogApi = {
  readonly [D in DomainOf<Channel>]: {
    readonly [C in Extract<Channel, `${D}:${string}`> as VerbOf<C, D>]: (
      request: RequestOf<C>
    ) => Promise<IpcResult<ResponseOf<C>>>
  }
}

/** Sends one request on a channel; the preload and the browser transport each provide one. */
export type Invoke = (channel: Channel, request: unknown) => Promise<IpcResult<unknown>>

/** Builds the frozen api object from the contract over any transport. */
export function createCatalogApi(invoke: Invoke): CatalogApi {
  const domains: Record<string, Record<string, (request: unknown) => Promise<IpcResult<unknown>>>> = {}
  for (const channel of CHANNELS) {
    const [domain, verb] = channel.split(':') as [string, string]
    const methods = (domains[domain] ??= {})
    methods[verb] = (request: unknown) => invoke(channel, request)
  }
  for (const methods of Object.values(domains)) Object.freeze(methods)
  return Object.freeze(domains) as unknown as CatalogApi
}

/** The name under which the preload exposes the api on `window`. */
export const API_GLOBAL = 'catalogApi'
