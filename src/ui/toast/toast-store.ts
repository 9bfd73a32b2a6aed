/**
 * Toast notices (docs/product.md §4, §9): at most one on screen, a newer one replaces it; each closes itself after 5 s
 * unless it asks for another duration. Any module may call toast(); <Toaster /> renders the store.
 * toast() takes the shape src/i18n's renderToast() returns, so `toast(renderToast(TOASTS.x))` shows a catalogue toast.
 * docs/product.md §9 also lists a 1,000,000 ms "removal delay after dismissal" (TOAST_REMOVE_DELAY_MS), a quirk of the
 * original toast library that kept closed toasts mounted but hidden. Here a dismissed toast is removed at once:
 * with one toast at a time nothing visible differs, and nothing lingers in memory.
 */
import { create } from 'zustand'
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@/domain/constants'

export { TOAST_DURATION_MS, TOAST_LIMIT }

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title: string
  description?: string
  /** The error style of docs/product.md §8. */
  destructive?: boolean
  /** How long it stays; Infinity keeps it until dismissed. */
  durationMs?: number
}

export interface Toast {
  id: number
  title: string
  description?: string
  variant: ToastVariant
  durationMs: number
}

interface ToastState {
  toasts: Toast[]
  show(input: ToastInput): number
  /** Dismisses one toast, or all of them without an id. */
  dismiss(id?: number): void
}

const timers = new Map<number, ReturnType<typeof setTimeout>>()
let nextId = 1

function clearTimer(id: number): void {
  clearTimeout(timers.get(id))
  timers.delete(id)
}

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(input) {
    const id = nextId++
    const toast: Toast = {
      id,
      title: input.title,
      description: input.description,
      variant: input.destructive ? 'destructive' : 'default',
      durationMs: input.durationMs ?? TOAST_DURATION_MS,
    }
    const kept = [toast, ...get().toasts].slice(0, TOAST_LIMIT)
    for (const old of get().toasts) if (!kept.includes(old)) clearTimer(old.id)
    set({ toasts: kept })
    if (Number.isFinite(toast.durationMs))
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), toast.durationMs),
      )
    return id
  },
  dismiss(id) {
    const gone = get().toasts.filter((t) => id === undefined || t.id === id)
    for (const t of gone) clearTimer(t.id)
    if (gone.length) set({ toasts: get().toasts.filter((t) => !gone.includes(t)) })
  },
}))

/** Shows a toast from anywhere (event handlers, actions); returns its id for dismissToast. */
export function toast(input: ToastInput): number {
  return useToastStore.getState().show(input)
}

export function dismissToast(id?: number): void {
  useToastStore.getState().dismiss(id)
}
