/**
 * The benchmark's object store: s3rver on 127.0.0.1 with its files in a temp folder, and
 * the delay proxy in front of it. Clients being measured reach the store through the
 * proxy (`slow`); the benchmark builds its tables straight on s3rver (`direct`), so setup
 * is neither delayed nor counted.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { startDelayProxy, type DelayProxy } from './delay-proxy'

/** LanceDB storage options, without the `storage.` prefix. */
export type StorageOptions = Readonly<Record<string, string>>

/** A running store and the two ways to reach it. */
export interface SlowStore {
  readonly bucket: string
  readonly proxy: DelayProxy
  /** Options that reach s3rver through the delay proxy. */
  readonly slow: StorageOptions
  /** Options that reach s3rver directly (setup only). */
  readonly direct: StorageOptions
  close(): Promise<void>
}

/** Starts s3rver with one bucket in a temp folder (removed on close), behind a proxy adding `delayMs` to every request. */
export async function startSlowStore(delayMs: number, bucket = 'bench'): Promise<SlowStore> {
  const directory = await mkdtemp(join(tmpdir(), 'lcb-bench-s3-'))
  const store = await startKeptStore(directory, delayMs, bucket)
  return {
    ...store,
    close: async () => {
      await store.close()
      await rm(directory, { recursive: true, force: true })
    }
  }
}

/** Starts s3rver on the files in `directory` (kept after close, so a table uploaded once serves the next run), behind the delay proxy. */
export async function startKeptStore(directory: string, delayMs: number, bucket = 'bench'): Promise<SlowStore> {
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await s3.run()
  const proxy = await startDelayProxy(port, delayMs)
  const options = (endpoint: string): StorageOptions => ({
    region: 'us-east-1',
    endpoint,
    aws_access_key_id: 'S3RVER',
    aws_secret_access_key: 'S3RVER',
    allow_http: 'true'
  })
  return {
    bucket,
    proxy,
    slow: options(proxy.url),
    direct: options(`http://127.0.0.1:${port}`),
    close: async () => {
      await proxy.close()
      await s3.close()
    }
  }
}

/** The options as `--storage name=value` flags of the app. */
export function storageFlags(options: StorageOptions): string[] {
  return Object.entries(options).flatMap(([name, value]) => ['--storage', `${name}=${value}`])
}

/** The options as `storage.*` properties of LanceDB's dir namespace. */
export function storageProperties(options: StorageOptions): Record<string, string> {
  return Object.fromEntries(Object.entries(options).map(([name, value]) => [`storage.${name}`, value]))
}
