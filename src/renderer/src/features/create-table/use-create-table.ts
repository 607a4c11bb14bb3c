/**
 * Runs a create: builds the Arrow stream in chunks (with progress, cancellable until it
 * is sent), sends it, and on success refetches only the namespace's table list, expands
 * that namespace and opens the new table.
 */
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { CreateMode } from '@shared/contract/tables'
import type { DataStorageVersion } from '@shared/data-storage-version'
import type { NamespacePath } from '@shared/namespace-path'
import { useUiStore } from '../../state/ui-store'
import { api, unwrap } from '../../lib/api'
import { tableKey } from '../../lib/node-key'
import { queryKeys } from '../../lib/query-keys'
import { tableCreated } from '../../state/action-toasts'
import { newOperationId } from '../operations/operation-progress'
import { passthroughStream } from '@shared/formats/arrow-rows'
import { buildArrowStream } from '@shared/formats/build-table'
import type { FieldSpec } from '@shared/formats/schema-spec'
import type { SourcePreview } from '@shared/formats/source-preview'
import type { RowReader } from '@shared/formats/source-types'

/** What to create. `source` null means an empty table from the schema alone. */
export interface CreateRequest {
  readonly table: TableRef
  readonly mode: CreateMode
  /** The Lance data storage version to write; LanceDB's default when undefined. */
  readonly dataStorageVersion?: DataStorageVersion
  readonly fields: readonly FieldSpec[]
  readonly source: SourcePreview | null
}

/** Where a running create is. */
export type CreatePhase =
  { readonly step: 'idle' } | { readonly step: 'reading'; readonly fraction: number; readonly rows: number } | { readonly step: 'sending' }

/** The mutation, its phase, and a cancel that works until the data is sent. */
export interface CreateTable {
  readonly mutation: UseMutationResult<null, Error, CreateRequest>
  readonly phase: CreatePhase
  readonly cancel: () => void
  /** The running create's operation id, which main reports progress for (see ../table-actions/operation-progress). */
  readonly operationId: string | null
  /**
   * Starts a create; on success the new table is selected and `onCreated` runs, unless the
   * dialog closed meanwhile (mutate()'s own callbacks are skipped after unmount, so a late
   * answer cannot close or refocus whatever is open by then).
   */
  readonly start: (request: CreateRequest) => void
}

/** Creates tables on a connection; `onCreated` runs after the tree and selection are updated. */
export function useCreateTable(connectionId: string, onCreated: () => void): CreateTable {
  const client = useQueryClient()
  const setExpanded = useUiStore((state) => state.setExpanded)
  const selectTable = useUiStore((state) => state.selectTable)
  const focusRow = useUiStore((state) => state.focusRow)
  const [phase, setPhase] = useState<CreatePhase>({ step: 'idle' })
  const [operationId, setOperationId] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)
  // Closing the dialog mid-import stops the import: nothing is sent.
  useEffect(() => () => controller.current?.abort(), [])

  const mutation = useMutation({
    mutationFn: async (request: CreateRequest) => {
      const abort = new AbortController()
      controller.current = abort
      try {
        setPhase({ step: 'reading', fraction: 0, rows: 0 })
        const data = await encode(request, abort.signal, (fraction, rows) => setPhase({ step: 'reading', fraction, rows }))
        if (abort.signal.aborted) throw new DOMException('The import was cancelled.', 'AbortError')
        setPhase({ step: 'sending' })
        const operation = newOperationId()
        setOperationId(operation)
        // Arrow's writer allocates plain ArrayBuffers; the contract's type names that exactly.
        return await unwrap(
          api.tables.create({
            connectionId,
            table: request.table,
            mode: request.mode,
            ...(request.dataStorageVersion ? { dataStorageVersion: request.dataStorageVersion } : {}),
            data: data as Uint8Array<ArrayBuffer>,
            operationId: operation
          })
        )
      } finally {
        controller.current = null
        setPhase({ step: 'idle' })
      }
    },
    onSuccess: async (_value, { table, mode }) => {
      tableCreated(client, connectionId, table, mode === 'create')
      // An overwritten table's cached description and rows are out of date.
      client.removeQueries({ queryKey: queryKeys.table(connectionId, table) })
      client.removeQueries({ queryKey: queryKeys.rowsOf(connectionId, table) })
      await client.invalidateQueries({ queryKey: queryKeys.tablesOf(connectionId, table.namespace) })
      for (let depth = 1; depth <= table.namespace.length; depth++) setExpanded(table.namespace.slice(0, depth) as NamespacePath, true)
    }
  })
  const start = (request: CreateRequest): void =>
    mutation.mutate(request, {
      onSuccess: (_value, { table }) => {
        selectTable(table)
        focusRow(tableKey(table))
        onCreated()
      }
    })
  return { mutation, phase, cancel: () => controller.current?.abort(), operationId, start }
}

/** The Arrow IPC stream for a request: the schema alone, an Arrow file as it is, or built from rows. */
async function encode(request: CreateRequest, signal: AbortSignal, onProgress: (fraction: number, rows: number) => void): Promise<Uint8Array> {
  const { source, fields } = request
  if (source?.arrow) {
    const unchanged = passthroughStream(source.arrow, fields)
    if (unchanged) return unchanged
  }
  const reader: RowReader = source ? source.open() : EMPTY
  return buildArrowStream(reader, fields, { signal, onProgress })
}

const EMPTY: RowReader = { columns: [], textual: false, unit: 'row', progress: 1, read: () => [] }
