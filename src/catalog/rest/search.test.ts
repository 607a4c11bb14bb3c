/**
 * The REST client's search against a catalog with the spec's routes (a loopback server
 * answering spec-shaped bodies): the QueryTable body it sends, the plan in either form
 * (bare string as the REST binding says, or the `{ plan }` model), and the search info from
 * a paged ListTableIndices, with DescribeTableIndexStats for an index listed without type.
 */
import { describe, expect, it } from 'vitest'
import { openRestNamespace } from './rest-namespace'
import { sendJson, useTestServers, type SeenRequest } from '../../../test-kit/test-http-server'

const { serve, track } = useTestServers()
const table = { namespace: ['docs'], name: 'articles' }
const field = (name: string, type: object) => ({ name, nullable: true, type })
const schema = {
  fields: [
    field('id', { type: 'int64' }),
    field('text', { type: 'utf8' }),
    field('vector', { type: 'fixed_size_list', length: 3, fields: [field('item', { type: 'float32' })] }),
    field('image', { type: 'fixed_size_list', length: 2, fields: [field('item', { type: 'float32' })] })
  ]
}

function bodyOf(request: SeenRequest | undefined): Record<string, unknown> {
  return JSON.parse(request?.body.toString('utf8') ?? '{}') as Record<string, unknown>
}

describe('REST search', () => {
  it('sends a spec-shaped QueryTable body for a vector search with its filter and columns', async () => {
    const { url, requests } = await serve((_req, res) => sendJson(res, 400, { error: 'stop here', code: 13 }))
    const client = track(openRestNamespace({ uri: url }, { retryBaseDelayMs: 1 }))
    await client
      .table(table)
      .searchRows({
        query: { kind: 'vector', column: 'vector', vector: [1, 2, 3], distanceType: 'cosine', k: 7, nprobes: 4, refineFactor: 2 },
        columns: ['id'],
        filter: 'id > 1'
      })
      .catch(() => null)
    expect(requests[0]?.path).toBe('/v1/table/docs%24articles/query')
    expect(bodyOf(requests[0])).toEqual({
      id: ['docs', 'articles'],
      k: 7,
      vector: { single_vector: [1, 2, 3] },
      vector_column: 'vector',
      distance_type: 'cosine',
      nprobes: 4,
      refine_factor: 2,
      filter: 'id > 1',
      columns: { column_names: ['id', '_distance'] }
    })
    await client
      .table(table)
      .searchRows({ query: { kind: 'fts', text: 'quantum', k: 3 } })
      .catch(() => null)
    expect(bodyOf(requests[1])).toEqual({ id: ['docs', 'articles'], k: 3, vector: null, full_text_query: { string_query: { query: 'quantum' } } })
  })

  it('reads the plan as a bare JSON string or as { plan }', async () => {
    let answer: unknown = 'ProjectionExec: expr=[id]'
    const { url, requests } = await serve((_req, res) => sendJson(res, 200, answer))
    const client = track(openRestNamespace({ uri: url }))
    const spec = { query: { kind: 'fts' as const, text: 'x', k: 2 } }
    expect(await client.table(table).explainSearch(spec)).toBe('ProjectionExec: expr=[id]')
    expect(requests[0]?.path).toBe('/v1/table/docs%24articles/explain_plan')
    expect(bodyOf(requests[0])).toMatchObject({ id: ['docs', 'articles'], query: { k: 2, full_text_query: { string_query: { query: 'x' } } }, verbose: false })
    answer = { plan: 'LanceRead: uri=…' }
    expect(await client.table(table).explainSearch(spec)).toBe('LanceRead: uri=…')
    answer = { rows: 3 }
    await expect(client.table(table).explainSearch(spec)).rejects.toThrow('is not text')
  })

  it('finds vector and FTS columns from a paged index list, asking the stats of an index listed without type', async () => {
    const { url, requests } = await serve((req, res) => {
      if (req.path.endsWith('/describe')) return sendJson(res, 200, { location: '/x', version: 3, schema })
      if (req.path.endsWith('/stats') && !req.path.includes('/index/'))
        return sendJson(res, 200, { num_rows: 5, total_bytes: 10, fragment_stats: { num_fragments: 1 } })
      if (req.path.endsWith('/index/list')) {
        const token = (bodyOf(req)['page_token'] as string | undefined) ?? ''
        if (token === '')
          return sendJson(res, 200, {
            indexes: [{ index_name: 'vector_idx', index_uuid: 'u1', columns: ['vector'], status: 'ok', index_type: 'IVF_HNSW_SQ' }],
            page_token: 'p2'
          })
        return sendJson(res, 200, { indexes: [{ index_name: 'text_idx', index_uuid: 'u2', columns: ['text'], status: 'ok' }], page_token: null })
      }
      if (req.path.endsWith('/index/text_idx/stats')) return sendJson(res, 200, { index_type: 'INVERTED', num_indexed_rows: 5 })
      sendJson(res, 404, { error: 'no route', code: 13 })
    })
    const client = track(openRestNamespace({ uri: url }))
    expect(await client.table(table).searchInfo()).toEqual({
      vectorColumns: [
        { name: 'vector', dimension: 3, indexType: 'IVF_HNSW_SQ' },
        { name: 'image', dimension: 2, indexType: null }
      ],
      ftsColumns: ['text']
    })
    expect(requests.filter((r) => r.path.endsWith('/index/list'))).toHaveLength(2)
  })
})
