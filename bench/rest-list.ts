/**
 * Lists 100,000 child namespaces of the root through a loopback REST catalog, in pages of
 * 1,000, with our client (`openRestNamespace`) and with LanceDB's REST namespace client,
 * alternating rounds after a warm-up. Prints per-round times, medians and the ratio.
 *
 * Run: npx tsx bench/rest-list.ts   (or npm run bench:rest)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connectNamespace } from '@lancedb/lancedb'
import { openRestNamespace } from '../src/catalog/rest/rest-namespace'
import { alternatingRounds, fmt, median, timeListing, type Lister } from './listing-rounds'

const TOTAL = 100_000
const PAGE = 1_000
// Our client is JavaScript: V8 needs a few thousand requests to optimise the hot path,
// while LanceDB's client is native code. Compare the steady state, after both warm up.
const WARMUP_ROUNDS = 10
const ROUNDS = 7

const names = Array.from({ length: TOTAL }, (_, i) => `ns_${String(i).padStart(6, '0')}`)
// Answers are cached per (start, limit): the bench measures clients, not the server.
const answers = new Map<string, Buffer>()

function answer(start: number, limit: number): Buffer {
  const key = `${start}:${limit}`
  let body = answers.get(key)
  if (!body) {
    const end = Math.min(start + limit, TOTAL)
    body = Buffer.from(JSON.stringify({ namespaces: names.slice(start, end), page_token: end < TOTAL ? String(end) : null }))
    answers.set(key, body)
  }
  return body
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  if (req.method === 'GET' && (url.pathname === '/v1/namespace/%24/list' || url.pathname === '/v1/namespace/$/list')) {
    const start = Number(url.searchParams.get('page_token') ?? '0')
    const limit = Math.min(Number(url.searchParams.get('limit') ?? PAGE) || PAGE, PAGE)
    const body = answer(Number.isInteger(start) ? start : 0, limit)
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
    res.end(body)
    return
  }
  const body = JSON.stringify({ error: `no route ${req.method} ${url.pathname}`, code: 0 })
  res.writeHead(404, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

async function main(): Promise<void> {
  const server = createServer(handle)
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const ours = openRestNamespace({ uri })
  const lance = await connectNamespace('rest', { uri })

  const listOurs: Lister = async () => {
    let count = 0
    let pageToken: string | null = null
    do {
      const page = await ours.listNamespaces([], { pageToken, limit: PAGE })
      count += page.items.length
      pageToken = page.nextPageToken
    } while (pageToken)
    return count
  }
  const listLance: Lister = async () => {
    let count = 0
    let pageToken: string | undefined
    do {
      const page = await lance.listNamespaces([], pageToken ? { pageToken, limit: PAGE } : { limit: PAGE })
      count += page.namespaces.length
      pageToken = page.pageToken || undefined
    } while (pageToken)
    return count
  }

  try {
    console.log(`Listing ${TOTAL.toLocaleString('en')} namespaces in pages of ${PAGE} from ${uri}`)
    const warm = { ours: [] as number[], lance: [] as number[] }
    for (let i = 0; i < WARMUP_ROUNDS; i++) {
      warm.ours.push(await timeListing(listOurs, TOTAL))
      warm.lance.push(await timeListing(listLance, TOTAL))
    }
    console.log(`warm-up (${WARMUP_ROUNDS} rounds each): first ours ${fmt(warm.ours[0] as number)}, LanceDB ${fmt(warm.lance[0] as number)}`)
    const { ours: oursTimes, lance: lanceTimes } = await alternatingRounds(listOurs, listLance, ROUNDS, TOTAL)
    const oursMedian = median(oursTimes)
    const lanceMedian = median(lanceTimes)
    console.log(`\nmedian${fmt(oursMedian)} ${fmt(lanceMedian)}`)
    console.log(`ratio ours/LanceDB: ${(oursMedian / lanceMedian).toFixed(2)} (goal <= 1.00)`)
  } finally {
    await ours.close()
    lance.close()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  }
)
