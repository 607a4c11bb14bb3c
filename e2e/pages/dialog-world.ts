/**
 * What the dialog-state matrix works with: the states, the world the drivers act on (the
 * app on a REST catalog behind a gate proxy), the driver shape, and small helpers that
 * hold a request at the proxy.
 */
import type { Locator } from '@playwright/test'
import type { GateProxy } from '../fixtures/gate-proxy'
import type { CatalogPage } from './catalog-page'
import type { ProfilesPage } from './profiles-page'
import type { TablesPage } from './tables-page'

/** The states a dialog can be in. */
export type DialogState = 'pristine' | 'edited' | 'invalid' | 'running' | 'failed' | 'succeeded'

/** What the drivers work on: the app (a REST catalog behind a gate proxy) and its pages. */
export interface DialogWorld {
  readonly app: CatalogPage
  readonly profiles: ProfilesPage
  readonly tables: TablesPage
  /** The proxy in front of the catalog server the app and the saved profiles use. */
  readonly proxy: GateProxy
  /** An http:// URL nothing listens on. */
  readonly closedUrl: string
  /** A fresh name on each call (held requests may still land after the dialog closed). */
  fresh(prefix: string): string
}

/**
 * Brings an open dialog into a state. May return a function that lets a held request
 * go (for "running"); the matrix calls it after closing the dialog.
 */
export type StateStep = (world: DialogWorld, dialog: Locator) => Promise<(() => void) | void>

/** An opened dialog whose first request is held at the proxy. */
export interface Opened {
  readonly opener: Locator
  readonly release: () => void
}

/** One dialog. */
export interface DialogDriver {
  /** The dialog's accessible name (its title). */
  readonly title: string | RegExp
  /** The button that closes it without doing anything ("Cancel" or "Close"). */
  readonly closeButton: string | RegExp
  /**
   * Opens it for `state`; returns the element that opened it, which gets focus back on
   * close (and, for a dialog that starts a request as it opens, the held request's release).
   */
  open(world: DialogWorld, state: DialogState): Promise<Locator | Opened>
  /** Where focus belongs after closing, if not the opener (a menu item that is gone). */
  focusAfter?(world: DialogWorld): Locator
  readonly states: Partial<Record<DialogState, StateStep>>
}

/** The saved profile on the catalog, and one on a closed port. */
export const SAVED = 'Saved'
export const BROKEN = 'Broken'

/** A listing request (what "Test connection" sends first). */
export const isList = (method: string, path: string): boolean => method === 'GET' && /^\/v1\/namespace\/[^/]+\/list/.test(path)

/** A POST to `.../<action>` (create, drop, rename). */
export const isPost =
  (action: string) =>
  (method: string, path: string): boolean =>
    method === 'POST' && path.includes(`/${action}`)

/** Holds the next matching request, runs `act`, waits until the request arrived, and returns its release. */
export async function holdUntilArrived(world: DialogWorld, match: (method: string, path: string) => boolean, act: () => Promise<void>): Promise<() => void> {
  const gate = world.proxy.hold(match)
  await act()
  await gate.held
  return gate.release
}
