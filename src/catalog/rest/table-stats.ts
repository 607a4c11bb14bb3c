/**
 * A table's statistics over REST: the spec's `GetTableStats` (`POST /v1/table/{id}/stats`)
 * gives rows, fragments and bytes in one call. A catalog without the route is remembered
 * per connection, so later describes go straight to their fallback (`count_rows`).
 */
import { CatalogError } from '../../shared/errors'
import type { CallOptions } from '../namespace-client'
import type { HttpTransport } from './http'
import type { RestTableTarget } from './rest-names'
import { isUnsupportedOperation } from './unsupported'
import { approximate, type ExactInt } from '../../shared/exact-int'
import { count, isRecord } from './json-values'
import type { FragmentLengths } from '../../shared/contract/health'

/** What the stats operation tells about a table. */
export interface RestTableStats {
  readonly rows: ExactInt
  readonly fragments: number | null
  readonly bytes: ExactInt | null
  /** Fragments the catalog counts as small, where it says. */
  readonly smallFragments: number | null
  /** Rows per fragment (min, percentiles, max, mean), where the catalog gives them all. */
  readonly lengths: FragmentLengths | null
}

/** Reads table stats on one connection, remembering whether the catalog offers them. */
export class TableStatsReader {
  #offered: boolean | undefined

  constructor(private readonly http: HttpTransport) {}

  /** The stats, or null when this catalog has no stats operation. */
  async read(target: RestTableTarget, options: CallOptions = {}): Promise<RestTableStats | null> {
    if (this.#offered === false) return null
    let body: unknown
    try {
      body = await this.http.json({
        method: 'POST',
        path: `/v1/table/${target.encodedId}/stats`,
        query: target.query,
        json: { id: [...target.id] },
        idempotent: true,
        signal: options.signal,
        subject: target.subject,
        notFound: 'table_not_found'
      })
    } catch (error) {
      if (isUnsupportedOperation(error)) {
        this.#offered = false
        return null
      }
      throw error
    }
    this.#offered = true
    const stats = parseTableStats(body)
    if (!stats) throw new CatalogError('bad_response', `The server's stats for ${target.subject} have no row count.`)
    return stats
  }
}

/** Rows, fragments and bytes from a `GetTableStatsResponse`, or null without a row count. */
export function parseTableStats(body: unknown): RestTableStats | null {
  if (!isRecord(body)) return null
  const rows = count(body['num_rows'])
  if (rows === null) return null
  const fragmentStats = isRecord(body['fragment_stats']) ? body['fragment_stats'] : {}
  const fragments = count(fragmentStats['num_fragments'])
  const small = count(fragmentStats['num_small_fragments'])
  return {
    rows,
    fragments: fragments === null ? null : approximate(fragments),
    bytes: count(body['total_bytes']),
    smallFragments: small === null ? null : approximate(small),
    lengths: fragmentLengths(fragmentStats['lengths'])
  }
}

const LENGTH_KEYS = ['min', 'p25', 'p50', 'p75', 'p99', 'max', 'mean'] as const

/** The spec's `FragmentSummary`, or null unless every number is there. */
function fragmentLengths(body: unknown): FragmentLengths | null {
  if (!isRecord(body)) return null
  // The spec says whole numbers; LanceDB's own mean may have a fraction, so any non-negative number is taken.
  const values = LENGTH_KEYS.map((key) => body[key])
  if (!values.every((value): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0)) return null
  const [min, p25, p50, p75, p99, max, mean] = values
  return { min: min!, p25: p25!, p50: p50!, p75: p75!, p99: p99!, max: max!, mean: mean! }
}
