/**
 * Says where secrets are kept. In browser mode without a keychain they live in memory;
 * the person may opt in to a file only they can read (mode 0600), after being told it
 * holds the values unencrypted. When the keyring failed this run, it says why instead.
 */
import { useState, type ReactNode } from 'react'
import type { SecretStorageInfo } from '@shared/profile-types'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useSecretsFile } from './use-profiles'
import styles from './profiles.module.css'

/** Where secrets are kept, with the 0600-file opt-in when they are only in memory. */
export function SecretsNote({ storage }: { readonly storage: SecretStorageInfo }): ReactNode {
  const [asking, setAsking] = useState(false)
  const optIn = useSecretsFile()
  if (storage.keychainProblem) {
    // The keyring holds the saved secrets; a file opt-in now would only split them.
    return (
      <div className={styles.secretsNote} role="alert">
        <p>
          The keyring could not be used this run: {storage.keychainProblem}. Secrets you enter are kept in memory until the app quits. Secrets saved earlier are
          left untouched and come back after a restart once the keyring works.
        </p>
      </div>
    )
  }
  return (
    <div className={styles.secretsNote}>
      <p className="muted">
        Secrets: {storage.description}
        {storage.kind === 'memory' ? '; you enter them again after a restart.' : '.'}
      </p>
      {storage.kind === 'memory' && (
        <button type="button" className="link-button" onClick={() => setAsking(true)}>
          Keep secrets in a file
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title="Keep secrets in a file?"
          confirmLabel="Use the file"
          pending={optIn.isPending}
          error={optIn.error}
          onClose={() => setAsking(false)}
          onConfirm={() => optIn.mutate(undefined, { onSuccess: () => setAsking(false) })}
        >
          <p>
            No keychain is available, so secrets are kept in memory and forgotten when the app quits. With this option they are written, unencrypted, to{' '}
            <code>secrets.plain.json</code> in the app&apos;s data folder, readable only by your user account (mode 0600), and survive restarts.
          </p>
        </ConfirmDialog>
      )}
    </div>
  )
}
