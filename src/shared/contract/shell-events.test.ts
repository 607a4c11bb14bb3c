import { describe, expect, it } from 'vitest'
import { ACCELERATORS, APP_COMMANDS, commandForKeyPress, isShellEvent, matchesAccelerator } from './shell-events'

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; alt?: boolean; shift?: boolean; code?: string } = {}) => ({
  key,
  code: mods.code,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false
})

describe('accelerators', () => {
  it('maps CmdOrCtrl to Ctrl, or to Cmd on macOS, and needs exactly the listed modifiers', () => {
    expect(matchesAccelerator('CmdOrCtrl+Alt+N', press('n', { ctrl: true, alt: true }), false)).toBe(true)
    expect(matchesAccelerator('CmdOrCtrl+Alt+N', press('n', { meta: true, alt: true }), true)).toBe(true)
    expect(matchesAccelerator('CmdOrCtrl+Alt+N', press('n', { ctrl: true, alt: true }), true)).toBe(false)
    expect(matchesAccelerator('CmdOrCtrl+Alt+N', press('n', { ctrl: true }), false)).toBe(false)
    expect(matchesAccelerator('CmdOrCtrl+Alt+N', press('n', { ctrl: true, alt: true, shift: true }), false)).toBe(false)
    expect(matchesAccelerator('F5', press('F5'), false)).toBe(true)
    expect(matchesAccelerator('F5', press('F5', { ctrl: true }), false)).toBe(false)
  })

  it('matches letters by physical key when Alt changes the character (macOS Option+N is "˜")', () => {
    expect(matchesAccelerator('CmdOrCtrl+Alt+N', press('˜', { meta: true, alt: true, code: 'KeyN' }), true)).toBe(true)
    expect(matchesAccelerator('CmdOrCtrl+Alt+N', press('˜', { meta: true, alt: true, code: 'KeyM' }), true)).toBe(false)
  })

  it('finds the page command of a key press; plain typing is no command', () => {
    expect(commandForKeyPress(press('F5'), false)).toBe('refresh')
    expect(commandForKeyPress(press('w', { ctrl: true, alt: true }), false)).toBe('close-tab')
    expect(commandForKeyPress(press('/', { ctrl: true }), false)).toBe('keyboard-shortcuts')
    expect(commandForKeyPress(press('k', { ctrl: true, code: 'KeyK' }), false)).toBe('command-palette')
    expect(commandForKeyPress(press('k', { meta: true, code: 'KeyK' }), true)).toBe('command-palette')
    expect(commandForKeyPress(press('F', { ctrl: true, shift: true, code: 'KeyF' }), false)).toBe('find-in-catalog')
    expect(commandForKeyPress(press('n'), false)).toBeUndefined()
    expect(commandForKeyPress(press('o', { ctrl: true }), false)).toBeUndefined()
  })

  it('gives every page command an accelerator, none of them a browser-reserved one', () => {
    for (const command of APP_COMMANDS) expect(ACCELERATORS[command]).toBeTruthy()
    const reserved = ['CmdOrCtrl+N', 'CmdOrCtrl+W', 'CmdOrCtrl+T', 'CmdOrCtrl+Shift+N', 'CmdOrCtrl+Shift+W', 'CmdOrCtrl+Shift+T']
    for (const command of APP_COMMANDS) expect(reserved).not.toContain(ACCELERATORS[command])
  })
})

describe('shell events', () => {
  it('accepts the three event shapes and nothing else', () => {
    expect(isShellEvent({ type: 'command', command: 'refresh' })).toBe(true)
    expect(isShellEvent({ type: 'connection-opened', connectionId: 'abc' })).toBe(true)
    expect(isShellEvent({ type: 'problem', message: 'x is a file' })).toBe(true)
    expect(isShellEvent({ type: 'command', command: 'rm-rf' })).toBe(false)
    expect(isShellEvent({ type: 'connection-opened', connectionId: '' })).toBe(false)
    expect(isShellEvent({ type: 'eval', code: '1' })).toBe(false)
    expect(isShellEvent(null)).toBe(false)
    expect(isShellEvent('refresh')).toBe(false)
  })
})
