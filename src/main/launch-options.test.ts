import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseLaunchArgs } from './launch-options'

describe('launch flags', () => {
  it('reads port, data dir and catalogs in order, headers going with their --rest', () => {
    const options = parseLaunchArgs([
      '--port', '8123',
      '--data-dir', 'data',
      '--rest', 'http://a.example', '--header', 'x-api-key: K1', '--header', 'x-service-database:  sales ',
      '--dir', 'cat',
      '--rest', 'https://b.example/base'
    ])
    expect(options.port).toBe(8123)
    expect(options.dataDir).toBe(resolve('data'))
    expect(options.connections).toEqual([
      { name: 'http://a.example', type: 'rest', properties: { uri: 'http://a.example', 'headers.x-api-key': 'K1', 'headers.x-service-database': 'sales' } },
      { name: 'cat', type: 'dir', properties: { root: resolve('cat') } },
      { name: 'https://b.example/base', type: 'rest', properties: { uri: 'https://b.example/base' } }
    ])
  })

  it('defaults to a free port and no catalogs', () => {
    expect(parseLaunchArgs([])).toEqual({ port: 0, dataDir: undefined, connections: [], noKeychain: false })
  })

  it('reads --no-keychain as a switch', () => {
    expect(parseLaunchArgs(['--no-keychain', '--dir', '/x'])).toMatchObject({ noKeychain: true, connections: [{ type: 'dir' }] })
  })

  it('ignores switches Electron or Chromium add', () => {
    expect(parseLaunchArgs(['--no-sandbox', '--dir', '/x']).connections).toHaveLength(1)
  })

  it('reads a --header-env value from the environment, so the key is not in the command line', () => {
    const env = { LCB_KEY: 'sk-from-env-3f9a', OTHER: 'x' }
    const options = parseLaunchArgs(['--rest', 'http://a.example', '--header-env', 'x-api-key=LCB_KEY', '--header', 'x-trace: 1'], env)
    expect(options.connections).toEqual([
      { name: 'http://a.example', type: 'rest', properties: { uri: 'http://a.example', 'headers.x-api-key': 'sk-from-env-3f9a', 'headers.x-trace': '1' } }
    ])
  })

  it.each([
    [['--header-env', 'x-api-key=K'], /--header-env must follow the --rest/],
    [['--rest', 'http://x', '--header-env', 'x-api-key'], /must be "Name=VARIABLE"/],
    [['--rest', 'http://x', '--header-env', 'x-api-key=1BAD'], /must be "Name=VARIABLE"/],
    [['--rest', 'http://x', '--header-env', 'x-api-key=LCB_UNSET'], /environment variable LCB_UNSET is not set or is empty/],
    [['--rest', 'http://x', '--header-env', 'x-api-key=LCB_EMPTY'], /environment variable LCB_EMPTY is not set or is empty/]
  ])('rejects --header-env %j with a message that says what to fix', (argv, message) => {
    expect(() => parseLaunchArgs(argv, { LCB_EMPTY: '' })).toThrow(message)
  })

  it.each([
    [['--header', 'a: b'], /--header must follow the --rest/],
    [['--rest', 'http://x', '--header', 'no-colon'], /"no-colon" is not a header/],
    [['--port', '70000'], /--port must be 0-65535/],
    [['--dir'], /--dir needs a value/],
    [['stray'], /Unexpected argument "stray"/]
  ])('rejects %j with a message that says what to fix', (argv, message) => {
    expect(() => parseLaunchArgs(argv)).toThrow(message)
  })
})
