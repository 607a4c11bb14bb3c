/**
 * The sidebar's one connection list: "New connection", then the connections of this run
 * no profile stands for, then the saved profiles, each with its actions menu, and any
 * storage problem. Opening a profile adds its connection to this run and shows it in the
 * tree. Where secrets are kept and import/export live in the sidebar's footer
 * (ProfilesFooter), below the tree.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { ProfileView } from '@shared/profile-types'
import { useUiStore } from '../../state/ui-store'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { CodeDialog } from './code-dialog'
import { ProfileEditor } from './profile-editor'
import { ProfileItem, type ProfileAction } from './profile-item'
import { StorageProblems } from './storage-problems'
import { TestDialog } from './test-dialog'
import { ConnectionList } from './connection-list'
import { useOpenProfile, useProfileChanges, useProfiles } from './use-profiles'
import { useShellCommand } from '../../lib/use-shell-events'
import styles from './profiles.module.css'

type Open = { readonly kind: 'editor'; readonly profile?: ProfileView } | { readonly kind: 'test' | 'code' | 'delete'; readonly profile: ProfileView }

/** The connections section of the sidebar. */
export function ProfilesPanel(): ReactNode {
  const headingId = useId()
  const listRef = useRef<HTMLUListElement>(null)
  const state = useProfiles()
  const openProfile = useOpenProfile()
  const { duplicate, remove, reorder } = useProfileChanges()
  const connectionId = useUiStore((s) => s.connectionId)
  const selectConnection = useUiStore((s) => s.selectConnection)
  const [open, setOpen] = useState<Open | null>(null)
  useShellCommand('new-connection', () => setOpen({ kind: 'editor' }))
  // Reordering re-renders the list; the moved row's menu button gets focus back afterwards.
  const [refocus, setRefocus] = useState<string | null>(null)
  useEffect(() => {
    if (refocus) listRef.current?.querySelector<HTMLButtonElement>(`[data-profile-id="${refocus}"] button[aria-haspopup="menu"]`)?.focus()
  }, [refocus, state.data])

  const profiles = state.data?.profiles ?? []
  const act = (profile: ProfileView, index: number, action: ProfileAction): void => {
    switch (action) {
      case 'open':
        openProfile.mutate(profile.id, { onSuccess: (summary) => selectConnection(summary.id) })
        return
      case 'up':
      case 'down': {
        const to = action === 'up' ? index - 1 : index + 1
        const ids = profiles.map((p) => p.id)
        ;[ids[index], ids[to]] = [ids[to] ?? '', ids[index] ?? '']
        reorder.mutate(ids, { onSuccess: () => setRefocus(profile.id) })
        return
      }
      case 'duplicate':
        duplicate.mutate(profile.id)
        return
      case 'edit':
        setOpen({ kind: 'editor', profile })
        return
      default:
        setOpen({ kind: action, profile })
    }
  }
  const problem = openProfile.error ?? duplicate.error ?? reorder.error
  // Saving closes the profile's connection (main must not keep old settings); reopen it
  // if it was open, and show it again if it was the one shown.
  const reopen = (view: ProfileView): void => {
    const previous = state.data?.openConnections[view.id]
    if (previous === undefined) return
    const shown = previous === connectionId
    openProfile.mutate(view.id, { onSuccess: (summary) => shown && selectConnection(summary.id) })
  }

  const profileConnections = new Set(Object.values(state.data?.openConnections ?? {}))
  return (
    <section className={styles.profiles} aria-labelledby={headingId}>
      <div className={styles.profilesHead}>
        <h2 id={headingId}>Connections</h2>
        <button type="button" onClick={() => setOpen({ kind: 'editor' })}>
          New connection
        </button>
      </div>
      {state.data && <StorageProblems problems={[state.data.problem, state.data.secretProblem]} />}
      {state.isError && <ErrorAlert error={state.error} onRetry={() => void state.refetch()} />}
      {problem && <ErrorAlert error={problem} />}
      <nav aria-label="Connections" className={styles.profileScroll}>
        <ul ref={listRef} className={styles.profileList}>
          <ConnectionList exclude={profileConnections} />
          {profiles.map((profile, i) => (
            <ProfileItem
              key={profile.id}
              profile={profile}
              selected={state.data?.openConnections[profile.id] === connectionId}
              first={i === 0}
              last={i === profiles.length - 1}
              onAction={(action) => act(profile, i, action)}
            />
          ))}
        </ul>
      </nav>
      <PanelDialog
        open={open}
        profiles={profiles}
        storage={state.data?.secretStorage}
        remove={remove}
        onClose={() => {
          remove.reset()
          setOpen(null)
        }}
        onSaved={reopen}
      />
    </section>
  )
}

interface DialogProps {
  readonly open: Open | null
  readonly profiles: readonly ProfileView[]
  readonly storage: Parameters<typeof ProfileEditor>[0]['secretStorage']
  readonly remove: ReturnType<typeof useProfileChanges>['remove']
  readonly onClose: () => void
  readonly onSaved: (view: ProfileView) => void
}

function PanelDialog({ open, profiles, storage, remove, onClose, onSaved }: DialogProps): ReactNode {
  if (!open) return null
  switch (open.kind) {
    case 'editor': {
      const otherNames = profiles.filter((p) => p.id !== open.profile?.id).map((p) => p.name)
      return <ProfileEditor profile={open.profile} otherNames={otherNames} secretStorage={storage} onClose={onClose} onSaved={onSaved} />
    }
    case 'test':
      return <TestDialog profile={open.profile} onClose={onClose} />
    case 'code':
      return <CodeDialog profile={open.profile} onClose={onClose} />
    case 'delete':
      return (
        <ConfirmDialog
          title={`Delete ${open.profile.name}?`}
          confirmLabel="Delete"
          danger
          pending={remove.isPending}
          error={remove.error}
          onClose={onClose}
          onConfirm={() => remove.mutate(open.profile.id, { onSuccess: onClose })}
        >
          <p>The profile and its stored secrets are removed. This cannot be undone.</p>
        </ConfirmDialog>
      )
  }
}
