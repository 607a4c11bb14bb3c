import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Channel } from '../../shared/ipc-channels'
import type { ProfileDraft } from '../../shared/profile-types'
import type { ProfilesState } from '../../shared/contract/profiles'
import { setUpApp, type AppCore } from '../app-setup'
import { callHandler } from '../ipc/call-handler'
import { openKeyring, openLibsecretKeychain } from './libsecret-keychain'
import { SECRETS_FILE } from './secret-store'

// A stand-in for libsecret's secret-tool (an OS tool, not our code), with the exit codes
// and output of the real one: `lookup` prints the secret and exits 0, exits 1 silently
// when nothing matches, and exits 1 with "secret-tool: <message>" on stderr when it fails.
// `fail` holds how many calls fail next (a locked keyring); `empty` makes lookups find
// nothing (a reset or not yet unlocked keyring). Every call is logged.
const FAKE_SECRET_TOOL = `#!/bin/sh
state="$FAKE_KEYRING_DIR"
echo "$1" >> "$state/log"
if [ -f "$state/fail" ] && [ "$(cat "$state/fail")" -gt 0 ]; then
  echo $(( $(cat "$state/fail") - 1 )) > "$state/fail"
  echo "secret-tool: Cannot get secret of a locked object" >&2
  exit 1
fi
for arg; do last="$arg"; done
item="$state/item-$last"
case "$1" in
  lookup)
    if [ -f "$state/empty" ] || [ ! -f "$item" ]; then exit 1; fi
    cat "$item"
    exit 0 ;;
  store)
    cat > "$item"
    exit 0 ;;
esac
exit 2
`

const KEY = 'sk-keyring-0123456789-3f9a'

let dir: string
let keyring: string
let savedPath: string | undefined
const cores: AppCore[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lcb-keyring-failure-'))
  await writeFile(join(dir, 'secret-tool'), FAKE_SECRET_TOOL)
  await chmod(join(dir, 'secret-tool'), 0o755)
})
beforeEach(async () => {
  keyring = await mkdtemp(join(dir, 'keyring-'))
  savedPath = process.env['PATH']
  process.env['PATH'] = `${dir}${delimiter}${savedPath ?? ''}`
  process.env['FAKE_KEYRING_DIR'] = keyring
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()))
  process.env['PATH'] = savedPath
  delete process.env['FAKE_KEYRING_DIR']
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function start(dataDir: string): Promise<AppCore> {
  // What `npm run web` does: the keyring first, then the app on top of it.
  const safeStorage = await openLibsecretKeychain(dataDir)
  const core = await setUpApp({ port: 0, dataDir, connections: [] }, dataDir, { info: { host: 'browser', version: 'test' }, safeStorage })
  cores.push(core)
  return core
}

function call<T>(core: AppCore, channel: Channel, request: unknown): Promise<T> {
  return callHandler<T>(core.handlers, channel, request)
}

const draft = (key: string): ProfileDraft => ({
  name: 'Prod',
  connectType: 'rest',
  properties: { uri: 'http://127.0.0.1:9' },
  headers: [{ name: 'x-api-key', value: key }]
})

const calls = async (): Promise<string[]> => (await readFile(join(keyring, 'log'), 'utf8')).trim().split('\n')

describe.skipIf(process.platform !== 'linux')('a keyring that fails at start', () => {
  it('creates a key only when the keyring answered that there is none', async () => {
    const dataDir = await mkdtemp(join(dir, 'data-'))
    await writeFile(join(keyring, 'fail'), '1')
    // No secrets saved yet: nothing at stake, so this is the plain "no keychain" case.
    expect(await openKeyring(dataDir)).toEqual({ state: 'none', reason: expect.stringContaining('locked object') })
    expect(await calls()).toEqual(['lookup'])
    expect((await openKeyring(dataDir)).state).toBe('created')
    expect((await openKeyring(dataDir)).state).toBe('present')
  })

  it('keeps the saved secret through one failed lookup, leaving the encrypted file as it was', async () => {
    const dataDir = await mkdtemp(join(dir, 'data-'))
    const first = await start(dataDir)
    const { id } = await call<{ id: string }>(first, 'profiles:create', { draft: draft(KEY) })
    await first.close()
    const file = join(dataDir, SECRETS_FILE)
    const encrypted = await readFile(file)
    const storesBefore = (await calls()).filter((c) => c === 'store').length

    await writeFile(join(keyring, 'fail'), '1')
    const failing = await start(dataDir)
    const state = await call<ProfilesState>(failing, 'profiles:list', {})
    expect(state.secretStorage).toMatchObject({ kind: 'memory', keychainProblem: expect.stringContaining('locked object') })
    expect(state.profiles[0]?.hasSecret).toEqual({ 'x-api-key': false })
    // A secret entered in this run lives in memory; the file is not touched.
    await call(failing, 'profiles:update', { id, draft: draft('sk-this-run-only-000000') })
    expect((await failing.profiles.toConnectionSpec(id)).properties['headers.x-api-key']).toBe('sk-this-run-only-000000')
    await failing.close()
    expect(await readFile(file)).toEqual(encrypted)
    expect((await calls()).filter((c) => c === 'store').length).toBe(storesBefore)

    const healthy = await start(dataDir)
    expect((await call<ProfilesState>(healthy, 'profiles:list', {})).secretStorage.kind).toBe('keychain')
    expect((await healthy.profiles.toConnectionSpec(id)).properties['headers.x-api-key']).toBe(KEY)
  })

  it('does not make a new key when the keyring finds none but the data dir holds encrypted secrets', async () => {
    const dataDir = await mkdtemp(join(dir, 'data-'))
    const first = await start(dataDir)
    const { id } = await call<{ id: string }>(first, 'profiles:create', { draft: draft(KEY) })
    await first.close()
    const encrypted = await readFile(join(dataDir, SECRETS_FILE))

    await writeFile(join(keyring, 'empty'), '')
    const unlocking = await start(dataDir)
    const state = await call<ProfilesState>(unlocking, 'profiles:list', {})
    expect(state.secretStorage.keychainProblem).toContain(`${SECRETS_FILE} holds secrets`)
    await unlocking.close()
    expect(await readFile(join(dataDir, SECRETS_FILE))).toEqual(encrypted)

    await rm(join(keyring, 'empty'))
    expect((await (await start(dataDir)).profiles.toConnectionSpec(id)).properties['headers.x-api-key']).toBe(KEY)
  })
})
