import { useEffect, useId, useRef, type ReactNode } from 'react'
import { t } from '@/i18n'
import { cx } from './cx'

export interface ModalProps {
  open: boolean
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void
  title: string
  description?: string
  children?: ReactNode
  /** Buttons at the bottom (Apply, Cancel…). */
  footer?: ReactNode
  className?: string
}

/**
 * The shared body of Dialog and Sheet, on the native <dialog> element: showModal() gives a focus trap, inert
 * background, Escape and focus return for free, with no library.
 */
export function Modal({ open, onClose, title, description, children, footer, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
      // text-left: a dialog opened from a centred section (the landing page's call to action) does not inherit it.
      className={cx('bg-white text-left text-stone-900 shadow-xl backdrop:bg-stone-900/50', className)}
    >
      <div className="flex items-start justify-between gap-4 p-5 pb-3">
        <div>
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-stone-700">
              {description}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('common.close')}
          className="-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-green-700"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="px-5 pb-5">{children}</div>
      {footer && <div className="flex justify-end gap-3 border-t border-stone-200 p-4">{footer}</div>}
    </dialog>
  )
}
