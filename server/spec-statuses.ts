/**
 * The error statuses the Lance REST spec lists for each operation this server implements
 * (besides 200 and any 5XX). A failure whose natural status an operation does not list
 * (406 for a query the server cannot run, 415 for a body not sent as JSON, 404 for a
 * listing of every table) is answered 400 instead, the spec's catch-all for a request the
 * server will not carry out, so clients see only what the spec promises.
 */
import type { Route } from './router'

const COMMON = [400, 401, 403, 404, 503] as const

const LISTED: Readonly<Record<string, readonly number[]>> = {
  'GET /v1/namespace/:id/list': [...COMMON, 406],
  'GET /v1/namespace/:id/table/list': [...COMMON, 406],
  'GET /v1/table': [400, 401, 403, 503],
  'POST /v1/namespace/:id/create': [...COMMON, 406, 409],
  'POST /v1/namespace/:id/describe': COMMON,
  'POST /v1/namespace/:id/exists': COMMON,
  'POST /v1/namespace/:id/drop': [...COMMON, 409],
  'POST /v1/table/:id/describe': COMMON,
  'POST /v1/table/:id/exists': COMMON,
  'POST /v1/table/:id/create': [...COMMON, 409],
  'POST /v1/table/:id/declare': [...COMMON, 409],
  'POST /v1/table/:id/drop': COMMON,
  // RenameTable does not list it, but the spec's UnsupportedOperationErrorResponse (406,
  // code 0) is its way to say a server does not support an operation: this server's
  // storage (a directory catalog) cannot rename.
  'POST /v1/table/:id/rename': [...COMMON, 406, 409],
  'POST /v1/table/:id/register': [...COMMON, 406, 409],
  'POST /v1/table/:id/insert': COMMON,
  'POST /v1/table/:id/merge_insert': COMMON,
  'POST /v1/table/:id/update': COMMON,
  'POST /v1/table/:id/delete': COMMON,
  'POST /v1/table/:id/count_rows': COMMON,
  'POST /v1/table/:id/query': COMMON,
  'POST /v1/table/:id/stats': COMMON,
  // Versions
  'POST /v1/table/:id/version/list': COMMON,
  'POST /v1/table/:id/restore': COMMON,
  'POST /v1/table/:id/tags/list': COMMON,
  'POST /v1/table/:id/tags/version': COMMON,
  'POST /v1/table/:id/tags/create': [...COMMON, 409],
  'POST /v1/table/:id/tags/delete': COMMON,
  'POST /v1/table/:id/explain_plan': COMMON,
  // Schema evolution
  'POST /v1/table/:id/add_columns': COMMON,
  'POST /v1/table/:id/alter_columns': COMMON,
  'POST /v1/table/:id/drop_columns': COMMON,
  // Indexes
  'POST /v1/table/:id/index/list': COMMON,
  'POST /v1/table/:id/index/:index_name/stats': COMMON,
  'POST /v1/table/:id/create_index': COMMON,
  'POST /v1/table/:id/create_scalar_index': COMMON,
  'POST /v1/table/:id/index/:index_name/drop': COMMON
}

/** True when `route` is one of the spec's operations (the Enterprise routes are not). */
export function isSpecRoute(route: Route): boolean {
  return LISTED[`${route.method} ${route.pattern}`] !== undefined
}

/** The status to answer for an error of `status` on `route` (null: no route matched). */
export function specStatus(route: Route | null, status: number): number {
  if (route === null || status >= 500) return status
  const listed = LISTED[`${route.method} ${route.pattern}`]
  return listed === undefined || listed.includes(status) ? status : 400
}
