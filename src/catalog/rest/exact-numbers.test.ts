/**
 * Versions, row counts and sizes past 2^53 (Lance keeps them as 64-bit integers): read
 * from a catalog's answers with every digit, and versions sent back with every digit.
 * The catalog is a real server on 127.0.0.1 that writes its JSON as text, since a JS
 * number could not even hold the values it answers.
 */
import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { openRestNamespace } from './rest-namespace'
import { sendText, startServer, type SeenRequest } from '../../../test-kit/test-http-server'

/** 2^53 + 1: the first integer a JS number cannot hold. */
const BIG = '9007199254740993'
/** 2^54 + 1. */
const BIGGER = '18014398509481985'
const SCHEMA = '{"fields":[{"name":"id","type":{"type":"int64"},"nullable":false}]}'
const table = { namespace: [], name: 'huge' }

function answer(res: ServerResponse, json: string): void {
  sendText(res, 200, json, 'application/json')
}

/** A catalog whose one table is at version BIG, with BIG rows in BIGGER bytes. */
async function hugeCatalog(countBody = BIG) {
  return startServer((req: SeenRequest, res) => {
    const action = req.path.split('/').slice(4).join('/')
    if (action === 'describe') return answer(res, `{"location":"/data/huge.lance","version":${BIG},"schema":${SCHEMA}}`)
    if (action === 'stats') return answer(res, `{"num_rows":${BIG},"total_bytes":${BIGGER},"fragment_stats":{"num_fragments":3}}`)
    if (action === 'count_rows') return answer(res, countBody)
    if (action === 'version/list') {
      return answer(res, `{"versions":[{"version":${BIG},"timestamp_millis":1700000000000,"metadata":{"total_rows":"${BIGGER}"}}]}`)
    }
    if (action === 'tags/list') return answer(res, `{"tags":{"top":{"version":${BIG},"manifestSize":1}}}`)
    if (action === 'restore' || action === 'tags/create') return answer(res, '{}')
    return sendText(res, 404, '{"error":"no such route","code":18}', 'application/json')
  })
}

describe('numbers past 2^53 over REST', () => {
  it('reads a version, row count and size past 2^53 with every digit', async () => {
    const server = await hugeCatalog()
    const client = openRestNamespace({ uri: server.url })
    try {
      const described = await client.table(table).describe()
      expect([described.version, described.rowCount, described.totalBytes]).toEqual([BIG, BIG, BIGGER])
      expect(await client.table(table).countRows()).toBe(BIG)
      expect(await client.table(table).listVersions()).toEqual([expect.objectContaining({ version: BIG, rows: BIGGER })])
      expect(await client.table(table).listTags()).toEqual([{ name: 'top', version: BIG }])
    } finally {
      await client.close()
      await server.close()
    }
  })

  it('reads a count past 2^53 given as { "count": n }', async () => {
    const server = await hugeCatalog(`{"count":${BIGGER}}`)
    const client = openRestNamespace({ uri: server.url })
    try {
      expect(await client.table(table).countRows()).toBe(BIGGER)
    } finally {
      await client.close()
      await server.close()
    }
  })

  it('sends a version past 2^53 back with every digit', async () => {
    const server = await hugeCatalog()
    const client = openRestNamespace({ uri: server.url })
    try {
      const described = await client.table(table).describeVersion(BIG)
      expect(described.version).toBe(BIG)
      expect(await client.table(table).countRowsAt(BIG)).toBe(BIG)
      expect(await client.table(table).restoreVersion(BIG)).toBe(BIG)
      await client.table(table).createTag('again', BIG)
      const sent = (action: string): string[] => server.requests.filter((r) => r.path.endsWith(`/${action}`)).map((r) => r.body.toString('utf8'))
      for (const action of ['describe', 'count_rows', 'restore', 'tags/create']) expect(sent(action).join('\n')).toContain(`"version":${BIG}`)
    } finally {
      await client.close()
      await server.close()
    }
  })
})
