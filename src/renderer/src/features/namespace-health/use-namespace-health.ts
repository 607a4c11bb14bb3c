/**
 * The health of every table of one namespace, read in the background: the tables are
 * listed (up to MAX_TABLES), then their health is read two at a time, each answer shown as
 * it arrives and kept where the table's Health tab finds it. Stops when the view closes.
 */
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Page } from '@shared/catalog-types'
import type { TableHealth } from '@shared/contract/health'
import type { NamespacePath } from '@shared/namespace-path'
import { api, unwrap } from '../../lib/api'
import { namespaceKey } from '../../lib/node-key'
import { healthKey } from '../table-health/use-health'
import { maintenanceNeed, type MaintenanceNeed } from './maintenance-need'

/** The most tables of one namespace whose health is read. */
export const MAX_TABLES = 1000
/** Health reads running at once. */
const AT_ONCE = 2

/** One table's answer: its health and need, or why it could not be read. */
export type TableNeed =
  { readonly name: string; readonly health: TableHealth; readonly need: MaintenanceNeed } | { readonly name: string; readonly error: unknown }

/** Where the reading stands. */
export interface NamespaceHealth {
  /** The tables to read; null while listing them. */
  readonly tables: number | null
  /** Whether the namespace holds more tables than MAX_TABLES (only the first are read). */
  readonly more: boolean
  /** Answers so far, in the order they arrived. */
  readonly answers: readonly TableNeed[]
  /** Why the tables could not be listed, or null. */
  readonly listError: unknown
}

const START: NamespaceHealth = { tables: null, more: false, answers: [], listError: null }

/** Reads the health of the tables of `namespace`, in the background while the caller is shown. */
export function useNamespaceHealth(connectionId: string, namespace: NamespacePath): NamespaceHealth {
  const client = useQueryClient()
  const [state, setState] = useState<NamespaceHealth>(START)
  const key = namespaceKey(namespace)
  useEffect(() => {
    let stopped = false
    const run = async (): Promise<void> => {
      const names: string[] = []
      let pageToken: string | null = null
      do {
        const page: Page<string> = await unwrap(api.tables.list({ connectionId, namespace, pageToken, limit: MAX_TABLES }))
        names.push(...page.items)
        pageToken = page.nextPageToken
      } while (pageToken && names.length < MAX_TABLES && !stopped)
      if (stopped) return
      const more = names.length > MAX_TABLES || pageToken !== null
      const read = names.slice(0, MAX_TABLES)
      setState({ ...START, tables: read.length, more })
      let next = 0
      const worker = async (): Promise<void> => {
        while (!stopped && next < read.length) {
          const name = read[next++]!
          const table = { namespace, name }
          let answer: TableNeed
          try {
            const health = await client.fetchQuery({
              queryKey: healthKey(connectionId, table),
              queryFn: () => unwrap(api.health.read({ connectionId, table }))
            })
            answer = { name, health, need: maintenanceNeed(health) }
          } catch (error) {
            answer = { name, error }
          }
          if (!stopped) setState((s) => ({ ...s, answers: [...s.answers, answer] }))
        }
      }
      await Promise.all(Array.from({ length: AT_ONCE }, worker))
    }
    run().catch((error: unknown) => {
      if (!stopped) setState({ ...START, listError: error })
    })
    return () => {
      stopped = true
    }
    // `key` stands for `namespace`, whose array is new on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, connectionId, key])
  return state
}
