/**
 * Checks HTTP exchanges against the Lance REST spec (the OpenAPI document named by the
 * environment variable LANCE_NAMESPACE_SPEC; see README.md beside this file) with openapi-backend, an OpenAPI 3.1 request and response validator. Tests use it
 * two ways: the server-conformance test checks what the reference server answers, the
 * client-conformance test checks what the app's REST client sends. Test code only.
 */
import { existsSync, readFileSync } from 'node:fs'
import OpenAPIBackend, { type Document, type Operation } from 'openapi-backend'
import { it } from 'vitest'
import { parse } from 'yaml'

/** One request as it went over the wire. */
export interface SeenRequest {
  readonly method: string
  /** The path with its query string, as sent (`/v1/namespace/a%24b/list?limit=5`). */
  readonly url: string
  readonly contentType: string | undefined
  readonly body: Uint8Array
}

/** One response as it came back. */
export interface SeenResponse {
  readonly status: number
  readonly contentType: string | undefined
  readonly body: Uint8Array
}

/** A request to send to a server under test. */
export interface OutgoingRequest {
  readonly method: string
  /** The path with its query string, as sent. */
  readonly url: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string | Uint8Array<ArrayBuffer>
}

/** A server's answer with what the spec finds wrong in it. */
export interface CheckedAnswer {
  readonly status: number
  /** What is wrong with the answer by the spec; [] if nothing. */
  readonly problems: string[]
  readonly body: Uint8Array
}

/**
 * The spec file: the project does not carry a copy of the spec (it is the Lance project's
 * document, read for facts), so the conformance tests run where one is named.
 */
const SPEC_FILE = process.env['LANCE_NAMESPACE_SPEC'] ?? ''

/** True when the spec file is there to check against. */
export const SPEC_AVAILABLE = SPEC_FILE !== '' && existsSync(SPEC_FILE)

/** `it`, skipped (and so reported as skipped) when no spec file is named. */
export const itWithSpec: typeof it = it.skipIf(!SPEC_AVAILABLE) as typeof it

/** The spec loaded once, with its operations and validators. */
export class SpecCheck {
  private constructor(private readonly api: OpenAPIBackend) {}

  /** Loads the spec file; `quick` skips openapi-backend's own 3.0-only check of the document. */
  static async load(): Promise<SpecCheck> {
    const definition = parse(readFileSync(SPEC_FILE, 'utf8')) as Document
    const api = new OpenAPIBackend({ definition, quick: true, validate: true })
    await api.init()
    return new SpecCheck(api)
  }

  /** Every operation id of the spec. */
  operationIds(): string[] {
    return this.api.getOperations().flatMap((op) => (op.operationId ? [op.operationId] : []))
  }

  /** The spec operation a request is for, or undefined when the spec has no such route. */
  operationOf(method: string, url: string): Operation | undefined {
    const { pathname } = new URL(url, 'http://spec')
    return this.api.matchOperation({ method, path: pathname, headers: {} })
  }

  /** What is wrong with a request by the spec (route, parameters, body type and shape); [] if nothing. */
  requestProblems(request: SeenRequest): string[] {
    const operation = this.operationOf(request.method, request.url)
    if (!operation) return [`${request.method} ${request.url}: no operation of the spec has this route`]
    const where = `${operation.operationId} request`
    const problems: string[] = []
    const declared = operation.requestBody && 'content' in operation.requestBody ? operation.requestBody : undefined
    const type = mediaType(request.contentType)
    let body: unknown
    if (request.body.length > 0) {
      if (!declared) problems.push(`${where}: the spec gives this operation no body, but one was sent`)
      else if (!type || !(type in declared.content)) {
        problems.push(`${where}: body sent as "${type}", the spec takes ${Object.keys(declared.content).join(', ')}`)
      }
      if (type === 'application/json') body = parseJson(request.body, where, problems)
    } else if (declared?.required) {
      problems.push(`${where}: the spec requires a body, none was sent`)
    }
    const { pathname, search } = new URL(request.url, 'http://spec')
    const jsonBody = type === 'application/json' ? body : undefined
    const result = this.api.validateRequest(
      { method: request.method, path: pathname, query: search.slice(1), headers: { 'content-type': request.contentType ?? '' }, body: jsonBody ?? {} },
      operation
    )
    for (const error of result.errors ?? []) {
      // A binary body is checked by type above; the validator cannot read it.
      if (type !== 'application/json' && error.instancePath.startsWith('/requestBody')) continue
      problems.push(`${where}: ${error.instancePath || '(root)'} ${error.message ?? error.keyword}`)
    }
    return problems
  }

  /** Sends `request` to the server at `base` and checks its answer against the spec. */
  async exchange(base: string, request: OutgoingRequest): Promise<CheckedAnswer> {
    const { method, url } = request
    const response = await fetch(`${base}${url}`, { method, headers: request.headers, body: request.body })
    const body = new Uint8Array(await response.arrayBuffer())
    const problems = this.responseProblems({ method, url }, { status: response.status, contentType: response.headers.get('content-type') ?? undefined, body })
    return { status: response.status, problems, body }
  }

  /** What is wrong with a response to `request` by the spec (status, media type, JSON shape); [] if nothing. */
  responseProblems(request: Pick<SeenRequest, 'method' | 'url'>, response: SeenResponse): string[] {
    const operation = this.operationOf(request.method, request.url)
    if (!operation) return [`${request.method} ${request.url}: no operation of the spec has this route`]
    const where = `${operation.operationId} ${response.status}`
    const key = listedStatus(Object.keys(operation.responses ?? {}), response.status)
    if (key === undefined) return [`${where}: the spec lists no status ${response.status} for ${operation.operationId}`]
    const listed = operation.responses?.[key]
    const content = listed && 'content' in listed ? listed.content : undefined
    if (!content) return response.body.length === 0 ? [] : [`${where}: the spec gives no body for this status, but one was sent`]
    const type = mediaType(response.contentType)
    if (!type || !(type in content)) return [`${where}: answered as "${type}", the spec says ${Object.keys(content).join(', ')}`]
    if (type !== 'application/json') return []
    const problems: string[] = []
    const body = parseJson(response.body, where, problems)
    if (problems.length > 0) return problems
    const result = this.api.validator.validateResponse(body, operation, response.status)
    for (const error of result.errors ?? []) problems.push(`${where}: ${error.instancePath || '(root)'} ${error.message ?? error.keyword}`)
    return problems
  }
}

/** The response key the spec lists for a status: the status itself, its class (`5XX`) or `default`. */
function listedStatus(keys: readonly string[], status: number): string | undefined {
  return [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((key) => keys.includes(key))
}

function mediaType(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  return type === '' ? undefined : type
}

function parseJson(bytes: Uint8Array, where: string, problems: string[]): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'))
  } catch {
    problems.push(`${where}: the body is not JSON`)
    return undefined
  }
}
