/**
 * Handlers of the desktop shell's channels: a folder chosen in the native dialog or
 * dropped on the window opens as a directory catalog for this run, like `--dir`.
 */
import { stat } from 'node:fs/promises'
import { basename, isAbsolute, resolve } from 'node:path'
import type { ConnectionSummary } from '../../shared/catalog-types'
import type { shellContract } from '../../shared/contract/shell'
import { CatalogError } from '../../shared/errors'
import type { ConnectionRegistry } from '../connections/connection-registry'
import { dirSpec } from '../connections/connection-spec'
import type { HandlerTable } from './dispatch'
import type { HandlerContext } from './handler-context'

/** Handlers of the shell channels. */
export function shellHandlers({ registry }: HandlerContext): Pick<HandlerTable, keyof typeof shellContract> {
  return { 'shell:openFolder': async ({ path }) => openFolderAsCatalog(registry, path) }
}

/**
 * Opens an existing local folder as a `dir` catalog; a folder already open answers its
 * existing connection. A file, a missing path or a relative path is refused with a
 * message that says which.
 */
export async function openFolderAsCatalog(registry: ConnectionRegistry, path: string): Promise<ConnectionSummary> {
  if (!isAbsolute(path)) throw new CatalogError('invalid_request', `"${path}" is not an absolute folder path.`)
  const root = resolve(path)
  const info = await stat(root).catch(() => undefined)
  if (!info) throw new CatalogError('invalid_request', `The folder "${root}" does not exist.`)
  if (!info.isDirectory()) {
    throw new CatalogError('invalid_request', `"${basename(root)}" is a file, not a folder. Open or drop a folder to browse it as a directory catalog.`)
  }
  const open = registry.list().find((connection) => connection.type === 'dir' && connection.target === root)
  return open ?? registry.add(dirSpec(root, basename(root) || root))
}
