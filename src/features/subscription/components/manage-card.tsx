import { useState } from 'react'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { SectionCard } from '@/ui/section-card'

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
    <SectionCard title={t('subscription.manage')}>
      <p className="mt-2 text-stone-700">{t('subscription.terms')}</p>
      {!canCancel && <p className="mt-2 text-sm text-stone-600">{t('plan.noActiveToCancel')}</p>}
      {canCancel && !online && <p className="mt-2 text-sm text-stone-600">{t('plan.cancelOffline')}</p>}
      <Button
        variant="outline"
        className="mt-4 w-full sm:w-auto"
        disabled={!canCancel || !online || cancelling}
        onClick={() => setConfirming(true)}
      >
        {t('subscription.cancel')}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => !cancelling && setConfirming(false)}
        title={t('plan.cancelConfirmTitle')}
        description={t('plan.cancelConfirmText')}
        footer={
          <>
            <Button
              variant="outline"
              className="whitespace-nowrap"
              onClick={() => setConfirming(false)}
              disabled={cancelling}
            >
              {t('plan.keep')}
            </Button>
            <Button
              variant="destructive"
              className="whitespace-nowrap"
              onClick={() => void confirm()}
              disabled={cancelling || !online}
            >
              {cancelling ? t('plan.cancelling') : t('plan.cancelConfirm')}
            </Button>
          </>
        }
      />
    </SectionCard>
  )
}
