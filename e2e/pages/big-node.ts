/**
 * The scale specs' common start: the app on a listing server's REST catalog, at a page
 * size, with the node `big` expanded and its first child drawn.
 */
import { expect } from '@playwright/test'
import type { ListingServer } from '../../test-kit/listing-server'
import type { CatalogPage } from './catalog-page'

/** Opens the app on `server`, sets the page size and expands `big` until its first child shows. */
export async function openBigNode(openApp: (flags?: readonly string[]) => Promise<CatalogPage>, server: ListingServer, pageSize: number): Promise<CatalogPage> {
  const app = await openApp(['--rest', server.url])
  await app.setPageSize(pageSize)
  await app.expand('big')
  await expect(app.namespace(server.childName(0))).toBeVisible()
  return app
}
