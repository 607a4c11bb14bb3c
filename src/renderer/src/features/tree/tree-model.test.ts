import { describe, expect, it } from 'vitest'
import type { NamespacePath } from '@shared/namespace-path'
import { namespaceKey, namespacePathOf, type NamespaceKey } from '../../lib/node-key'
import { Fenwick } from './fenwick'
import { flattenTree, type ListingSnapshot, type TreeRow } from './flatten'
import { TreeModel } from './tree-model'

/** Mulberry32: a small seeded PRNG, so a failing seed can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A node's listing as the app's listings keep it: arrays that pages append to in place. */
interface Listing {
  namespaces: string[]
  tables: string[]
  allNamespaces: string[]
  allTables: string[]
  /** False until the first page arrives (the listing shows a loading row until then). */
  started: boolean
  complete: boolean
  loading: boolean
  error: unknown
}

/** A random catalog whose listings load page by page, as the tree's listings do. */
class World {
  readonly listings = new Map<NamespaceKey, Listing>()
  readonly expanded: NamespaceKey[] = []
  filter = ''
  readonly #random: () => number

  constructor(seed: number) {
    this.#random = prng(seed)
  }

  int(n: number): number {
    return Math.floor(this.#random() * n)
  }

  /** Starts the listing of a path (as expanding or the root does), with a generated catalog behind it. */
  open(path: NamespacePath): void {
    const id = namespaceKey(path)
    if (this.listings.has(id)) return
    const letters = ['a', 'b', 'ab', 'ba', 'c']
    const names = (count: number, prefix: string): string[] => Array.from({ length: count }, (_, i) => `${letters[this.int(letters.length)]}${prefix}${i}`)
    const depthFactor = path.length < 3 ? 1 : 0.3
    this.listings.set(id, {
      namespaces: [],
      tables: [],
      allNamespaces: names(Math.floor(this.int(30) * depthFactor), 'n'),
      allTables: names(this.int(6), 't'),
      started: false,
      complete: false,
      loading: false,
      error: null
    })
  }

  /** The next page of a listing: namespaces first, then tables, pushed onto the same arrays. */
  page(id: NamespaceKey, size: number): void {
    const listing = this.listings.get(id)
    if (!listing || listing.complete || listing.error) return
    listing.started = true
    if (listing.namespaces.length < listing.allNamespaces.length) {
      listing.namespaces.push(...listing.allNamespaces.slice(listing.namespaces.length, listing.namespaces.length + size))
      if (listing.namespaces.length < listing.allNamespaces.length) return
      if (listing.allTables.length === 0) listing.complete = true
      return
    }
    listing.tables.push(...listing.allTables.slice(listing.tables.length, listing.tables.length + size))
    listing.complete = listing.tables.length === listing.allTables.length
  }

  /** A refresh: the same listing comes back as new arrays, maybe shorter. */
  refresh(id: NamespaceKey): void {
    const listing = this.listings.get(id)
    if (!listing) return
    listing.namespaces = listing.namespaces.slice(0, this.int(listing.namespaces.length + 1))
    listing.tables = listing.namespaces.length === listing.allNamespaces.length ? [...listing.tables] : []
    listing.complete = false
    listing.error = null
  }

  snapshot = (path: NamespacePath): ListingSnapshot | undefined => {
    const listing = this.listings.get(namespaceKey(path))
    if (!listing || (!listing.started && !listing.error)) return undefined
    return { namespaces: listing.namespaces, tables: listing.tables, complete: listing.complete, loading: listing.loading, error: listing.error }
  }
}

const describeRow = (row: TreeRow | undefined): unknown => row && { ...row, error: 'error' in row ? String(row.error) : undefined }

/** Compares the model with a plain flatten of the same state, row by row. */
function check(model: TreeModel, world: World, watched: Set<NamespaceKey>): void {
  const expanded = new Set(world.expanded)
  const listing = (path: NamespacePath): ListingSnapshot | undefined => (watched.has(namespaceKey(path)) ? world.snapshot(path) : undefined)
  const flat = flattenTree({ listing, expanded, filter: world.filter })
  expect(model.count).toBe(flat.rows.length)
  flat.rows.forEach((row, index) => {
    expect(describeRow(model.rowAt(index))).toEqual(describeRow(row))
    if (row.kind === 'namespace' || row.kind === 'table') {
      expect(model.indexOfKey(row.key)).toBe(index)
      expect(model.setsize(row.parentId)).toBe(flat.setsizes.get(row.parentId))
    }
    let parent = -1
    for (let i = index - 1; i >= 0; i--) {
      const candidate = flat.rows[i]
      if (candidate?.kind === 'namespace' && candidate.level === row.level - 1) {
        parent = i
        break
      }
    }
    expect(model.parentIndexOf(index)).toBe(parent)
  })
  for (const prefix of ['a', 'b', 'c', 'ab']) {
    for (const from of [0, 1, Math.floor(flat.rows.length / 2), flat.rows.length - 1, flat.rows.length]) {
      const n = flat.rows.length
      let expected = -1
      for (let k = 0; k < n && expected < 0; k++) {
        const row = flat.rows[(from + k) % n]
        if ((row?.kind === 'namespace' || row?.kind === 'table') && row.name.startsWith(prefix)) expected = (from + k) % n
      }
      expect(model.findItem(from, (name) => name.startsWith(prefix))).toBe(expected)
    }
  }
  expect(model.items).toBe(flat.rows.filter((row) => row.kind === 'namespace' || row.kind === 'table').length)
  // "more" rows, and loading rows of started listings (a page on the way; keyed `more:`).
  const more = flat.rows.flatMap((row, index) =>
    row.kind === 'more' || (row.kind === 'loading' && row.key.startsWith('more:')) ? [{ id: namespaceKey(row.path), index }] : []
  )
  expect(model.moreBetween(0, flat.rows.length).map(namespaceKey).sort()).toEqual(more.map((m) => m.id).sort())
  // Every watched listing not complete and not failed, whether the filter shows its node or not.
  const incomplete = [...watched].filter((id) => {
    const snapshot = world.snapshot(namespacePathOf(id) ?? [])
    return !snapshot || (!snapshot.complete && !snapshot.error)
  })
  expect(model.incomplete().map(namespaceKey).sort()).toEqual(incomplete.sort())
}

/** The paths whose listings the tree watches: the root and expanded nodes under expanded ancestors. */
function watchedPaths(world: World): Set<NamespaceKey> {
  const expanded = new Set(world.expanded)
  const out = new Set([namespaceKey([])])
  for (const key of expanded) {
    const path = namespacePathOf(key) ?? []
    if (path.every((_, i) => expanded.has(namespaceKey(path.slice(0, i + 1))))) out.add(key)
  }
  return out
}

describe('TreeModel against a plain flatten', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
    it(`agrees after random expand, collapse, page, refresh, error and filter steps (seed ${seed})`, () => {
      const world = new World(seed)
      const model = new TreeModel()
      world.open([])
      let expanded: ReadonlySet<NamespaceKey> = new Set()
      for (let step = 0; step < 150; step++) {
        const watched = watchedPaths(world)
        const ids = [...watched]
        const op = world.int(10)
        const id = ids[world.int(ids.length)] ?? namespaceKey([])
        if (op <= 3) {
          world.page(id, 1 + world.int(7))
        } else if (op <= 5) {
          // Expand or collapse a loaded namespace of a watched node.
          const listing = world.listings.get(id)
          const name = listing?.namespaces[world.int(listing.namespaces.length)]
          if (name !== undefined) {
            const path = [...(namespacePathOf(id) ?? []), name]
            const key = namespaceKey(path)
            const at = world.expanded.indexOf(key)
            if (at >= 0) world.expanded.splice(at, 1)
            else {
              world.expanded.push(key)
              world.open(path)
            }
          }
        } else if (op === 6) {
          world.filter = ['', '', 'a', 'b', 'ab', 'n1', 'zz'][world.int(7)] ?? ''
        } else if (op === 7) {
          world.refresh(id)
        } else if (op === 8) {
          const listing = world.listings.get(id)
          if (listing && !listing.complete) listing.error = listing.error ? null : new Error(`boom ${step}`)
        } else {
          const listing = world.listings.get(id)
          if (listing) listing.loading = !listing.loading
        }
        // A new set object only when expansion changed, as the store hands out.
        if (world.expanded.length !== expanded.size || world.expanded.some((k) => !expanded.has(k))) expanded = new Set(world.expanded)
        const nowWatched = watchedPaths(world)
        model.update({ listing: (path) => (nowWatched.has(namespaceKey(path)) ? world.snapshot(path) : undefined), expanded, filter: world.filter })
        check(model, world, nowWatched)
      }
    })
  }
})

