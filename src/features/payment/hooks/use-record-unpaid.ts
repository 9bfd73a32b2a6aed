import { useEffect, useRef } from 'react'
import { confirmPayment, useDatabase } from '@/data'

/**
 * On the failure page a payer reaches after cancelling (or a declined payment), asks the server to look the
 * checkout up once (handle-payment-success): the provider's "cancelled" is then recorded on the payment, which no
 * longer shows as pending. Silent: the page already says no charge was made; offline, nothing is asked.
 */
export function useRecordUnpaid(
  params: { userId: string; gatewayId: string } | null,
  userId: string | null | undefined,
  online: boolean,
): void {
  const db = useDatabase()
  const asked = useRef<string | null>(null)
  useEffect(() => {
    if (!params || params.userId !== userId || !online || asked.current === params.gatewayId) return
    asked.current = params.gatewayId
    void confirmPayment(db, params.userId, params.gatewayId).catch(() => undefined)
  }, [db, params, userId, online])
}
