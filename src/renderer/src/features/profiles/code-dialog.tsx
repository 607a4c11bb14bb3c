/**
 * "Copy as code": a snippet that connects to the profile's catalog with LanceDB's SDK,
 * in TypeScript or Python. Secrets appear as environment variables, never as values.
 */
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { ProfileView } from '@shared/profile-types'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { CopyButton } from '../../ui/copy-button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Select } from '../../ui/select'
import styles from './profiles.module.css'

type Language = 'typescript' | 'python'

/** Shows the snippet for a profile with a language choice and a copy button. */
export function CodeDialog({ profile, onClose }: { readonly profile: ProfileView; readonly onClose: () => void }): ReactNode {
  const [language, setLanguage] = useState<Language>('typescript')
  const snippet = useQuery({
    queryKey: queryKeys.profileSnippet(profile.id, language),
    queryFn: () => unwrap(api.profiles.snippet({ id: profile.id, language }))
  })
  return (
    <Dialog title={`Copy ${profile.name} as code`} onClose={onClose} onSubmit={onClose} footer={{ submitLabel: 'Close', cancel: null }}>
      <div className="field">
        <label htmlFor="snippet-language">Language</label>
        <Select id="snippet-language" value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
          <option value="typescript">TypeScript</option>
          <option value="python">Python</option>
        </Select>
      </div>
      {snippet.isError && <ErrorAlert error={snippet.error} />}
      <div className={styles.codeBox}>
        <textarea className={styles.codeText} aria-label="Code" readOnly rows={14} value={snippet.data ?? ''} />
        {snippet.data !== undefined && <CopyButton label="Copy code" text={snippet.data} />}
      </div>
    </Dialog>
  )
}
