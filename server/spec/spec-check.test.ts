/**
 * The spec checker finds what the conformance tests rely on it to find: the reference
 * server's former deviations each produce a problem, and spec-shaped exchanges none.
 */
import { beforeAll, describe, expect } from 'vitest'
import { SpecCheck, SPEC_AVAILABLE, itWithSpec } from './spec-check'

let spec: SpecCheck
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text)
const jsonAnswer = (status: number, body: unknown) => ({ status, contentType: 'application/json', body: bytes(JSON.stringify(body)) })

beforeAll(async () => {
  if (!SPEC_AVAILABLE) return
  spec = await SpecCheck.load()
})

describe('responses', () => {
  const create = { method: 'POST', url: '/v1/namespace/a/create' }

  itWithSpec('accepts spec-shaped answers', () => {
    expect(spec.responseProblems(create, jsonAnswer(200, {}))).toEqual([])
    expect(spec.responseProblems(create, jsonAnswer(409, { error: 'exists', code: 2 }))).toEqual([])
    expect(
      spec.responseProblems(
        { method: 'POST', url: '/v1/table/t/query' },
        { status: 200, contentType: 'application/vnd.apache.arrow.file', body: bytes('ARROW1') }
      )
    ).toEqual([])
  })

  itWithSpec('finds a null where the schema says object, a status the operation does not list, and the wrong Arrow framing', () => {
    expect(spec.responseProblems(create, jsonAnswer(200, { properties: null }))).toEqual([expect.stringContaining('/properties must be object')])
    expect(spec.responseProblems({ method: 'POST', url: '/v1/table/t/query' }, jsonAnswer(406, { code: 0 }))).toEqual([
      expect.stringContaining('lists no status 406')
    ])
    expect(spec.responseProblems({ method: 'GET', url: '/v1/table' }, jsonAnswer(404, { code: 0 }))).toEqual([expect.stringContaining('lists no status 404')])
    const stream = { status: 200, contentType: 'application/vnd.apache.arrow.stream', body: bytes('x') }
    expect(spec.responseProblems({ method: 'POST', url: '/v1/table/t/query' }, stream)).toEqual([
      expect.stringContaining('the spec says application/vnd.apache.arrow.file')
    ])
    expect(spec.responseProblems({ method: 'POST', url: '/v1/table/t/describe' }, jsonAnswer(200, { stats: { num_rows: 3 } }))).toEqual([
      expect.stringContaining("must have required property 'num_deleted_rows'")
    ])
  })
})

describe('requests', () => {
  const sent = (method: string, url: string, body?: string, contentType = 'application/json') => ({
    method,
    url,
    contentType: body === undefined ? undefined : contentType,
    body: bytes(body ?? '')
  })

  itWithSpec('accepts spec-shaped requests', () => {
    expect(spec.requestProblems(sent('GET', '/v1/namespace/a%24b/list?delimiter=%24&limit=5'))).toEqual([])
    expect(spec.requestProblems(sent('POST', '/v1/table/t/describe?load_detailed_metadata=true', '{"id":["t"]}'))).toEqual([])
    expect(spec.requestProblems(sent('POST', '/v1/table/t/create?mode=create', 'arrow', 'application/vnd.apache.arrow.stream'))).toEqual([])
    expect(spec.requestProblems(sent('POST', '/v1/table/t/drop'))).toEqual([])
  })

  itWithSpec('finds a missing body, a body of the wrong type, a bad field and an unknown route', () => {
    expect(spec.requestProblems(sent('POST', '/v1/namespace/a/create'))).toEqual([expect.stringContaining('requires a body')])
    expect(spec.requestProblems(sent('POST', '/v1/namespace/a/create', '{}', 'text/plain'))).toEqual([expect.stringContaining('body sent as "text/plain"')])
    expect(spec.requestProblems(sent('POST', '/v1/table/t/query', '{"vector":null,"k":"ten"}'))).toEqual([expect.stringContaining('/requestBody/k')])
    expect(spec.requestProblems(sent('GET', '/v1/namespace/a/lsit'))).toEqual([expect.stringContaining('no operation of the spec')])
  })
})
