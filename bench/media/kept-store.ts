/**
 * The media benchmark's object store: s3rver on 127.0.0.1 behind bench:remote's delay
 * proxy (./../remote/delay-proxy.ts), as in ../remote/slow-store.ts, except that its files
 * stay in a folder the caller names, so a table uploaded once is there for the next run.
 */
import S3rver from 's3rver'
import { startDelayProxy } from '../remote/delay-proxy'
import type { SlowStore, StorageOptions } from '../remote/slow-store'

/** Starts s3rver on the files in `directory` (one bucket), behind a proxy adding `delayMs` to every request. */
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
