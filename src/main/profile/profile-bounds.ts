/**
 * The bounds of a profile's statistics, in the worker's own module: the worker loads no
 * IPC contract (and so no zod), which keeps its start short. The row bounds, which the
 * caller sees, are in the contract (PROFILE_EXACT_ROWS, PROFILE_SAMPLE_ROWS).
 */

/**
 * A string column's distinct values (and top values) are counted exactly up to this many
 * distinct values (on a table of more than 20 columns, its share of KEPT_STRINGS_BUDGET),
 * then estimated (a HyperLogLog; Space-Saving). A number column's are
 * exact while its values are kept (PROFILE_EXACT_QUANTILE_VALUES).
 */
export const PROFILE_EXACT_DISTINCT = 100_000
/**
 * Quantiles (and a number column's distinct count) are exact while a column's values
 * number at most this many, else read from a sketch; on a table of more than 32 columns,
 * at most its share of KEPT_VALUES_BUDGET.
 */
export const PROFILE_EXACT_QUANTILE_VALUES = 1_000_000
/** Values kept for exact quantiles over all of a profile's columns (8 bytes each: 256 MB). */
export const KEPT_VALUES_BUDGET = 32_000_000
/** Distinct strings counted exactly over all of a profile's string columns (20 columns' worth). */
export const KEPT_STRINGS_BUDGET = 2_000_000
/** The sketch's relative accuracy: a quantile it gives is within 1% of a value at that rank. */
export const SKETCH_RELATIVE_ACCURACY = 0.01
/** Equal-width bins of a histogram. */
export const HISTOGRAM_BINS = 20
/** Top values kept for a string column. */
export const TOP_VALUES = 10
