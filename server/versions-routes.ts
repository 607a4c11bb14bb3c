/**
 * The spec's version and tag routes (Versions): ListTableVersions,
 * RestoreTable, ListTableTags, GetTableTagVersion, CreateTableTag and DeleteTableTag,
 * implemented with the app's own LanceDB functions (src/catalog/lance).
 * Listings take `page_token`, `limit` (and `descending` for versions) as query parameters
 * and no body, as the REST binding says.
 */
import { access } from 'node:fs/promises'
import path from 'node:path'
import type { TableRef } from '../src/shared/catalog-types'
import { CatalogError } from '../src/shared/errors'
import { displayIdentifier } from '../src/shared/namespace-path'
import { rootLocation } from '../src/shared/storage-options'
import { listLanceTags } from '../src/catalog/lance/versions'
import type { Database } from './databases'
import { invalidRequest, specError } from './errors'
import { json } from './http-io'
import { flagOf, jsonNumber, optionalString, optionalVersion } from './request-fields'
import { param, tableRefOf, type RequestContext, type Route } from './router'
import { absoluteLocation, withLanceTable } from './table-metadata'

/** The version and tag routes. */
export const versionsRoutes: readonly Route[] = [
  { method: 'POST', pattern: '/v1/table/:id/version/list', handle: listVersions },
  { method: 'POST', pattern: '/v1/table/:id/restore', writes: 'restore tables', handle: restoreTable },
  { method: 'POST', pattern: '/v1/table/:id/tags/list', handle: listTags },
  { method: 'POST', pattern: '/v1/table/:id/tags/version', handle: tagVersion },
  { method: 'POST', pattern: '/v1/table/:id/tags/create', writes: 'tag table versions', handle: createTag },
  { method: 'POST', pattern: '/v1/table/:id/tags/delete', writes: 'delete table tags', handle: deleteTag }
]

/** u64::MAX, from which V2 manifest names subtract the version. */
const U64_MAX = 18446744073709551615n

async function listVersions(ctx: RequestContext) {
  const { ref, database, location } = await tableOf(ctx)
  const descending = flagOf(ctx.query, {}, 'descending', false)
  const versions = await withLanceTable(database, ref, (table) => table.listVersions())
  versions.sort((a, b) => (descending ? b.version - a.version : a.version - b.version))
  const v1 = await hasV1Manifests(location)
  const all = versions.map((v) => ({
    version: v.version,
    manifest_path: v1 ? `_versions/${v.version}.manifest` : `_versions/${U64_MAX - BigInt(v.version)}.manifest`,
    timestamp_millis: v.timestamp.getTime(),
    // LanceDB's remote clients up to 0.2x read the time from `timestamp` (RFC 3339) instead.
    timestamp: v.timestamp.toISOString(),
    metadata: v.metadata
  }))
  // The token is the position of the next version in this order.
  const { items, next } = pageOf(ctx, all)
  return json({ versions: items, ...(next === null ? {} : { page_token: next }) })
}

async function restoreTable(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  const version = optionalVersion(body)
  if (version === undefined) throw invalidRequest('"version" is required: the version to restore.')
  if (optionalString(body, 'branch') !== undefined) throw unsupportedBranch()
  const { client } = await ctx.database()
  if (!(await client.table(ref).listVersions()).some((listed) => listed.version === version)) {
    throw specError('versionNotFound', `Table "${identifierOf(ref)}" has no version ${version}.`)
  }
  await client.table(ref).restoreVersion(version)
  return json({})
}

async function listTags(ctx: RequestContext) {
  const { ref, database } = await tableOf(ctx)
  const tags = await withLanceTable(database, ref, async (table) => {
    const listed = await listLanceTags(table)
    const contents = await (await table.tags()).list()
    return listed.map((tag) => [tag.name, { version: jsonNumber(tag.version), manifestSize: contents[tag.name]?.manifestSize ?? 0 }] as const)
  })
  const { items, next } = pageOf(ctx, tags)
  return json({ tags: Object.fromEntries(items), ...(next === null ? {} : { page_token: next }) })
}

async function tagVersion(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const tag = requiredTag(await ctx.jsonBody())
  const { client } = await ctx.database()
  const found = (await client.table(ref).listTags())?.find((candidate) => candidate.name === tag)
  if (!found) throw specError('tagNotFound', `Table "${identifierOf(ref)}" has no tag "${tag}".`)
  return json({ version: jsonNumber(found.version) })
}

async function createTag(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const body = await ctx.jsonBody()
  const tag = requiredTag(body)
  const version = optionalVersion(body)
  if (version === undefined) throw invalidRequest('"version" is required: the version the tag names.')
  if (optionalString(body, 'branch') !== undefined) throw unsupportedBranch()
  const { client } = await ctx.database()
  if ((await client.table(ref).listTags())?.some((listed) => listed.name === tag)) {
    throw specError('tagExists', `Table "${identifierOf(ref)}" already has a tag "${tag}": choose another name, or delete that tag first.`)
  }
  await client.table(ref).createTag(tag, version)
  return json({})
}

async function deleteTag(ctx: RequestContext) {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const tag = requiredTag(await ctx.jsonBody())
  const { client } = await ctx.database()
  await client.table(ref).deleteTag(tag)
  return json({})
}

/** The table of a listing route (which has no body), checked to exist so a missing one is a clean 404. */
async function tableOf(ctx: RequestContext): Promise<{ ref: TableRef; database: Database; location: string }> {
  const ref = tableRefOf(param(ctx, 'id'), ctx.delimiter)
  const database = await ctx.database()
  const location = absoluteLocation((await database.client.table(ref).describe()).location, database.root)
  return { ref, database, location }
}

/** One page of `all` by the request's `page_token` (a position) and `limit`, with the next token or null. */
function pageOf<T>(ctx: RequestContext, all: readonly T[]): { items: T[]; next: string | null } {
  const token = ctx.query.get('page_token')
  const start = token === null || token === '' ? 0 : Number(token)
  if (!Number.isSafeInteger(start) || start < 0) throw invalidRequest(`"page_token" ${JSON.stringify(token)} is not one this server gave.`)
  const limitText = ctx.query.get('limit')
  const asked = limitText === null || limitText === '' ? null : Number(limitText)
  if (asked !== null && (!Number.isSafeInteger(asked) || asked < 1)) throw invalidRequest('"limit" must be a whole number of at least 1.')
  const limit = Math.min(asked ?? Number.MAX_SAFE_INTEGER, ctx.pageSize ?? Number.MAX_SAFE_INTEGER)
  const items = all.slice(start, start + limit)
  return { items, next: start + limit < all.length ? String(start + limit) : null }
}

function identifierOf(ref: TableRef): string {
  return displayIdentifier([...ref.namespace, ref.name])
}

function requiredTag(body: Record<string, unknown>): string {
  const tag = optionalString(body, 'tag')
  if (tag === undefined || tag === '') throw invalidRequest('"tag" is required: the tag\'s name.')
  return tag
}

function unsupportedBranch(): CatalogError {
  return new CatalogError('unsupported', 'Branches are not supported by this reference catalog server.')
}

/** True when a local table still names its manifests `_versions/N.manifest` (Lance's V1 scheme). */
async function hasV1Manifests(location: string): Promise<boolean> {
  if (rootLocation(location).kind !== 'local') return false
  return access(path.join(location, '_versions', '1.manifest')).then(
    () => true,
    () => false
  )
}
