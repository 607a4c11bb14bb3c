/**
 * The facts about a table: identifier (with a copy button), row count, version and
 * location.
 */
import { useState, type ReactNode } from 'react'
import type { TableDescription } from '@shared/catalog-types'
import { averageRowBytes, formatBytes } from '../../lib/format-bytes'
import { displayIdentifier } from '../../lib/node-key'
import styles from './table-details.module.css'
import { approximate, formatExactInt } from '@shared/exact-int'

/** The facts list of the details tab. */
export function TableFacts({ description, delimiter }: { readonly description: TableDescription; readonly delimiter: string }): ReactNode {
  const identifier = displayIdentifier([...description.table.namespace, description.table.name], delimiter)
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null)
  const average = averageRowBytes(description.totalBytes, description.rowCount)
  const copy = (): void => {
    navigator.clipboard.writeText(identifier).then(
      () => setCopied('copied'),
      () => setCopied('failed')
    )
  }
  return (
    <dl className={styles.facts}>
      <dt>Identifier</dt>
      <dd>
        <code aria-label="Identifier">{identifier}</code>
        <button type="button" className="link-button" onClick={copy}>
          Copy identifier
        </button>
        <span className="muted copy-status" role="status">
          {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Could not copy: select the identifier and copy it by hand.' : ''}
        </span>
      </dd>
      <dt>Rows</dt>
      <dd aria-label="Row count">{description.rowCount === null ? 'unknown' : formatExactInt(description.rowCount)}</dd>
      {description.fragmentCount == null ? null : (
        <>
          <dt>Fragments</dt>
          <dd aria-label="Fragments">{description.fragmentCount.toLocaleString('en-US')}</dd>
        </>
      )}
      {description.totalBytes == null ? null : (
        <>
          <dt>Size</dt>
          <dd aria-label="Data size">{formatBytes(approximate(description.totalBytes))}</dd>
        </>
      )}
      {average === null ? null : (
        <>
          <dt>Average row size</dt>
          <dd aria-label="Average row size">{formatBytes(average)}</dd>
        </>
      )}
      <dt>Version</dt>
      <dd aria-label="Version">{description.version ?? 'unknown'}</dd>
      <dt>Location</dt>
      <dd className={styles.location} aria-label="Location">
        {description.location ?? 'not reported'}
      </dd>
    </dl>
  )
}
