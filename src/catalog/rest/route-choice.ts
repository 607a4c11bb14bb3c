/**
 * The one place a REST connection decides, per call, between the catalog's route and the
 * table's location (read through LanceDB), and remembers what the catalog lacks. A route
 * is missing when the catalog answers that it does not offer it (./unsupported.ts); each
 * group of routes says below how that is remembered, and why.
 */
import type { Capability, CatalogCapabilities } from '../../shared/capabilities'
import { isCatalogAnswer, isUnsupportedOperation } from './unsupported'

/** How a catalog's table data is reached: not yet known, the data routes, or table locations. */
export type DataAccessMode = 'unknown' | 'routes' | 'location'

/** Groups of routes a catalog may or may not offer, each learned on its own. */
export type RouteGroup =
  | 'data'
  | 'schema'
  | 'explain'
  | 'search-info'
  | 'indexes'
  | 'versions'
  | 'tags'
  | 'version-describe'
  | 'version-count'
  | 'version-read'
  | 'restore'
  | 'tag-write'
  | 'merge'
  | 'health'
  | 'maintenance'

interface Rule {
  /** Not asked once the catalog is known to serve metadata only (no data routes). */
  readonly followsData: boolean
  /** A missing route is remembered: never, when the catalog itself said so, or whatever said so. */
  readonly remember: 'never' | 'catalog-answer' | 'any'
}

const VERSION_RULE: Rule = { followsData: false, remember: 'any' }

/** How each group learns; `data` (count, read, create, search rows) decides the connection's mode. */
const ROUTE_RULES: Readonly<Record<RouteGroup, Rule>> = {
  data: { followsData: true, remember: 'any' },
  // Some catalogs serve the data routes but not the alter, explain or index-list ones, so
  // those are asked each time unless the catalog serves metadata only.
  schema: { followsData: true, remember: 'never' },
  explain: { followsData: true, remember: 'never' },
  'search-info': { followsData: true, remember: 'never' },
  // Optimize, which the spec lacks, is refused before any request and says nothing about
  // the other index routes: only the catalog's own answer counts.
  indexes: { followsData: false, remember: 'catalog-answer' },
  // A server that ignores `version` is told apart by this app (not an HTTP answer) and is
  // remembered all the same.
  versions: VERSION_RULE,
  tags: VERSION_RULE,
  'version-describe': VERSION_RULE,
  'version-count': VERSION_RULE,
  'version-read': VERSION_RULE,
  restore: VERSION_RULE,
  'tag-write': VERSION_RULE,
  // A catalog without merge_insert, or serving metadata only, is written at the location where it can be.
  merge: { followsData: true, remember: 'any' },
  // Health reads the stats route; a catalog without it, or serving metadata only, is read at the location.
  health: { followsData: true, remember: 'any' },
  // The spec has no maintenance routes: refused before any request, like optimize, so never remembered.
  maintenance: { followsData: false, remember: 'catalog-answer' }
}

/** What one REST connection has learned about its catalog's routes. */
export class RouteChoice {
  #mode: DataAccessMode = 'unknown'
  readonly #missing = new Set<RouteGroup>()
  /** Groups whose route has answered a call, or a probe, on this connection. */
  readonly #offered = new Set<RouteGroup>()
  readonly #probes = new Map<RouteGroup, Promise<boolean | null>>()
  #rename: Capability = { state: 'untried' }

  /** How data is reached so far on this connection. */
  get mode(): DataAccessMode {
    return this.#mode
  }

  /** True when the catalog is known to lack the routes of `group`. */
  lacks(group: RouteGroup): boolean {
    return this.#missing.has(group)
  }

  /** True when a call of `group` asks the catalog's route first; false when the location answers it (`hasLocation` says whether there is one). */
  asksRoute(group: RouteGroup, hasLocation: boolean): boolean {
    return !hasLocation || !(this.#missing.has(group) || (ROUTE_RULES[group].followsData && this.#mode === 'location'))
  }

  /**
   * Whether the catalog offers the routes of `group`: known from a call that used them or
   * was refused, else asked once per connection of `probe` (which must change nothing and
   * never throw). Null when the probe could not tell (no permission, a network failure):
   * the first real call tells.
   */
  async offers(group: RouteGroup, probe: () => Promise<boolean | null>): Promise<boolean | null> {
    if (this.#missing.has(group)) return false
    if (this.#offered.has(group)) return true
    let asked = this.#probes.get(group)
    if (!asked) {
      asked = probe()
      this.#probes.set(group, asked)
    }
    const answer = await asked
    if (answer === false && ROUTE_RULES[group].remember !== 'never') this.#missing.add(group)
    if (answer === true && !this.#missing.has(group)) this.#offered.add(group)
    return this.#missing.has(group) ? false : answer
  }

  /** What the catalog can do, as learned so far. */
  capabilities(): CatalogCapabilities {
    return { renameTable: this.#rename }
  }

  /** Records what a rename (or the rename probe) taught. */
  learnRename(capability: Exclude<Capability, { state: 'untried' }>): void {
    this.#rename = capability
  }

  /**
   * A describe with neither stats nor a row count: the catalog serves metadata only,
   * unless its data routes already answered. True when the location should be read.
   */
  describedWithoutData(): boolean {
    if (this.#mode === 'routes') return false
    this.#mode = 'location'
    return true
  }

  /**
   * `viaRoute` unless the group is known missing; on a missing route, `atLocation` (or,
   * with no location to read, the route's own error).
   */
  async run<T>(group: RouteGroup, viaRoute: () => Promise<T>, atLocation: (() => Promise<T>) | null): Promise<T> {
    const rule = ROUTE_RULES[group]
    if (atLocation && (this.#missing.has(group) || (rule.followsData && this.#mode === 'location'))) return atLocation()
    try {
      const result = await viaRoute()
      if (group === 'data') this.#mode = 'routes'
      this.#offered.add(group)
      return result
    } catch (error) {
      if (!atLocation || !isUnsupportedOperation(error)) throw error
      // Data routes that answered once are the catalog's: a later "unsupported" is about that call.
      if (group === 'data' && this.#mode === 'routes') throw error
      if (group === 'data') this.#mode = 'location'
      if (rule.remember === 'any' || (rule.remember === 'catalog-answer' && isCatalogAnswer(error))) this.#missing.add(group)
      return atLocation()
    }
  }
}
