/**
 * Reading request bodies and writing replies for the reference server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { CompressionType, RecordBatchFileWriter, tableToIPC } from 'apache-arrow'
import '../src/catalog/arrow-codecs'
import { ANSWER_IPC_BUDGET } from '../src/shared/arrow-preflight'
import { decodeArrowIpc } from '../src/shared/arrow-ipc-decode'
import { CatalogError } from '../src/shared/errors'
import { HttpStatusError, invalidRequest } from './errors'

/** The most a JSON request body may hold. */
export const MAX_JSON_BYTES = 1024 * 1024
/** The most an Arrow IPC request body may hold. */
export const MAX_ARROW_BYTES = 512 * 1024 * 1024

/** Media type of Arrow IPC streams. */
export const ARROW_STREAM_TYPE = 'application/vnd.apache.arrow.stream'
/** Media type of Arrow IPC files: the framing the spec gives query answers. */
export const ARROW_FILE_TYPE = 'application/vnd.apache.arrow.file'

/** A reply a handler returns; the server writes it. */
export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly kind: 'bytes'; readonly status: number; readonly contentType: string; readonly body: Uint8Array }
  | { readonly kind: 'empty'; readonly status: number }
  | { readonly kind: 'stream'; readonly status: number; readonly contentType: string; readonly body: AsyncIterable<Uint8Array> }

/** A JSON reply (200 unless told otherwise). */
export function json(body: unknown, status = 200): Reply {
  return { kind: 'json', status, body }
}

/** A reply with no body. */
export function empty(status = 200): Reply {
  return { kind: 'empty', status }
}

/** An Arrow IPC reply in file framing, from the stream the dir client reads, its batches LZ4-compressed if asked. */
export function arrowFile(stream: Uint8Array, compression: 'lz4' | null = null): Reply {
  const table = decodeArrowIpc(stream, ANSWER_IPC_BUDGET)
  const body =
    compression === 'lz4' ? RecordBatchFileWriter.writeAll(table, { compressionType: CompressionType.LZ4_FRAME }).toUint8Array(true) : tableToIPC(table, 'file')
  return { kind: 'bytes', status: 200, contentType: ARROW_FILE_TYPE, body }
}

/**
 * An Arrow IPC file reply written while `chunks` produces it. The first chunk is awaited
 * here, so a failure before any byte (a missing table, a bad filter) is still an error
 * reply; a failure later cuts the connection, which clients see as a broken answer.
 */
export async function streamedArrowFile(chunks: AsyncIterable<Uint8Array>): Promise<Reply> {
  const iterator = chunks[Symbol.asyncIterator]()
  const first = await iterator.next()
  async function* all(): AsyncGenerator<Uint8Array> {
    if (first.done) return
    yield first.value
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
  }
  return { kind: 'stream', status: 200, contentType: ARROW_FILE_TYPE, body: all() }
}

/** Reads the whole body, refusing more than `maxBytes` with a 413-style 400. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = chunk as Buffer
    size += buffer.length
    if (size > maxBytes) throw tooLarge(maxBytes)
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

/** Parses a JSON object body; an empty body is `{}`. */
export function parseJsonObject(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {}
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch (error) {
    throw invalidRequest(`The request body is not valid JSON: ${(error as Error).message}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidRequest('The request body must be a JSON object.')
  }
  return value as Record<string, unknown>
}

/**
 * Refuses (415) a JSON route's request whose Content-Type is not `application/json` (a
 * `+json` type or parameters such as `charset` are fine). Only a request with neither a
 * body nor a Content-Type may leave it out: that is how clients send bodiless POSTs.
 * Browsers send cross-site `text/plain` and form posts without asking first, so such a
 * body must never be read as a request.
 */
export function checkJsonContentType(contentType: string | undefined, bodyBytes: number): void {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (type === '' && bodyBytes === 0) return
  if (type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type)) return
  throw new HttpStatusError(
    415,
    'invalid_request',
    `This route takes a JSON body sent as "Content-Type: application/json", not ${type === '' ? 'a body without a Content-Type' : `"${type}"`}.`
  )
}

/** Writes a reply; JSON bodies are serialised with a trailing newline for curl users. */
export async function writeReply(res: ServerResponse, reply: Reply): Promise<void> {
  switch (reply.kind) {
    case 'json': {
      const text = `${JSON.stringify(reply.body)}\n`
      res.writeHead(reply.status, { ...reply.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
      res.end(text)
      return
    }
    case 'bytes':
      res.writeHead(reply.status, { 'content-type': reply.contentType, 'content-length': reply.body.byteLength })
      res.end(reply.body)
      return
    case 'empty':
      res.writeHead(reply.status, { 'content-length': 0 })
      res.end()
      return
    case 'stream':
      res.writeHead(reply.status, { 'content-type': reply.contentType })
      // pipeline waits for the client to take each chunk before the next is produced.
      await pipeline(Readable.from(reply.body, { objectMode: false }), res)
      return
  }
}

function tooLarge(maxBytes: number): CatalogError {
  return invalidRequest(`The request body is larger than this server accepts (${maxBytes} bytes).`)
}
