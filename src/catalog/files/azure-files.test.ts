/**
 * The Azure Blob Storage reader against a fake Blob service on 127.0.0.1 that recomputes
 * each request's Shared Key signature and checks SAS signatures: ranges, sizes, the
 * emulator's path-style addresses, missing files and containers, refused keys, answers
 * longer than asked, silent servers, and options it cannot use.
 */
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { containerSas, startFakeAzure, type FakeAzure } from '../../../test-kit/fake-azure-blob-server'
import { azureTableFiles } from './azure-files'
import { failureOf, thrownBy } from '../../../test-kit/catalog-failure'

const ACCOUNT = 'lanceaccount'
const KEY = randomBytes(64).toString('base64')
const WRONG_KEY = randomBytes(64).toString('base64')
const CONTAINER = 'tables'
const FILE = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 13) % 251)
// Azurite's documented development account and key.
const EMULATOR_ACCOUNT = 'devstoreaccount1'
const EMULATOR_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

let fake: FakeAzure | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function serve(account = ACCOUNT, key = KEY, bearerToken?: string): Promise<FakeAzure> {
  const blobs = new Map([['t.lance/data/a.bin', FILE]])
  fake = await startFakeAzure({ account, key, container: CONTAINER, blobs, ...(bearerToken === undefined ? {} : { bearerToken }) })
  return fake
}

const keyOptions = (server: FakeAzure, key = KEY): Record<string, string> => ({
  azure_storage_account_name: ACCOUNT,
  azure_storage_account_key: key,
  azure_storage_endpoint: `${server.url}/${ACCOUNT}`,
  allow_http: 'true'
})

