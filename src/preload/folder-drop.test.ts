import { describe, expect, it } from 'vitest'
import type { IpcResult } from '../shared/ipc-channels'
import type { ShellEvent } from '../shared/contract/shell-events'
import { watchFolderDrops, type DropTarget } from './folder-drop'

/** A drag event as the preload sees it (Node has Event, not DragEvent). */
function dragEvent(type: 'dragover' | 'drop', names: readonly string[]): Event {
  const event = new Event(type, { cancelable: true })
  const files = names.map((name) => ({ name }))
  Object.assign(event, { dataTransfer: { types: names.length > 0 ? ['Files'] : ['text/plain'], files } })
  return event
}

function setUp(answer: (path: string) => IpcResult<unknown>): { target: EventTarget; opened: string[]; events: ShellEvent[] } {
  const target = new EventTarget()
  const opened: string[] = []
  const events: ShellEvent[] = []
  watchFolderDrops<{ name: string }>(
    target as unknown as DropTarget<{ name: string }>,
    (file) => `/home/me/${file.name}`,
    async (path) => {
      opened.push(path)
      return answer(path)
    },
    (event) => events.push(event)
  )
  return { target, opened, events }
}

describe('folder drop', () => {
  it('accepts file drags, and opens each dropped folder as a catalog', async () => {
    const { target, opened, events } = setUp((path) => ({ ok: true, value: { id: `id-${path.split('/').pop()}` } }))
    const over = dragEvent('dragover', ['sales'])
    target.dispatchEvent(over)
    expect(over.defaultPrevented).toBe(true)
    const drop = dragEvent('drop', ['sales', 'hr'])
    target.dispatchEvent(drop)
    expect(drop.defaultPrevented).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(opened).toEqual(['/home/me/sales', '/home/me/hr'])
    expect(events).toEqual([
      { type: 'connection-opened', connectionId: 'id-sales' },
      { type: 'connection-opened', connectionId: 'id-hr' }
    ])
  })

  it('passes on what main says is wrong with a drop', async () => {
    const { target, events } = setUp(() => ({ ok: false, error: { code: 'invalid_request', message: '"a.csv" is a file, not a folder.' } }))
    target.dispatchEvent(dragEvent('drop', ['a.csv']))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(events).toEqual([{ type: 'problem', message: '"a.csv" is a file, not a folder.' }])
  })

  it('leaves alone drags without files and drops the page handled itself', async () => {
    const { target, opened } = setUp(() => ({ ok: true, value: { id: 'x' } }))
    const textOver = dragEvent('dragover', [])
    target.dispatchEvent(textOver)
    expect(textOver.defaultPrevented).toBe(false)
    const handled = dragEvent('drop', ['sales'])
    handled.preventDefault()
    target.dispatchEvent(handled)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(opened).toEqual([])
  })
})
