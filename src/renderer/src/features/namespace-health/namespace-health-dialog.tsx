/**
 * The health of a namespace's tables: read in the background with a progress bar, and
 * listed as they arrive, the tables that most need maintenance first, each with what
 * maintenance would fix and a button that opens it (its Health tab runs the maintenance).
 * Tables whose health could not be read come last, saying why.
 */
import type { ReactNode } from 'react'
import type { NamespacePath } from '@shared/namespace-path'
import { formatExactInt } from '@shared/exact-int'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { errorFacts } from '../../ui/error-details'
import { useUiStore } from '../../state/ui-store'
import { MAX_TABLES, useNamespaceHealth, type TableNeed } from './use-namespace-health'
import styles from './namespace-health.module.css'

/** The namespace health dialog. */
export function NamespaceHealthDialog({
  connectionId,
  namespace,
  name,
  onClose
}: {
  readonly connectionId: string
  readonly namespace: NamespacePath
  /** The namespace's name as the tree shows it. */
  readonly name: string
  readonly onClose: () => void
}): ReactNode {
  const health = useNamespaceHealth(connectionId, namespace)
  const selectTable = useUiStore((state) => state.selectTable)
  const done = health.tables !== null && health.answers.length === health.tables
  const ranked = [...health.answers].sort((a, b) => rank(b) - rank(a) || a.name.localeCompare(b.name))
  return (
    <Dialog title={`Health of ${name}`} onClose={onClose} onSubmit={onClose} footer={{ submitLabel: 'Close', cancel: null }} wide>
      {health.listError !== null ? (
        <ErrorAlert error={health.listError} />
      ) : health.tables === null ? (
        <p className={styles.quiet}>Listing the tables…</p>
      ) : (
        <div className={styles.progress}>
          <progress max={Math.max(1, health.tables)} value={health.answers.length} aria-label="Tables checked" />
          <span role="status">
            {done
              ? `Checked ${health.tables.toLocaleString('en-US')} tables`
              : `Checked ${health.answers.length.toLocaleString('en-US')} of ${health.tables.toLocaleString('en-US')} tables…`}
            {health.more ? ` (the first ${MAX_TABLES.toLocaleString('en-US')} of this namespace's tables)` : ''}
          </span>
        </div>
      )}
      {ranked.length > 0 && (
        <div className={styles.scroll} role="region" aria-label="Tables by need" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Table</th>
                <th scope="col" className={styles.numeric}>
                  Rows
                </th>
                <th scope="col">What maintenance would fix</th>
                <th scope="col">
                  <span className={styles.quiet}>Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {ranked.map((answer) => (
                <tr key={answer.name}>
                  <th scope="row">{answer.name}</th>
                  <td className={styles.numeric}>{'health' in answer && answer.health.rows !== null ? formatExactInt(answer.health.rows) : ''}</td>
                  <td>
                    {'error' in answer ? (
                      <span className={styles.problem}>{`Could not read its health: ${errorFacts(answer.error).message}`}</span>
                    ) : answer.need.reasons.length === 0 ? (
                      <span className={styles.quiet}>Nothing to do</span>
                    ) : (
                      <ul className={styles.reasons}>
                        {answer.need.reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <Button
                      size="sm"
                      aria-label={`Open ${answer.name}`}
                      onClick={() => {
                        selectTable({ namespace, name: answer.name })
                        onClose()
                      }}
                    >
                      Open
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  )
}

/** Higher first: the need's score; tables that could not be read after every other. */
function rank(answer: TableNeed): number {
  return 'error' in answer ? -1 : answer.need.score
}
