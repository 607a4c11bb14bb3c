import { describe, expect, it } from 'vitest'
import type { CatalogApi } from '@shared/ipc-channels'
import { timedApi, useLastRequest } from './request-timing'

/** A stand-in transport: answers after the clock moved by `ms` (the api object is ours; the clock is injected). */
function fakeApi(clock: { now: number }, ms: number): CatalogApi {
  const answer = (ok: boolean) => async () => {
    clock.now += ms
    return ok ? { ok: true as const, value: null } : { ok: false as const, error: { code: 'internal' as const, message: 'no' } }
  }
  return {
    tables: { count: answer(true), drop: answer(false) },
    ui: { saveState: answer(true) },
    events: { subscribe: () => () => undefined }
  } as unknown as CatalogApi
}

describe('timedApi', () => {
  it('records the channel, latency and outcome of the last catalog request', async () => {
    const clock = { now: 1_000 }
    const api = timedApi(fakeApi(clock, 42), () => clock.now)
    useLastRequest.setState({ last: null })
    const result = await api.tables.count({ connectionId: 'c', table: { namespace: [], name: 't' } })
    expect(result).toEqual({ ok: true, value: null })
    expect(useLastRequest.getState().last).toEqual({ channel: 'tables:count', ms: 42, ok: true })
    await api.tables.drop({ connectionId: 'c', table: { namespace: [], name: 't' } })
    expect(useLastRequest.getState().last).toEqual({ channel: 'tables:drop', ms: 42, ok: false })
  })

  it('leaves the UI bookkeeping calls and the event subscription untimed', async () => {
    const clock = { now: 0 }
    const api = timedApi(fakeApi(clock, 5), () => clock.now)
    useLastRequest.setState({ last: null })
    await api.ui.saveState({ state: '{}' })
    expect(useLastRequest.getState().last).toBeNull()
    expect(typeof api.events.subscribe).toBe('function')
  })
})
