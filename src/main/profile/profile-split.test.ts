/**
 * An exact profile whose columns two workers share gives the same answer, statistic for
 * statistic, as one worker counting them all (whose every statistic profile-engine.test.ts
 * checks against a plain computation): strings, vectors, numbers with nulls, booleans and
 * a bytes column fed as cells, over several pages.
 */
import { connectNamespace } from '@lancedb/lancedb'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { lanceArrow as arrow } from '../../catalog/lance-arrow'
import type { NamespaceClient } from '../../catalog/namespace-client'
import { openBuiltDirCatalog, type OpenedDirCatalog } from '../../../test-kit/dir-catalog'
import { mulberry32 } from '../../../test-kit/prng'
import { wavBytes } from '../../../test-kit/media-table'
import { profileTable } from './profile-engine'

const ROWS = 30_000
let catalog: OpenedDirCatalog
let client: NamespaceClient

beforeAll(async () => {
  const rng = mulberry32(21)
  const ids = Array.from({ length: ROWS }, (_, i) => i)
  const wav = wavBytes(0.01)
  const table = new arrow.Table({
    id: arrow.vectorFromArray(ids, new arrow.Int32()),
    score: arrow.vectorFromArray(
      ids.map((i) => (i % 7 === 0 ? null : rng.next() * 100)),
      new arrow.Float64()
    ),
    user: arrow.vectorFromArray(
      ids.map((i) => (i % 13 === 0 ? null : `user-${rng.int(20_000)}`)),
      new arrow.Utf8()
    ),
    country: arrow.vectorFromArray(
      ids.map(() => ['NL', 'DE', 'FR', '東京'][rng.int(4)]!),
      new arrow.Utf8()
    ),
    flag: arrow.vectorFromArray(
      ids.map((i) => (i % 5 === 0 ? null : rng.chance(0.3))),
      new arrow.Bool()
    ),
    vec: arrow.vectorFromArray(
      ids.map(() => [rng.next(), rng.next(), rng.next()]),
      new arrow.FixedSizeList(3, new arrow.Field('item', new arrow.Float32(), true))
    ),
    clip: arrow.vectorFromArray(
      ids.map((i) => (i % 4 === 0 ? null : wav)),
      new arrow.Binary()
    )
  })
  catalog = await openBuiltDirCatalog('lcb-profile-split', async (root) => {
    const db = await connectNamespace('dir', { root })
    ;(await db.createTable('split', table)).close()
    db.close()
  })
  client = catalog.client
}, 60_000)

afterAll(() => catalog.close())

it('gives the same profile with the columns split between two workers as with one', async () => {
  const handle = client.table({ namespace: [], name: 'split' })
  const one = await profileTable(handle, { exact: true }, { splitRows: Infinity })
  const two = await profileTable(handle, { exact: true }, { splitRows: 0 })
  expect(two.columns.map((c) => c.name)).toEqual(['id', 'score', 'user', 'country', 'flag', 'vec', 'clip'])
  expect(two.columns).toEqual(one.columns)
  expect(two.rowsRead).toBe(ROWS)
  const clip = two.columns.find((c) => c.name === 'clip')!
  expect(clip.nulls).toBe(ROWS / 4)
  // And again with the workers the first profiles left waiting.
  expect((await profileTable(handle, { exact: true }, { splitRows: 0 })).columns).toEqual(one.columns)
}, 60_000)
