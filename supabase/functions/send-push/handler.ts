/**
 * send-push: Web Push for new messages on hosted Supabase, where a Database Webhook on INSERT into public.messages
 * POSTs `{type, table, record}` here (README, "Push notifications"). The webhook proves itself with the shared
 * secret PUSH_WEBHOOK_SECRET in header x-kreis-push-secret; only the record's id is taken from the body, the
 * message and the receiver's subscriptions (and language, which the notification is written in) are read again
 * with the service_role key, so a forged body can at most repeat a real message's push to its own receiver. GET answers the VAPID public key the app subscribes with.
 * The local stack sends the same pushes in-process (supabase/local/push) and serves this function too.
 */
import { corsHeaders, preflight } from '../_shared/cors.ts'
import { required, type Env } from '../_shared/env.ts'
import { FunctionError, json, readJsonObject, uuidField, type Handler } from '../_shared/http.ts'
import {
  deliverMessagePush,
  type BuildPushRequest,
  type MessagePushStore,
  type PushSubscriptionRow,
} from '../_shared/push/message-push.ts'
import { ServiceRest } from '../_shared/supabase-api.ts'

export const WEBHOOK_SECRET_HEADER = 'x-kreis-push-secret'
const DEFAULT_SUBJECT = 'mailto:push@kreis.localhost'

/** Compares without stopping at the first difference, so the time taken says nothing about the secret. */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a)
  const y = new TextEncoder().encode(b)
  let diff = x.length ^ y.length
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return diff === 0
}

interface MessageRow {
  id: string
  conversation_id: string
  receiver_id: string
  sender_id: string
  listing_id: string
  content: string
}

function restStore(rest: ServiceRest): MessagePushStore {
  return {
    async targets(messageId) {
      const [m] = await rest.select<MessageRow>(
        'messages',
        `id=eq.${messageId}&select=id,conversation_id,receiver_id,sender_id,listing_id,content`,
      )
      if (!m) return null
      const subscriptions = await rest.select<PushSubscriptionRow>(
        'push_subscriptions',
        `user_id=eq.${m.receiver_id}&select=id,endpoint,p256dh,auth`,
      )
      if (subscriptions.length === 0) return null
      const [[sender], [listing], [receiver]] = await Promise.all([
        rest.select<{ first_name: string | null }>('profiles', `id=eq.${m.sender_id}&select=first_name`),
        rest.select<{ title: string }>('listings', `id=eq.${m.listing_id}&select=title`),
        rest.select<{ language: string | null }>('profiles', `id=eq.${m.receiver_id}&select=language`),
      ])
      const message = {
        ...m,
        sender_first_name: sender?.first_name ?? null,
        listing_title: listing?.title ?? '',
        receiver_language: receiver?.language ?? null,
      }
      return { message, subscriptions }
    },
    async removeSubscription(id) {
      await rest.delete('push_subscriptions', `id=eq.${id}`)
    },
  }
}

export function createHandler(env: Env, build: BuildPushRequest): Handler {
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    try {
      if (req.method === 'GET') return json({ publicKey: required(env, 'VAPID_PUBLIC_KEY') })
      if (req.method !== 'POST') return json({ error: 'use GET or POST' }, 405)
      const secret = required(env, 'PUSH_WEBHOOK_SECRET')
      if (!sameSecret(req.headers.get(WEBHOOK_SECRET_HEADER) ?? '', secret))
        throw new FunctionError(401, 'not the push webhook')
      const body = await readJsonObject(req)
      if (body.type !== 'INSERT' || body.table !== 'messages') return json({ skipped: true })
      const record = body.record
      if (typeof record !== 'object' || record === null) throw new FunctionError(400, 'record must be an object')
      const messageId = uuidField(record as Record<string, unknown>, 'id')
      const report = await deliverMessagePush(
        {
          build,
          vapid: {
            subject: env('VAPID_SUBJECT') || DEFAULT_SUBJECT,
            publicKey: required(env, 'VAPID_PUBLIC_KEY'),
            privateKey: required(env, 'VAPID_PRIVATE_KEY'),
          },
          allowLoopbackHttp: env('KREIS_PUSH_ALLOW_LOOPBACK_HTTP') === '1',
        },
        restStore(new ServiceRest(env)),
        messageId,
      )
      return json(report)
    } catch (e) {
      if (e instanceof FunctionError) return json({ error: e.message }, e.status)
      console.error('[send-push]', e)
      return new Response(JSON.stringify({ error: 'internal error' }), {
        status: 500,
        headers: { ...corsHeaders, 'Content-Type': 'application/json' },
      })
    }
  }
}
