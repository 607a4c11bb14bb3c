/**
 * The gates in front of every call that moves table data in bulk, with their budgets in one
 * place. A gate lets a few such calls run at once, for all callers together and for each
 * caller (a desktop window, a browser tab's call socket, an HTTP connection); a few more
 * wait, and the rest are refused at once with an error that says so. Memory then stays near
 * `running` pages or imports however many calls arrive, and one caller cannot take every
 * slot from the others.
 *
 * The gates are taken by each transport's binding, not inside `dispatch`, because only the
 * binding knows who the caller is and when an answer has been handed over: `bind-electron.ts`
 * (the window; the answer is Electron's once the handler resolves), the browser-mode host
 * for HTTP calls and downloads (the response closing) and `web/socket-calls.ts` for the call
 * socket (`ws`'s send callback, or the tab closed for not reading). Both modes therefore run
 * every bulk channel through the same budgets.
 */
import type { Channel, IpcResult } from '../../shared/ipc-channels'
import type { ErrorValue } from '../../shared/errors'

/** How many calls of one kind may run and wait. */
export interface GateBudget {
  /** Calls running at once, all callers together. */
  readonly running: number
  /** Calls running at once for one caller. */
  readonly runningPerCaller: number
  /** Calls waiting for a slot, all callers together; one more is refused. */
  readonly waiting: number
  /** Calls waiting for a slot for one caller; one more is refused. */
  readonly waitingPerCaller: number
}

/**
 * The budgets. Row reads answer pages of up to 16 MiB (READ_PAGE_MAX_BYTES), so three at
 * once stay under about 150 MB with their copies; a tab reading ahead has two running and
 * the third is another tab's. A waiting call holds only its request (at most 1 MiB on the
 * socket, unread over HTTP); a grid reads a handful of pages ahead, and 40 leave room for
 * a burst of small ones. An import holds its body (up to 512 MiB over HTTP) while it
 * runs. An export holds its slot until its job has finished (where the transport can tell),
 * and waits for none: a second export while two run is refused rather than left hanging.
 * A download streams a finished export's file from disk. A column profile holds two pages
 * (its read and its worker's) while it runs, which may be long: one per caller. A
 * maintenance run (optimize, clean-up) rewrites or deletes a table's files and cannot be
 * stopped once started: one per caller, and few waiting.
 */
export const GATE_BUDGETS = {
  rowReads: { running: 3, runningPerCaller: 2, waiting: 64, waitingPerCaller: 40 },
  imports: { running: 2, runningPerCaller: 1, waiting: 8, waitingPerCaller: 2 },
  exports: { running: 2, runningPerCaller: 2, waiting: 0, waitingPerCaller: 0 },
  downloads: { running: 4, runningPerCaller: 1, waiting: 0, waitingPerCaller: 0 },
  profiles: { running: 2, runningPerCaller: 1, waiting: 4, waitingPerCaller: 2 },
  maintenance: { running: 2, runningPerCaller: 1, waiting: 2, waitingPerCaller: 1 }
} as const satisfies Readonly<Record<string, GateBudget>>

/** A gate's name. */
export type GateName = keyof typeof GATE_BUDGETS

/**
 * The channels that move data in bulk, by gate: every kind of row read (the grid, an older
 * version, a search's rows), every import (a table's rows, a profiles file) and the start
 * of an export (whose job pages through the whole table). Counts, plans and listings answer
 * a few values and pass ungated.
 */
