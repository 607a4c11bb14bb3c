/**
 * What one call to the browser-mode host costs on each of its two transports, the call
 * socket and HTTP, from Node and from the page in Chromium: a call that does next to
 * nothing (`connections:list`) and a page of 100 rows (`tables:readRows`, Arrow bytes
 * back). The host (`out/main/web-host.js`, its own process) serves a directory catalog
 * with one 5-row and one 100-row table. The two transports take turns in every round;
 * figures are medians (and 90th percentiles) of ROUNDS calls after WARMUP rounds.
 *
 * In the page the calls are sent as the app's client sends them (a text message on the
 * socket, a POST with the token header), and each answer is read to its last byte but
 * not decoded: decoding is the same whichever way the bytes came.
 *
 * Run: npm run bench:transport   (builds first; needs Chromium, as the e2e tests do)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumPath, startWebHost, stopProcess } from '../e2e/fixtures/launch'
import { buildNestedCatalog } from '../test-kit/lancedb-catalog'
import type { IpcResult } from '../src/shared/ipc-channels'
import { RPC_SOCKET_PATH, SocketCalls, socketProtocols } from '../src/shared/rpc-socket'
import { decodeWire, encodeWire } from '../src/shared/wire'
import { TOKEN_HEADER } from '../src/main/web/host'

const WARMUP = 50
const ROUNDS = 300

interface Call {
  readonly label: string
  readonly channel: string
  readonly request: unknown
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lcb-bench-transport-'))
  const root = join(dir, 'catalog')
  await buildNestedCatalog(root, { tables: { items: 5, hundred: 100 } })
  const { child, url } = await startWebHost(['--data-dir', join(dir, 'data'), '--dir', root])
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
  })
  try {
    const { origin, host, searchParams } = new URL(url)
    const token = searchParams.get('token') ?? ''
    const sockets = new SocketCalls(`ws://${host}${RPC_SOCKET_PATH}`, token, {
      ok: false,
      error: { code: 'unreachable', message: 'the host stopped answering' }
    })
    const overSocket = async (channel: string, request: unknown): Promise<IpcResult<unknown>> => {
      const result = await sockets.call(channel, request)
      if (!result) throw new Error('the call socket did not open')
      return result
    }
    const overHttp = async (channel: string, request: unknown): Promise<IpcResult<unknown>> => {
      const message = encodeWire(request)
      const response = await fetch(`${origin}/rpc/${channel}`, {
        method: 'POST',
        headers: { 'content-type': message.contentType, [TOKEN_HEADER]: token },
        body: Buffer.concat(message.parts)
      })
      return decodeWire(response.headers.get('content-type') ?? '', new Uint8Array(await response.arrayBuffer())) as IpcResult<unknown>
    }
    const listed = await overSocket('connections:list', {})
    const connectionId = listed.ok ? ((listed.value as { id: string }[])[0]?.id ?? '') : ''
    const calls: Call[] = [
      { label: 'connections:list', channel: 'connections:list', request: {} },
      {
        label: 'tables:readRows, 100 rows',
        channel: 'tables:readRows',
        request: { connectionId, table: { namespace: [], name: 'hundred' }, offset: 0, limit: 100 }
      }
    ]
    for (const call of calls) {
      const check = await overSocket(call.channel, call.request)
      if (!check.ok) throw new Error(`${call.label} failed: ${check.error.message}`)
    }

    console.log(`median (p90) of ${ROUNDS} calls after ${WARMUP} rounds, the transports taking turns`)
    for (const call of calls) {
      const [socket = [], http = []] = await alternate([() => overSocket(call.channel, call.request), () => overHttp(call.channel, call.request)])
      console.log(`Node, ${call.label}: socket ${summary(socket)}, HTTP ${summary(http)}`)
    }

    // The page: the app itself, loaded from the host; its own first calls settle first.
    const page = await (await browser.newContext()).newPage()
    await page.goto(url)
    await page.getByRole('tree').waitFor()
    for (const call of calls) {
      const [socket, http] = await page.evaluate(pageRounds, {
        socketUrl: `ws://${host}${RPC_SOCKET_PATH}`,
        origin,
        protocols: socketProtocols(token),
        token,
        tokenHeader: TOKEN_HEADER,
        channel: call.channel,
        request: call.request,
        warmup: WARMUP,
        rounds: ROUNDS
      })
      console.log(`Chromium, ${call.label}: socket ${summary(socket)}, HTTP ${summary(http)}`)
    }
  } finally {
    await browser.close()
    await stopProcess(child)
    await rm(dir, { recursive: true, force: true })
  }
}

/** Runs in the page: the same call over a socket of its own and over HTTP, taking turns. */
async function pageRounds(options: {
  socketUrl: string
  origin: string
  protocols: string[]
  token: string
  tokenHeader: string
  channel: string
  request: unknown
  warmup: number
  rounds: number
}): Promise<[number[], number[]]> {
  const socket = new WebSocket(options.socketUrl, options.protocols)
  socket.binaryType = 'arraybuffer'
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  // No named helpers inside: tsx would wrap them in a `__name` call the page does not have.
  let id = 1
  const body = JSON.stringify(options.request)
  const times: [number[], number[]] = [[], []]
  for (let round = 0; round < options.warmup + options.rounds; round++) {
    let begun = performance.now()
    await new Promise((resolve) => {
      socket.onmessage = resolve
      socket.send(JSON.stringify({ id: id++, channel: options.channel, request: options.request }))
    })
    if (round >= options.warmup) times[0].push(performance.now() - begun)
    begun = performance.now()
    const response = await fetch(`${options.origin}/rpc/${options.channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', [options.tokenHeader]: options.token },
      body
    })
    await response.arrayBuffer()
    if (round >= options.warmup) times[1].push(performance.now() - begun)
  }
  socket.close()
  return times
}

/** Runs the callers in turn, round after round; the times of each, warm-up left out. */
async function alternate(callers: readonly (() => Promise<unknown>)[]): Promise<number[][]> {
  const times = callers.map(() => [] as number[])
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const [index, caller] of callers.entries()) {
      const begun = performance.now()
      await caller()
      if (round >= WARMUP) times[index]?.push(performance.now() - begun)
    }
  }
  return times
}

function summary(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (p: number): string => (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(2)
  return `${at(0.5)} ms (${at(0.9)})`
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
