/**
 * Table routes of the Lance REST spec that manage tables: describe, exists, create
 * (Arrow IPC body), declare (what LanceDB's REST client calls before writing data
 * itself), drop and rename.
 */
import { CatalogError } from '../src/shared/errors'
import type { TableDescription, TableRef } from '../src/shared/catalog-types'
import { displayIdentifier, samePath } from '../src/shared/namespace-path'
import type { Database } from './databases'
import { invalidRequest, specError } from './errors'
import { checkJsonContentType, empty, json, MAX_ARROW_BYTES, MAX_JSON_BYTES, type Reply } from './http-io'
import { allTables } from './listing'
import { createModeOf, flagOf, jsonNumber, optionalCount, optionalString, optionalStrings, storageVersionOf } from './request-fields'
import { param, tableRefOf, type RequestContext, type Route } from './router'
import { absoluteLocation, declareTable, detailedMetadata, locationUri } from './table-metadata'

/** The table management routes. */
export const tableRoutes: readonly Route[] = [
  { method: 'POST', pattern: '/v1/table/:id/describe', handle: describeTable },
  { method: 'POST', pattern: '/v1/table/:id/exists', handle: tableExists },
  { method: 'POST', pattern: '/v1/table/:id/create', writes: 'create tables', handle: createTable },
  { method: 'POST', pattern: '/v1/table/:id/declare', writes: 'declare tables', handle: declare },
  { method: 'POST', pattern: '/v1/table/:id/drop', writes: 'drop tables', handle: dropTable },
  { method: 'POST', pattern: '/v1/table/:id/rename', writes: 'rename tables', handle: renameTable },
  { method: 'POST', pattern: '/v1/table/:id/register', writes: 'register tables', handle: registerTable }
]

async function describeTable(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  // LanceDB's remote client opens a table with a describe that has no body at all.
  const body = await ctx.jsonBody({ allowEmpty: true })
  // Left unset, the spec lets the server choose: version and schema, which LanceDB's
  // remote client needs to open a table; only an explicit false answers the location alone.
  const asked = flagOf(ctx.query, body, 'load_detailed_metadata', undefined)
  const detailed = asked === true
  const withUri = flagOf(ctx.query, body, 'with_table_uri', false)
  const checkDeclared = flagOf(ctx.query, body, 'check_declared', false)
  const version = optionalCount(body, 'version')
  const database = await ctx.database()
  const identity = detailed ? { table: ref.name, namespace: [...ref.namespace] } : {}
  let location: string
  try {
    location = absoluteLocation((await database.client.table(ref).describe()).location, database.root)
  } catch (error) {
    const declared = await declaredLocation(database, ref, error)
    if (version !== undefined) throw tableNotFound(ref)
    return json({ ...identity, location: declared, ...uriOf(declared, withUri), is_only_declared: true })
  }
  database.declaredLocations.delete(identifierOf(ref))
  const base = { ...identity, location, ...uriOf(location, withUri), ...storageOf(database) }
  // A version asked for is checked (and answered) even without detailed metadata.
  const declaredFlag = checkDeclared ? { is_only_declared: false } : {}
  if (asked === false && version === undefined) return json({ ...base, ...declaredFlag })
  const metadata = await detailedMetadata(database, ref, version)
  if (asked === false) return json({ ...base, version: metadata.version, ...declaredFlag })
  if (!detailed) return json({ ...base, version: metadata.version, schema: metadata.schema, ...declaredFlag })
  return json({ ...base, ...metadata, is_only_declared: false })
}

async function tableExists(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  await ctx.jsonBody()
  const { client } = await ctx.database()
  // The listing includes declared tables, which the spec counts as existing.
  if (!(await allTables(client, ref.namespace)).includes(ref.name)) throw tableNotFound(ref)
  return empty(200)
}

async function createTable(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const mode = createModeOf(ctx.query.get('mode'), 'Query parameter "mode"')
  const dataStorageVersion = storageVersionOf(ctx.query.get('storage_options'))
  const stream = await ctx.body(MAX_ARROW_BYTES)
  if (stream.length === 0) {
    throw invalidRequest('Creating a table needs an Arrow IPC stream body (application/vnd.apache.arrow.stream) holding at least the schema.')
  }
  const database = await ctx.database()
  const id = identifierOf(ref)
  await refuseNamespaceNamed(database, ref)
  // The dir client decides the race (one winner, the rest table_exists -> 409 code 5); the
  // lock keeps a declare of the same name from interleaving with the write and the describe.
  const write = async (): Promise<TableDescription> =>
    database.tableWrites.run(id, async () => {
      await database.client.createTable(ref, stream, mode, { dataStorageVersion })
      database.declaredLocations.delete(id)
      return database.client.table(ref).describe()
    })
  if (database.transactions) {
    // A long-running create: the namespace is checked now, the write happens later.
    if (!(await database.client.namespaceExists(ref.namespace)))
      throw new CatalogError('namespace_not_found', `Namespace "${displayIdentifier(ref.namespace)}" does not exist.`)
    return json({ transaction_id: database.transactions.start(async () => void (await write())) })
  }
  const description = await write()
  return json({
    location: absoluteLocation(description.location, database.root),
    ...(description.version === null ? {} : { version: jsonNumber(description.version) })
  })
}