const GATED_CHANNELS: Readonly<Partial<Record<Channel, GateName>>> = {
  'tables:readRows': 'rowReads',
  'versions:readRows': 'rowReads',
  'search:rows': 'rowReads',
  // Reads the search's rows again when they are no longer kept, and makes their thumbnails.
  'search:media': 'rowReads',
  'media:cells': 'rowReads',
  'media:value': 'rowReads',
  // A profile reads up to a million rows, a page at a time, while it runs.
  'columns:profile': 'profiles',
  // A map reads up to MAP_MAX_POINTS vectors and lays them out while it runs; its values read as many cells.
  'map:layout': 'profiles',
  'map:values': 'rowReads',
  'tables:create': 'imports',
  // A commit of edits carries and writes up to 100,000 rows, as an import does.
  'tables:commitEdits': 'imports',
  'profiles:import': 'imports',
  'export:start': 'exports',
  // Optimize and clean-up rewrite a table's files, and LanceDB cannot stop them once started.
  'health:maintain': 'maintenance',
  // Comparing by a key reads every row's key and address at two versions (2 million values for a million rows).
  'changes:count': 'profiles',
  // A page of changed rows answers up to CHANGED_ROWS_MAX_BYTES of Arrow at each of two versions.
  'changes:rows': 'rowReads'
}

/** What the gates say to a call: run, then `release` once the answer is handed over; or the refusal to answer. */
export type GateTicket = { readonly ok: true; readonly release: () => void } | { readonly ok: false; readonly error: ErrorValue }

/** Who makes calls: any value that stays the same for one window, socket or connection. */
export type Caller = object | string | number

/** Holds a channel's slot past its answer until the returned promise settles (an export until its job ends). */
export type HoldAfterAnswer = (value: unknown) => Promise<unknown> | null

const WHAT: Readonly<Record<GateName, string>> = {
  rowReads: 'row reads',
  imports: 'imports',
  exports: 'exports',
  downloads: 'downloads',
  profiles: 'column profiles',
  maintenance: 'table maintenance runs'
}

/** The gates of one run (one per transport binding). */
export class CallGates {
  readonly #gates: ReadonlyMap<GateName, Gate>
  readonly #holds: Readonly<Partial<Record<Channel, HoldAfterAnswer>>>

  constructor(options: { budgets?: Readonly<Record<GateName, GateBudget>>; holds?: Readonly<Partial<Record<Channel, HoldAfterAnswer>>> } = {}) {
    const budgets = options.budgets ?? GATE_BUDGETS
    this.#gates = new Map((Object.keys(budgets) as GateName[]).map((name) => [name, new Gate(name, budgets[name])]))
    this.#holds = options.holds ?? {}
  }

  /** True when `channel` passes a gate. */
  gated(channel: string): boolean {
    return gateOf(channel) !== null
  }

  /**
   * Waits for a slot of `channel`'s gate (at once for an ungated channel). A refusal answers
   * at once; a wait that `signal` aborts answers `cancelled`.
   */
  enter(channel: string, caller: Caller, signal?: AbortSignal): Promise<GateTicket> {
    const name = gateOf(channel)
    return name ? this.enterGate(name, caller, signal) : Promise.resolve(NO_GATE)
  }

  /** As `enter`, for a gate by name (downloads, which are no channel). */
  enterGate(name: GateName, caller: Caller, signal?: AbortSignal): Promise<GateTicket> {
    const gate = this.#gates.get(name)
    return gate ? gate.enter(caller, signal) : Promise.resolve(NO_GATE)
  }

  /**
   * `ticket.release` once the answer `result` of `channel` is handed over, or later if the
   * channel holds its slot past the answer (an export's job).
   */
  releaseAfter(channel: string, result: IpcResult<unknown>, release: () => void): () => void {
    const hold = result.ok ? this.#holds[channel as Channel]?.(result.value) : null
    if (!hold) return release
    return () => void hold.finally(release)
  }
}

/** Runs one call through its gate and `run`, releasing the slot when `run` has answered. */
export async function throughGate(gates: CallGates, channel: string, caller: Caller, run: () => Promise<IpcResult<unknown>>): Promise<IpcResult<unknown>> {
  const ticket = await gates.enter(channel, caller)
  if (!ticket.ok) return { ok: false, error: ticket.error }
  let result: IpcResult<unknown> = { ok: false, error: { code: 'internal', message: 'The call did not answer.' } }
  try {
    result = await run()
    return result
  } finally {
    gates.releaseAfter(channel, result, ticket.release)()
  }
}

