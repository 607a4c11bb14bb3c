import type { ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import { toIdentifier } from '@shared/namespace-path'
import { ErrorAlert } from '../../ui/error-alert'
import { SchemaTable } from './schema-table'
import { useTableDescription } from './use-table-description'

/** The details pane of the selected table: identifier, row count, location and schema. */
export function TableDetails({ connectionId, table }: { readonly connectionId: string; readonly table: TableRef }): ReactNode {
  const description = useTableDescription(connectionId, table)
  return (
    <section aria-labelledby="table-title" className="details">
      <h2 id="table-title">{table.name}</h2>
      {description.isPending && <p className="muted">Loading table…</p>}
      {description.isError && <ErrorAlert error={description.error} onRetry={() => void description.refetch()} />}
      {description.isSuccess && (
        <>
          <dl className="facts">
            <dt>Identifier</dt>
            <dd aria-label="Identifier">
              <code>{toIdentifier([...table.namespace, table.name])}</code>
            </dd>
            <dt>Rows</dt>
            <dd aria-label="Row count">{description.data.rowCount === null ? 'unknown' : description.data.rowCount.toLocaleString('en-US')}</dd>
            <dt>Version</dt>
            <dd aria-label="Version">{description.data.version ?? 'unknown'}</dd>
            <dt>Location</dt>
            <dd className="location" aria-label="Location">{description.data.location ?? 'not reported'}</dd>
          </dl>
          <h3>Schema</h3>
          <SchemaTable fields={description.data.fields} />
        </>
      )}
    </section>
  )
}
