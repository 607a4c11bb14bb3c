/**
 * The catalog server's command line: flag parsing, and a real process that prints its URL,
 * serves the catalog and stops cleanly on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { buildNestedCatalog, makeTempDir, removeDir } from '../test-kit/lancedb-catalog'
import { startTestS3 } from '../test-kit/s3-server'
import { DEFAULT_PORT, parseCliArgs, UsageError, USAGE } from './cli-args'

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = 'server/cli.ts'

describe('parseCliArgs', () => {
  it('reads every flag, in both spellings, with repeats', () => {
    const args = parseCliArgs([
      '--root',
      'cat',
      '--port=0',
      '--api-key',
      'k1',
      '--api-key=k2:read',
      '--bearer',
      't:write',
      '--page-size',
      '5',
      '--host',
      '::1',
      '--verbose',
      '--metadata-only',
      '--allow-host',
      'catalog.internal',
      '--allow-host=[::1]'
    ])
    expect(args).toEqual({
      root: 'cat',
      port: 0,
      host: '::1',
      allowedHosts: ['catalog.internal', '[::1]'],
      apiKeys: [
        { secret: 'k1', access: 'write' },
        { secret: 'k2', access: 'read' }
      ],
      bearerTokens: [{ secret: 't', access: 'write' }],
      pageSize: 5,
      storageOptions: {},
      credentialLifetimeMs: null,
      oauth2Clients: [],
      tokenLifetimeMs: null,
      vendStorageOptions: null,
      slowTransactionsMs: null,
      verbose: true,
      metadataOnly: true,
      help: false
    })
    expect(parseCliArgs(['--root', 'x'])).toMatchObject({ port: DEFAULT_PORT, host: '127.0.0.1', allowedHosts: [], pageSize: null, metadataOnly: false })
    // Binding beyond loopback is an explicit opt-out.
    expect(parseCliArgs(['--root', 'x', '--host', '0.0.0.0']).host).toBe('0.0.0.0')
    // Only ":read" and ":write" are access suffixes; other colons belong to the key.
    expect(parseCliArgs(['--root', 'x', '--api-key', 'a:b:c']).apiKeys).toEqual([{ secret: 'a:b:c', access: 'write' }])
  })

  it('takes an object-store root with storage options, secrets from the environment', () => {
    const args = parseCliArgs(
      [
        '--root',
        's3://bucket/cat',
        '--storage',
        'region=us-east-1',
        '--storage=allow_http = true',
        '--storage-env',
        'aws_secret_access_key=LCB_TEST_SECRET',
        '--credential-lifetime',
        '900'
      ],
      { LCB_TEST_SECRET: 'from-env' }
    )
    expect(args).toMatchObject({
      root: 's3://bucket/cat',
      storageOptions: { region: 'us-east-1', allow_http: 'true', aws_secret_access_key: 'from-env' },
      credentialLifetimeMs: 900_000
    })
    const vending = parseCliArgs([
      '--root',
      's3://b',
      '--storage',
      'region=x',
      '--storage',
      'aws_access_key_id=K',
      '--vend-storage-option',
      'aws_access_key_id'
    ])
    expect(vending.vendStorageOptions).toEqual(['aws_access_key_id'])
    expect(parseCliArgs(['--root', 'x', '--slow-transactions', '1500']).slowTransactionsMs).toBe(1500)
  })

  it('takes keys, tokens and client secrets from the environment, never from the command line', () => {
    const env = { LCB_TEST_KEY: 'key-from-env', LCB_TEST_TOKEN: 'token-from-env', LCB_TEST_CLIENT: 'client-secret' }
    const args = parseCliArgs(
      ['--root', 'x', '--api-key-env', 'LCB_TEST_KEY:read', '--bearer-env=LCB_TEST_TOKEN', '--oauth2-client-env', 'browser:LCB_TEST_CLIENT'],
      env
    )
    expect(args.apiKeys).toEqual([{ secret: 'key-from-env', access: 'read' }])
    expect(args.bearerTokens).toEqual([{ secret: 'token-from-env', access: 'write' }])
    expect(args.oauth2Clients).toMatchObject([{ id: 'browser', secret: 'client-secret' }])
    expect(() => parseCliArgs(['--root', 'x', '--api-key-env', 'LCB_SURELY_UNSET_VARIABLE'], env)).toThrow(
      /--api-key-env: the environment variable LCB_SURELY_UNSET_VARIABLE is not set/
    )
    expect(() => parseCliArgs(['--root', 'x', '--api-key-env', 'not a name'], env)).toThrow(/must be "VARIABLE", "VARIABLE:read" or "VARIABLE:write"/)
    expect(USAGE).toMatch(/--api-key-env VARIABLE/)
  })

  it.each([
    [[], /--root DIR is required/],
    [['--root'], /--root needs a value/],
    [['--root', 'x', '--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['--root', 'x', '--port', 'abc'], /--port must be a whole number/],
    [['--root', 'x', '--page-size', '0'], /--page-size must be a whole number from 1/],
    [['--root', 'x', '--host', 'example.com'], /binds an IP address .* or localhost, not "example.com"/],
    [['--root', 'x', '--allow-host', 'name:8080'], /--allow-host takes a host name or address without a port/],
    [['--root', 'x', '--api-key', ':read'], /--api-key: .*no secret/],
    [['--root', 'x', '--colour'], /Unknown option --colour/],
    [['--root', 'x', 'extra'], /Unexpected argument "extra"/],
    [['--root', 'ftp://host/cat'], /--root ftp:\/\/host\/cat: "ftp:\/\/" is not a storage the app opens/],
    [['--root', 's3://'], /Name the bucket/],
    [['--root', 'x', '--storage', 'region=us-east-1'], /apply to an object-store --root .* only/],
    [['--root', 's3://b', '--storage', 'no-equals'], /--storage: A storage option is written "name=value"/],
    [['--root', 's3://b', '--storage-env', 'aws_secret_access_key=LCB_SURELY_UNSET_VARIABLE'], /LCB_SURELY_UNSET_VARIABLE is not set/],
    [['--root', 's3://b', '--storage-env', 'aws_secret_access_key=not a name'], /must be "name=VARIABLE"/],
    [['--root', 's3://b', '--credential-lifetime', '60'], /--credential-lifetime needs storage options/],
    [['--root', 's3://b', '--storage', 'region=x', '--vend-storage-option', 'endpoint'], /--vend-storage-option endpoint names no --storage/],
    [['--root', 's3://b', '--storage', 'region=x', '--credential-lifetime', '0'], /--credential-lifetime must be a whole number from 1/]
  ])('rejects %j with a clear message', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError)
    expect(() => parseCliArgs(argv)).toThrow(message)
  })
})

describe('the catalog-server process', () => {
  let root: string | null = null
  let running: ChildProcess | null = null

  afterEach(async () => {
    // A failed assertion must not leave a server behind.
    if (running && running.exitCode === null && running.signalCode === null) killTree(running, 'SIGKILL')
    running = null
    if (root) await removeDir(root)
    root = null
  })

  it('prints its URL, serves the catalog and shuts down cleanly on SIGTERM (npx tsx)', async () => {
    root = await makeTempDir('cli-npx')
    await buildNestedCatalog(root, { tables: { visits: 2 }, namespaces: { analytics: {} } })
    // npm exec does not pass SIGTERM on to its child, so the test signals the whole
    // process group, as a terminal or process supervisor would.
    running = spawn('npx', ['tsx', CLI, '--root', root, '--port', '0'], { cwd: PROJECT_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const output = collect(running)
    const url = await listeningUrl(output)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

    const listing = await fetch(`${url}/v1/namespace/%24/list`)
    expect(await listing.json()).toEqual({ namespaces: ['analytics'] })

    killTree(running, 'SIGTERM')
    await exited(running)
    expect(output.stdout()).toContain('Catalog server stopped.')
    await expect(fetch(`${url}/v1/namespace/%24/list`)).rejects.toThrow()
  })

  it('exits 0 when tsx itself gets SIGTERM, and 2 on a usage error', async () => {
    root = await makeTempDir('cli-tsx')
    const tsx = createRequire(import.meta.url).resolve('tsx/cli')
    running = spawn(process.execPath, [tsx, CLI, '--root', root, '--port', '0'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    const output = collect(running)
    const url = await listeningUrl(output)
    expect((await fetch(`${url}/v1/namespace/%24/list`)).status).toBe(200)
    running.kill('SIGTERM')
    expect(await exited(running)).toEqual({ code: 0, signal: null })

    const bad = spawn(process.execPath, [tsx, CLI, '--root', root, '--port', 'seven'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    const badOutput = collect(bad)
    expect(await exited(bad)).toEqual({ code: 2, signal: null })
    expect(badOutput.stderr()).toContain('--port must be a whole number')
    expect(badOutput.stderr()).toContain('Usage: npm run catalog-server')
  })

  it('serves a catalog on an S3-compatible store with --storage options, the secret key from the environment', async () => {
    const s3 = await startTestS3()
    try {
      const s3Root = `s3://${s3.bucket}/served`
      await buildNestedCatalog(s3Root, { namespaces: { sales: { tables: { orders: 2 } } } }, s3.storageOptions)
      const { aws_secret_access_key: secret, ...plain } = s3.storageOptions
      const flags = Object.entries(plain).flatMap(([name, value]) => ['--storage', `${name}=${value}`])
      const tsx = createRequire(import.meta.url).resolve('tsx/cli')
      running = spawn(process.execPath, [tsx, CLI, '--root', s3Root, ...flags, '--storage-env', 'aws_secret_access_key=LCB_TEST_S3_SECRET', '--port', '0'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, LCB_TEST_S3_SECRET: secret },
        stdio: ['ignore', 'pipe', 'pipe']
      })
      const output = collect(running)
      const url = await listeningUrl(output)
      expect(await (await fetch(`${url}/v1/namespace/sales/table/list`)).json()).toEqual({ tables: ['orders'] })
      const described = (await (
        await fetch(`${url}/v1/table/sales%24orders/describe`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
      ).json()) as {
        location: string
        storage_options: Record<string, string>
      }
      expect(described.location).toMatch(/^s3:\/\/bucket\/served\//)
      expect(described.storage_options).toEqual(s3.storageOptions)
      running.kill('SIGTERM')
      expect(await exited(running)).toEqual({ code: 0, signal: null })
    } finally {
      await s3.close()
    }
  })
})

interface Output {
  stdout(): string
  stderr(): string
  readonly child: ChildProcess
}

function collect(child: ChildProcess): Output {
  let out = ''
  let err = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  return { stdout: () => out, stderr: () => err, child }
}

/** Resolves with the URL from the "listening" line, or rejects if the process ends first. */
function listeningUrl(output: Output): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const match = /Catalog server listening on (\S+)/.exec(output.stdout())
      if (match) {
        output.child.stdout?.off('data', check)
        resolve(match[1] as string)
      }
    }
    output.child.stdout?.on('data', check)
    output.child.once('exit', (code) => reject(new Error(`The server exited (${code}) before listening:\n${output.stderr()}`)))
    check()
  })
}

/**
 * Resolves once the process has exited and its output pipes are closed, i.e. every
 * process that shares them (npx's children included) has exited too.
 */
function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const done = child.stdout?.readableEnded !== false && child.stderr?.readableEnded !== false
  if (done && (child.exitCode !== null || child.signalCode !== null)) return Promise.resolve({ code: child.exitCode, signal: child.signalCode })
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })))
}

function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    // Detached children lead their own process group; others are signalled alone.
    process.kill(child.spawnargs[0] === 'npx' ? -child.pid : child.pid, signal)
  } catch {
    // Already gone.
  }
}
