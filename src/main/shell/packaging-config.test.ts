import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const root = new URL('../../../', import.meta.url)
const readJson = async (path: string): Promise<Record<string, unknown>> => JSON.parse(await readFile(new URL(path, root), 'utf8')) as Record<string, unknown>

describe('packaging configuration (electron-builder.json)', () => {
  it('sets every fuse the app relies on', async () => {
    const config = await readJson('electron-builder.json')
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false
    })
    // onlyLoadAppFromAsar and integrity validation mean nothing without an asar.
    expect(config['asar']).toBe(true)
  })

  it('builds AppImage and deb, dmg, and NSIS', async () => {
    const config = await readJson('electron-builder.json')
    const targets = (platform: string): unknown => (config[platform] as { target?: unknown } | undefined)?.target
    expect(targets('linux')).toEqual(['AppImage', 'deb'])
    expect(targets('mac')).toEqual(['dmg'])
    expect(targets('win')).toEqual(['nsis'])
  })

  it('ships the built app, the README and an icon large enough for every platform', async () => {
    const config = await readJson('electron-builder.json')
    const pkg = await readJson('package.json')
    expect(config['files']).toContain('out/**/*')
    expect(String(pkg['main'])).toMatch(/^out\//)
    expect(config['extraResources']).toContainEqual({ from: 'README.md', to: 'README.md' })
    const icon = await readFile(new URL(String(config['icon']), root))
    expect([...icon.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
    // IHDR width and height: macOS wants at least 512x512.
    expect(icon.readUInt32BE(16)).toBeGreaterThanOrEqual(512)
    expect(icon.readUInt32BE(20)).toBe(icon.readUInt32BE(16))
    expect(String((pkg['scripts'] as Record<string, string>)['package'])).toContain('electron-builder --config electron-builder.json')
  })

  it("passes electron-builder's own schema check", async () => {
    const config = await readJson('electron-builder.json')
    const require = createRequire(import.meta.url)
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>
    }
    const { DebugLogger } = require('builder-util') as { DebugLogger: new () => unknown }
    await expect(validateConfiguration(config, new DebugLogger())).resolves.toBeUndefined()
    await expect(validateConfiguration({ ...config, electronFuses: { runAsNode: 'no' } }, new DebugLogger())).rejects.toThrow(/electronFuses/)
  })
})
