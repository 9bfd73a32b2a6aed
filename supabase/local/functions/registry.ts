/**
 * The edge functions the local stack serves, by name (the directory under supabase/functions). Each module's
 * runtime-neutral `createHandler(env)` is the same code the hosted Deno entry (index.ts) serves.
 */
import type { Env } from '../../functions/_shared/env.ts'
import type { Handler } from '../../functions/_shared/http.ts'
import { createHandler as createPayment } from '../../functions/create-payment/handler.ts'
import { createHandler as handlePaymentSuccess } from '../../functions/handle-payment-success/handler.ts'
import { createHandler as sendPush } from '../../functions/send-push/handler.ts'
import { buildPushRequest } from '../push/index.ts'

export const FUNCTIONS: Record<string, (env: Env) => Handler> = {
  'create-payment': createPayment,
  'handle-payment-success': handlePaymentSuccess,
  'send-push': (env) => sendPush(env, buildPushRequest),
}
