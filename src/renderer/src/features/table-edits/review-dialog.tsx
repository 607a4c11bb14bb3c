/**
 * Review before a commit: the plan in Lance's terms (one merge insert on the key, how many
 * rows it updates, inserts and deletes, and the version it makes) and the same change as
 * LanceDB SDK code in TypeScript and Python, each with a Copy button. Commit from here does
 * what the bar's Commit does; Escape or Cancel closes with the edits kept.
 */
import { useState, type ReactNode } from 'react'
import { CopyButton } from '../../ui/copy-button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { planText, pythonCode, typescriptCode, type EditPlan } from './edit-plan'
import styles from './table-edits.module.css'

interface Props {
  readonly plan: EditPlan
  /** Why Commit cannot run now (values to fix); null when it can. */
  readonly blocked: string | null
  readonly pending: boolean
  readonly error: unknown
  readonly onCommit: () => void
  readonly onClose: () => void
}

/** The Review dialog. */
export function ReviewDialog({ plan, blocked, pending, error, onCommit, onClose }: Props): ReactNode {
  const [language, setLanguage] = useState<'TypeScript' | 'Python'>('TypeScript')
  const code = language === 'TypeScript' ? typescriptCode(plan) : pythonCode(plan)
  return (
    <Dialog
      title="Review changes"
      wide
      onClose={onClose}
      onSubmit={onCommit}
      footer={{ submitLabel: pending ? 'Committing…' : 'Commit', busy: pending, submitDisabled: blocked !== null, disabledReason: blocked ?? undefined }}
    >
      <p>One commit writes every change below as one operation, so the table gains exactly one version:</p>
      <p className={styles.plan} aria-label="Plan">
        {planText(plan)}
      </p>
      {blocked && <p className={styles.pendingProblem}>{blocked}</p>}
      <div className={styles.codeHead}>
        <h3>The same change with LanceDB’s SDK</h3>
        <span role="group" aria-label="Language" className={styles.languages}>
          {(['TypeScript', 'Python'] as const).map((name) => (
            <button key={name} type="button" aria-pressed={language === name} onClick={() => setLanguage(name)}>
              {name}
            </button>
          ))}
        </span>
        <CopyButton text={code} label={`Copy ${language}`} />
      </div>
      <pre className={styles.code} aria-label={`${language} code`} tabIndex={0}>
        {code}
      </pre>
      {error !== null && error !== undefined && <ErrorAlert error={error} />}
    </Dialog>
  )
}
