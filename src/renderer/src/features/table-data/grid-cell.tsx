/**
 * One cell of the data grid, drawn by the kind of value: numbers right-aligned, a marked
 * null, a marked empty string, vectors abbreviated with their dimension, lists and
 * structs as summaries that expand in place to show every member.
 */
import type { ReactNode } from 'react'
import { summary, type CellView, type NestedEntry } from './cell-format'
import { ChevronDown, ChevronRight } from 'lucide-react'
import styles from './table-data.module.css'
import { cx } from '../../ui/class-names'
import type { CellEdit } from '../table-edits/use-grid-edits'

interface Props {
  readonly id: string
  readonly colIndex: number
  readonly view: CellView | null
  /** What a byte cell shows instead of its view's text (null: the view, e.g. the grid's null). */
  readonly media?: ReactNode
  readonly active: boolean
  readonly expanded: boolean
  readonly onActivate: () => void
  readonly onToggle: () => void
  /** The cell's staged change, drawn instead of its read value; null or absent where there is none. */
  readonly edit?: CellEdit | null
  /** The open editor, when this cell is being edited. */
  readonly editor?: ReactNode
}

/** True when a cell has more to show than its one line. */
export function isExpandable(view: CellView | null): boolean {
  return view?.kind === 'vector' || (view?.kind === 'nested' && view.text !== '[]' && view.text !== '{}')
}

/** A grid cell; `view` null means its page has not arrived yet. */
export function GridCell({ id, colIndex, view: read, media, active, expanded, onActivate, onToggle, edit, editor }: Props): ReactNode {
  const view = edit && edit.text !== undefined ? stagedView(edit.text, edit.numeric) : read
  const className = cx(
    styles.gridCell,
    view?.kind === 'number' && styles.cellNumber,
    active && styles.cellActive,
    edit?.changed && styles.cellChanged,
    edit?.problem && styles.cellBad
  )
  return (
    <div
      role="gridcell"
      id={id}
      aria-colindex={colIndex}
      aria-selected={active}
      aria-description={edit ? editDescription(edit) : undefined}
      title={edit ? editDescription(edit) : undefined}
      className={className}
      onClick={onActivate}
    >
      {editor}
      {view === null ? (
        <span className={styles.cellLoading} aria-label="Loading">
          …
        </span>
      ) : (
        (media ?? <CellContent view={view} expanded={expanded} onToggle={onToggle} />)
      )}
    </div>
  )
}

/** The view of a staged value, drawn as a read one is (numbers right-aligned). */
function stagedView(text: string | null, numeric: boolean): CellView {
  if (text === null) return { kind: 'null' }
  if (text === '') return { kind: 'empty' }
  return numeric ? { kind: 'number', text } : { kind: 'text', text }
}

/** What a changed cell says beside its value: that it changed, from what, and what does not fit. */
function editDescription(edit: CellEdit): string | undefined {
  const before = edit.was === undefined ? '' : edit.was === null ? 'null' : edit.was === '' ? 'an empty string' : edit.was
  const was = before === '' ? '' : ` (was ${before.length > 200 ? `${before.slice(0, 200)}…` : before})`
  const parts = [edit.changed ? `Changed${was}` : null, edit.problem].filter((part) => part !== null)
  return parts.length > 0 ? parts.join('. ') : undefined
}

function CellContent({ view, expanded, onToggle }: { readonly view: CellView; readonly expanded: boolean; readonly onToggle: () => void }): ReactNode {
  switch (view.kind) {
    case 'null':
      return <span className={styles.cellNull}>null</span>
    case 'empty':
      return (
        <span className={styles.cellEmpty} title="Empty string">
          ""
        </span>
      )
    case 'number':
      return <span className={styles.cellText}>{view.text}</span>
    case 'text':
      return <TextValue text={view.text} />
    case 'unsupported':
      return (
        <span className={styles.cellUnsupported} title={view.text}>
          {view.text}
        </span>
      )
    case 'vector':
    case 'nested': {
      const expandable = isExpandable(view)
      const label = view.kind === 'vector' ? `Show all ${view.dimension} values` : 'Show members'
      return (
        <div className={styles.cellExpandable}>
          <div className={styles.cellLine}>
            {!expandable && <span className={styles.cellToggleSpace} aria-hidden />}
            {expandable && (
              <button
                type="button"
                className={styles.cellToggle}
                tabIndex={-1}
                aria-expanded={expanded}
                aria-label={expanded ? 'Collapse' : label}
                onClick={(event) => {
                  event.stopPropagation()
                  onToggle()
                }}
              >
                {expanded ? <ChevronDown aria-hidden size={12} /> : <ChevronRight aria-hidden size={12} />}
              </button>
            )}
            <span className={styles.cellText}>{view.text}</span>
            {view.kind === 'vector' && <span className={styles.cellDimension}>×{view.dimension}</span>}
          </div>
          {expanded &&
            (view.kind === 'vector' ? <div className={styles.cellFull}>[{view.items().join(', ')}]</div> : <Members entries={view.entries()} depth={0} />)}
        </div>
      )
    }
  }
}

/**
 * Text on one line, cut with an ellipsis at the column's edge. Line breaks, which one line
 * would show as spaces, get a visible mark (drawn by CSS, so the cell's text stays the
 * value); a value that may be cut shows whole in the cell's tooltip.
 */
function TextValue({ text }: { readonly text: string }): ReactNode {
  const lines = text.split(/(?<=\n|\r(?!\n))/)
  const title = lines.length > 1 || text.length > SHORT_TEXT ? text : undefined
  return (
    <span className={styles.cellText} title={title}>
      {lines.length === 1
        ? text
        : lines.map((line, i) => (
            <span key={i}>
              {line}
              {i < lines.length - 1 && <span className={styles.cellBreak} />}
            </span>
          ))}
    </span>
  )
}

// Text of at most this many characters fits any column the grid sizes by default.
const SHORT_TEXT = 12

/** The members of an expanded list, struct or map; nested ones are listed under them. */
function Members({ entries, depth }: { readonly entries: readonly NestedEntry[]; readonly depth: number }): ReactNode {
  return (
    <ul className={styles.cellMembers}>
      {entries.map((entry, i) => (
        <li key={i}>
          <span className={styles.memberLabel}>{entry.label}:</span> <MemberValue view={entry.view} depth={depth} />
        </li>
      ))}
    </ul>
  )
}

function MemberValue({ view, depth }: { readonly view: CellView; readonly depth: number }): ReactNode {
  if (view.kind === 'null') return <span className={styles.cellNull}>null</span>
  if (view.kind === 'empty') return <span className={styles.cellEmpty}>""</span>
  if (view.kind === 'unsupported') return <span className={styles.cellUnsupported}>{view.text}</span>
  if (view.kind === 'vector') return <span>[{view.items().join(', ')}]</span>
  // Deeper than a few levels the summary is enough; the grid is not a JSON viewer.
  if (view.kind === 'nested' && depth < 3 && isExpandable(view)) return <Members entries={view.entries()} depth={depth + 1} />
  return <span>{summary(view)}</span>
}
