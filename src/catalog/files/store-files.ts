/**
 * Which reader reaches a table's files (../table-files.ts), by the scheme of its location:
 * a folder on this computer (./local-files.ts), S3 and S3-compatible stores
 * (./s3-files.ts), Google Cloud Storage (./gcs-files.ts) and Azure Blob Storage
 * (./azure-files.ts). The one place a store's reader is chosen.
 */
import { fileURLToPath } from 'node:url'
import type { TableFiles } from '../table-files'
import { folderTableFiles } from './local-files'
import { s3TableFiles, type S3FilesLimits } from './s3-files'
import { gcsTableFiles } from './gcs-files'
import { azureTableFiles } from './azure-files'

/** What a store's reader may be given besides the options (tests shorten the time limit). */
export type StoreFilesLimits = S3FilesLimits

/**
 * The files of the table at `location`, read with the connection's `storageOptions`, or
 * null where this app has no reader for its store. Throws a CatalogError when the
 * options cannot be used for it (say, an http endpoint without allow_http).
 */
export function tableFilesAt(location: string, storageOptions: Readonly<Record<string, string>>, limits: StoreFilesLimits = {}): TableFiles | null {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(location)?.[1]?.toLowerCase()
  // No scheme, or a one-letter one (a Windows drive): a folder here.
  if (scheme === undefined || scheme.length === 1) return folderTableFiles(location)
  if (scheme === 'file') return folderTableFiles(fileURLToPath(location))
  if (scheme === 's3' || scheme === 's3a') return s3TableFiles(location, storageOptions, limits)
  if (scheme === 'gs') return gcsTableFiles(location, storageOptions, limits)
  if (scheme === 'az') return azureTableFiles(location, storageOptions, limits)
  // Other schemes (abfss://, hf://, ...) are not stores this app opens.
  return null
}
