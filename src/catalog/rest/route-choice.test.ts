/**
 * The one rule for "the catalog's route, else the table's location": what each group of
 * routes remembers once the catalog says it lacks one. Each test fails when that memory
 * is lost or widened.
 */
import { describe, expect, it } from 'vitest'
import { CatalogError } from '../../shared/errors'
import { RouteChoice, type RouteGroup } from './route-choice'

/** A catalog's "no such route" (404 without a Lance code). */
const missingRoute = (): CatalogError => new CatalogError('unsupported', 'No such route.', { status: 404 })
/** An "unsupported" this app knows before asking (no HTTP answer), as optimize is. */
const refusedHere = (): CatalogError => new CatalogError('unsupported', 'The spec has no such route.')

/** Runs one call of `group`: answers where it was served and how many times the route was asked. */
function caller(choice: RouteChoice, group: RouteGroup, route: () => Promise<string>): { asked: () => number; call: () => Promise<string> } {
  let asked = 0
  return {
    asked: () => asked,
    call: () =>
      choice.run(
        group,
        () => {
          asked++
          return route()
        },
        async () => 'location'
      )
  }
}

describe('RouteChoice', () => {
  it('reads data at the location for the rest of the connection once a data route is missing', async () => {
    const choice = new RouteChoice()
    const data = caller(choice, 'data', () => Promise.reject(missingRoute()))
    expect([await data.call(), await data.call()]).toEqual(['location', 'location'])
    expect(data.asked()).toBe(1)
    expect(choice.mode).toBe('location')
  })

  it('keeps to the data routes once they answered: a later "unsupported" is that call\'s error', async () => {
    const choice = new RouteChoice()
    let answer: () => Promise<string> = async () => 'route'
    const data = caller(choice, 'data', () => answer())
    expect(await data.call()).toBe('route')
    answer = () => Promise.reject(missingRoute())
    await expect(data.call()).rejects.toThrow('No such route.')
    expect(choice.mode).toBe('routes')
  })

  it.each(['schema', 'explain', 'search-info'] as const)('skips the %s route on a metadata-only catalog', async (group) => {
    const choice = new RouteChoice()
    await caller(choice, 'data', () => Promise.reject(missingRoute())).call()
    const other = caller(choice, group, async () => 'route')
    expect(await other.call()).toBe('location')
    expect(other.asked()).toBe(0)
  })

  it.each(['schema', 'explain', 'search-info'] as const)('asks the %s route again each call while data routes serve', async (group) => {
    const choice = new RouteChoice()
    await caller(choice, 'data', async () => 'route').call()
    const other = caller(choice, group, () => Promise.reject(missingRoute()))
    expect([await other.call(), await other.call()]).toEqual(['location', 'location'])
    expect(other.asked()).toBe(2)
  })

  it('remembers missing index routes when the catalog said so, not when this app refused first', async () => {
    const choice = new RouteChoice()
    const optimize = caller(choice, 'indexes', () => Promise.reject(refusedHere()))
    await optimize.call()
    const list = caller(choice, 'indexes', () => Promise.reject(missingRoute()))
    expect([await list.call(), await list.call()]).toEqual(['location', 'location'])
    expect(list.asked()).toBe(1)
  })

  it('asks the index routes even on a metadata-only catalog (they are learned on their own)', async () => {
    const choice = new RouteChoice()
    await caller(choice, 'data', () => Promise.reject(missingRoute())).call()
    const list = caller(choice, 'indexes', async () => 'route')
    expect(await list.call()).toBe('route')
  })

  it.each(['versions', 'tags', 'version-describe', 'version-count', 'version-read', 'restore', 'tag-write'] as const)(
    'remembers a missing %s route, whoever said so, and only for that kind',
    async (group) => {
      const choice = new RouteChoice()
      const missing = caller(choice, group, () => Promise.reject(refusedHere()))
      expect([await missing.call(), await missing.call()]).toEqual(['location', 'location'])
      expect(missing.asked()).toBe(1)
      const other = caller(choice, group === 'versions' ? 'tags' : 'versions', async () => 'route')
      expect(await other.call()).toBe('route')
    }
  )

  it('takes a describe without rows as a metadata-only catalog, unless the data routes answered', async () => {
    const metadataOnly = new RouteChoice()
    expect(metadataOnly.describedWithoutData()).toBe(true)
    expect(metadataOnly.mode).toBe('location')
    const served = new RouteChoice()
    await caller(served, 'data', async () => 'route').call()
    expect(served.describedWithoutData()).toBe(false)
    expect(served.mode).toBe('routes')
  })

  it("gives the route's own error where there is no location to fall back to", async () => {
    const choice = new RouteChoice()
    await expect(choice.run('versions', () => Promise.reject(missingRoute()), null)).rejects.toThrow('No such route.')
  })

  it('answers what it learned of renaming in its capabilities', () => {
    const choice = new RouteChoice()
    expect(choice.capabilities().renameTable).toEqual({ state: 'untried' })
    choice.learnRename({ state: 'unsupported', reason: 'No rename here.' })
    expect(choice.capabilities().renameTable).toEqual({ state: 'unsupported', reason: 'No rename here.' })
  })
})
