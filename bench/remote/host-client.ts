/**
 * Talking to the browser-mode host as the renderer does: each call goes over the host's
 * call socket with the page's own client (`SocketCalls`), or as a POST to
 * `/rpc/<channel>` with the run's token when the socket does not take it, answered by
 * the same handler table the desktop app binds to IPC. Also reads the host's memory from /proc.
 */
import { readFile } from 'node:fs/promises'
import type { ConnectionSummary } from '../../src/shared/catalog-types'
import type { IpcResult } from '../../src/shared/ipc-channels'
import { RPC_SOCKET_PATH, SocketCalls } from '../../src/shared/rpc-socket'
import { decodeWire, encodeWire } from '../../src/shared/wire'

/** One call to the host: the channel's value, or a thrown error with the host's message. */
export type HostCall = (channel: string, request: unknown) => Promise<unknown>

/** A caller for the host at `url` (the address with `?token=` the host prints). */
export function hostCaller(url: string): HostCall {
  const { origin, host, searchParams } = new URL(url)
  const token = searchParams.get('token') ?? ''
  const sockets = new SocketCalls(`ws://${host}${RPC_SOCKET_PATH}`, token, { ok: false, error: { code: 'unreachable', message: 'the host stopped answering' } })
  const overHttp = async (channel: string, request: unknown): Promise<IpcResult<unknown>> => {
    const message = encodeWire(request)
    const response = await fetch(`${origin}/rpc/${channel}`, {
      method: 'POST',
      headers: { 'content-type': message.contentType, 'x-catalog-token': token },
      body: Buffer.concat(message.parts)
    })
    return decodeWire(response.headers.get('content-type') ?? '', new Uint8Array(await response.arrayBuffer())) as IpcResult<unknown>
  }
  return async (channel, request) => {
    const result = (await sockets.call(channel, request)) ?? (await overHttp(channel, request))
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`)
    return result.value
  }
}

/** The id of the host's connection whose target is `target`. */
export async function connectionFor(call: HostCall, target: string): Promise<string> {
  const connections = (await call('connections:list', {})) as readonly ConnectionSummary[]
  const found = connections.find((connection) => connection.target.replace(/\/$/, '') === target.replace(/\/$/, ''))
  if (!found) throw new Error(`The host has no connection to ${target}; it has ${connections.map((c) => c.target).join(', ')}.`)
  return found.id
}

/** A process's resident memory now and at its peak, in MiB (Linux); null elsewhere. */
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number } | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const rss = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
  const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
  return rss && peak ? { rss: Number(rss) / 1024, peak: Number(peak) / 1024 } : null
}
