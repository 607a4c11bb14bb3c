/**
 * The schema as a tree in a table: one row per field; structs, lists and maps have a
 * toggle that shows or hides their members (all shown at first). Vectors show their
 * element type and dimension; nullability and field metadata have their own columns.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { FieldInfo } from '@shared/catalog-types'
import { ChevronDown, ChevronRight } from 'lucide-react'
import { ColumnHeads } from '../../ui/column-heads'
import styles from './table-details.module.css'

interface SchemaTableProps {
  readonly fields: readonly FieldInfo[]
  readonly renderActions?: (field: FieldInfo) => ReactNode
  /** A column to show selected and scrolled into view (`parent.child` for a nested field), as Find in catalog asks. */
  readonly found?: string | null
}

/** The schema table; `renderActions` adds an Actions column with controls for each top-level field. */
export function SchemaTable({ fields, renderActions, found = null }: SchemaTableProps): ReactNode {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set())
  const toggle = (key: string): void =>
    setCollapsed((current) => {
      const next = new Set(current)
      if (!next.delete(key)) next.add(key)
      return next
    })
  const rows: ReactNode[] = []
  const walk = (field: FieldInfo, depth: number, key: string, path: string): void => {
    // A vector's single item field adds nothing the type and dimension do not already say.
    const children = field.dimension !== undefined && !field.children ? [] : (field.children ?? [])
    const open = !collapsed.has(key)
    const actions = renderActions ? <td className={styles.schemaActions}>{depth === 0 ? renderActions(field) : null}</td> : null
    rows.push(
      <FieldRow
        key={key}
        field={field}
        depth={depth}
        expandable={children.length > 0}
        open={open}
        onToggle={() => toggle(key)}
        actions={actions}
        found={found === path}
      />
    )
    if (open) children.forEach((child, i) => walk(child, depth + 1, `${key}/${i}:${child.name}`, `${path}.${child.name}`))
  }
  fields.forEach((field, i) => walk(field, 0, `${i}:${field.name}`, field.name))
  return (
    <table className={styles.schema} aria-label="Schema">
      <ColumnHeads columns={['Field', 'Type', 'Nullable', 'Dimension', 'Metadata', renderActions !== undefined && 'Actions']} />
      <tbody>{rows}</tbody>
    </table>
  )
}

interface RowProps {
  readonly field: FieldInfo
  readonly depth: number
  readonly expandable: boolean
  readonly open: boolean
  readonly onToggle: () => void
  readonly actions: ReactNode
  readonly found: boolean
}

function FieldRow({ field, depth, expandable, open, onToggle, actions, found }: RowProps): ReactNode {
  const metadata = Object.entries(field.metadata ?? {})
  const row = useRef<HTMLTableRowElement>(null)
  useEffect(() => {
    if (found) row.current?.scrollIntoView({ block: 'center' })
  }, [found])
  return (
    <tr ref={row} aria-current={found ? true : undefined} className={found ? styles.schemaFound : undefined}>
      <td>
        <span className={styles.schemaName} style={{ paddingLeft: `${depth * 16}px` }}>
          {expandable ? (
            <button
              type="button"
              className={styles.schemaToggle}
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} members of ${field.name}`}
              onClick={onToggle}
            >
              {open ? <ChevronDown aria-hidden size={14} /> : <ChevronRight aria-hidden size={14} />}
            </button>
          ) : (
            <span className={styles.schemaToggle} aria-hidden="true" />
          )}
          {field.name}
        </span>
      </td>
      <td>
        <code>{field.type}</code>
      </td>
      <td>{field.nullable ? 'yes' : 'no'}</td>
      <td className={styles.numeric}>{field.dimension ?? ''}</td>
      <td className={styles.schemaMetadata}>
        {metadata.map(([key, value]) => (
          <div key={key}>
            <code>{key}</code>: {value}
          </div>
        ))}
      </td>
      {actions}
    </tr>
  )
}
