import { useState } from 'react'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'

export interface ManageCardProps {
  canCancel: boolean
  online: boolean
  cancelling: boolean
  onCancel: () => Promise<boolean>
}

/** Manage/cancel (docs/product.md §2.12, §9): the terms, and cancel after a confirmation; offline the button waits for a connection. */
export function ManageCard({ canCancel, online, cancelling, onCancel }: ManageCardProps) {
  const [confirming, setConfirming] = useState(false)
  const confirm = async () => {
    await onCancel()
    setConfirming(false)
  }
  return (
    <section aria-labelledby="plan-manage" className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
      <h2 id="plan-manage" className="text-lg font-semibold text-stone-900">
        {t('subscription.manage')}
      </h2>
      <p className="mt-2 text-stone-700">{t('subscription.terms')}</p>
      {!canCancel && <p className="mt-2 text-sm text-stone-600">{t('plan.noActiveToCancel')}</p>}
      {canCancel && !online && <p className="mt-2 text-sm text-stone-600">{t('plan.cancelOffline')}</p>}
      <Button variant="outline" className="mt-4 w-full sm:w-auto" disabled={!canCancel || !online || cancelling} onClick={() => setConfirming(true)}>
        {t('subscription.cancel')}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => !cancelling && setConfirming(false)}
        title={t('plan.cancelConfirmTitle')}
        description={t('plan.cancelConfirmText')}
        footer={
          <>
            <Button variant="outline" className="whitespace-nowrap" onClick={() => setConfirming(false)} disabled={cancelling}>
              {t('plan.keep')}
            </Button>
            <Button variant="destructive" className="whitespace-nowrap" onClick={() => void confirm()} disabled={cancelling || !online}>
              {cancelling ? t('plan.cancelling') : t('plan.cancelConfirm')}
            </Button>
          </>
        }
      />
    </section>
  )
}