describe('TreeModel', () => {
  it('finds rows by index in a node with 100,000 loaded children and one expanded child', () => {
    const namespaces = Array.from({ length: 100_000 }, (_, i) => `child_${String(i).padStart(5, '0')}`)
    const big = { namespaces, tables: [], complete: false, loading: false, error: null }
    const one = { namespaces: ['x', 'y'], tables: ['t'], complete: true, loading: false, error: null }
    const listings: Record<string, ListingSnapshot> = {
      '': { namespaces: ['big'], tables: [], complete: true, loading: false, error: null },
      big: big,
      'big/child_00001': one
    }
    const model = new TreeModel()
    const expanded = new Set([namespaceKey(['big']), namespaceKey(['big', 'child_00001'])])
    model.update({ listing: (path) => listings[path.join('/')], expanded, filter: '' })
    // big, child_00000, child_00001, x, y, t, child_00002 ... child_99999, more
    expect(model.count).toBe(1 + 100_000 + 3 + 1)
    expect(model.rowAt(5)).toMatchObject({ kind: 'table', name: 't', level: 3, posinset: 3 })
    expect(model.rowAt(100_003)).toMatchObject({ kind: 'namespace', name: 'child_99999', posinset: 100_000, level: 2 })
    expect(model.rowAt(100_004)).toMatchObject({ kind: 'more', path: ['big'] })
    expect(model.indexOfKey(namespaceKey(['big', 'child_99999']))).toBe(100_003)
    expect(model.moreBetween(100_000, 100_010)).toEqual([['big']])
    expect(model.setsize(namespaceKey(['big']))).toBe(-1)
  })

  it('lists an incomplete node the filter hides, so its remaining pages can still be loaded', () => {
    // The match (child_950) is on a later page of `big`; no loaded child matches, so `big` is hidden.
    const firstPage = Array.from({ length: 100 }, (_, i) => `child_${String(i).padStart(3, '0')}`)
    const listings: Record<string, ListingSnapshot> = {
      '': { namespaces: ['big', 'other'], tables: [], complete: true, loading: false, error: null },
      big: { namespaces: firstPage, tables: [], complete: false, loading: false, error: null }
    }
    const model = new TreeModel()
    model.update({ listing: (path) => listings[path.join('/')], expanded: new Set([namespaceKey(['big'])]), filter: 'child_950' })
    expect(model.items).toBe(0)
    expect(model.count).toBe(0)
    expect(model.incomplete()).toEqual([['big']])
  })
})

describe('Fenwick', () => {
  it('keeps prefix sums and finds the element holding each unit while growing', () => {
    const random = prng(42)
    const fenwick = new Fenwick()
    const values: number[] = []
    for (let step = 0; step < 3000; step++) {
      if (values.length === 0 || random() < 0.6) {
        const value = Math.floor(random() * 4)
        values.push(value)
        fenwick.push(value)
      } else {
        const index = Math.floor(random() * values.length)
        const value = Math.floor(random() * 5)
        values[index] = value
        fenwick.set(index, value)
      }
      if (step % 499 === 0 || step === 2999) {
        let sum = 0
        values.forEach((value, i) => {
          expect(fenwick.prefix(i)).toBe(sum)
          for (let unit = sum; unit < sum + value; unit++) expect(fenwick.search(unit)).toBe(i)
          sum += value
        })
        expect(fenwick.total).toBe(sum)
      }
    }
  })
})
