/**
 * The single path every request takes in main, whatever the transport (Electron IPC or
 * the browser-mode host): find the channel, validate the request against its schema, run
 * the handler, and turn the outcome into a result value. Nothing thrown escapes.
 */
import { CHANNELS, type Channel, type IpcResult } from '../../shared/ipc-channels'
import { contract, type RequestOf, type ResponseOf } from '../../shared/ipc-contract'
import { toErrorValue } from '../../shared/errors'
import { maskKnownSecretsIn } from '../secrets/known-secrets'
import { logHiddenText } from './error-log'

/** One handler per channel, typed by the contract. */
export type HandlerTable = {
  readonly [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>>
}

/** True if `name` is a channel of the contract. */
export function isChannel(name: string): name is Channel {
  return (CHANNELS as readonly string[]).includes(name)
}

/** Validates and runs one request; always resolves to a result value. */
export async function dispatch(handlers: HandlerTable, channel: string, request: unknown): Promise<IpcResult<unknown>> {
  if (!isChannel(channel)) {
    return { ok: false, error: { code: 'invalid_request', message: `There is no channel "${channel.slice(0, 100)}".` } }
  }
  const parsed = contract[channel].request.safeParse(request ?? {})
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
      return `${where}${issue.message}`
    })
    return {
      ok: false,
      error: { code: 'invalid_request', message: `Invalid request for ${channel}: ${issues.join('; ')}`, details: { issues } }
    }
  }
  try {
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>
    return { ok: true, value: await handler(parsed.data) }
  } catch (error) {
    // The one place every error value crosses on its way to the page: no secret this
    // process knows leaves it in clear, whichever client or library wrote the text. The
    // log keeps what the page's copy leaves out (source locations, paths), masked too.
    const value = maskKnownSecretsIn(toErrorValue(error))
    logHiddenText(channel, error, value)
    return { ok: false, error: value }
  }
}
