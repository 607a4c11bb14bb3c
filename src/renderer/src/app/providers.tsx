import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { ErrorCode } from '@shared/errors'
import { ApiError } from '../lib/api'

/** Errors a retry cannot fix; retrying them only delays the message. */
const FINAL_ERRORS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_request',
  'invalid_name',
  'namespace_not_found',
  'table_not_found',
  'unauthenticated',
  'permission_denied',
  'invalid_catalog',
  'connection_not_found',
  'unsupported'
])

/** App-wide providers: the react-query client that holds all server data. */
export function Providers({ children }: { readonly children: ReactNode }): ReactNode {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            refetchOnWindowFocus: false,
            retry: (failures, error) => !(error instanceof ApiError && FINAL_ERRORS.has(error.code)) && failures < 2
          }
        }
      })
  )
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
