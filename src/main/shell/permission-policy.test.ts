import { describe, expect, it } from 'vitest'
import { APP_ORIGIN } from './app-protocol'
import { permissionAllowed } from './permission-policy'

const page = { url: 'app://renderer/index.html', isMainFrame: true }

describe('permission policy', () => {
  it('grants the clipboard write to the app page only', () => {
    expect(permissionAllowed('clipboard-sanitized-write', page, APP_ORIGIN)).toBe(true)
    expect(permissionAllowed('clipboard-sanitized-write', { url: 'app://renderer' }, APP_ORIGIN)).toBe(true)
    expect(permissionAllowed('clipboard-sanitized-write', { url: 'https://evil.io/', isMainFrame: true }, APP_ORIGIN)).toBe(false)
    expect(permissionAllowed('clipboard-sanitized-write', { ...page, isMainFrame: false }, APP_ORIGIN)).toBe(false)
  })

  it('denies everything else, even to the app page', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'midi',
      'midiSysex',
      'pointerLock',
      'fullscreen',
      'openExternal',
      'hid',
      'serial',
      'usb',
      'display-capture',
      'idle-detection',
      'storage-access',
      'unknown'
    ]) {
      expect(permissionAllowed(permission, page, APP_ORIGIN), permission).toBe(false)
    }
  })
})
