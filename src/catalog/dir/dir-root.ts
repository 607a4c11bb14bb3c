/**
 * A directory catalog's local root folder: made if missing, checked to be a readable
 * folder, and the errors of opening it put in words a person can act on.
 */
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { CatalogError } from '../../shared/errors'
import { makeFolders } from './bounded-fs'
import { messageOf } from '../lance/lance-errors'

/** Makes `folder` if it is missing and checks it is a folder this process can read. */
export async function prepareRoot(folder: string): Promise<void> {
  try {
    const info = await stat(folder).catch((error: unknown) => {
      if (errnoCode(error) === 'ENOENT') return null
      throw error
    })
    if (info && !info.isDirectory()) {
      const message = `${folder} is a file, not a folder. Choose a folder to open as a directory catalog.`
      throw new CatalogError('invalid_catalog', message, { path: folder })
    }
    // Not `mkdir(recursive)`: under /proc it spins forever (the kernel answers ENOENT for a
    // parent that exists); makeFolders bounds each level and names pseudo file systems.
    if (!info) await makeFolders(folder)
    await access(folder, constants.R_OK | constants.X_OK)
  } catch (error) {
    throw error instanceof CatalogError ? error : rootError(folder, error)
  }
}

/** What failed opening `folder` as a catalog, and what to do. */
export function rootError(folder: string, error: unknown): CatalogError {
  const details = { path: folder, cause: messageOf(error) }
  const code = errnoCode(error)
  if (code === 'EACCES' || code === 'EPERM') {
    return new CatalogError('permission_denied', `Cannot open ${folder}: permission denied. Check the folder's permissions.`, details)
  }
  if (code === 'ENOTDIR') return new CatalogError('invalid_catalog', `${folder} cannot be opened: part of its path is a file.`, details)
  if (code === 'EPSEUDOFS' || code === 'ENOENT') return new CatalogError('invalid_catalog', messageOf(error), details)
  return new CatalogError('invalid_catalog', `${folder} could not be opened as a directory catalog.`, details)
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}
