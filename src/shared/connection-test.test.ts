import { describe, expect, it } from 'vitest'
import { formatTestReport, type ConnectionTestReport } from './connection-test'

describe('the copied test report', () => {
  it('lists each step with its request, status, latency and verdict', () => {
    const report: ConnectionTestReport = {
      ok: false,
      kind: 'enterprise',
      target: 'https://db.example.com',
      testedAt: '2025-01-01T00:00:00.000Z',
      steps: [
        {
          title: 'Connectivity (list tables)',
          request: { method: 'GET', url: 'https://db.example.com/v1/tables?limit=1', headers: { 'x-api-key': '••••3f9a' } },
          status: 200,
          latencyMs: 12,
          verdict: 'ok',
          message: 'Connected.'
        },
        {
          title: 'Write access (create without data)',
          request: { method: 'POST', url: 'https://db.example.com/v1/tables/p', headers: { 'x-api-key': '••••3f9a' } },
          status: 403,
          latencyMs: 9,
          verdict: 'forbidden',
          message: 'Write denied (HTTP 403).',
          serverMessage: 'read-only key'
        }
      ]
    }
    const text = formatTestReport(report)
    expect(text).toContain('Connection test (enterprise) of https://db.example.com')
    expect(text).toContain('failed')
    expect(text).toContain('1. Connectivity (list tables): OK\n   GET https://db.example.com/v1/tables?limit=1\n   x-api-key: ••••3f9a\n   HTTP 200, 12 ms')
    expect(text).toContain('2. Write access (create without data): Not allowed')
    expect(text).toContain('HTTP 403, 9 ms')
    expect(text).toContain('Server said: read-only key')
  })

  it('leaves the status out of steps that made no request', () => {
    const text = formatTestReport({
      ok: true,
      kind: 'dir',
      target: '/data',
      testedAt: 'now',
      steps: [{ title: 'Root exists', latencyMs: 1, verdict: 'ok', message: 'Found /data.' }]
    })
    expect(text).toContain('1. Root exists: OK\n   1 ms\n   Found /data.')
  })
})