const NO_GATE: GateTicket = { ok: true, release: () => undefined }

function gateOf(channel: string): GateName | null {
  return Object.hasOwn(GATED_CHANNELS, channel) ? (GATED_CHANNELS[channel as Channel] ?? null) : null
}

interface Waiter {
  readonly caller: Caller
  readonly grant: () => void
}

/** One gate: counts running and waiting calls, overall and per caller, and hands slots out fairly. */
class Gate {
  readonly #name: GateName
  readonly #budget: GateBudget
  #running = 0
  readonly #runningBy = new Map<Caller, number>()
  readonly #waiting: Waiter[] = []
  readonly #waitingBy = new Map<Caller, number>()

  constructor(name: GateName, budget: GateBudget) {
    this.#name = name
    this.#budget = budget
  }

  enter(caller: Caller, signal?: AbortSignal): Promise<GateTicket> {
    if (signal?.aborted) return Promise.resolve(cancelled())
    if (this.#mayRun(caller)) return Promise.resolve(this.#start(caller))
    const refusal = this.#refusal(caller)
    if (refusal) return Promise.resolve({ ok: false, error: refusal })
    return new Promise((resolve) => {
      const onAbort = (): void => {
        const index = this.#waiting.indexOf(waiter)
        if (index < 0) return
        this.#waiting.splice(index, 1)
        count(this.#waitingBy, caller, -1)
        resolve(cancelled())
      }
      const waiter: Waiter = {
        caller,
        grant: () => {
          signal?.removeEventListener('abort', onAbort)
          resolve(this.#start(caller))
        }
      }
      this.#waiting.push(waiter)
      count(this.#waitingBy, caller, 1)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  #mayRun(caller: Caller): boolean {
    return this.#running < this.#budget.running && (this.#runningBy.get(caller) ?? 0) < this.#budget.runningPerCaller
  }

  #refusal(caller: Caller): ErrorValue | null {
    const what = WHAT[this.#name]
    const { running, runningPerCaller, waiting, waitingPerCaller } = this.#budget
    const details = { gate: this.#name, running, runningPerCaller, waiting, waitingPerCaller }
    if ((this.#waitingBy.get(caller) ?? 0) >= waitingPerCaller) {
      const message = `Refused: this window or tab already has ${runningPerCaller} ${what} running and ${waitingPerCaller} waiting. Try again once they have answered.`
      return { code: 'throttled', message, details }
    }
    if (this.#waiting.length >= waiting) {
      const message = `Refused: the app already has ${running} ${what} running and ${waiting} waiting. Try again once they have answered.`
      return { code: 'throttled', message, details }
    }
    return null
  }

  #start(caller: Caller): GateTicket {
    this.#running++
    count(this.#runningBy, caller, 1)
    let released = false
    return {
      ok: true,
      release: () => {
        if (released) return
        released = true
        this.#running--
        count(this.#runningBy, caller, -1)
        this.#next()
      }
    }
  }

  /**
   * Starts a waiting call whose caller is under its own budget, so a caller at its limit
   * does not hold up the others: of the callers running fewest, the one waiting longest.
   */
  #next(): void {
    if (this.#running >= this.#budget.running) return
    let index = -1
    let fewest = Infinity
    this.#waiting.forEach((waiter, at) => {
      const running = this.#runningBy.get(waiter.caller) ?? 0
      if (running < fewest && this.#mayRun(waiter.caller)) [index, fewest] = [at, running]
    })
    if (index < 0) return
    const [waiter] = this.#waiting.splice(index, 1)
    if (!waiter) return
    count(this.#waitingBy, waiter.caller, -1)
    waiter.grant()
  }
}

function count(counts: Map<Caller, number>, caller: Caller, change: number): void {
  const next = (counts.get(caller) ?? 0) + change
  if (next > 0) counts.set(caller, next)
  else counts.delete(caller)
}

function cancelled(): GateTicket {
  return { ok: false, error: { code: 'cancelled', message: 'The call was dropped while it waited: its window or tab went away.' } }
}
