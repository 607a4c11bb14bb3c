import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildNestedCatalog } from '../../../test-kit/lancedb-catalog'
import { startTestS3, type TestS3 } from '../../../test-kit/s3-server'
import { storageProperties } from '../../shared/storage-options'
import { runConnectionTest } from './run-connection-test'

let s3: TestS3
beforeAll(async () => {
  s3 = await startTestS3()
  await buildNestedCatalog(`s3://${s3.bucket}/cat`, { tables: { words: 2 }, namespaces: { analytics: {} } }, s3.storageOptions)
})
afterAll(async () => {
  await s3?.close()
})

const test = (root: string, options: Record<string, string>) => runConnectionTest({ type: 'dir', properties: { root, ...storageProperties(options) } }, 'dir')

describe('testing a directory catalog on an object store', () => {
  it('passes when the bucket and prefix answer, and says what is there', async () => {
    const report = await test(`s3://${s3.bucket}/cat`, s3.storageOptions)
    expect(report).toMatchObject({ ok: true, kind: 'dir', target: `s3://${s3.bucket}/cat` })
    expect(report.steps.map((s) => [s.title, s.verdict])).toEqual([
      ['Root is an object-store address', 'ok'],
      ['Bucket and prefix answer', 'ok']
    ])
    expect(report.steps[1]?.message).toBe('Found 1 namespace and 1 table at the root.')
  })

  it('gives an "access denied" verdict for a wrong secret key, never showing the key', async () => {
    const report = await test(`s3://${s3.bucket}/cat`, { ...s3.storageOptions, aws_secret_access_key: 'wrong-secret-value' })
    expect(report.ok).toBe(false)
    const step = report.steps[1]
    expect(step).toMatchObject({
      verdict: 'forbidden',
      message: expect.stringMatching(/^Access denied/),
      serverMessage: expect.stringMatching(/^SignatureDoesNotMatch/)
    })
    expect(JSON.stringify(report)).not.toContain('wrong-secret-value')
  })

  it('says the bucket is missing', async () => {
    const report = await test('s3://no-such-bucket/cat', s3.storageOptions)
    expect(report.steps[1]).toMatchObject({ verdict: 'not_found', message: expect.stringMatching(/^Bucket missing/) })
  })

  it('says the endpoint is unreachable', async () => {
    const report = await test(`s3://${s3.bucket}/cat`, { ...s3.storageOptions, endpoint: 'http://127.0.0.1:9' })
    expect(report.steps[1]).toMatchObject({ verdict: 'unreachable', message: expect.stringMatching(/^Endpoint unreachable/) })
  })

  it('says the clocks differ when the store refuses the request time', async () => {
    const skewed = await startTestS3('bucket', 60 * 60 * 1000)
    try {
      const report = await test(`s3://${skewed.bucket}/cat`, skewed.storageOptions)
      expect(report.steps[1]).toMatchObject({
        verdict: 'failed',
        message: expect.stringMatching(/^Clock skew/),
        serverMessage: expect.stringMatching(/^RequestTimeTooSkewed/)
      })
    } finally {
      await skewed.close()
    }
  })

  it('refuses a scheme the app does not open, without touching the file system', async () => {
    const report = await test('ftp://host/cat', {})
    expect(report.steps).toEqual([expect.objectContaining({ verdict: 'failed', message: expect.stringContaining('"ftp://" is not a storage the app opens') })])
  })
})
