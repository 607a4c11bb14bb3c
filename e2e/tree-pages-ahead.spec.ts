/**
 * Pages brought ahead: while End is held, one listing call brings several pages of 100.
 * Every child still shows once, in order, with the right position.
 */
import { openBigNode } from './pages/big-node'
import { startListingServer } from '../test-kit/listing-server'
import { expect, test } from './fixtures/test'

const CHILDREN = 5_000

test('holding End at pages of 100 reaches the last child with every page in place once', async ({ openApp }) => {
  test.setTimeout(180_000)
  const server = await startListingServer({ children: CHILDREN })
  try {
    const app = await openBigNode(openApp, server, 100)
    await expect(app.namespace('big')).toBeFocused()

    const last = app.namespace(server.childName(CHILDREN - 1))
    for (let round = 0; round < 500 && !(await last.isVisible()); round++) await app.page.keyboard.press('End')
    // A page taken twice or skipped would move the last child off position 5,000.
    await expect(last).toHaveAttribute('aria-posinset', String(CHILDREN))
    await expect(last).toHaveAttribute('aria-setsize', String(CHILDREN))
    await expect(last).toBeFocused()
  } finally {
    await server.close()
  }
})
