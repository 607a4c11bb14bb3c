/**
 * Where toasts appear: a labelled region at the bottom right whose list is a polite live
 * region, so screen readers read each note once. A toast leaves after a few seconds, but
 * not while the pointer or focus is on it (time to reach its Undo).
 */
import { useEffect, useState, type ReactNode } from 'react'
import { useToasts, type Toast } from './toast-store'
import styles from './toast.module.css'

const TOAST_MS = 6_000

/** The toast region; mount once. */
export function Toaster(): ReactNode {
  const toasts = useToasts((state) => state.toasts)
  return (
    <section aria-label="Notifications" className={styles.region}>
      <div role="status" className={styles.list}>
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  )
}

function ToastView({ toast }: { readonly toast: Toast }): ReactNode {
  const dismiss = useToasts((state) => state.dismiss)
  const replace = useToasts((state) => state.replace)
  const [held, setHeld] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (held || busy) return
    const timer = setTimeout(() => dismiss(toast.id), TOAST_MS)
    return () => clearTimeout(timer)
  }, [held, busy, toast, dismiss])

  const act = async (): Promise<void> => {
    const action = toast.action
    if (!action) return
    setBusy(true)
    try {
      await action.run()
      replace(toast.id, { message: action.done, tone: 'success' })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      replace(toast.id, { message: `Could not ${action.label.toLowerCase()}: ${reason}`, tone: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div
      className={toast.tone === 'error' ? `${styles.toast} ${styles.error}` : styles.toast}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className={styles.message}>{toast.message}</span>
      {toast.action && (
        <button type="button" className={styles.action} disabled={busy} onClick={() => void act()}>
          {toast.action.label}
        </button>
      )}
      <button type="button" className={styles.dismiss} aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  )
}
