/**
 * The banner over a table's details while an older version is open read-only:
 * "Version N of M (read-only)", with "Back to latest".
 */
import type { ReactNode } from 'react'
import { History } from 'lucide-react'
import type { TableRef } from '@shared/catalog-types'
import { Button } from '../../ui/button'
import { setOpenVersion } from '../../state/open-version-store'
import styles from './versions.module.css'
import type { ExactInt } from '@shared/exact-int'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly version: ExactInt
  /** The latest version's number, or null while it is not known. */
  readonly latest: ExactInt | null
}

/** Says which version is shown and offers the way back. */
export function VersionBanner({ connectionId, table, version, latest }: Props): ReactNode {
  const text = `Version ${version}${latest === null ? '' : ` of ${latest}`} (read-only)`
  return (
    <div className={styles.banner} role="status" aria-label={text}>
      <History aria-hidden size={16} />
      <span className={styles.bannerText}>{text}</span>
      <Button size="sm" onClick={() => setOpenVersion(connectionId, table, null)}>
        Back to latest
      </Button>
    </div>
  )
}
