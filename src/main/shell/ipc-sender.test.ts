import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from './app-protocol'
import { isTrustedSender } from './ipc-sender'

const ours = { webContentsId: 7, isMainFrame: true, frameUrl: 'app://renderer/index.html' }

describe('IPC sender check', () => {
  it('accepts the main frame of our window on our origin', () => {
    expect(isTrustedSender(ours, 7, APP_ORIGIN)).toBe(true)
  })

  it('refuses subframes, other windows, other origins and gone frames', () => {
    expect(isTrustedSender({ ...ours, isMainFrame: false }, 7, APP_ORIGIN)).toBe(false)
    expect(isTrustedSender(ours, 8, APP_ORIGIN)).toBe(false)
    expect(isTrustedSender({ ...ours, frameUrl: 'https://evil.io/' }, 7, APP_ORIGIN)).toBe(false)
    expect(isTrustedSender({ ...ours, frameUrl: 'file:///opt/app/out/renderer/index.html' }, 7, APP_ORIGIN)).toBe(false)
    expect(isTrustedSender({ ...ours, frameUrl: undefined, isMainFrame: undefined }, 7, APP_ORIGIN)).toBe(false)
  })
})
