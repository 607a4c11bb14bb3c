/**
 * "Test connection" on a saved profile: runs the test with its stored settings and
 * shows the report in a dialog.
 */
import { useEffect, type ReactNode } from 'react'
import type { ProfileView } from '@shared/profile-types'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { TestReport } from './test-report'
import { useTestConnection } from './use-profiles'

/** Tests `profile` as soon as it opens. */
export function TestDialog({ profile, onClose }: { readonly profile: ProfileView; readonly onClose: () => void }): ReactNode {
  const test = useTestConnection()
  const { mutate } = test
  useEffect(() => {
    mutate({ id: profile.id })
  }, [mutate, profile.id])
  return (
    <Dialog
      title={`Test ${profile.name}`}
      onClose={onClose}
      onSubmit={onClose}
      footer={{
        submitLabel: 'Close',
        cancel: null,
        extra: (
          <Button onClick={() => test.mutate({ id: profile.id })} busy={test.isPending}>
            Test again
          </Button>
        )
      }}
    >
      {test.isPending && <p role="status">Testing the connection…</p>}
      {test.isError && <ErrorAlert error={test.error} />}
      {test.data && !test.isPending && <TestReport report={test.data} />}
    </Dialog>
  )
}
