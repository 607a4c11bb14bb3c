/**
 * A merge insert through LanceDB's own builder, on a table LanceDB has opened (a directory
 * catalog's, or a REST catalog's read at its location). One `execute` commits one version.
 */
import type { Table as LanceTable } from '@lancedb/lancedb'
import { exactInt } from '../../shared/exact-int'
import { tableForLance } from '../arrow-schema'
import { keyListFilter } from '../key-list'
import { TableMoved, type MergeRowsRequest, type MergeRowsResult } from '../merge-rows'

/** Runs `request` on `table` (checked out at its latest version) as one merge insert. */
export async function mergeLanceRows(table: LanceTable, request: MergeRowsRequest): Promise<MergeRowsResult> {
  if (request.expectedVersion !== undefined) {
    const latest = exactInt(await table.version())
    if (latest !== request.expectedVersion) throw new TableMoved(latest)
  }
  const rows = tableForLance(request.rows)
  let merge = table.mergeInsert(request.on).whenMatchedUpdateAll().whenNotMatchedInsertAll()
  const deleteKeys = request.deleteKeys ?? []
  if (deleteKeys.length > 0) merge = merge.whenNotMatchedBySourceDelete({ where: keyListFilter({ column: request.on, literals: deleteKeys }) })
  const result = await merge.execute(rows)
  return { version: exactInt(result.version), updated: result.numUpdatedRows, inserted: result.numInsertedRows, deleted: result.numDeletedRows }
}
