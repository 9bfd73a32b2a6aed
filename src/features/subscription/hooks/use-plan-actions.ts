import { useCallback, useState } from 'react'
import { cancelSubscription, startPayment, useDatabase } from '@/data'
import { TOASTS } from '@/domain/toasts'
import { renderToast } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'

export type Busy = 'paying' | 'cancelling' | null

/**
 * Pay (create-payment with the amount due; the checkout opens in a new tab) and cancel (cancel_subscription()),
 * with the docs/product.md §8 toasts. The tab is opened at the click, before the server answers, so popup blockers allow it;
 * it is closed again when no link comes back.
 */
export function usePlanActions(userId: string): {
  busy: Busy
  pay: (amountRappen: number) => Promise<void>
  cancel: () => Promise<boolean>
} {
  const db = useDatabase()
  const [busy, setBusy] = useState<Busy>(null)

  const pay = useCallback(
    async (amountRappen: number) => {
      const tab = window.open('', '_blank')
      if (tab) tab.opener = null
      setBusy('paying')
      try {
        const r = await startPayment(userId, amountRappen).catch(() => ({ outcome: 'failed' as const }))
        if (r.outcome === 'ok') {
          if (tab) tab.location.href = r.paymentUrl
          else window.location.assign(r.paymentUrl)
          return
        }
        tab?.close()
        toast(renderToast(TOASTS.paymentError))
      } finally {
        setBusy(null)
      }
    },
    [userId],
  )

  const cancel = useCallback(async () => {
    setBusy('cancelling')
    try {
      const outcome = await cancelSubscription(db, userId).catch(() => 'failed' as const)
      toast(renderToast(outcome === 'ok' ? TOASTS.subscriptionCancelled : TOASTS.cancelFailed))
      return outcome === 'ok'
    } finally {
      setBusy(null)
    }
  }, [db, userId])

  return { busy, pay, cancel }
}
