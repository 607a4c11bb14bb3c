import { describe, expect, it } from 'vitest'
import { OperationRegistry } from './operation-registry'

describe('the operation registry', () => {
  it('answers a waiting progress call as soon as the call reports, and once more when it ends', async () => {
    const operations = new OperationRegistry()
    let report: (status: string) => void = () => undefined
    let finish: () => void = () => undefined
    const running = operations.run('op-test-0001', (options) => {
      report = (status) => options.onTransaction?.({ transactionId: 'tx-1', status })
      return new Promise<string>((resolve) => (finish = () => resolve('done')))
    })
    const first = operations.progress('op-test-0001', 0)
    report('Running')
    expect(await first).toEqual({ state: 'pending', revision: 1, transaction: { transactionId: 'tx-1', status: 'Running' }, cancelRequested: false })
    const second = operations.progress('op-test-0001', 1)
    finish()
    expect(await running).toBe('done')
    expect(await second).toMatchObject({ state: 'finished', transaction: { status: 'Running' } })
  })

  it('aborts the call when cancelled, also when the cancel arrives before the call starts', async () => {
    const operations = new OperationRegistry()
    operations.cancel('op-test-0002')
    const aborted = await operations.run('op-test-0002', async (options) => options.signal?.aborted)
    expect(aborted).toBe(true)
    expect((await operations.progress('op-test-0002', 0)).cancelRequested).toBe(true)
  })

  it('refuses to run one id twice and answers an unknown id after the wait', async () => {
    const operations = new OperationRegistry()
    await operations.run('op-test-0003', async () => null)
    await expect(operations.run('op-test-0003', async () => null)).rejects.toMatchObject({ code: 'invalid_request' })
    expect(await operations.progress('op-test-never', 0, 5)).toEqual({ state: 'pending', revision: 0, transaction: null, cancelRequested: false })
    expect(await operations.run(undefined, async (options) => options.signal)).toBeUndefined()
  })
})
