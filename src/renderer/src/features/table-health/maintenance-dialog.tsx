/**
 * The dialog of one maintenance action: what it will do (for a clean-up, the versions and
 * tags time travel will lose, listed before anything runs), then its progress, then the
 * before/after report. LanceDB cannot stop an optimize once started, so Cancel counts
 * before the start; while it runs, Close leaves it running and its outcome comes as a
 * message. Escape and Cancel close the dialog in every state.
 */
import { useRef, useState, type ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { CleanupPlan, MaintenanceAction } from '@shared/contract/health'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Select, type SelectOption } from '../../ui/select'
import { Skeleton } from '../../ui/skeleton'
import { showErrorToast, showToast } from '../../ui/toast-store'
import { newOperationId } from '../operations/operation-progress'
import { MaintenanceReportView, outcomeText } from './maintenance-report'
import { useCleanupPlan, useMaintain } from './use-health'
import styles from './health.module.css'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly tableName: string
  readonly kind: MaintenanceAction['kind']
  readonly onClose: () => void
}

/** Ages a clean-up offers: versions older than this go. */
const CLEANUP_AGES: readonly SelectOption[] = [
  { label: 'any age (keep only the latest version)', value: 0 },
  { label: '1 hour', value: 3_600_000 },
  { label: '1 day', value: 86_400_000 },
  { label: '7 days', value: 7 * 86_400_000 },
  { label: '30 days', value: 30 * 86_400_000 }
]

/** Optimize or clean up `table`, from confirmation to report. */
export function MaintenanceDialog({ connectionId, table, tableName, kind, onClose }: Props): ReactNode {
  const maintain = useMaintain(connectionId, table)
  const left = useRef(false)
  const [ageMs, setAgeMs] = useState(7 * 86_400_000)
  // The cutoff is fixed when the age is chosen, so the plan shown is the plan run.
  const [olderThan, setOlderThan] = useState(() => new Date(Date.now() - 7 * 86_400_000).toISOString())
  const [deleteTags, setDeleteTags] = useState<readonly string[]>([])
  const [deleteUnverified, setDeleteUnverified] = useState(false)
  const plan = useCleanupPlan(connectionId, table, kind === 'cleanup' ? olderThan : null)
  const title = kind === 'optimize' ? 'Optimize table' : 'Clean up old versions'
  const close = (): void => {
    left.current = true
    onClose()
  }
  const blocked = kind === 'cleanup' ? cleanupBlocked(plan.data, deleteTags) : null
  const start = (): void => {
    if (maintain.isPending || maintain.isSuccess) return close()
    if (blocked) return
    const action: MaintenanceAction =
      kind === 'optimize' ? { kind } : { kind, olderThan: plan.data?.cutoff ?? olderThan, deleteTags: [...deleteTags], deleteUnverified }
    maintain.mutate(
      { action, operationId: newOperationId() },
      {
        onSuccess: (report) => left.current && showToast(`${kind === 'optimize' ? 'Optimized' : 'Cleaned up'} ${tableName}: ${outcomeText(report)}`),
        onError: (error) => left.current && showErrorToast(`${title} of ${tableName} failed: ${error.message}`)
      }
    )
  }
  const chooseAge = (ms: number): void => {
    setAgeMs(ms)
    setOlderThan(new Date(Date.now() - ms).toISOString())
    setDeleteTags([])
  }
  const footer = maintain.isSuccess
    ? { submitLabel: 'Close', cancel: null }
    : maintain.isPending
      ? { submitLabel: kind === 'optimize' ? 'Optimizing…' : 'Cleaning up…', busy: true, cancel: { label: 'Close' } }
      : {
          submitLabel: kind === 'optimize' ? 'Optimize' : cleanupLabel(plan.data),
          submitVariant: kind === 'cleanup' ? ('danger' as const) : ('primary' as const),
          submitDisabled: blocked !== null || (kind === 'cleanup' && !plan.isSuccess),
          disabledReason: blocked ?? undefined
        }
  return (
    <Dialog title={title} onClose={close} onSubmit={start} footer={footer} wide>
      {maintain.isSuccess ? (
        <MaintenanceReportView report={maintain.data} />
      ) : (
        <>
          {kind === 'optimize' ? (
            <p>
              Optimize <code>{tableName}</code>? Small fragments are merged, deleted rows dropped from the data files, and rows added since each index was built
              are indexed. This writes new versions; earlier versions are kept.
            </p>
          ) : (
            <CleanupChoices
              {...{ plan, ageMs, deleteTags, deleteUnverified, tableName }}
              onAge={chooseAge}
              onDeleteTags={setDeleteTags}
              onDeleteUnverified={setDeleteUnverified}
            />
          )}
          {maintain.isPending && (
            <p role="status" className="muted">
              {`${kind === 'optimize' ? 'Optimizing' : 'Cleaning up'}… LanceDB cannot stop this once it has started; Close leaves it running and its outcome comes as a message.`}
            </p>
          )}
          {maintain.isError && <ErrorAlert error={maintain.error} />}
        </>
      )}
    </Dialog>
  )
}

