/**
 * `npm run interop -- [VERSION] [--storage-version=V]`: walks the reference catalog server
 * with LanceDB's SDK at VERSION (the project's own when left out) through both of LanceDB's
 * REST clients, then checks that LanceDB at VERSION reads a table the app creates, in Lance
 * data storage version V (2.0 unless told; `default` for LanceDB's), in a directory
 * catalog that LanceDB made. Prints one line per step and a closing `N passed, N failed`.
 * Another version is installed from the npm registry into a scratch folder
 * (`$TMPDIR/lcb-interop/VERSION`, reused on later runs), never into the project. Exits 1
 * when a step fails.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startCatalogServer } from '../server'
import { walkLanceDb, type LanceDbSdk, type WalkMode, type WalkStep } from './lancedb-walk'
import { checkOldReader } from './old-reader-check'
import { DATA_STORAGE_VERSIONS, dataStorageVersion, type DataStorageVersion } from '../../src/shared/data-storage-version'

const API_KEY = 'interop-key'

async function main(): Promise<number> {
  const projectRequire = createRequire(import.meta.url)
  const projectVersion = packageVersion(projectRequire.resolve('@lancedb/lancedb'))
  const args = process.argv.slice(2)
  const flag = args.find((arg) => arg.startsWith('--storage-version='))
  const version = args.find((arg) => !arg.startsWith('--')) ?? projectVersion
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
    process.stderr.write(`interop: give a LanceDB version such as 0.26.2, not "${version}".\n`)
    return 2
  }
  const storage = storageVersionArg(flag === undefined ? '2.0' : flag.slice('--storage-version='.length))
  if (storage === null) {
    process.stderr.write(`interop: --storage-version takes default or one of ${DATA_STORAGE_VERSIONS.join(', ')}.\n`)
    return 2
  }
  const sdk = version === projectVersion ? (projectRequire('@lancedb/lancedb') as LanceDbSdk) : install(version)
  process.stdout.write(`LanceDB ${version} against the reference catalog server\n`)
  let passed = 0
  let failed = 0
  for (const mode of ['remote', 'namespace'] as const) {
    if (mode === 'namespace' && !sdk.connectNamespace) {
      process.stdout.write(`namespace skipped: LanceDB ${version} has no REST namespace client (connectNamespace)\n`)
      continue
    }
    for (const step of await walk(sdk, mode)) {
      if (step.ok) passed++
      else failed++
      process.stdout.write(`${mode.padEnd(9)} ${step.ok ? 'ok  ' : 'FAIL'} ${step.name.padEnd(22)} ${step.detail.slice(0, 110)}\n`)
    }
  }
  for (const step of await checkOldReader(sdk, version, storage === 'default' ? undefined : storage)) {
    if (step.ok) passed++
    else failed++
    process.stdout.write(`${'dir'.padEnd(9)} ${step.ok ? 'ok  ' : 'FAIL'} ${step.name.padEnd(36)} ${step.detail.slice(0, 100)}\n`)
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`)
  return failed === 0 ? 0 : 1
}

async function walk(sdk: LanceDbSdk, mode: WalkMode): Promise<WalkStep[]> {
  const root = await mkdtemp(path.join(tmpdir(), `lcb-interop-${mode}-`))
  const server = await startCatalogServer({ root, apiKeys: [API_KEY] })
  try {
    return await walkLanceDb(sdk, mode, { url: server.url, apiKey: API_KEY })
  } finally {
    await server.close()
    await rm(root, { recursive: true, force: true })
  }
}

/** A storage version argument: `default` or a version LanceDB writes; null if neither. */
function storageVersionArg(text: string): DataStorageVersion | 'default' | null {
  if (text === 'default') return text
  const parsed = dataStorageVersion.safeParse(text)
  return parsed.success ? parsed.data : null
}

/** The version in the package.json of the package that holds `entry`. */
function packageVersion(entry: string): string {
  let dir = path.dirname(entry)
  while (!existsSync(path.join(dir, 'package.json')) || !dir.endsWith(path.join('@lancedb', 'lancedb'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('The project has no @lancedb/lancedb installed; run npm install.')
    dir = parent
  }
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

/** LanceDB at `version`, installed (once) into a scratch folder with its own Arrow. */
function install(version: string): LanceDbSdk {
  const dir = path.join(tmpdir(), 'lcb-interop', version)
  if (!existsSync(path.join(dir, 'node_modules', '@lancedb', 'lancedb', 'package.json'))) {
    process.stdout.write(`Installing @lancedb/lancedb@${version} into ${dir} ...\n`)
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'lcb-interop', private: true }))
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', `@lancedb/lancedb@${version}`], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit']
    })
  }
  return createRequire(path.join(dir, 'package.json'))('@lancedb/lancedb') as LanceDbSdk
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`interop: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
)
