/**
 * What LanceDB's dir namespace throws, turned into `CatalogError`s: a code a person can act
 * on, a message naming the object, LanceDB's own text kept in `details.cause`.
 */
import { CatalogError, userMessage, type ErrorCode } from '../../shared/errors'
import { displayIdentifier, type NamespacePath } from '../../shared/namespace-path'
import type { TableRef } from '../../shared/catalog-types'

/** What a failed call was about, for the error message. */
export interface Subject {
  readonly namespace?: NamespacePath
  readonly table?: TableRef
}

// LanceDB (0.37.1 through 0.39.0; ../dir/lancedb-create-gaps.test.ts reads it from the
// installed LanceDB, and checks every losing creator's message reads as one of these two
// or as table_exists) answers a creator that lost a race to register the same name in the
// manifest with "Namespace error: Concurrent modification: Object 'n1$t' was concurrently
// created by another operation": the name exists, someone else made it.
const LOST_REGISTRATION = /was concurrently created/i

// Two writers of the same dataset (root tables live at a fixed `name.lance`, so two
// creators write one dataset): "Retryable commit conflict for version 2: This Overwrite
// transaction was preempted by concurrent transaction ...".
const COMMIT_CONFLICT = /Retryable commit conflict|preempted by concurrent transaction/i

// Checked in order: LanceDB's messages (0.37.1 through 0.39.0; ../dir/lancedb-dir-gaps.test.ts
// reads three from the installed LanceDB), e.g. "Namespace not empty: 'a' (contains 2 child
// objects)", "Table 'r' already exists", "Failed to drop table: … Table not found: zz".
const LANCE_ERRORS: ReadonlyArray<readonly [RegExp, ErrorCode]> = [
  [/Namespace not empty/i, 'namespace_not_empty'],
  [/Namespace already exists/i, 'namespace_exists'],
  [/Table '[^']*' already exists|Table already exists/i, 'table_exists'],
  [/Table '[^']*' was not found|Table not found/i, 'table_not_found'],
  [/Namespace not found/i, 'namespace_not_found'],
  // A filter the SQL layer cannot plan ("Expression 'x IN (SELECT …)' is not supported SQL
  // in lance") is the request's fault, with a reason to show, not an operation LanceDB lacks.
  [/is not supported SQL/i, 'invalid_request'],
  [/Not supported|not implemented/i, 'unsupported'],
  [/Permission denied|EACCES/i, 'permission_denied'],
  [/Invalid input|Invalid (mode|behavior)|declared as non-nullable but contains null/i, 'invalid_request'],
  // A name within MAX_NAME_LENGTH can still make too long a folder name once LanceDB adds
  // its namespace path and a hash prefix (nested tables are stored as `HASH_ns$…$name`).
  [/File name too long|ENAMETOOLONG/i, 'invalid_name']
]

/** True when LanceDB refused a write because another writer of the same name got in first. */
export function isLostRace(error: unknown): boolean {
  const cause = error instanceof CatalogError && typeof error.details?.cause === 'string' ? error.details.cause : messageOf(error)
  return LOST_REGISTRATION.test(cause) || COMMIT_CONFLICT.test(cause)
}

/** Maps what LanceDB threw to our code, with a message naming the object; the original stays in `cause`. */
export function fromLance(error: unknown, action: string, subject: Subject): CatalogError {
  const cause = messageOf(error)
  const code = codeOf(cause, subject)
  const ns = subject.table?.namespace ?? subject.namespace ?? []
  const table = subject.table ? quoteTable(subject.table) : ''
  const messages: Partial<Record<ErrorCode, string>> = {
    namespace_not_found: `Namespace ${quoteNs(ns)} does not exist.`,
    namespace_exists: `Namespace ${quoteNs(ns)} already exists.`,
    namespace_not_empty: `Namespace ${quoteNs(ns)} is not empty: it still holds tables or namespaces. Drop those first.`,
    table_not_found: `Table ${table} does not exist.`,
    table_exists: `Table ${table} already exists.`,
    // Said of LanceDB, which both directory catalogs and REST catalogs read at a location go through.
    unsupported: `Cannot ${action}: LanceDB does not support this operation here.`,
    invalid_name: `Cannot ${action}: the name is too long for the file system once the namespace path is added. Choose a shorter name or namespace.`
  }
  // Otherwise keep LanceDB's own first sentence (e.g. "No field named x") without source
  // locations or file paths; the full text stays in `cause` for the technical details.
  const message = messages[code] ?? `Could not ${action}: ${userMessage(cause)}`
  const about = subject.table ? { table: displayIdentifier([...ns, subject.table.name]) } : { namespace: displayIdentifier(ns) }
  return new CatalogError(code, message, { cause, ...about })
}

function codeOf(cause: string, subject: Subject): ErrorCode {
  // A lost registration names the object that now exists: the table or namespace asked for.
  if (LOST_REGISTRATION.test(cause)) return subject.table ? 'table_exists' : 'namespace_exists'
  return LANCE_ERRORS.find(([pattern]) => pattern.test(cause))?.[1] ?? 'internal'
}

/** `the root namespace` or `"a$b"`, for messages. */
export function quoteNs(path: NamespacePath): string {
  return path.length === 0 ? 'the root namespace' : `"${displayIdentifier(path)}"`
}

/** `"a$b$table"`, for messages. */
export function quoteTable(table: TableRef): string {
  return `"${displayIdentifier([...table.namespace, table.name])}"`
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
