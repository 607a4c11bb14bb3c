import { describe, expect, it } from 'vitest'
import type { ShellEvent } from '@shared/contract/shell-events'
import { browserShellEvents } from './browser-shortcuts'

/** A keydown as the page gets it (Node has EventTarget and Event, not KeyboardEvent). */
function keydown(key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}): Event {
  const event = new Event('keydown', { cancelable: true })
  Object.assign(event, { key, code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods })
  return event
}

describe('browser-mode shortcuts', () => {
  it('turn the shared accelerators into command events while someone listens', () => {
    const target = new EventTarget() as unknown as Window
    const seen: ShellEvent[] = []
    const unsubscribe = browserShellEvents(target, false)((event) => seen.push(event))
    const f5 = keydown('F5')
    target.dispatchEvent(f5)
    target.dispatchEvent(keydown('n', { ctrlKey: true, altKey: true }))
    target.dispatchEvent(keydown('x'))
    expect(seen).toEqual([
      { type: 'command', command: 'refresh' },
      { type: 'command', command: 'new-connection' }
    ])
    // The browser's own F5 (reload) must not run too.
    expect(f5.defaultPrevented).toBe(true)
    unsubscribe()
    target.dispatchEvent(keydown('F5'))
    expect(seen).toHaveLength(2)
  })

  it('leave keys alone that the page already handled', () => {
    const target = new EventTarget() as unknown as Window
    const seen: ShellEvent[] = []
    browserShellEvents(target, false)((event) => seen.push(event))
    const handled = keydown('F5')
    handled.preventDefault()
    target.dispatchEvent(handled)
    expect(seen).toEqual([])
  })
})
