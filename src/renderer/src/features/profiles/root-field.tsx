/**
 * The Root field of a directory profile: a folder or an object-store URI. Once a valid
 * folder path is entered it asks main whether the folder exists and, if not, offers to
 * create it; a URI is never checked or created as a folder.
 */
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { rootProblem } from '@shared/profile-validation'
import { OBJECT_STORE_SCHEMES, rootLocation } from '@shared/storage-options'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { ErrorAlert } from '../../ui/error-alert'
import { Field } from '../../ui/field'
import styles from './profiles.module.css'
import { cx } from '../../ui/class-names'

interface Props {
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error: string | undefined
}

/** Root path input with a folder check and a "Create folder" offer. */
export function RootField({ value, onChange, error }: Props): ReactNode {
  const checked = useDebounced(value.trim(), 400)
  const client = useQueryClient()
  const local = rootLocation(checked).kind === 'local'
  const key = queryKeys.profileRoot(checked)
  const status = useQuery({
    queryKey: key,
    queryFn: () => unwrap(api.profiles.checkRoot({ root: checked })),
    enabled: checked !== '' && local && rootProblem(checked) === null,
    staleTime: 0
  })
  const create = useMutation({
    mutationFn: () => unwrap(api.profiles.createRoot({ root: checked })),
    onSuccess: (result) => client.setQueryData(key, result)
  })
  const state = status.data?.state
  return (
    <Field label="Root" value={value} onChange={onChange} error={error} placeholder="e.g. /home/me/catalog or s3://bucket/prefix" hint={HINT}>
      {!error && local && status.data && state !== 'folder' && (
        <p className={styles.rootStatus} role="status">
          {status.data.message}{' '}
          {state === 'missing' && (
            <button type="button" onClick={() => create.mutate()} disabled={create.isPending}>
              Create folder
            </button>
          )}
        </p>
      )}
      {!error && local && state === 'folder' && (
        <p className={cx(styles.rootStatus, 'muted')} role="status">
          {create.isSuccess ? 'Folder created.' : status.data?.message}
        </p>
      )}
      {create.isError && <ErrorAlert error={create.error} />}
    </Field>
  )
}

const HINT = `The folder that holds the catalog, or an object-store address (${OBJECT_STORE_SCHEMES.map((s) => `${s}://`).join(', ')}).`

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
