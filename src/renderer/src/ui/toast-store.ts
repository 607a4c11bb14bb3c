/**
 * Toasts: short notes that a finished action worked ("Created namespace sales"), some with
 * an Undo. Held in a small store so any feature can raise one without prop drilling.
 */
import { create } from 'zustand'

/** An action a toast offers, e.g. Undo. It may fail: the toast then says why. */
export interface ToastAction {
  readonly label: string
  readonly run: () => Promise<void> | void
  /** What the toast says once the action worked. */
  readonly done: string
}

/** One toast. */
export interface Toast {
  readonly id: number
  readonly message: string
  readonly tone: 'success' | 'error'
  readonly action?: ToastAction
}

interface ToastState {
  readonly toasts: readonly Toast[]
  show(toast: Omit<Toast, 'id' | 'tone'> & { readonly tone?: Toast['tone'] }): number
  replace(id: number, toast: Omit<Toast, 'id'>): void
  dismiss(id: number): void
}

/** At most this many toasts at once; older ones give way. */
const MAX_TOASTS = 4
let nextId = 1

/** The toast store. */
export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++
    const next: Toast = { id, message: toast.message, tone: toast.tone ?? 'success', ...(toast.action ? { action: toast.action } : {}) }
    set((state) => ({ toasts: [...state.toasts, next].slice(-MAX_TOASTS) }))
    return id
  },
  replace: (id, toast) => set((state) => ({ toasts: state.toasts.map((current) => (current.id === id ? { ...toast, id } : current)) })),
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }))
}))

/** Raises a toast from outside React (mutation callbacks). */
export function showToast(message: string, action?: ToastAction): void {
  useToasts.getState().show(action ? { message, action } : { message })
}

/** Raises a toast saying something did not work. */
export function showErrorToast(message: string): void {
  useToasts.getState().show({ message, tone: 'error' })
}
