/**
 * The `scores` rows the profile e2e tests read: `id` 0..count-1, `score` (i % 100) / 100
 * with every tenth row null, and `country` cycling NL, NL, DE, FR, Côte d'Ivoire, so each
 * statistic has a known answer.
 */
import { lanceArrow as arrow } from '../src/catalog/lance-arrow'

const { Float64, Int32, Table, Utf8, vectorFromArray } = arrow

/** Text after each note, so reading and counting a note takes a while. */
const FILLER = 'words that make each note long enough to take a while to read and count, '.repeat(2)

/** The countries the rows cycle through, in order. */
export const SCORE_COUNTRIES = ['NL', 'NL', 'DE', 'FR', "Côte d'Ivoire"]

/**
 * `count` rows, as LanceDB's copy of Arrow holds them. With `notes`, each row also has a
 * `note` of its own (about 230 characters), whose distinct values make a profile of many
 * rows take a while: long enough to be cancelled while it runs (at 40 characters, once
 * strings were counted by their bytes, the profile could end before a Cancel took effect).
 */
export function scoresTable(count: number, notes = false) {
  const ids = Array.from({ length: count }, (_, i) => i)
  const columns = {
    id: vectorFromArray(ids, new Int32()),
    score: vectorFromArray(
      ids.map((i) => (i % 10 === 0 ? null : (i % 100) / 100)),
      new Float64()
    ),
    country: vectorFromArray(
      ids.map((i) => SCORE_COUNTRIES[i % SCORE_COUNTRIES.length]!),
      new Utf8()
    )
  }
  if (!notes) return new Table(columns)
  return new Table({
    ...columns,
    note: vectorFromArray(
      ids.map((i) => `note ${i} of the scores table, its own value; ${FILLER}`),
      new Utf8()
    )
  })
}
