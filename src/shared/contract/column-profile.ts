/**
 * Column profiles: each column's shape (counts, nulls, distinct values, range, quantiles,
 * histogram or top values) before its rows are paged, in the manner of DuckDB's
 * `SUMMARIZE`. Main reads the rows in pages and a worker thread computes the profile;
 * exact up to PROFILE_EXACT_ROWS rows, beyond that over a uniform random sample unless
 * the caller asks for an exact pass. The page watches the call with its operation id
 * (`columns:profileProgress` for rows read, `operations:cancel` to stop it).
 *
 * Values that may be exact integers past 2^53 (int64, timestamps, decimals) travel as
 * decimal text; floats travel as numbers.
 */
import { z } from 'zod'
import type { ExactInt } from '../exact-int'
import { columnList, connectionId, response, sqlFilter, tableRef } from './common'
import { operationId } from './operations'

/** A table of at most this many rows (after the filter) is profiled exactly. */
export const PROFILE_EXACT_ROWS = 1_000_000
/** A larger one is profiled over a uniform random sample of this many rows (unless asked for an exact pass). */
export const PROFILE_SAMPLE_ROWS = 100_000
/** How a column's numbers are written and read: decides formatting and filter literals. */
export type NumberDomain = 'int' | 'float' | 'decimal' | 'timestamp' | 'date' | 'time' | 'duration'

/** One bin of a histogram: values in [low, high) (the last bin includes high), with the filter that selects them. */
export interface HistogramBin {
  /** Bin edges as the column writes them (decimal text for exact integers). */
  readonly low: string
  readonly high: string
  readonly count: number
  /** SQL selecting the bin's rows (`score >= 0.25 AND score < 0.3`), or null where the column cannot be filtered so. */
  readonly filter: string | null
}

/** A histogram over [min, max]. */
export interface Histogram {
  readonly bins: readonly HistogramBin[]
  /** `exact`: every value counted in its bin; `sketch`: bins filled from the quantile sketch's buckets. */
  readonly method: 'exact' | 'sketch'
}

/** Summary of a numeric, temporal or decimal column (or of lengths, sizes and norms). */
export interface NumberSummary {
  readonly domain: NumberDomain
  /** For timestamps, times and durations: `s`, `ms`, `us` or `ns`; for dates: `day` or `ms`. */
  readonly unit?: string
  /** For timestamps: the time zone the column declares, if any. */
  readonly timezone?: string | null
  /** For decimals: digits after the point. */
  readonly scale?: number
  /** Values counted (not null, not NaN). */
  readonly count: number
  readonly min: string | null
  readonly max: string | null
  readonly mean: number | null
  /** Sample standard deviation (n - 1), by Welford's method. */
  readonly std: number | null
  readonly q25: string | null
  readonly q50: string | null
  readonly q75: string | null
  /** `exact`: the values sorted (the lower of two middle values, a value of the column); `sketch`: DDSketch within 1% relative. */
  readonly quantiles: 'exact' | 'sketch'
  readonly histogram: Histogram | null
}

/** A count of distinct values. */
export interface DistinctCount {
  readonly value: number
  /** `exact`, or `approximate` (a HyperLogLog of 2^12 registers: standard error 1.04 / 64, about 1.6%). */
  readonly method: 'exact' | 'approximate'
  readonly standardError?: number
}

/** One of the most frequent values. */
export interface TopValue {
  readonly value: string
  readonly count: number
  /** SQL selecting its rows (`country = 'NL'`), or null for a value too long to filter by. */
  readonly filter: string | null
}

/** What a column's type adds to its profile. */
export type ColumnDetail =
  | { readonly kind: 'number'; readonly numbers: NumberSummary; readonly nan: number; readonly infinite: number }
  | {
      readonly kind: 'string'
      /** The most frequent values; `topExact` false when the counts are a Space-Saving sketch's (each an upper bound). */
      readonly top: readonly TopValue[]
      readonly topExact: boolean
      readonly empty: number
      /** Lengths in characters (Unicode code points). */
      readonly lengths: NumberSummary
    }
  | { readonly kind: 'boolean'; readonly trueCount: number; readonly falseCount: number; readonly trueFilter: string; readonly falseFilter: string }
  | {
      readonly kind: 'vector'
      readonly dimension: number
      /** Euclidean norms of the vectors that hold no NaN. */
      readonly norms: NumberSummary
      readonly zeroVectors: number
      readonly nanVectors: number
      /** True when every norm lies within 1 ± 1e-3. */
      readonly normalised: boolean
    }
  | { readonly kind: 'list'; readonly lengths: NumberSummary }
  | {
      readonly kind: 'bytes'
      /** Sizes in bytes (a blob's from its descriptor). */
      readonly sizes: NumberSummary
      /** What the first bytes say, most frequent first. */
      readonly media: readonly { readonly type: string; readonly count: number }[]
      /** Cells whose bytes could not be read (a blob at a URI), with their size where known. */
      readonly unread: number
    }
  | { readonly kind: 'other' }

/** One column's profile. */
export interface ColumnProfile {
  readonly name: string
  /** The readable type (as the schema shows it). */
  readonly type: string
  /** Rows profiled. */
  readonly count: number
  readonly nulls: number
  /** Null share of the rows profiled, 0 to 100. */
  readonly nullPercent: number
  readonly distinct: DistinctCount | null
  readonly detail: ColumnDetail
  /** Set when the column could not be profiled; the others still are. */
  readonly problem?: string
}

/** A table's profile. */
export interface TableProfile {
  /** The version profiled. */
  readonly version: ExactInt | null
  readonly filter: string | null
  /** Rows of the table (matching the filter). */
  readonly totalRows: ExactInt
  /** Rows profiled: all of them, or the sample. */
  readonly rowsRead: number
  /** `exact`: every row; `sample`: a uniform random sample of `rowsRead` rows (see `samplingMethod`). */
  readonly mode: 'exact' | 'sample'
  /** How the sample was drawn, in words. */
  readonly samplingMethod: string | null
  readonly columns: readonly ColumnProfile[]
  readonly elapsedMs: number
  /** When it was computed (ISO 8601). */
  readonly computedAt: string
  /** True when this answer came from main's cache. */
  readonly cached: boolean
}

/** How far a profile has got. */
export interface ProfileProgress {
  readonly state: 'unknown' | 'running' | 'finished'
  readonly rowsRead: number
  /** Rows it will read, once known. */
  readonly rowsTotal: number | null
}

/**
 * A version number in decimal digits (Lance versions are unsigned 64-bit, from 1). The
 * range check runs only on digits, so other text is refused with the pattern's message.
 */
const profileVersion = z
  .string()
  .regex(/^[1-9][0-9]{0,19}$/, 'A version is a whole number from 1 on, in decimal digits.')
  .refine((value) => !/^[0-9]+$/.test(value) || BigInt(value) <= 18_446_744_073_709_551_615n, 'A version is at most 18446744073709551615.')

/** Column profile channels. */
export const columnProfileContract = {
  'columns:profile': {
    // `version`: the latest when left out; `columns`: every column when left out;
    // `exact`: read every row even past PROFILE_EXACT_ROWS.
    request: z
      .object({
        connectionId,
        table: tableRef,
        version: profileVersion.optional(),
        filter: sqlFilter.optional(),
        columns: columnList.optional(),
        exact: z.boolean().optional(),
        operationId: operationId.optional()
      })
      .strict(),
    response: response<TableProfile>()
  },
  'columns:profileProgress': {
    request: z.object({ operationId }).strict(),
    response: response<ProfileProgress>()
  }
} as const
