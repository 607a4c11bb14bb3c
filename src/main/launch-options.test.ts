import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseLaunchArgs } from './launch-options'

describe('launch flags', () => {
  it('reads port, data dir and catalogs in order, headers going with their --rest', () => {
    const options = parseLaunchArgs([
      '--port',
      '8123',
      '--data-dir',
      'data',
      '--rest',
      'http://a.example',
      '--header',
      'x-api-key: K1',
      '--header',
      'x-service-database:  sales ',
      '--dir',
      'cat',
      '--rest',
      'https://b.example/base'
    ])
    expect(options.port).toBe(8123)
    expect(options.dataDir).toBe(resolve('data'))
    expect(options.connections).toEqual([
      { name: 'http://a.example', type: 'rest', properties: { uri: 'http://a.example', 'headers.x-api-key': 'K1', 'headers.x-service-database': 'sales' } },
      { name: 'cat', type: 'dir', properties: { root: resolve('cat') } },
      { name: 'https://b.example/base', type: 'rest', properties: { uri: 'https://b.example/base' } }
    ])
  })

  it('leaves the port to the last run and opens no catalogs by default', () => {
    expect(parseLaunchArgs([])).toEqual({ port: undefined, dataDir: undefined, connections: [], noKeychain: false })
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

  it('reads --local-locations for the --rest before it, and refuses other values', () => {
    const options = parseLaunchArgs([
      '--rest',
      'http://a.example',
      '--local-locations',
      'open',
      '--rest',
      'http://127.0.0.1:2333',
      '--local-locations',
      'refuse',
      '--rest',
      'http://c.example'
    ])
    expect(options.connections.map((spec) => spec.properties['allow_local_locations'])).toEqual(['true', 'false', undefined])
    expect(() => parseLaunchArgs(['--rest', 'http://a.example', '--local-locations', 'yes'])).toThrow(/--local-locations takes open or refuse, not "yes"/)
    expect(() => parseLaunchArgs(['--local-locations', 'open'])).toThrow(/must follow the --rest/)
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

  it('keeps an object-store --dir as given, with its --storage options, never as a local path', () => {
    const env = { LCB_S3_SECRET: 'secret-from-env-77' }
    const options = parseLaunchArgs(
      [
        '--dir',
        's3://bucket/cat',
        '--storage',
        'region=us-east-1',
        '--storage',
        'endpoint = http://127.0.0.1:9000',
        '--storage-env',
        'aws_secret_access_key=LCB_S3_SECRET',
        '--dir',
        'gs://b2'
      ],
      env
    )
    expect(options.connections).toEqual([
      {
        name: 'cat',
        type: 'dir',
        properties: {
          root: 's3://bucket/cat',
          'storage.region': 'us-east-1',
          'storage.endpoint': 'http://127.0.0.1:9000',
          'storage.aws_secret_access_key': 'secret-from-env-77'
        }
      },
      { name: 'b2', type: 'dir', properties: { root: 'gs://b2' } }
    ])
  })

  it('gives a --rest its own --storage options, for the table locations its catalog returns', () => {
    const options = parseLaunchArgs(
      [
        '--rest',
        'http://127.0.0.1:2333',
        '--header',
        'x-tenant: a',
        '--storage',
        'endpoint=http://127.0.0.1:9000',
        '--storage-env',
        'aws_secret_access_key=LCB_S3_SECRET',
        '--dir',
        's3://b2'
      ],
      { LCB_S3_SECRET: 'secret-from-env-78' }
    )
    expect(options.connections).toEqual([
      {
        name: 'http://127.0.0.1:2333',
        type: 'rest',
        properties: {
          uri: 'http://127.0.0.1:2333',
          'headers.x-tenant': 'a',
          'storage.endpoint': 'http://127.0.0.1:9000',
          'storage.aws_secret_access_key': 'secret-from-env-78'
        }
      },
      { name: 'b2', type: 'dir', properties: { root: 's3://b2' } }
    ])
  })

  it.each([
    [['--storage', 'region=x'], /--storage must follow the --dir or --rest/],
    [['--storage-env', 'aws_secret_access_key=LCB_S3_SECRET'], /--storage-env must follow the --dir or --rest/],
    [['--dir', 's3://b', '--storage', 'just-a-secret-value'], /written "name=value"/],
    [['--dir', 's3://b', '--storage', '=v'], /needs a name/],
    [['--dir', 's3://b', '--storage-env', 'aws_secret_access_key=LCB_UNSET'], /LCB_UNSET is not set/],
    [['--dir', 'ftp://host/cat'], /"ftp:\/\/" is not a storage the app opens/],
    [['--dir', 's3:/bucket/cat'], /Write the address as s3:\/\/bucket\/prefix/],
    [['--dir', 's3://'], /Name the bucket/]
  ])('rejects %j with a message that says what to fix', (argv, message) => {
    expect(() => parseLaunchArgs(argv)).toThrow(message)
  })

  it('never echoes a --storage value it cannot read', () => {
    expect(() => parseLaunchArgs(['--dir', 's3://b', '--storage', 'sk-12345-secret'])).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('sk-12345') })
    )
  })
})

describe('OAuth2 flags after --rest', () => {
  const env = { LCB_CLIENT_SECRET: 'cs-from-env-1234' }
  it('become oauth2.* properties of that connection, the secret from the environment', () => {
    const { connections } = parseLaunchArgs(
      [
        '--rest',
        'http://127.0.0.1:2333',
        '--oauth2-client-id',
        'app',
        '--oauth2-client-secret-env',
        'LCB_CLIENT_SECRET',
        '--oauth2-scope',
        'catalog',
        '--rest',
        'http://other'
      ],
      env
    )
    expect(connections.map((c) => c.properties)).toEqual([
      { uri: 'http://127.0.0.1:2333', 'oauth2.client_id': 'app', 'oauth2.client_secret': 'cs-from-env-1234', 'oauth2.scope': 'catalog' },
      { uri: 'http://other' }
    ])
  })

  it('refuse an unset variable, a half configuration, a bad token URL and flags without a --rest, naming the flag', () => {
    expect(() => parseLaunchArgs(['--rest', 'http://h', '--oauth2-client-id', 'app', '--oauth2-client-secret-env', 'UNSET_VAR'], env)).toThrow(
      /UNSET_VAR is not set/
    )
    expect(() => parseLaunchArgs(['--rest', 'http://h', '--oauth2-client-id', 'app'], env)).toThrow(
      /needs both --oauth2-client-id and --oauth2-client-secret-env/
    )
    expect(() => parseLaunchArgs(['--rest', 'http://h', '--oauth2-token-url', 'ftp://x'], env)).toThrow(/^--oauth2-token-url ftp:\/\/x: Write the token URL/)
    expect(() => parseLaunchArgs(['--oauth2-client-id', 'app'], env)).toThrow(/--oauth2-client-id must follow the --rest/)
  })
})
