/**
 * Whole listings from the dir client. The server re-pages them itself (see tokens.ts), so
 * its tokens and page sizes do not depend on how the client pages.
 */
import { CatalogError } from '../src/shared/errors'
import type { Page, PageRequest } from '../src/shared/catalog-types'
import type { NamespacePath } from '../src/shared/namespace-path'
import type { NamespaceClient } from '../src/catalog/namespace-client'

type Lister = (path: NamespacePath, page: PageRequest) => Promise<Page<string>>

/** Every child namespace name of `parent`. */
export function allNamespaces(client: NamespaceClient, parent: NamespacePath): Promise<string[]> {
  return drain((path, page) => client.listNamespaces(path, page), parent)
}

/** Every table name directly in `namespace`. */
export function allTables(client: NamespaceClient, namespace: NamespacePath): Promise<string[]> {
  return drain((path, page) => client.listTables(path, page), namespace)
}

async function drain(list: Lister, path: NamespacePath): Promise<string[]> {
  const names: string[] = []
  const seenTokens = new Set<string>()
  let pageToken: string | null = null
  for (;;) {
    const page: Page<string> = await list(path, pageToken === null ? {} : { pageToken })
    names.push(...page.items)
    const next = page.nextPageToken
    if (next === null || next === '') return names
    if (seenTokens.has(next)) {
      throw new CatalogError('internal', `The dir implementation repeated the page token "${next}"; the listing would never end.`)
    }
    seenTokens.add(next)
    pageToken = next
  }
}
