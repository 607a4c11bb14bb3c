/**
 * What the walk can act on right now: one pass over the page that tags every visible,
 * enabled control (inside the topmost dialog or menu if one is open) with a
 * `data-explore` number, so an action can address it with a plain locator.
 */
import type { Locator, Page } from '@playwright/test'
import type { PageElement, PageGlobals } from './page-dom'

/** One control the user could act on. */
export interface Control {
  readonly id: string
  /** ARIA role, or the tag name for inputs, selects and textareas. */
  readonly role: string
  /** Accessible name as far as cheaply known (aria-label, else text). */
  readonly name: string
  /** The input's type, for inputs. */
  readonly type: string
}

/** The page as the walk sees it. */
export interface Snapshot {
  /** The name of the open dialog, or null. */
  readonly dialog: string | null
  /** True while a context menu is open. */
  readonly menu: boolean
  readonly controls: readonly Control[]
}

/** Controls of one role kept per snapshot; the walk needs variety, not every grid cell. */
const PER_ROLE = 40

/** The DOM counts as settled once it has not changed for this long. */
const DOM_QUIET_MS = 60
/** Longest wait for a settled DOM; a page that never settles is looked at anyway. */
const DOM_SETTLE_MAX_MS = 3_000

/**
 * Waits until the DOM has stopped changing (so the same seed sees the same controls),
 * then tags and lists the controls a user could act on now.
 */
export async function takeSnapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(
    async ({ perRole, quietMs, maxMs }) => {
      const { document, MutationObserver, performance } = globalThis as unknown as PageGlobals
      await new Promise<void>((resolve) => {
        const start = performance.now()
        let last = start
        const observer = new MutationObserver(() => (last = performance.now()))
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
        const tick = (): void => {
          const now = performance.now()
          if (now - last < quietMs && now - start < maxMs) {
            setTimeout(tick, 10)
            return
          }
          observer.disconnect()
          resolve()
        }
        setTimeout(tick, 10)
      })
      for (const old of Array.from(document.querySelectorAll('[data-explore]'))) old.removeAttribute('data-explore')
      const shown = (el: PageElement): boolean => el.checkVisibility?.() ?? true
      const layers = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open], [role="menu"]')).filter(shown)
      const top = layers[layers.length - 1] ?? null
      const dialog = [...layers].reverse().find((el) => el.getAttribute('role') !== 'menu') ?? null
      const selector = 'button, [role="tab"], [role="treeitem"], [role="menuitem"], [role="gridcell"], [role="grid"], input, select, textarea'
      const counts = new Map<string, number>()
      const controls: { id: string; role: string; name: string; type: string }[] = []
      for (const el of Array.from((top ?? document.body).querySelectorAll(selector))) {
        if (!shown(el) || el.closest('[inert]')) continue
        if (el.disabled || el.readOnly || el.getAttribute('aria-disabled') === 'true') continue
        const role = el.getAttribute('role') ?? el.tagName.toLowerCase()
        const seen = counts.get(role) ?? 0
        if (seen >= perRole) continue
        counts.set(role, seen + 1)
        const id = String(controls.length)
        el.setAttribute('data-explore', id)
        const label = el.labels && el.labels.length > 0 ? el.labels[0]?.textContent : el.placeholder || null
        const name = (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)
        controls.push({ id, role, name, type: el.getAttribute('type') ?? '' })
      }
      const dialogName = dialog
        ? (dialog.getAttribute('aria-label') ?? document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? 'dialog')
        : null
      return { dialog: dialogName, menu: top?.getAttribute('role') === 'menu', controls }
    },
    { perRole: PER_ROLE, quietMs: DOM_QUIET_MS, maxMs: DOM_SETTLE_MAX_MS }
  )
}

/** The locator of a control from the latest snapshot. */
export function locate(page: Page, control: Control): Locator {
  return page.locator(`[data-explore="${control.id}"]`)
}
