import { describe, expect, it } from 'vitest'
import { CallGates, GATE_BUDGETS, throughGate, type GateTicket } from './call-gates'

const budgets = {
  ...GATE_BUDGETS,
  rowReads: { running: 3, runningPerCaller: 2, waiting: 3, waitingPerCaller: 2 }
}

/** Resolves to the ticket, or to 'waiting' when it has not come within a turn of the event loop. */
async function settledSoon(ticket: Promise<GateTicket>): Promise<GateTicket | 'waiting'> {
  return Promise.race([ticket, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 20))])
}

describe('CallGates', () => {
  it('lets a channel without a gate through at once, however many run', async () => {
    const gates = new CallGates({ budgets })
    const tickets = await Promise.all(Array.from({ length: 10_000 }, () => gates.enter('app:info', 'tab')))
    expect(tickets.every((ticket) => ticket.ok)).toBe(true)
    expect(gates.gated('app:info')).toBe(false)
  })

  it('gates every row read, import and export start', () => {
    const gates = new CallGates()
    for (const channel of ['tables:readRows', 'versions:readRows', 'search:rows', 'tables:create', 'profiles:import', 'export:start']) {
      expect(gates.gated(channel), channel).toBe(true)
    }
  })

  it('runs at most runningPerCaller for one caller, so another caller gets the rest at once', async () => {
    const gates = new CallGates({ budgets })
    const a1 = await gates.enter('tables:readRows', 'a')
    const a2 = await gates.enter('versions:readRows', 'a')
    const a3 = gates.enter('search:rows', 'a')
    expect(await settledSoon(a3)).toBe('waiting')
    const b1 = await settledSoon(gates.enter('tables:readRows', 'b'))
    expect(b1).toMatchObject({ ok: true })
    // Full overall now: b's next waits, and a's waiting call is not first in line for b's slot.
    const b2 = gates.enter('tables:readRows', 'b')
    if (!(a1.ok && a2.ok && b1 !== 'waiting' && b1.ok)) throw new Error('expected slots')
    b1.release()
    expect(await settledSoon(b2)).toMatchObject({ ok: true })
    expect(await settledSoon(a3)).toBe('waiting')
    a1.release()
    expect(await settledSoon(a3)).toMatchObject({ ok: true })
  })

  it('gives a freed slot to the waiting caller running fewest, before one that came earlier', async () => {
    const gates = new CallGates({ budgets })
    const b1 = await gates.enter('tables:readRows', 'b')
    await gates.enter('tables:readRows', 'b')
    await gates.enter('tables:readRows', 'a')
    const a2 = gates.enter('tables:readRows', 'a')
    const c1 = gates.enter('tables:readRows', 'c')
    if (!b1.ok) throw new Error('expected a slot')
    b1.release()
    expect(await settledSoon(c1)).toMatchObject({ ok: true })
    expect(await settledSoon(a2)).toBe('waiting')
  })

  it('refuses past the waiting budgets with a throttled error that names them', async () => {
    const gates = new CallGates({ budgets })
    for (let i = 0; i < 2; i++) await gates.enter('tables:readRows', 'a')
    void gates.enter('tables:readRows', 'a')
    void gates.enter('tables:readRows', 'a')
    expect(await gates.enter('tables:readRows', 'a')).toEqual({
      ok: false,
      error: {
        code: 'throttled',
        message: 'Refused: this window or tab already has 2 row reads running and 2 waiting. Try again once they have answered.',
        details: { gate: 'rowReads', running: 3, runningPerCaller: 2, waiting: 3, waitingPerCaller: 2 }
      }
    })
    await gates.enter('tables:readRows', 'b')
    void gates.enter('tables:readRows', 'b')
    expect(await gates.enter('tables:readRows', 'c')).toMatchObject({
      ok: false,
      error: { code: 'throttled', message: 'Refused: the app already has 3 row reads running and 3 waiting. Try again once they have answered.' }
    })
  })

  it('drops a waiting call whose caller left, freeing its place', async () => {
    const gates = new CallGates({ budgets })
    for (let i = 0; i < 2; i++) await gates.enter('tables:readRows', 'a')
    const left = new AbortController()
    const waiting = gates.enter('tables:readRows', 'a', left.signal)
    left.abort()
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    expect(await settledSoon(gates.enter('tables:readRows', 'a'))).toBe('waiting')
    expect(await settledSoon(gates.enter('tables:readRows', 'a'))).toBe('waiting')
  })

  it('holds an export slot until its job has ended, and refuses a third export meanwhile', async () => {
    let end = (): void => undefined
    const job = new Promise<void>((resolve) => (end = resolve))
    const gates = new CallGates({ holds: { 'export:start': () => job } })
    const started = (): Promise<{ ok: true; value: { id: string } }> => Promise.resolve({ ok: true, value: { id: 'x' } })
    expect(await throughGate(gates, 'export:start', 'tab', started)).toMatchObject({ ok: true })
    expect(await throughGate(gates, 'export:start', 'tab', started)).toMatchObject({ ok: true })
    expect(await throughGate(gates, 'export:start', 'tab', started)).toMatchObject({ ok: false, error: { code: 'throttled' } })
    end()
    await job
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await throughGate(gates, 'export:start', 'tab', started)).toMatchObject({ ok: true })
  })
})
