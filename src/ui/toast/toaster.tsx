import { t } from '@/i18n'
import { cx } from '../cx'
import { useToastStore, type Toast } from './toast-store'

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const destructive = toast.variant === 'destructive'
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      data-testid="toast"
      className={cx(
        'pointer-events-auto flex w-full items-start gap-3 rounded-2xl p-4 shadow-lg motion-safe:animate-[toast-in_150ms_ease-out]',
        destructive ? 'bg-red-700 text-white' : 'border border-stone-200 bg-white text-stone-900',
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && (
          <p className={cx('mt-0.5 text-sm', destructive ? 'text-white' : 'text-stone-700')}>{toast.description}</p>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('notifications.dismiss')}
        className="-m-3 flex h-11 w-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-current"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-4 w-4"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}

/**
 * Where toasts appear: at the top on phones, whose bottom edge is busy (tab bar, the item page's "Message Seller",
 * a form's submit button and the links under it); bottom-right above the tab bar from sm.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts)
  const dismiss = useToastStore((s) => s.dismiss)
  return (
    <section
      aria-label={t('notifications.label')}
      className="pointer-events-none fixed inset-x-0 top-[calc(0.5rem+env(safe-area-inset-top))] z-50 flex flex-col items-center gap-2 px-4 sm:top-auto sm:right-4 sm:bottom-20 sm:left-auto sm:w-96 sm:items-end sm:px-0"
    >
      {toasts.map((shown) => (
        <ToastCard key={shown.id} toast={shown} onDismiss={() => dismiss(shown.id)} />
      ))}
    </section>
  )
}
