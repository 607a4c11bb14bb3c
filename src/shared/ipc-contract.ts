/**
 * The one IPC contract: channel (`domain:verb`) -> request schema -> response type.
 * Main binds every channel from this table, the preload and the browser-mode transport
 * derive the renderer's api object from it, so the two sides cannot drift.
 */
import { z } from 'zod'
import type { ConnectionSummary, Page, TableDescription } from './catalog-types'
import type { Channel } from './ipc-channels'
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
  'namespaces:drop': {
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
} as const satisfies { readonly [C in Channel]: { readonly request: z.ZodType; readonly response: unknown } }

export type { Channel } from './ipc-channels'
/** The request a channel takes (after validation). */
export type RequestOf<C extends Channel> = z.infer<(typeof contract)[C]['request']>
/** The value a channel answers with on success. */
export type ResponseOf<C extends Channel> = (typeof contract)[C]['response']
