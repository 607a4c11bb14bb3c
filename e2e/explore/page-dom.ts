/**
 * The few DOM shapes the walk's in-page probes use. The e2e code is typed for Node (no DOM
 * library), so functions run with `page.evaluate` reach the page's globals through these.
 */

/** An element, as far as the probes need it. */
export interface PageElement {
  readonly tagName: string
  readonly textContent: string | null
  readonly disabled?: boolean
  readonly readOnly?: boolean
  readonly placeholder?: string
  readonly labels?: ArrayLike<PageElement> | null
  readonly options?: ArrayLike<{ readonly value: string; readonly disabled: boolean }>
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
  removeAttribute(name: string): void
  closest(selector: string): PageElement | null
  querySelectorAll(selector: string): ArrayLike<PageElement>
  checkVisibility?(): boolean
}

/** The page's document. */
export interface PageDocument {
  readonly body: PageElement & { readonly innerText: string }
  querySelectorAll(selector: string): ArrayLike<PageElement>
  getElementById(id: string): PageElement | null
}

/** The page's MutationObserver, enough to tell when the DOM has stopped changing. */
export interface PageMutationObserver {
  observe(target: PageElement, options: { subtree: boolean; childList: boolean; attributes: boolean; characterData: boolean }): void
  disconnect(): void
}

/** The page globals the probes read. */
export interface PageGlobals {
  readonly document: PageDocument
  readonly MutationObserver: new (callback: () => void) => PageMutationObserver
  readonly performance: { now(): number }
}