interface ChoiceProps {
  readonly plan: ReturnType<typeof useCleanupPlan>
  readonly ageMs: number
  readonly onAge: (ms: number) => void
  readonly deleteTags: readonly string[]
  readonly onDeleteTags: (tags: readonly string[]) => void
  readonly deleteUnverified: boolean
  readonly onDeleteUnverified: (on: boolean) => void
  readonly tableName: string
}

function CleanupChoices({ plan, ageMs, onAge, deleteTags, onDeleteTags, deleteUnverified, onDeleteUnverified, tableName }: ChoiceProps): ReactNode {
  const tagged = plan.data?.remove.filter((v) => v.tags.length > 0) ?? []
  return (
    <>
      <div className="field">
        <label htmlFor="cleanup-age">Remove versions older than</label>
        <Select id="cleanup-age" value={String(ageMs)} onChange={(event) => onAge(Number(event.target.value))} options={CLEANUP_AGES} />
      </div>
      {plan.isPending && <Skeleton label="Listing versions…" lines={['60%', '40%']} />}
      {plan.isError && <ErrorAlert error={plan.error} onRetry={() => void plan.refetch()} />}
      {plan.data && plan.data.remove.length === 0 && <p>{`No version of ${tableName} is that old: nothing would be removed.`}</p>}
      {plan.data && plan.data.remove.length > 0 && (
        <>
          <p>{`Time travel to these ${plan.data.remove.length.toLocaleString('en-US')} versions of ${tableName} will no longer work; ${plan.data.keep.toLocaleString('en-US')} ${plan.data.keep === 1 ? 'version stays' : 'versions stay'}:`}</p>
          <ul className={styles.versionList} aria-label="Versions to remove">
            {plan.data.remove.map((v) => (
              <li key={v.version}>
                {`Version ${v.version}${v.timestamp ? `, ${new Date(v.timestamp).toLocaleString('en-US')}` : ''}${v.tags.length > 0 ? ` — tagged ${v.tags.join(', ')}` : ''}`}
              </li>
            ))}
          </ul>
          {tagged.flatMap((v) =>
            v.tags.map((tag) => (
              <label key={tag} className={styles.check}>
                <input
                  type="checkbox"
                  checked={deleteTags.includes(tag)}
                  onChange={(event) => onDeleteTags(event.target.checked ? [...deleteTags, tag] : deleteTags.filter((t) => t !== tag))}
                />
                {`Delete tag ${tag} so version ${v.version} can go`}
              </label>
            ))
          )}
        </>
      )}
      <label className={styles.check}>
        <input type="checkbox" checked={deleteUnverified} onChange={(event) => onDeleteUnverified(event.target.checked)} />
        Also delete files younger than 7 days (only when nothing else is writing this table)
      </label>
      <p className="muted">
        LanceDB cleans up in the same call that compacts the table and updates its indexes, so those happen too. Without the box above, files younger than 7
        days stay on storage.
      </p>
    </>
  )
}

/** Why the clean-up cannot start as chosen, or null. */
function cleanupBlocked(plan: CleanupPlan | undefined, deleteTags: readonly string[]): string | null {
  if (!plan) return null
  if (plan.remove.length === 0) return 'No version is old enough to remove'
  const kept = plan.remove.flatMap((v) => v.tags.filter((tag) => !deleteTags.includes(tag)).map((tag) => `${tag} (version ${v.version})`))
  return kept.length > 0 ? `Tagged versions are never removed unasked: tick to delete ${kept.join(', ')}, or choose an older time` : null
}

function cleanupLabel(plan: CleanupPlan | undefined): string {
  const n = plan?.remove.length ?? 0
  return n > 0 ? `Remove ${n.toLocaleString('en-US')} ${n === 1 ? 'version' : 'versions'}` : 'Clean up'
}
