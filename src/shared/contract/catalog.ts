/**
 * Channels for the app itself, its connections, and browsing a catalog.
 */
import { z } from 'zod'
import type { ConnectionSummary, PageWithFollowing, TableDescription } from '../catalog-types'
import type { CatalogCapabilities } from '../capabilities'
import { connectionId, namespacePath, newNamespacePath, nonRootPath, pageRequest, pagesAhead, response, tableRef } from './common'
import { operationId } from './operations'

/** What the renderer learns about the process that serves it. */
export interface AppInfo {
  readonly host: 'electron' | 'browser'
  readonly version: string
}

/** Browsing channels. */
export const catalogContract = {
  'app:info': { request: z.object({}).strict(), response: response<AppInfo>() },
  /** The saved UI state (expanded nodes, selection, settings) as JSON text, or null. */
  'ui:loadState': { request: z.object({}).strict(), response: response<string | null>() },
  'ui:saveState': {
    request: z.object({ state: z.string().max(4_000_000, 'The UI state is too large to save.') }).strict(),
    response: response<null>()
  },
  'connections:list': { request: z.object({}).strict(), response: response<readonly ConnectionSummary[]>() },
  /** What the connection's catalog can do, as far as is known now (see ../capabilities.ts). */
  'connections:capabilities': { request: z.object({ connectionId }).strict(), response: response<CatalogCapabilities>() },
  /** Shows a directory catalog's root, or a table's folder, in the file manager (desktop app only). */
  'catalog:reveal': {
    request: z.object({ connectionId, table: tableRef.optional() }).strict(),
    response: response<null>()
  },
  'namespaces:list': {
    request: pageRequest.extend({ connectionId, parent: namespacePath, ahead: pagesAhead }).strict(),
    response: response<PageWithFollowing<string>>()
  },
  'namespaces:create': {
    // `operationId`: the page watches and may cancel the call (see ./operations.ts).
    request: z.object({ connectionId, path: newNamespacePath, operationId: operationId.optional() }).strict(),
    response: response<null>()
  },
  'namespaces:drop': {
    request: z.object({ connectionId, path: nonRootPath, operationId: operationId.optional() }).strict(),
    response: response<null>()
  },
  'tables:list': {
    request: pageRequest.extend({ connectionId, namespace: namespacePath, ahead: pagesAhead }).strict(),
    response: response<PageWithFollowing<string>>()
  },
  'tables:describe': {
    request: z.object({ connectionId, table: tableRef }).strict(),
    response: response<TableDescription>()
  }
} as const
