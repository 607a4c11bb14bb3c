/**
 * Schema pieces every domain of the IPC contract uses.
 */
import { z } from 'zod'
import { componentProblem, listedNameProblem } from '../namespace-path'
import { columnRefProblem, filterProblem, MAX_COLUMNS, newColumnNameProblem } from '../input-bounds'
import { MAX_PAGES_AHEAD } from '../listing-bounds'

/**
 * A namespace or table name as a catalog lists it: any non-empty name, used as it is.
 * Names a catalog returns are data; only names this app creates follow the naming rule.
 */
export const component = z.string().superRefine((value, ctx) => {
  const problem = listedNameProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** A name this app is asked to create (or rename to), checked with the naming rule. */
export const newName = z.string().superRefine((value, ctx) => {
  const problem = componentProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** The deepest namespace path a request may name. */
export const MAX_PATH_DEPTH = 64
const tooDeep = `A namespace path can have at most ${MAX_PATH_DEPTH} levels.`
/** A namespace path; `[]` is the root. */
export const namespacePath = z.array(component).max(MAX_PATH_DEPTH, tooDeep).readonly()
/** A namespace path other than the root. */
export const nonRootPath = z.array(component).min(1, 'The root namespace always exists.').max(MAX_PATH_DEPTH, tooDeep).readonly()
/** The path of a namespace to create: its parents as listed, its own name by the naming rule. */
export const newNamespacePath = z
  .array(component)
  .min(1, 'The root namespace always exists.')
  .max(MAX_PATH_DEPTH, tooDeep)
  .superRefine((path, ctx) => {
    const problem = componentProblem(path[path.length - 1] ?? '')
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [path.length - 1] })
  })
  .readonly()
/**
 * The name of something a table already has (an index, a tag), as a request names it to act
 * on it: non-empty and at most `max` characters; `what` begins the message ("A tag name").
 */
export function existingName(what: string, max: number): z.ZodString {
  return z.string().min(1).max(max, `${what} can be at most ${max} characters long.`)
}
/** The id of an open connection. */
export const connectionId = z.string().min(1, 'A connection id is required.').max(200, 'A connection id has at most 200 characters.')
/** A page token; absent, null or empty starts a listing from the beginning. */
export const pageToken = z.string().nullable().optional()
/**
 * Page size: an inclusive upper bound. This is the one check of a page limit: the
 * namespace clients take the limit as checked here.
 */
export const limit = z.number().int().min(1).max(10_000).optional()
/** Where a listing starts and how much of it to return (the type is `PageRequest`). */
export const pageRequest = z.object({ pageToken, limit })
/** How many pages after the asked one to fetch in the same call; 0 by default. */
export const pagesAhead = z.number().int().min(0).max(MAX_PAGES_AHEAD).optional()
/** A table's address (the type is `TableRef`). */
export const tableRef = z.object({ namespace: namespacePath, name: component }).strict()
/** The connect types a connection can have (the type is `ConnectType`). */
export const connectType = z.enum(['dir', 'rest'])
/** The address of a table to create: its namespace as listed, its name by the naming rule. */
export const newTableRef = z.object({ namespace: namespacePath, name: newName }).strict()
/** Raw bytes (Arrow IPC); the browser transport carries them raw in a binary frame. */
export const bytes = z.instanceof(Uint8Array)

/**
 * A SQL filter, bounded in length and in depth before it can reach LanceDB, whose native
 * SQL handling crashes the process on deeply chained operators (see ../input-bounds.ts).
 */
export const sqlFilter = z.string().superRefine((value, ctx) => {
  const problem = filterProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
/** A column a table holds, as a request names it: any non-empty name of bounded length. */
export const columnRef = z.string().superRefine((value, ctx) => {
  const problem = columnRefProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
/** A name for a new or renamed column: bounded, without control or bidirectional characters. */
export const newColumnName = z.string().superRefine((value, ctx) => {
  const problem = newColumnNameProblem(value)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
/** The columns a request names. */
export const columnArray = z.array(columnRef).max(MAX_COLUMNS, `A request can name at most ${MAX_COLUMNS} columns.`)
/** The columns a request names, read-only. */
export const columnList = columnArray.readonly()

/** Declares a response type without a runtime value (responses come from our own main). */
export function response<T>(): T {
  return undefined as T
}
