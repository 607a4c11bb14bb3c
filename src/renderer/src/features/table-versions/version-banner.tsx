/**
 * The banner over a table's details while an older version is open read-only:
 * "Version N of M (read-only)", with "Restore this version…" (the same confirmation as the
 * versions list's) and "Back to latest".
 */
import { useState, type ReactNode } from 'react'
import { History, RotateCcw } from 'lucide-react'
import type { TableRef } from '@shared/catalog-types'
import { Button } from '../../ui/button'
import { setOpenVersion } from '../../state/open-version-store'
import styles from './versions.module.css'
import type { ExactInt } from '@shared/exact-int'
import { RestoreDialog } from './restore-dialog'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly version: ExactInt
  /** The latest version's number, or null while it is not known. */
  readonly latest: ExactInt | null
}

/** Says which version is shown and offers to restore it or go back. */
export function VersionBanner({ connectionId, table, version, latest }: Props): ReactNode {
  const [restoring, setRestoring] = useState(false)
  const text = `Version ${version}${latest === null ? '' : ` of ${latest}`} (read-only)`
  return (
    <>
      <div className={styles.banner} role="status" aria-label={text}>
        <History aria-hidden size={16} />
        <span className={styles.bannerText}>{text}</span>
        <Button
          size="sm"
          icon={RotateCcw}
          disabled={latest === null}
          disabledReason={latest === null ? 'Waiting for the latest version number' : undefined}
          onClick={() => setRestoring(true)}
        >
          Restore this version…
        </Button>
        <Button size="sm" onClick={() => setOpenVersion(connectionId, table, null)}>
          Back to latest
        </Button>
      </div>
      {restoring && latest !== null && (
        <RestoreDialog
          connectionId={connectionId}
          table={table}
          version={version}
          latest={latest}
          onClose={() => setRestoring(false)}
          // The restored rows are the new latest: show it rather than the old version.
          onRestored={() => setOpenVersion(connectionId, table, null)}
        />
      )}
    </>
  )
}
