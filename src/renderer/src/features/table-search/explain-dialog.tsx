/**
 * "Explain": the plan LanceDB (or the REST catalog, through ExplainTableQueryPlan) makes
 * for the search on screen, with its filter and columns, shown as the engine writes it.
 */
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { TableRef } from '@shared/catalog-types'
import type { SearchSpec } from '@shared/contract/search'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { CopyButton } from '../../ui/copy-button'
import { Dialog } from '../../ui/dialog'
import { ErrorAlert } from '../../ui/error-alert'
import { Skeleton } from '../../ui/skeleton'
import styles from './search.module.css'

interface Props {
  readonly connectionId: string
  readonly table: TableRef
  readonly spec: SearchSpec
  readonly onClose: () => void
}

/** The plan of one search, in a dialog. */
export function ExplainDialog({ connectionId, table, spec, onClose }: Props): ReactNode {
  const plan = useQuery({
    queryKey: queryKeys.searchPlan(connectionId, table, spec),
    queryFn: () => unwrap(api.search.explain({ connectionId, table, ...spec }))
  })
  return (
    <Dialog
      title="Query plan"
      wide
      onClose={onClose}
      onSubmit={onClose}
      footer={{ submitLabel: 'Close', cancel: null, extra: plan.data ? <CopyButton text={plan.data} label="Copy plan" /> : undefined }}
    >
      {plan.isPending && <Skeleton label="Asking for the plan…" lines={['70%', '55%', '62%']} />}
      {plan.isError && <ErrorAlert error={plan.error} onRetry={() => void plan.refetch()} />}
      {plan.isSuccess && (
        <pre className={styles.plan} aria-label="Query plan text" tabIndex={0}>
          {plan.data}
        </pre>
      )}
    </Dialog>
  )
}
