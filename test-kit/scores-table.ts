/**
 * The `scores` rows the profile e2e tests read: `id` 0..count-1, `score` (i % 100) / 100
 * with every tenth row null, and `country` cycling NL, NL, DE, FR, Côte d'Ivoire, so each
 * statistic has a known answer.
 */
import { lanceArrow as arrow } from '../src/catalog/lance-arrow'

const { Float64, Int32, Table, Utf8, vectorFromArray } = arrow

/** The countries the rows cycle through, in order. */
export const SCORE_COUNTRIES = ['NL', 'NL', 'DE', 'FR', "Côte d'Ivoire"]

/** `count` rows, as LanceDB's copy of Arrow holds them. */
export function scoresTable(count: number) {
  const ids = Array.from({ length: count }, (_, i) => i)
  return new Table({
    id: vectorFromArray(ids, new Int32()),
    score: vectorFromArray(
      ids.map((i) => (i % 10 === 0 ? null : (i % 100) / 100)),
      new Float64()
    ),
    country: vectorFromArray(
      ids.map((i) => SCORE_COUNTRIES[i % SCORE_COUNTRIES.length]!),
      new Utf8()
    )
  })
}
