/**
 * What the profile editor needs to know about a dir profile's root before saving: is it
 * a folder, missing (so the editor offers to create it), or something else.
 */
import { mkdir, stat } from 'node:fs/promises'
import type { RootStatus } from '../../shared/contract/profiles'
import { CatalogError } from '../../shared/errors'
import { rootProblem } from '../../shared/profile-validation'

/** Looks at `root` without changing anything. */
export async function rootStatus(root: string): Promise<RootStatus> {
  const path = root.trim()
  const problem = rootProblem(path)
  if (problem) return { state: 'invalid', message: problem }
  try {
    const info = await stat(path)
    return info.isDirectory()
      ? { state: 'folder', message: 'The folder exists.' }
      : { state: 'file', message: 'This is a file, not a folder: choose the folder that holds the catalog.' }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT') return { state: 'missing', message: 'This folder does not exist yet.' }
    if (code === 'ENOTDIR') return { state: 'file', message: 'A part of this path is a file, not a folder.' }
    return { state: 'unreadable', message: `The folder cannot be checked: ${(error as Error).message}` }
  }
}

/** Creates `root` (and missing parents) and reports its status afterwards. */
export async function createRoot(root: string): Promise<RootStatus> {
  const path = root.trim()
  const problem = rootProblem(path)
  if (problem) throw new CatalogError('invalid_request', problem)
  try {
    await mkdir(path, { recursive: true })
  } catch (error) {
    throw new CatalogError('invalid_request', `The folder could not be created: ${(error as Error).message}`, { path })
  }
  return rootStatus(path)
}
