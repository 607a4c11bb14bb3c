/**
 * The value viewer's views of values the page holds: text wrapped (JSON pretty-printed),
 * numbers, vectors as a sparkline with their figures and their numbers to copy, lists and
 * structs as a tree that unfolds, and bytes of no known type as a hex view.
 */
import type { ReactNode } from 'react'
import { CopyButton } from '../../ui/copy-button'
import { formatBytes } from '../../lib/format-bytes'
import { hexRows, HEX_VIEW_MAX_BYTES } from './hex-rows'
import { sparklinePoints, vectorStats } from './vector-stats'
import type { ViewerEntry, ViewerValue } from './viewer-value'
import styles from './cell-viewer.module.css'

/** `text` pretty-printed when it is a JSON object or array; otherwise as it is. */
export function prettyText(text: string): { readonly text: string; readonly json: boolean } {
  const trimmed = text.trim()
  if (!/^[[{]/.test(trimmed)) return { text, json: false }
  try {
    return { text: JSON.stringify(JSON.parse(trimmed), null, 2), json: true }
  } catch {
    return { text, json: false }
  }
}

/** Text, wrapped; JSON pretty-printed. */
export function TextView({ text }: { readonly text: string }): ReactNode {
  const shown = prettyText(text)
  const lines = shown.text.split('\n').length
  return (
    <div className={styles.valueBlock}>
      <p className={styles.valueFacts}>
        {shown.json ? 'JSON, pretty-printed' : 'Text'} · {text.length.toLocaleString('en-US')} characters
        {lines > 1 ? ` · ${lines.toLocaleString('en-US')} lines` : ''}
        <CopyButton text={text} label="Copy" className="link-button" />
      </p>
      <pre className={styles.textValue} tabIndex={0} aria-label="Value">
        {shown.text}
      </pre>
    </div>
  )
}

const SPARK_WIDTH = 560
const SPARK_HEIGHT = 80

/** A vector: its sparkline, figures and numbers. */
export function VectorView({ values, texts }: { readonly values: readonly number[]; readonly texts: readonly string[] }): ReactNode {
  const stats = vectorStats(values)
  const figure = (n: number | null): string => (n === null ? '–' : Number(n.toPrecision(6)).toString())
  const numbers = texts.join(', ')
  return (
    <div className={styles.valueBlock}>
      <svg
        className={styles.sparkline}
        viewBox={`-2 -2 ${SPARK_WIDTH + 4} ${SPARK_HEIGHT + 4}`}
        // Stretched to the dialog's width; the stroke keeps its width.
        preserveAspectRatio="none"
        role="img"
        aria-label={`Sparkline of ${stats.dimension} values`}
        data-testid="sparkline"
      >
        <polyline
          points={sparklinePoints(values, SPARK_WIDTH, SPARK_HEIGHT)}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <dl className={styles.facts} aria-label="Vector figures">
        <dt>Dimension</dt>
        <dd>{stats.dimension.toLocaleString('en-US')}</dd>
        <dt>Norm</dt>
        <dd>{figure(stats.norm)}</dd>
        <dt>Min</dt>
        <dd>{figure(stats.min)}</dd>
        <dt>Max</dt>
        <dd>{figure(stats.max)}</dd>
        <dt>NaN</dt>
        <dd>{stats.nanCount.toLocaleString('en-US')}</dd>
      </dl>
      <div className={styles.numbersLabel}>
        <span>
          Numbers <CopyButton text={`[${numbers}]`} label="Copy" className="link-button" />
        </span>
        <textarea className={styles.numbers} readOnly value={`[${numbers}]`} rows={4} aria-label="Numbers" />
      </div>
    </div>
  )
}

/** A list, struct or map as a tree: each nested member unfolds. */
export function TreeView({ entries }: { readonly entries: readonly ViewerEntry[] }): ReactNode {
  return (
    <ul className={styles.tree} role="tree" aria-label="Members">
      {entries.map((entry, i) => (
        <TreeItem key={i} entry={entry} />
      ))}
    </ul>
  )
}

function TreeItem({ entry }: { readonly entry: ViewerEntry }): ReactNode {
  const { label, value } = entry
  if (value.kind === 'tree' && !value.empty) {
    return (
      <li role="treeitem" aria-selected={false}>
        <details>
          <summary>
            <span className={styles.treeLabel}>{label}:</span> {value.summary}
          </summary>
          <TreeView entries={value.entries()} />
        </details>
      </li>
    )
  }
  return (
    <li role="treeitem" aria-selected={false}>
      <span className={styles.treeLabel}>{label}:</span> <LeafText value={value} />
    </li>
  )
}

function LeafText({ value }: { readonly value: ViewerValue }): ReactNode {
  switch (value.kind) {
    case 'null':
      return <span className={styles.nullValue}>null</span>
    case 'text':
      return value.text === '' ? <span className={styles.nullValue}>""</span> : <span>{value.text}</span>
    case 'number':
    case 'unsupported':
      return <span>{value.text}</span>
    case 'vector':
      return <span>[{value.texts.join(', ')}]</span>
    case 'tree':
      return <span>{value.summary}</span>
    default:
      return <span>bytes</span>
  }
}

/** Bytes as offset, hex and ASCII, the first 64 KiB. */
export function HexView({ bytes }: { readonly bytes: Uint8Array }): ReactNode {
  const rows = hexRows(bytes)
  return (
    <div className={styles.valueBlock}>
      <p className={styles.valueFacts}>
        {bytes.length > HEX_VIEW_MAX_BYTES
          ? `The first ${formatBytes(HEX_VIEW_MAX_BYTES)} of ${formatBytes(bytes.length)}; save the bytes to see them all.`
          : formatBytes(bytes.length)}
      </p>
      <pre className={styles.hexView} tabIndex={0} aria-label="Bytes in hex" data-testid="hex-view">
        {rows.map((row) => `${row.offset}  ${row.hex.padEnd(48)}  ${row.ascii}`).join('\n')}
      </pre>
    </div>
  )
}
