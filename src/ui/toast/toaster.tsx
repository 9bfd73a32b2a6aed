import { cx } from '../cx'
import { useToastStore, type Toast } from './toast-store'

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const destructive = toast.variant === 'destructive'
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      className={cx(
        'pointer-events-auto flex w-full items-start gap-3 rounded-2xl p-4 shadow-lg motion-safe:animate-[toast-in_150ms_ease-out]',
        destructive ? 'bg-red-700 text-white' : 'border border-stone-200 bg-white text-stone-900',
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className={cx('mt-0.5 text-sm', destructive ? 'text-white' : 'text-stone-700')}>{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-m-1 rounded-full p-1.5 focus-visible:outline-3 focus-visible:outline-current"
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}

/** Where toasts appear: above the bottom tab bar, centred on small screens, bottom-right on large ones. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts)
  const dismiss = useToastStore((s) => s.dismiss)
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-4 sm:right-4 sm:left-auto sm:w-96 sm:items-end"
    >
      {toasts.map((t) => (
        <ToastCard key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
      ))}
    </section>
  )
}
