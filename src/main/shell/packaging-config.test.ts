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

  it('leaves out none of the packages the app loads, nor the native builds they load', async () => {
    const config = await readJson('electron-builder.json')
    const pkg = await readJson('package.json')
    const excluded = (config['files'] as string[]).filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1))
    const dependencies = Object.keys(pkg['dependencies'] as Record<string, string>)
    // Their prebuilt binaries come as optional packages named for a platform (sharp's
    // @img/sharp-*, LanceDB's @lancedb/lancedb-*, @napi-rs/canvas-*); LanceDB's other optional
    // packages (embedding libraries the app does not use) may be left out.
    const binaries = (
      await Promise.all(
        dependencies.map(async (name) => Object.keys(((await readJson(`node_modules/${name}/package.json`))['optionalDependencies'] ?? {}) as object))
      )
    )
      .flat()
      .filter((name) => /linux|darwin|win32|freebsd|android|wasm/.test(name))
    const shipped = [...dependencies, ...binaries]
    const leftOut = shipped.filter((name) => excluded.some((pattern) => matchesPackage(pattern, name)))
    expect(leftOut).toEqual([])
    // sharp loads libvips from its own files, which cannot be loaded from inside the archive;
    // the PDF worker reads pdf.js's standard fonts by path.
    expect(config['asarUnpack']).toEqual(
      expect.arrayContaining(['**/node_modules/sharp/**/*', '**/node_modules/@img/**/*', '**/node_modules/pdfjs-dist/standard_fonts/**/*'])
    )
    // The patterns do match what they are meant to leave out.
    expect(excluded.some((pattern) => matchesPackage(pattern, '@huggingface/transformers'))).toBe(true)
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

// Whether an electron-builder `files` exclusion of a node_modules folder (`**`, then
// `/node_modules/@img/**`) covers package `name`, or its scope.
function matchesPackage(pattern: string, name: string): boolean {
  const inside = /node_modules\/(.+?)\/\*\*$/.exec(pattern)?.[1]
  if (!inside) return false
  const glob = new RegExp(`^${inside.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`)
  return glob.test(name) || glob.test(name.split('/')[0] ?? name)
}
