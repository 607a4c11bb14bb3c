/**
 * Namespace routes of the Lance REST spec: list, create, describe, exists, drop, and the
 * table listing of a namespace. With slow transactions (./transactions) a create or drop
 * of a namespace answers a `transaction_id` at once and happens later.
 */
import { CatalogError } from '../src/shared/errors'
import type { NamespacePath } from '../src/shared/namespace-path'
import type { Database } from './databases'
import { specError } from './errors'
import { empty, json } from './http-io'
import { allNamespaces, allTables } from './listing'
import { createModeOf, dropBehaviorOf, flagOf, skipMissingOf } from './request-fields'
import { namespacePathOf, param, type RequestContext, type Route } from './router'
import { isOnlyDeclared } from './table-metadata'
import { pageOf, readPageQuery } from './tokens'

/** The namespace routes. */
export const namespaceRoutes: readonly Route[] = [
  { method: 'GET', pattern: '/v1/namespace/:id/list', handle: listNamespaces },
  { method: 'GET', pattern: '/v1/namespace/:id/table/list', handle: listTables },
  { method: 'GET', pattern: '/v1/table', handle: listAllTables },
  { method: 'POST', pattern: '/v1/namespace/:id/create', writes: 'create namespaces', handle: createNamespace },
  { method: 'POST', pattern: '/v1/namespace/:id/describe', handle: describeNamespace },
  { method: 'POST', pattern: '/v1/namespace/:id/exists', handle: namespaceExists },
  { method: 'POST', pattern: '/v1/namespace/:id/drop', writes: 'drop namespaces', handle: dropNamespace }
]

async function listNamespaces(ctx: RequestContext) {
  const parent = namespacePathOf(param(ctx, 'id'), ctx.delimiter)
  const page = readPageQuery(ctx.query)
  const { client } = await ctx.database()
  const names = await allNamespaces(client, parent)
  const result = pageOf(names, page, ctx.pageSize)
  return json({ namespaces: result.items, ...(result.nextPageToken ? { page_token: result.nextPageToken } : {}) })
}

async function listTables(ctx: RequestContext) {
  const namespace = namespacePathOf(param(ctx, 'id'), ctx.delimiter)
  const page = readPageQuery(ctx.query)
  const database = await ctx.database()
  const names = await withoutDeclared(ctx, namespace, await allTables(database.client, namespace))
  const result = pageOf(names, page, ctx.pageSize)
  return json({ tables: result.items, ...(result.nextPageToken ? { page_token: result.nextPageToken } : {}) })
}

/** Every table of the catalog, as full identifiers joined with the request's delimiter. */
async function listAllTables(ctx: RequestContext) {
  const page = readPageQuery(ctx.query)
  const { client } = await ctx.database()
  const identifiers: string[] = []
  const walk = async (path: readonly string[]): Promise<void> => {
    for (const name of await withoutDeclared(ctx, path, await allTables(client, path))) identifiers.push([...path, name].join(ctx.delimiter))
    for (const child of await allNamespaces(client, path)) await walk([...path, child])
  }
  await walk([])
  const result = pageOf(identifiers, page, ctx.pageSize)
  return json({ tables: result.items, ...(result.nextPageToken ? { page_token: result.nextPageToken } : {}) })
}

/** `names` less the tables only declared, when the request says `include_declared=false`. */
async function withoutDeclared(ctx: RequestContext, namespace: readonly string[], names: string[]): Promise<string[]> {
  if (flagOf(ctx.query, {}, 'include_declared', true)) return names
  const database = await ctx.database()
  const declared = await Promise.all(names.map((name) => isOnlyDeclared(database, { namespace, name })))
  return names.filter((_, i) => !declared[i])
}

async function createNamespace(ctx: RequestContext) {
  const path = namespacePathOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  if (path.length === 0) throw new CatalogError('namespace_exists', 'The root namespace always exists.')
  const mode = createModeOf(body.mode, '"mode"')
  const database = await ctx.database()
  const { client } = database
  await refuseTableNamed(database, path, ctx.delimiter)
  if (database.transactions) {
    // A long-running create: the parent (and, to create, the name's absence) is checked now,
    // the namespace is made later; the spec's CreateNamespaceResponse names one transaction.
    await requireNamespace(ctx, path.slice(0, -1))
    if (mode === 'create' && (await client.namespaceExists(path)))
      throw new CatalogError('namespace_exists', `Namespace "${path.join(ctx.delimiter)}" already exists.`)
    return json({ transaction_id: database.transactions.start(() => client.createNamespace(path, mode)) })
  }
  await client.createNamespace(path, mode)
  // The dir implementation keeps no namespace properties, so the answer leaves them out.
  return json({})
}

/** A namespace cannot take the name of a table beside it: the two would share one id. */
async function refuseTableNamed(database: Database, path: NamespacePath, delimiter: string): Promise<void> {
  const parent = path.slice(0, -1)
  if (!(await database.client.namespaceExists(parent))) return
  if ((await allTables(database.client, parent)).includes(path[path.length - 1] as string)) {
    throw specError(
      'tableExists',
      `A table "${path.join(delimiter)}" already has that name: a namespace and a table in one namespace cannot share a name. Choose another name.`
    )
  }
}

async function describeNamespace(ctx: RequestContext) {
  const path = namespacePathOf(param(ctx, 'id'), ctx.delimiter)
  await ctx.jsonBody()
  await requireNamespace(ctx, path)
  return json({})
}

async function namespaceExists(ctx: RequestContext) {
  const path = namespacePathOf(param(ctx, 'id'), ctx.delimiter)
  await ctx.jsonBody()
  await requireNamespace(ctx, path)
  return empty(200)
}

async function dropNamespace(ctx: RequestContext) {
  const path = namespacePathOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  const behavior = dropBehaviorOf(body.behavior)
  const skipMissing = skipMissingOf(body.mode)
  if (path.length === 0) throw new CatalogError('invalid_request', 'The root namespace cannot be dropped.')
  const database = await ctx.database()
  const { client } = database
  if (database.transactions && (await client.namespaceExists(path))) {
    // A long-running drop: the spec's DropNamespaceResponse names its transactions in a list.
    return json({ transaction_id: [database.transactions.start(() => client.dropNamespace(path, behavior))] })
  }
  try {
    await client.dropNamespace(path, behavior)
  } catch (error) {
    if (!(skipMissing && error instanceof CatalogError && error.code === 'namespace_not_found')) throw error
  }
  return json({})
}

async function requireNamespace(ctx: RequestContext, path: readonly string[]): Promise<void> {
  const { client } = await ctx.database()
  if (!(await client.namespaceExists(path))) {
    throw new CatalogError('namespace_not_found', `Namespace "${path.join(ctx.delimiter)}" does not exist.`)
  }
}
