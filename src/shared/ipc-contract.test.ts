import { describe, expect, it } from 'vitest'
import { CHANNELS } from './ipc-channels'
import { contract } from './ipc-contract'

describe('the IPC contract', () => {
  it('defines exactly the channels the preload exposes', () => {
    expect(Object.keys(contract).sort()).toEqual([...CHANNELS].sort())
  })

  it('names every channel domain:verb', () => {
    for (const channel of CHANNELS) expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/)
  })
})
