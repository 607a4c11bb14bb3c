/**
 * The test of a directory catalog on an object store (`s3://bucket/prefix`, `gs://…`,
 * `az://…`): the address is one the app opens, then LanceDB lists the root namespaces and
 * tables there with the profile's storage options. A failure names the part that failed
 * (endpoint unreachable, bucket missing, access denied, clock skew, region, certificate),
 * read from the store's answer. Reads only: nothing is written to the bucket.
 */
import { connectNamespace } from '@lancedb/lancedb'
import type { ConnectionTestStep, TestVerdict } from '../../shared/connection-test'
import { objectStoreRootProblem, rootLocation, storageProperties } from '../../shared/storage-options'
import { messageOf } from '../../catalog/lance/lance-errors'
import { userMessage } from '../../shared/errors'
import { failureMessage, objectStoreFailure, withoutSecrets, type ObjectStoreFailure } from '../../catalog/object-store-errors'
import { elapsed } from './dir-check'

/** How long the listing may take before the step says "timed out" (LanceDB retries on its own). */
export const OBJECT_STORE_TEST_TIMEOUT_MS = 30_000

const VERDICTS: Readonly<Record<ObjectStoreFailure, TestVerdict>> = {
  unreachable: 'unreachable',
  timeout: 'timeout',
  certificate: 'certificate',
  region: 'failed',
  clock_skew: 'failed',
  access_denied: 'forbidden',
  bucket_missing: 'not_found',
  other: 'failed'
}

/** Runs the object-store checks on `root` with LanceDB storage options (no `storage.` prefix). */
export async function testObjectStore(root: string, storageOptions: Readonly<Record<string, string>>): Promise<ConnectionTestStep[]> {
  const problem = objectStoreRootProblem(root)
  if (problem) return [{ title: 'Root is an object-store address', latencyMs: 0, verdict: 'failed', message: problem }]
  const where = rootLocation(root)
  const steps: ConnectionTestStep[] = []
  if (where.kind === 'object-store') {
    const prefix = where.prefix === '' ? 'the bucket root' : `prefix "${where.prefix}"`
    steps.push({
      title: 'Root is an object-store address',
      latencyMs: 0,
      verdict: 'ok',
      message: `Bucket "${where.bucket}", ${prefix}, on ${where.scheme}://.`
    })
  }
  const started = performance.now()
  try {
    const { namespaces, tables } = await withTimeout(listRoot(root, storageOptions), OBJECT_STORE_TEST_TIMEOUT_MS)
    const found =
      namespaces + tables === 0
        ? 'Nothing there yet: tables you create will be stored here.'
        : `Found ${count(namespaces, 'namespace')} and ${count(tables, 'table')} at the root.`
    steps.push({ title: 'Bucket and prefix answer', latencyMs: elapsed(started), verdict: 'ok', message: found })
  } catch (error) {
    const cause = withoutSecrets(messageOf(error), storageOptions)
    const failure = error instanceof TimeoutError ? 'timeout' : objectStoreFailure(cause)
    // LanceDB's words without its Rust source locations or folder paths (those go nowhere near the page).
    const detail = failure === 'other' ? ` The store said: ${firstLine(userMessage(cause))}` : ''
    steps.push({
      title: 'Bucket and prefix answer',
      latencyMs: elapsed(started),
      verdict: VERDICTS[failure],
      message: failureMessage(failure, root) + detail,
      serverMessage: storeWords(cause)
    })
  }
  return steps
}

async function listRoot(root: string, storageOptions: Readonly<Record<string, string>>): Promise<{ namespaces: number; tables: number }> {
  const db = await connectNamespace('dir', { root, ...storageProperties(storageOptions) })
  try {
    const namespaces = (await db.listNamespaces([])).namespaces.length
    const tables = (await db.tableNames([])).length
    return { namespaces, tables }
  } finally {
    db.close()
  }
}

class TimeoutError extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`No answer within ${ms / 1000} s.`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

// The store's own code and message from an S3-style XML error body inside LanceDB's text.
function storeWords(cause: string): string | undefined {
  const code = /<Code>([^<]*)<\/Code>/.exec(cause)?.[1]
  const message = /<Message>([^<]*)<\/Message>/.exec(cause)?.[1]
  if (code === undefined) return undefined
  return message === undefined ? code : `${code}: ${message}`
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 300)
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
