/**
 * A local S3-compatible object store for tests: s3rver on 127.0.0.1 with its files in a
 * temp folder, behind a gate that checks request signatures (see s3-signature-gate.ts),
 * and the storage options LanceDB needs to reach it.
 */
import S3rver from 's3rver'
import { makeTempDir, removeDir } from './lancedb-catalog'
import { startSignatureGate } from './s3-signature-gate'

/** The key pair s3rver knows (its built-in account). */
export const S3_ACCESS_KEY_ID = 'S3RVER'
export const S3_SECRET_ACCESS_KEY = 'S3RVER'

/** A running test object store. */
export interface TestS3 {
  /** `http://127.0.0.1:PORT`, the endpoint LanceDB talks to. */
  readonly endpoint: string
  /** The bucket made at start. */
  readonly bucket: string
  /** LanceDB storage options (no prefix) that reach the store with the right keys. */
  readonly storageOptions: Readonly<Record<string, string>>
  /** The folder s3rver keeps its objects in (`<bucket>/<key>._S3rver_object`), for tests that look behind the store. */
  readonly directory: string
  close(): Promise<void>
}

/** Starts s3rver with one bucket, and the signature gate in front of it (its clock `clockOffsetMs` off ours). */
export async function startTestS3(bucket = 'bucket', clockOffsetMs = 0): Promise<TestS3> {
  const directory = await makeTempDir('lcb-s3')
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await s3.run()
  const gate = await startSignatureGate(port, { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY }, clockOffsetMs)
  const endpoint = `http://127.0.0.1:${gate.port}`
  return {
    endpoint,
    bucket,
    storageOptions: {
      region: 'us-east-1',
      endpoint,
      aws_access_key_id: S3_ACCESS_KEY_ID,
      aws_secret_access_key: S3_SECRET_ACCESS_KEY,
      allow_http: 'true'
    },
    directory,
    close: async () => {
      await gate.close()
      await s3.close()
      await removeDir(directory)
    }
  }
}
