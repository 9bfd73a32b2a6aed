import { useEffect, useRef, useState } from 'react'
import { confirmPayment, useDatabase, type CallOutcome } from '@/data'
import { TOASTS } from '@/domain/toasts'
import { renderToast } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'

export type ConfirmationState = 'processing' | 'success' | 'failure' | 'offline'

/**
 * Confirms a returned payment once (handle-payment-success with userId and gatewayId; docs/product.md §2.13): success shows
 * the §8 toast, failure the §8 error toast. No answer (offline) waits and tries again when the connection returns.
 * The call is made once per gatewayId even if the screen renders twice.
 */
export function usePaymentConfirmation(
  params: { userId: string; gatewayId: string } | null,
  signedIn: boolean,
  online: boolean,
): ConfirmationState {
  const db = useDatabase()
  const [result, setResult] = useState<{ outcome: CallOutcome; attempt: number } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const started = useRef<number | null>(null)
  const ready = params !== null && signedIn && online
  useEffect(() => {
    if (!ready || !params || started.current === attempt) return
    started.current = attempt
    void confirmPayment(db, params.userId, params.gatewayId)
      .catch((): CallOutcome => 'failed')
      .then((outcome) => {
        setResult({ outcome, attempt })
        if (outcome !== 'offline')
          toast(renderToast(outcome === 'ok' ? TOASTS.paymentSuccess : TOASTS.paymentProcessingError))
      })
  }, [db, params, ready, attempt])
  // No answer: try again once the browser says it is back online.
  useEffect(() => {
    if (result?.outcome !== 'offline') return
    const again = () => setAttempt((n) => n + 1)
    window.addEventListener('online', again)
    return () => window.removeEventListener('online', again)
  }, [result])
  if (result?.outcome === 'ok') return 'success'
  if (result?.outcome === 'failed') return 'failure'
  if (params && signedIn && (!online || (result?.outcome === 'offline' && result.attempt === attempt))) return 'offline'
  return 'processing'
}
