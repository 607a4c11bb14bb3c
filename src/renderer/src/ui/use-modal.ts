/**
 * Shows a native <dialog> as a modal while the component is mounted (focus moves in and
 * is trapped, Escape fires `cancel`), and gives focus back to the element that had it
 * when it opened. Closing is unmounting, which the browser does not treat as closing: it
 * would leave focus on <body>, so the opener is remembered and refocused here.
 */
import { useLayoutEffect, type RefObject } from 'react'

/** Opens `ref`'s dialog as a modal for the component's lifetime. */
export function useModal(ref: RefObject<HTMLDialogElement | null>): void {
  // A layout effect, so the cleanup runs while the dialog is still in the document.
  useLayoutEffect(() => {
    const dialog = ref.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      // A question still open over this dialog (its cleanup may run after this one) would
      // keep the page inert, and the opener could not take focus.
      for (const nested of dialog?.querySelectorAll<HTMLDialogElement>('dialog[open]') ?? []) nested.close()
      dialog?.close()
      // An opener that went away (a menu item) leaves focus to the region that owns it; one
      // inside a dialog closing at the same time (a question asked over it) leaves focus to
      // that dialog's own opener.
      if (opener?.isConnected && !opener.closest('dialog:not([open])')) opener.focus()
    }
  }, [ref])
}
