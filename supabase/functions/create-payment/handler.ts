/**
 * create-payment (spec §7.4): body `{userId, amount}` → `{paymentUrl}`. The caller must be the user being charged
 * and the amount one of the plan prices in hundredths of CHF. A gateway is created at the provider with the app's
 * return pages as redirects, and the payment is recorded as pending.
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

    const site = required(env, 'KREIS_SITE_URL').replace(/\/$/, '')
    const paymentId = crypto.randomUUID()
    const provider = configuredProvider(env)
    const gateway = await provider.createGateway({
      amount,
      currency: CURRENCY,
      referenceId: paymentId,
      purpose: PAYMENT_PURPOSE,
      // The return URL carries the payment's own id as gatewayId: the provider's id does not exist yet.
      successRedirectUrl: `${site}/payment-success?${new URLSearchParams({ userId, gatewayId: paymentId })}`,
      failedRedirectUrl: `${site}/payment-failed`,
      cancelRedirectUrl: `${site}/payment-failed`,
    })
    await new ServiceRest(env).insert('payments', {
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
