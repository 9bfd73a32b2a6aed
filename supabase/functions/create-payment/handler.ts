/**
 * create-payment (docs/product.md §7.4): body `{userId, amount}` → `{paymentUrl}`. The caller must be the user being charged,
 * and the server decides what is owed (public.plan_amount_due: CHF 2 for the welcome month while the account is
 * under 60 days old and has never paid, CHF 5 otherwise); an amount that differs is refused with 409, so a client
 * cannot pick the cheaper price. A gateway is created at the provider with the app's return pages as redirects,
 * and the payment is recorded as pending.
 */
import type { Env } from '../_shared/env.ts'
import { required } from '../_shared/env.ts'
import { FunctionError, json, postHandler, readJsonObject, uuidField, type Handler } from '../_shared/http.ts'
import { configuredProvider, CURRENCY, PLAN_AMOUNTS } from '../_shared/payments/provider.ts'
import { getCaller, ServiceRest } from '../_shared/supabase-api.ts'

export const PAYMENT_PURPOSE = 'Kreis membership'

export function createHandler(env: Env): Handler {
  return postHandler('create-payment', async (req) => {
    const body = await readJsonObject(req)
    const userId = uuidField(body, 'userId')
    const amount = body.amount
    if (typeof amount !== 'number' || !(PLAN_AMOUNTS as readonly number[]).includes(amount)) {
      throw new FunctionError(400, `amount must be one of ${PLAN_AMOUNTS.join(', ')} (hundredths of CHF)`)
    }
    const caller = await getCaller(env, req)
    if (caller.id !== userId) throw new FunctionError(403, 'userId must be the signed-in user')
    const rest = new ServiceRest(env)
    const due = await rest.rpc<number | null>('plan_amount_due', { p_user: userId })
    if (due === null) throw new FunctionError(404, 'no profile for the signed-in user')
    if (amount !== due) throw new FunctionError(409, `your plan's payment is ${due} (hundredths of CHF), not ${amount}`)

    const site = required(env, 'KREIS_SITE_URL').replace(/\/$/, '')
    const paymentId = crypto.randomUUID()
    const provider = configuredProvider(env)
    const gateway = await provider.createGateway({
      amount,
      currency: CURRENCY,
      referenceId: paymentId,
      purpose: PAYMENT_PURPOSE,
      // The return URL carries the payment's own id as gatewayId: the provider's id does not exist yet.
      // The failure pages carry it too, so the app can have a cancelled checkout recorded as cancelled.
      successRedirectUrl: `${site}/payment-success?${new URLSearchParams({ userId, gatewayId: paymentId })}`,
      failedRedirectUrl: `${site}/payment-failed?${new URLSearchParams({ userId, gatewayId: paymentId })}`,
      cancelRedirectUrl: `${site}/payment-failed?${new URLSearchParams({ userId, gatewayId: paymentId })}`,
    })
    await rest.insert('payments', {
      id: paymentId,
      user_id: userId,
      provider: provider.name,
      gateway_id: gateway.id,
      amount,
      currency: CURRENCY,
      status: 'pending',
    })
    return json({ paymentUrl: gateway.link })
  })
}
