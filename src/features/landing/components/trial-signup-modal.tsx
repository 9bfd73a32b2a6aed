import { useEffect, useRef } from 'react'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { toast } from '@/ui/toast/toast-store'
import { useTrialSignup } from '../hooks/use-trial-signup'
import { scrollToSection } from '../hooks/scroll-to-section'
import { PRODUCTS_SECTION_ID } from '../landing-constants'
import { TrialSignupForm } from './trial-signup-form'

export interface TrialSignupModalProps {
  open: boolean
  onClose: () => void
}

/**
 * The free-trial modal (docs/product.md §2.3): the form, then the success view with "Start Browsing Fashion" (closes and
 * scrolls to the products section) and "Add Your First Item" (closes with an "Add Item" toast, nothing else).
 * Loaded on the first click of "Start Free Trial", so the landing page's first JS does not carry it.
 */
export function TrialSignupModal({ open, onClose }: TrialSignupModalProps) {
  const trial = useTrialSignup()
  const body = useRef<HTMLDivElement>(null)
  const success = trial.phase === 'success'

  // The dialog would focus its Close button first: the e-mail field (or the first success action) gets it instead.
  // This runs after the Dialog's own effect has called showModal().
  useEffect(() => {
    if (!open) return
    body.current?.querySelector<HTMLElement>(success ? 'button' : 'input[name="email"]')?.focus()
  }, [open, success])

  const close = () => {
    trial.closed()
    onClose()
  }

  const browse = () => {
    close()
    // After the dialog has closed and the focus went back to the page's button.
    requestAnimationFrame(() => scrollToSection(PRODUCTS_SECTION_ID))
  }

  const addItem = () => {
    close()
    toast(renderToast(TOASTS.addItem))
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t(success ? 'trial.successTitle' : 'trial.title')}
      description={t(success ? 'trial.successText' : 'trial.text')}
    >
      <div ref={body}>
        {success ? (
          <div className="flex flex-col gap-3 pt-2">
            <Button size="lg" className="w-full" onClick={browse}>
              {t('trial.startBrowsing')}
            </Button>
            <Button size="lg" variant="outline" className="w-full" onClick={addItem}>
              {t('trial.addFirstItem')}
            </Button>
          </div>
        ) : (
          <TrialSignupForm
            values={trial.values}
            onChange={trial.set}
            submitting={trial.phase === 'submitting'}
            offline={trial.offline}
            onSubmit={trial.submit}
          />
        )}
      </div>
    </Dialog>
  )
}
