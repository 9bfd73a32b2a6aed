/**
 * handle-payment-success (docs/product.md §7.4): body `{userId, gatewayId}` from the return URL. The payment must be the
 * caller's; its gateway is looked up at the provider, never taken on the caller's word, and must be confirmed for
 * exactly the recorded amount and reference. Then public.apply_paid_payment, in one transaction, marks the payment
 * paid and makes the subscription active: start date on the first payment only, last payment date each time, and
 * the paid period extended by one month from the payment or from the end of the period already paid, whichever is
 * later. Idempotent: a payment already paid changes nothing, and two calls racing cannot both apply it (the
 * pending → paid update matches once). A checkout the provider reports cancelled or declined is recorded as
 * cancelled or failed (the app calls this from the failure page too); a free sandbox checkout opened before the real
 * provider was configured is refused and recorded failed.
 */
import type { Env } from '../_shared/env.ts'
import { FunctionError, json, postHandler, readJsonObject, uuidField, type Handler } from '../_shared/http.ts'
import { configuredProvider, CURRENCY, providerNamed } from '../_shared/payments/provider.ts'
import { getCaller, ServiceRest } from '../_shared/supabase-api.ts'

/** Provider statuses that end a checkout without payment, and how the payment is recorded then. */
const UNPAID: Record<string, 'cancelled' | 'failed' | undefined> = {
  cancelled: 'cancelled',
  declined: 'failed',
  error: 'failed',
}

interface PaymentRow {
  id: string
  user_id: string
  provider: string
  gateway_id: string
  amount: number
  currency: string
  status: string
  paid_at: string | null
}

export function createHandler(env: Env): Handler {
  return postHandler('handle-payment-success', async (req) => {
    const body = await readJsonObject(req)
    const userId = uuidField(body, 'userId')
    const paymentId = uuidField(body, 'gatewayId')
    const caller = await getCaller(env, req)
    if (caller.id !== userId) throw new FunctionError(403, 'userId must be the signed-in user')

    const rest = new ServiceRest(env)
    const [payment] = await rest.select<PaymentRow>('payments', `id=eq.${paymentId}&user_id=eq.${userId}&select=*`)
    // Someone else's payment and no payment at all look the same to the caller.
    if (!payment) throw new FunctionError(404, 'no such payment')
    if (payment.status === 'paid') return json({ status: 'active', alreadyProcessed: true })
    if (payment.status !== 'pending') throw new FunctionError(409, `the payment is ${payment.status}`)

    // A sandbox checkout costs nothing: once a real provider is configured, one opened before is not honoured.
    if (payment.provider === 'sandbox' && configuredProvider(env).name !== 'sandbox') {
      await rest.rpc<boolean>('settle_unpaid_payment', { p_payment: payment.id, p_status: 'failed' })
      throw new FunctionError(
        409,
        `the payment was made with ${payment.provider}, which is not accepted once a payment provider is configured`,
      )
    }
    const gateway = await providerNamed(env, payment.provider).getGateway(payment.gateway_id)
    if (!gateway || gateway.referenceId !== payment.id)
      throw new FunctionError(409, 'the provider knows no such payment')
    const unpaid = UNPAID[gateway.status]
    if (unpaid) {
      // The payer cancelled on the payment page (or the provider declined): recorded so, not left pending.
      await rest.rpc<boolean>('settle_unpaid_payment', { p_payment: payment.id, p_status: unpaid })
      throw new FunctionError(409, `the payment is ${unpaid}`)
    }
    if (gateway.status !== 'confirmed') throw new FunctionError(409, `the payment is not completed (${gateway.status})`)
    if (gateway.amount !== payment.amount || gateway.currency !== CURRENCY) {
      throw new FunctionError(409, 'the amount paid does not match the payment')
    }

    const applied = await rest.rpc<boolean>('apply_paid_payment', { p_payment: payment.id })
    if (!applied) return json({ status: 'active', alreadyProcessed: true })
    return json({ status: 'active', alreadyProcessed: false })
  })
}
