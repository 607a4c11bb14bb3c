/**
 * What the profile editor needs to know about a dir profile's root before saving: is it
 * a folder, missing (so the editor offers to create it), or something else. Every
 * file-system call is bounded (see bounded-fs.ts), so a root on a hung network drive or
 * under /proc answers promptly with a clear message instead of never.
 */
import { stat } from 'node:fs/promises'
import type { RootStatus } from '../../shared/contract/profiles'
import { CatalogError } from '../../shared/errors'
import { rootProblem } from '../../shared/profile-validation'
import { rootLocation } from '../../shared/storage-options'
import { bounded, errnoCode, makeFolders, pseudoFileSystemProblem } from '../../catalog/dir/bounded-fs'

// A URI is never looked up or created as a folder (`s3://b/c` would become `./s3:/b/c`).
function folderProblem(path: string): string | null {
  if (rootLocation(path).kind !== 'local') return `${path} is an object-store address, not a folder: it is never checked or created as one.`
  return rootProblem(path)
}

/** Looks at `root` without changing anything. */
export async function rootStatus(root: string): Promise<RootStatus> {
  const path = root.trim()
  const problem = folderProblem(path)
  if (problem) return { state: 'invalid', message: problem }
  try {
    const pseudo = await pseudoFileSystemProblem(path)
    if (pseudo) return { state: 'invalid', message: pseudo }
    const info = await bounded(stat(path), `look up ${path}`)
    return info.isDirectory()
      ? { state: 'folder', message: 'The folder exists.' }
      : { state: 'file', message: 'This is a file, not a folder: choose the folder that holds the catalog.' }
  } catch (error) {
    const code = errnoCode(error)
    if (code === 'ENOENT') return { state: 'missing', message: 'This folder does not exist yet.' }
    if (code === 'ENOTDIR') return { state: 'file', message: 'A part of this path is a file, not a folder.' }
    return { state: 'unreadable', message: `The folder cannot be checked: ${(error as Error).message}` }
  }
}

/** Creates `root` (and missing parents) and reports its status afterwards. */
export async function createRoot(root: string): Promise<RootStatus> {
  const path = root.trim()
  const problem = folderProblem(path)
  if (problem) throw new CatalogError('invalid_request', problem)
  try {
    await makeFolders(path)
  } catch (error) {
    const code = errnoCode(error) === 'ETIMEDOUT' ? 'timeout' : 'invalid_request'
    throw new CatalogError(code, `The folder could not be created: ${(error as Error).message}`, { path })
  }
  return rootStatus(path)
}
