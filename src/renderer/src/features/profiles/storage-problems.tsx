/**
 * Banners for stored files that could not be fully read at start: what is wrong, where
 * the unreadable original was kept, and what was loaded anyway.
 */
import type { ReactNode } from 'react'
import type { StorageProblem } from '@shared/profile-types'
import styles from './profiles.module.css'
import { cx } from '../../ui/class-names'

/** One alert per storage problem (profiles file, secrets file). */
export function StorageProblems({ problems }: { readonly problems: readonly (StorageProblem | null)[] }): ReactNode {
  return problems.map(
    (problem) =>
      problem && (
        <div key={problem.file} role="alert" className={cx('error-alert', styles.storageProblem)}>
          <p>{problem.message}</p>
          {problem.keptCopy && (
            <p>
              Kept copy: <code>{problem.keptCopy}</code>
            </p>
          )}
          {problem.issues.length > 1 && (
            <ul>
              {problem.issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          )}
        </div>
      )
  )
}
