import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { TableDescription, TableRef } from '@shared/catalog-types'
import { api, unwrap } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** Schema, row count and location of one table. */
export function useTableDescription(connectionId: string, table: TableRef): UseQueryResult<TableDescription> {
  return useQuery({
    queryKey: queryKeys.table(connectionId, table),
    queryFn: () => unwrap(api.tables.describe({ connectionId, table }))
  })
}
