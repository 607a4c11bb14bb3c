/**
 * Lists the 5,000 child namespaces of one namespace of a directory catalog in pages of
 * 100, with LanceDB's own `listNamespaces` calls and with this app's dir client
 * (`openDirNamespace`) on the same catalog, alternating rounds after a warm-up. Prints
 * per-round times, medians and their ratio (the app's overhead over LanceDB), and the
 * median of the per-round ratios.
 *
 * Run: npm run bench:dir-list
 */
import { performance } from 'node:perf_hooks'
import { connectNamespace } from '@lancedb/lancedb'
import { createChildNamespaces, makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { openDirNamespace } from '../src/catalog/dir/dir-namespace'
import { alternatingRounds, fmt, median, timeListing, type Lister } from './listing-rounds'

const TOTAL = 5_000
const PAGE = 100
const PARENT = ['big']
const WARMUP_ROUNDS = 2
const ROUNDS = 15

async function main(): Promise<void> {
  const root = await makeTempDir('lcb-bench-dir-list')
  try {
    const built = performance.now()
    const setup = await connectNamespace('dir', { root })
    await setup.createNamespace(PARENT)
    setup.close()
    await createChildNamespaces(root, PARENT, TOTAL, 'child')
    console.log(
      `Built a catalog with ${TOTAL.toLocaleString('en-US')} namespaces under "${PARENT.join('$')}" in ${((performance.now() - built) / 1000).toFixed(1)} s`
    )

    const ours = await openDirNamespace(root)
    const lance = await connectNamespace('dir', { root })
    const listOurs: Lister = async () => {
      let count = 0
      let pageToken: string | null = null
      do {
        const page = await ours.listNamespaces(PARENT, { pageToken, limit: PAGE })
        count += page.items.length
        pageToken = page.nextPageToken
      } while (pageToken)
      return count
    }
    const listLance: Lister = async () => {
      let count = 0
      let pageToken: string | undefined
      do {
        const page = await lance.listNamespaces(PARENT, pageToken ? { pageToken, limit: PAGE } : { limit: PAGE })
        count += page.namespaces.length
        pageToken = page.pageToken || undefined
      } while (pageToken)
      return count
    }

    try {
      console.log(`Listing them in pages of ${PAGE}: the app's dir client vs LanceDB's listNamespaces`)
      for (let i = 0; i < WARMUP_ROUNDS; i++) {
        await timeListing(listOurs, TOTAL)
        await timeListing(listLance, TOTAL)
      }
      const { ours: oursTimes, lance: lanceTimes } = await alternatingRounds(listOurs, listLance, ROUNDS, TOTAL)
      const oursMedian = median(oursTimes)
      const lanceMedian = median(lanceTimes)
      console.log(`\nmedian${fmt(oursMedian)} ${fmt(lanceMedian)}`)
      console.log(`ratio ours/LanceDB: ${(oursMedian / lanceMedian).toFixed(2)} (goal <= 1.10)`)
      // On a shared machine the load drifts between rounds; the two runs of one round see much the same load.
      const paired = median(oursTimes.map((ours, i) => ours / (lanceTimes[i] as number)))
      console.log(`median of per-round ratios: ${paired.toFixed(2)}`)
    } finally {
      await ours.close()
      lance.close()
    }
  } finally {
    await removeDir(root)
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  }
)
