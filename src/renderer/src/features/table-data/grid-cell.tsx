/**
 * One cell of the data grid, drawn by the kind of value: numbers right-aligned, a marked
 * null, a marked empty string, vectors abbreviated with their dimension, lists and
 * structs as summaries that expand in place to show every member.
 */
import type { ReactNode } from 'react'
import { summary, type CellView, type NestedEntry } from './cell-format'
import { ChevronDown, ChevronRight } from 'lucide-react'

interface Props {
  readonly id: string
  readonly colIndex: number
  readonly view: CellView | null
  readonly active: boolean
  readonly expanded: boolean
  readonly onActivate: () => void
  readonly onToggle: () => void
}

/** True when a cell has more to show than its one line. */
export function isExpandable(view: CellView | null): boolean {
  return view?.kind === 'vector' || (view?.kind === 'nested' && view.text !== '[]' && view.text !== '{}')
}

/** A grid cell; `view` null means its page has not arrived yet. */
export function GridCell({ id, colIndex, view, active, expanded, onActivate, onToggle }: Props): ReactNode {
  const className = `grid-cell${view?.kind === 'number' ? ' cell-number' : ''}${active ? ' cell-active' : ''}`
  return (
    <div role="gridcell" id={id} aria-colindex={colIndex} aria-selected={active} className={className} onClick={onActivate}>
      {view === null ? <span className="cell-loading" aria-label="Loading">…</span> : <CellContent view={view} expanded={expanded} onToggle={onToggle} />}
    </div>
  )
}

function CellContent({ view, expanded, onToggle }: { readonly view: CellView; readonly expanded: boolean; readonly onToggle: () => void }): ReactNode {
  switch (view.kind) {
    case 'null':
      return <span className="cell-null">null</span>
    case 'empty':
      return (
        <span className="cell-empty" title="Empty string">
          ""
        </span>
      )
    case 'number':
    case 'text':
      return <span className="cell-text">{view.text}</span>
    case 'unsupported':
      return (
        <span className="cell-unsupported" title={view.text}>
          {view.text}
        </span>
      )
    case 'vector':
    case 'nested': {
      const expandable = isExpandable(view)
      const label = view.kind === 'vector' ? `Show all ${view.dimension} values` : 'Show members'
      return (
        <div className="cell-expandable">
          <div className="cell-line">
            {expandable && (
              <button
                type="button"
                className="cell-toggle"
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
            <span className="cell-text">{view.text}</span>
            {view.kind === 'vector' && <span className="cell-dimension">×{view.dimension}</span>}
          </div>
          {expanded && (view.kind === 'vector' ? <div className="cell-full">[{view.items().join(', ')}]</div> : <Members entries={view.entries()} depth={0} />)}
        </div>
      )
    }
  }
}

/** The members of an expanded list, struct or map; nested ones are listed under them. */
function Members({ entries, depth }: { readonly entries: readonly NestedEntry[]; readonly depth: number }): ReactNode {
  return (
    <ul className="cell-members">
      {entries.map((entry, i) => (
        <li key={i}>
          <span className="member-label">{entry.label}:</span> <MemberValue view={entry.view} depth={depth} />
        </li>
      ))}
    </ul>
  )
}

function MemberValue({ view, depth }: { readonly view: CellView; readonly depth: number }): ReactNode {
  if (view.kind === 'null') return <span className="cell-null">null</span>
  if (view.kind === 'empty') return <span className="cell-empty">""</span>
  if (view.kind === 'unsupported') return <span className="cell-unsupported">{view.text}</span>
  if (view.kind === 'vector') return <span>[{view.items().join(', ')}]</span>
  // Deeper than a few levels the summary is enough; the grid is not a JSON viewer.
  if (view.kind === 'nested' && depth < 3 && isExpandable(view)) return <Members entries={view.entries()} depth={depth + 1} />
  return <span>{summary(view)}</span>
}
