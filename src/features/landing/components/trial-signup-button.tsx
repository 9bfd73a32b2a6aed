import { Suspense, useEffect, useRef, useState } from 'react'
import { lazyRetrying } from '@/ui/lazy-retrying'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { cx } from '@/ui/cx'

const loadModal = () => import('./trial-signup-modal')
const TrialSignupModal = lazyRetrying(() => loadModal().then((m) => ({ default: m.TrialSignupModal })))

/**
 * "Start Free Trial" (docs/product.md §2.2 section 7, §2.3). The modal is its own chunk, asked for when the pointer or the
 * focus reaches the button, and stays mounted once opened, so a closed, unfinished form keeps what was typed.
 */
export function TrialSignupButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)

  // Focus returns to the button once the dialog has closed (its effect runs before this one); no jump back to it.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus({ preventScroll: true })
    wasOpen.current = open
  }, [open])

  const preload = () => void loadModal().catch(() => undefined)

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true)
          setOpen(true)
        }}
        className={cx(buttonClasses({ variant: 'outline', size: 'lg' }), className)}
      >
        {t('landing.trialButton')}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <TrialSignupModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
