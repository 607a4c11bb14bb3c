/**
 * A filter whose only match lies on a page not loaded yet: the filter hides every loaded
 * child of the node, and so the node and its "more" row, yet its status still offers to
 * load the rest, and loading it shows the match.
 */
import { openBigNode } from './pages/big-node'
import { startListingServer } from '../test-kit/listing-server'
import { expect, test } from './fixtures/test'

// Far more than the tree loads ahead of the viewport (a few pages), so the last child is not loaded yet.
const CHILDREN = 20_000

test('a filter that hides every loaded child still offers to load the rest of that node', async ({ openApp }) => {
  test.setTimeout(120_000)
  const server = await startListingServer({ children: CHILDREN })
  try {
    const app = await openBigNode(openApp, server, 100)

    const match = server.childName(CHILDREN - 1)
    await app.page.getByLabel('Filter loaded names').fill(match)
    const status = app.page.getByRole('status').filter({ hasText: 'shown' })
    await expect(status).toContainText('0 shown; one list is not fully loaded yet.')
    await expect(app.items()).toHaveCount(0)

    const loadRest = status.getByRole('button', { name: 'Load the rest' })
    await loadRest.click()
    await expect(app.namespace(match)).toBeVisible()
    await expect(app.namespace(match)).toHaveAttribute('aria-posinset', String(CHILDREN))
    // The node holding the match shows again; nothing is left to load.
    await expect(app.namespace('big')).toBeVisible()
    await expect(status).toHaveText('2 shown', { timeout: 60_000 })
    await expect(loadRest).toHaveCount(0)

    // Clearing the filter shows the whole listing, now complete.
    await app.page.getByLabel('Filter loaded names').fill('')
    await expect(app.namespace(server.childName(0))).toBeVisible()
    await expect(app.namespace(server.childName(0))).toHaveAttribute('aria-setsize', String(CHILDREN))
  } finally {
    await server.close()
  }
})
