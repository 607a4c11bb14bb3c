/**
 * The table's tags: each with the version it names and a delete button, and a small form
 * naming a version with a new tag. Off (saying why) while an older version is open, and
 * replaced by a note where the catalog offers no tags.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Tag, Trash2 } from 'lucide-react'
import type { TableRef } from '@shared/catalog-types'
import type { TableTagInfo } from '@shared/contract/versions'
import { tagNameProblem } from '@shared/tag-name'
import { Button } from '../../ui/button'
import { ErrorAlert } from '../../ui/error-alert'
import { Select } from '../../ui/select'
import { showToast } from '../../ui/toast-store'
import { readOnlyReason } from '../../state/open-version-store'
import { useTagMutation } from './use-versions'
import styles from './versions.module.css'
import type { ExactInt } from '@shared/exact-int'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  /** Null where the catalog offers no tags. */
  readonly tags: readonly TableTagInfo[] | null
  /** Version numbers, oldest first. */
  readonly versions: readonly ExactInt[]
  /** The version open read-only, or null. */
  readonly readOnly: ExactInt | null
}

/** Lists and sets tags. */
export function TagsPanel({ connectionId, table, tags, versions, readOnly }: Props): ReactNode {
  const latest = versions[versions.length - 1] ?? '1'
  const [name, setName] = useState('')
  // The latest version until the user picks one (a restore moves the latest on).
  const [chosen, setChosen] = useState<ExactInt | null>(null)
  const version = chosen ?? latest
  const [problem, setProblem] = useState<string | null>(null)
  const mutation = useTagMutation(connectionId, table)
  const problemId = useId()
  if (tags === null) return <p className={styles.quiet}>This catalog offers no tags for its tables.</p>
  const reason = readOnly === null ? undefined : readOnlyReason(readOnly)
  const create = (event: FormEvent): void => {
    event.preventDefault()
    const tag = name.trim()
    const rule = tagNameProblem(tag)
    if (rule) return setProblem(rule)
    setProblem(null)
    mutation.mutate(
      { kind: 'create', tag, version },
      {
        onSuccess: () => {
          showToast(`Tagged version ${version} of ${table.name} "${tag}"`)
          setName('')
        }
      }
    )
  }
  const remove = (tag: string): void =>
    mutation.mutate({ kind: 'delete', tag }, { onSuccess: () => showToast(`Deleted tag "${tag}" of ${table.name} (version kept)`) })
  return (
    <section aria-label="Tags">
      <h3>Tags</h3>
      {tags.length === 0 ? (
        <p className={styles.quiet}>No tags yet. A tag names a version so it is easy to find and open later.</p>
      ) : (
        <ul className={styles.tags}>
          {tags.map((tag) => (
            <li key={tag.name}>
              <span className={styles.tag}>{tag.name}</span>
              <span>version {tag.version}</span>
              <Button
                size="sm"
                icon={Trash2}
                variant="ghost"
                disabled={reason !== undefined || mutation.isPending}
                disabledReason={reason}
                aria-label={`Delete tag ${tag.name}`}
                onClick={() => remove(tag.name)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.tagForm} onSubmit={create} aria-label="New tag">
        <label>
          Tag name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem ? problemId : undefined}
            disabled={reason !== undefined}
          />
        </label>
        <label>
          Version
          <Select value={version} onChange={(event) => setChosen(event.target.value)} disabled={reason !== undefined}>
            {[...versions].reverse().map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" icon={Tag} busy={mutation.isPending} disabled={reason !== undefined} disabledReason={reason}>
          Create tag
        </Button>
      </form>
      {problem && (
        <p id={problemId} className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {mutation.isError && <ErrorAlert error={mutation.error} />}
    </section>
  )
}