async function declare(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  if (optionalString(body, 'location') !== undefined) {
    throw new CatalogError('unsupported', 'This server chooses table locations itself; leave "location" out of the declare request.')
  }
  const database = await ctx.database()
  const id = identifierOf(ref)
  await refuseNamespaceNamed(database, ref)
  const location = await database.tableWrites.run(id, () => declareTable(database, ref))
  database.declaredLocations.set(id, location)
  return json({ location })
}

async function dropTable(ctx: RequestContext) {
  // The spec's drop has no request body, but one a browser could send cross-site (text/plain,
  // a form) is still refused: only a JSON body, or none, reaches the drop.
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  checkJsonContentType(ctx.req.headers['content-type'], (await ctx.body(MAX_JSON_BYTES)).length)
  const database = await ctx.database()
  const drop = async (): Promise<void> => {
    await database.client.dropTable(ref)
    database.declaredLocations.delete(identifierOf(ref))
  }
  if (database.transactions) {
    if (!(await allTables(database.client, ref.namespace)).includes(ref.name)) throw tableNotFound(ref)
    return json({ transaction_id: database.transactions.start(drop), id: [...ref.namespace, ref.name] })
  }
  await drop()
  return json({ id: [...ref.namespace, ref.name] })
}

async function renameTable(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  const newName = optionalString(body, 'new_table_name')
  if (newName === undefined || newName === '') throw invalidRequest('Renaming a table needs "new_table_name".')
  const newNamespace = optionalStrings(body, 'new_namespace_id')
  if (newNamespace !== undefined && !samePath(newNamespace, ref.namespace)) {
    throw new CatalogError('unsupported', 'This server renames tables within their namespace only; moving a table to another namespace is not supported.')
  }
  const { client } = await ctx.database()
  // Storage that cannot rename (a directory catalog) makes this the spec's 406 Unsupported
  // Operation (code 0), in words about this catalog, not about how it stores tables.
  if ((await client.capabilities()).renameTable.state === 'unsupported') {
    throw new CatalogError('unsupported', 'This catalog does not support renaming tables.')
  }
  await client.renameTable(ref, newName)
  return json({})
}

/** A table cannot take the name of a namespace beside it: the two would share one id. */
async function refuseNamespaceNamed(database: Database, ref: TableRef): Promise<void> {
  if (await database.client.namespaceExists([...ref.namespace, ref.name])) {
    throw specError(
      'namespaceExists',
      `A namespace "${identifierOf(ref)}" already has that name: a table and a namespace in one namespace cannot share a name. Choose another name.`
    )
  }
}

/** The registration of a table written elsewhere, which this server does not offer (406, as the spec lists). */
async function registerTable(ctx: RequestContext): Promise<Reply> {
  tableRefOf(param(ctx, 'id'), ctx.delimiter)
  await ctx.jsonBody()
  throw new CatalogError('unsupported', 'This reference catalog server does not register tables written elsewhere; create the table through it instead.')
}

/** The location of a table this server declared and nobody has written yet; else rethrows. */
async function declaredLocation(database: Database, ref: TableRef, error: unknown): Promise<string> {
  const id = identifierOf(ref)
  const location = database.declaredLocations.get(id)
  const notFound = error instanceof CatalogError && error.code === 'table_not_found'
  if (location === undefined || !notFound) throw error
  if ((await allTables(database.client, ref.namespace)).includes(ref.name)) return location
  database.declaredLocations.delete(id)
  throw error
}

/**
 * The spec's `storage_options`: what a client needs to open the location itself (a
 * catalog on an object store hands out the keys it was started with, as catalogs vend
 * credentials); nothing for a local folder.
 */
function storageOf(database: Database): { storage_options?: Record<string, string> } {
  const names = database.vendedOptions
  const vended = Object.fromEntries(Object.entries(database.storageOptions).filter(([name]) => names === null || names.includes(name)))
  if (Object.keys(vended).length === 0) return {}
  const lifetime = database.credentialLifetimeMs
  // Lance's key for vended credentials that run out: clients describe the table again before then.
  const expiry: Record<string, string> = lifetime === null ? {} : { expires_at_millis: String(Date.now() + lifetime) }
  return { storage_options: { ...vended, ...expiry } }
}

function uriOf(location: string, wanted: boolean): { table_uri?: string } {
  return wanted ? { table_uri: locationUri(location) } : {}
}

function identifierOf(ref: TableRef): string {
  return displayIdentifier([...ref.namespace, ref.name])
}

function tableNotFound(ref: TableRef): CatalogError {
  return new CatalogError('table_not_found', `Table "${identifierOf(ref)}" does not exist.`)
}
