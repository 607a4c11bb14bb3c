/**
 * The sidebar's footer part about profiles: where secrets are kept (with the opt-in to a
 * file when they are only in memory) and profile import/export. It sits below the tree,
 * so it never pushes the tree down.
 */
import { useState, type ReactNode } from 'react'
import { SecretsNote } from './secrets-note'
import { ExportDialog, ImportDialog } from './transfer-dialogs'
import { useProfiles } from './use-profiles'
import styles from './profiles.module.css'

/** Secrets note and import/export links. */
export function ProfilesFooter(): ReactNode {
  const state = useProfiles()
  const [open, setOpen] = useState<'import' | 'export' | null>(null)
  return (
    <div className={styles.profilesFooter}>
      {state.data && <SecretsNote storage={state.data.secretStorage} />}
      <div className={styles.profileTools}>
        <button type="button" className="link-button" onClick={() => setOpen('import')}>
          Import profiles
        </button>
        <button type="button" className="link-button" onClick={() => setOpen('export')}>
          Export profiles
        </button>
      </div>
      {open === 'import' && <ImportDialog onClose={() => setOpen(null)} />}
      {open === 'export' && <ExportDialog onClose={() => setOpen(null)} />}
    </div>
  )
}
