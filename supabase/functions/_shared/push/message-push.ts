/**
 * A new message as a Web Push: what the notification carries, which endpoints may be called, and one delivery to
 * every subscription of the receiver. The encryption (RFC 8291 aes128gcm) and the VAPID signature (RFC 8292) are
 * the `web-push` library's, handed in as `build` (its generateRequestDetails), so that this module runs the same
 * in the local stack (Node) and in the hosted edge function (Deno); reading the rows is handed in too (SQL
 * locally, the REST API there).
 */

import { wordPush, type PushLanguage } from './push-texts.ts'

/**
 * What the service worker receives: the notification already worded in the receiver's language (./push-texts), what
 * it was worded from (a worker of an older app words it itself, in English), the thread to open; nothing private.
 */
export interface MessagePushPayload {
  type: 'message'
  conversation_id: string
  sender_first_name: string
  listing_title: string
  /** The message's first characters (PUSH_TEXT_CHARS). */
  text: string
  /** The receiver's language, which `title` and `body` are written in. */
  lang: PushLanguage
  title: string
  body: string
}

/** How much of the message a notification shows. */
export const PUSH_TEXT_CHARS = 50
/** How long the push service may hold a notification for a device that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60
/** How long one push request may take before it counts as failed. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000

export interface MessageForPush {
  id: string
  conversation_id: string
  receiver_id: string
  content: string
  sender_first_name: string | null
  listing_title: string
  /** The receiver's profiles.language (null: none chosen, English). */
  receiver_language: string | null
}

export interface PushSubscriptionRow {
  id: string
  endpoint: string
  p256dh: string
  auth: string
}

export interface VapidDetails {
  subject: string
  publicKey: string
  privateKey: string
}

/** web-push's generateRequestDetails, as far as it is used here. */
export type BuildPushRequest = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
  options: {
    vapidDetails: VapidDetails
    TTL: number
    contentEncoding: 'aes128gcm'
    topic?: string
    urgency?: 'normal' | 'high'
  },
) => { method: string; headers: Record<string, string | number>; body: Uint8Array | null; endpoint: string }

export function messagePushPayload(m: MessageForPush): MessagePushPayload {
  const senderFirstName = m.sender_first_name ?? ''
  // By code points, so an emoji is never cut in half.
  const text = Array.from(m.content).slice(0, PUSH_TEXT_CHARS).join('')
  const worded = wordPush(m.receiver_language, { senderFirstName, listingTitle: m.listing_title, text })
  return {
    type: 'message',
    conversation_id: m.conversation_id,
    sender_first_name: senderFirstName,
    listing_title: m.listing_title,
    text,
    lang: worded.lang,
    title: worded.title,
    body: worded.body,
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * An endpoint the server may POST to: https anywhere, plain http only to the machine itself, and only where the
 * caller allows it (the local stack, whose tests run their push receiver on loopback).
 */
export function isAllowedPushEndpoint(endpoint: string, allowLoopbackHttp: boolean): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (url.protocol === 'https:') return true
  return allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

export type PushOutcome = 'sent' | 'gone' | 'failed' | 'refused-endpoint'

export interface DeliveryDeps {
  build: BuildPushRequest
  vapid: VapidDetails
  allowLoopbackHttp: boolean
  fetch?: typeof fetch
  timeoutMs?: number
  /** Ends requests in flight (the sender closing). */
  signal?: AbortSignal
}

/** One push to one subscription. 404 and 410 mean the subscription is gone for good (RFC 8030 §7.3). */
export async function sendPush(
  deps: DeliveryDeps,
  sub: PushSubscriptionRow,
  payload: MessagePushPayload,
): Promise<PushOutcome> {
  if (!isAllowedPushEndpoint(sub.endpoint, deps.allowLoopbackHttp)) return 'refused-endpoint'
  const details = deps.build(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: deps.vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      // A newer push about the same conversation replaces one the push service still holds (32 base64url chars).
      topic: payload.conversation_id.replaceAll('-', ''),
      urgency: 'high',
    },
  )
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets the length from the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value)
  }
  const res = await (deps.fetch ?? fetch)(details.endpoint, {
    method: details.method,
    headers,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: 'manual',
    signal: AbortSignal.any([
      AbortSignal.timeout(deps.timeoutMs ?? PUSH_REQUEST_TIMEOUT_MS),
      ...(deps.signal ? [deps.signal] : []),
    ]),
  })
  await res.body?.cancel()
  if (res.status === 404 || res.status === 410) return 'gone'
  return res.ok ? 'sent' : 'failed'
}

export interface MessagePushStore {
  /**
   * The message (with its sender's first name and its listing's title) and its receiver's subscriptions; null when
   * the message is not there (any more) or the receiver has no subscription.
   */
  targets(messageId: string): Promise<{ message: MessageForPush; subscriptions: PushSubscriptionRow[] } | null>
  removeSubscription(id: string): Promise<void>
}

export interface DeliveryReport {
  sent: number
  removed: number
  failed: number
}

/** Sends the message to every subscription of its receiver, in parallel; drops those the push service says are gone. */
export async function deliverMessagePush(
  deps: DeliveryDeps,
  store: MessagePushStore,
  messageId: string,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, removed: 0, failed: 0 }
  const targets = await store.targets(messageId)
  if (!targets) return report
  const { message, subscriptions: subs } = targets
  const payload = messagePushPayload(message)
  await Promise.all(
    subs.map(async (sub) => {
      const outcome = await sendPush(deps, sub, payload).catch(() => 'failed' as const)
      if (outcome === 'gone') {
        await store.removeSubscription(sub.id)
        report.removed++
      } else if (outcome === 'sent') report.sent++
      else report.failed++
    }),
  )
  return report
}