describe('azureTableFiles', () => {
  it('reads a range and the size with Shared Key signed requests', async () => {
    const server = await serve()
    const files = azureTableFiles(`az://${CONTAINER}/t.lance`, keyOptions(server))
    expect(files.location).toBe('az://tables/t.lance')
    const file = await files.open('data/a.bin')
    expect(file?.size).toBe(FILE.length)
    expect(await file?.read(4321, 777)).toEqual(FILE.subarray(4321, 5098))
    expect(await file?.read(0, FILE.length)).toEqual(FILE)
    expect(server.requests.map((r) => [r.method, r.url, r.headers['x-ms-range']])).toEqual([
      ['HEAD', `/${ACCOUNT}/${CONTAINER}/t.lance/data/a.bin`, undefined],
      ['GET', `/${ACCOUNT}/${CONTAINER}/t.lance/data/a.bin`, 'bytes=4321-5097'],
      ['GET', `/${ACCOUNT}/${CONTAINER}/t.lance/data/a.bin`, `bytes=0-${FILE.length - 1}`]
    ])
    for (const request of server.requests) expect(request.headers.authorization).toMatch(/^SharedKey lanceaccount:[A-Za-z0-9+/]+=*$/)
    // The key signs; it is never sent.
    expect(JSON.stringify(server.requests)).not.toContain(KEY)
  })

  it('uses the emulator’s path-style address, account and key, as object_store does', async () => {
    const server = await serve(EMULATOR_ACCOUNT, EMULATOR_KEY)
    const files = azureTableFiles(`az://${CONTAINER}/t.lance`, { azure_storage_use_emulator: 'true' }, { env: { AZURITE_BLOB_STORAGE_URL: server.url } })
    const file = await files.open('data/a.bin')
    expect(await file?.read(9_990, 10)).toEqual(FILE.subarray(9_990))
    expect(server.requests[0]?.url).toBe(`/${EMULATOR_ACCOUNT}/${CONTAINER}/t.lance/data/a.bin`)
  })

  it('reads with a SAS token, and says access denied for one signed with another key', async () => {
    const server = await serve()
    const sas = containerSas({ account: ACCOUNT, container: CONTAINER }, KEY)
    const options = {
      azure_storage_account_name: ACCOUNT,
      azure_storage_sas_key: `?${sas}`,
      azure_storage_endpoint: `${server.url}/${ACCOUNT}`,
      allow_http: 'true'
    }
    const file = await azureTableFiles(`az://${CONTAINER}/t.lance`, options).open('data/a.bin')
    expect(await file?.read(1, 3)).toEqual(FILE.subarray(1, 4))
    expect(server.requests.every((r) => r.url.includes('&sig=') && r.headers.authorization === undefined)).toBe(true)

    const forged = containerSas({ account: ACCOUNT, container: CONTAINER }, WRONG_KEY)
    const error = await failureOf(azureTableFiles(`az://${CONTAINER}/t.lance`, { ...options, azure_storage_sas_key: forged }).open('data/a.bin'))
    expect(error.code).toBe('permission_denied')
    expect(error.message).toMatch(/^Access denied to az:\/\/tables\/t\.lance\/data\/a\.bin: the store refused the SAS token/)
    const sig = new URLSearchParams(forged).get('sig') ?? ''
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(sig)
  })

  it('reads with a bearer token', async () => {
    const server = await serve(ACCOUNT, KEY, 'entra-token-123')
    const options = {
      azure_storage_account_name: ACCOUNT,
      azure_storage_token: 'entra-token-123',
      azure_storage_endpoint: `${server.url}/${ACCOUNT}`,
      allow_http: 'true'
    }
    expect((await azureTableFiles(`az://${CONTAINER}/t.lance`, options).open('data/a.bin'))?.size).toBe(FILE.length)
  })

  it('answers null for a file that is not there, and says so for a missing container', async () => {
    const server = await serve()
    expect(await azureTableFiles(`az://${CONTAINER}/t.lance`, keyOptions(server)).open('_versions/3.manifest')).toBeNull()
    const error = await failureOf(azureTableFiles('az://elsewhere/t.lance', keyOptions(server)).open('data/a.bin'))
    expect(error.code).toBe('invalid_catalog')
    expect(error.message).toMatch(/Container missing/)
  })

  it('says access denied for a wrong account key, without showing it', async () => {
    const server = await serve()
    const error = await failureOf(azureTableFiles(`az://${CONTAINER}/t.lance`, keyOptions(server, WRONG_KEY)).open('data/a.bin'))
    expect(error.code).toBe('permission_denied')
    expect(error.message).toMatch(
      /^Access denied to az:\/\/tables\/t\.lance\/data\/a\.bin: the store refused the account key.*\(HTTP 403: AuthenticationFailed\)/
    )
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(WRONG_KEY)
  })

  it('refuses an answer longer than the range asked for', async () => {
    const server = await serve()
    const file = await azureTableFiles(`az://${CONTAINER}/t.lance`, keyOptions(server)).open('data/a.bin')
    server.behaviour.extraBytes = 1 << 20
    const error = await failureOf(file?.read(100, 16) ?? Promise.resolve())
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/sent more than the 16 bytes asked for; the answer was refused/)
  })

  it('gives up on a store that never answers, within the time limit', async () => {
    const server = await serve()
    server.behaviour.hang = true
    const error = await failureOf(azureTableFiles(`az://${CONTAINER}/t.lance`, keyOptions(server), { timeoutMs: 300 }).open('data/a.bin'))
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/did not answer within 300 ms/)
    // The timeout storage option, written as object_store takes it.
    const byOption = await failureOf(azureTableFiles(`az://${CONTAINER}/t.lance`, { ...keyOptions(server), azure_timeout: '250ms' }).open('data/a.bin'))
    expect(byOption.message).toMatch(/did not answer within 250 ms \(the timeout storage option\)/)
  })

  it('stops when the caller cancels', async () => {
    const server = await serve()
    server.behaviour.hang = true
    const controller = new AbortController()
    const opening = azureTableFiles(`az://${CONTAINER}/t.lance`, keyOptions(server)).open('data/a.bin', { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    expect((await failureOf(opening)).code).toBe('cancelled')
  })

  it('throws a clear error for options it cannot use', () => {
    const at = 'az://tables/t.lance'
    expect(thrownBy(() => azureTableFiles(at, { azure_storage_account_key: KEY })).message).toMatch(/Set the storage option azure_storage_account_name/)
    expect(thrownBy(() => azureTableFiles(at, { azure_storage_account_name: ACCOUNT })).message).toMatch(/No credentials for Azure Blob Storage: set/)
    expect(thrownBy(() => azureTableFiles(at, { azure_storage_account_name: ACCOUNT, azure_client_id: 'app' })).message).toMatch(
      /managed identity and the Azure CLI are not read here/
    )
    const badKey = thrownBy(() => azureTableFiles(at, { azure_storage_account_name: ACCOUNT, azure_storage_account_key: 'not base64 !!' }))
    expect(badKey.message).toMatch(/is not base64/)
    expect(badKey.message).not.toContain('not base64 !!')
    expect(thrownBy(() => azureTableFiles(at, { azure_storage_account_name: ACCOUNT, azure_storage_sas_key: 'sv=2023&sp=r' })).message).toMatch(
      /has no signature/
    )
    const http = { azure_storage_account_name: ACCOUNT, azure_storage_account_key: KEY, azure_storage_endpoint: 'http://127.0.0.1:1/a' }
    expect(thrownBy(() => azureTableFiles(at, http)).message).toMatch(/is http:\/\/, not https:\/\/; set the storage option allow_http/)
    expect(thrownBy(() => azureTableFiles(`az://tables@${ACCOUNT}.blob.core.windows.net/t`, http)).message).toMatch(/write az:\/\/container\/prefix/)
    expect(thrownBy(() => azureTableFiles(at, { ...http, allow_http: 'true', azure_credential_type: 'managed_identity' })).message).toMatch(
      /only access_key, sas_token and bearer_token/
    )
  })
})
