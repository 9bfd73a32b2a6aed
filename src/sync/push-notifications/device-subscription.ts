/**
 * This browser's Web Push subscription for the signed-in user: made with the server's VAPID key and written to the
 * account through the outbox (kinds/push-subscription.ts setPushSubscription), so it reaches the server whenever a connection
 * allows; turned off by removing it there and ending it in the browser. Sign-out removes it at once when it can.
 */
import type { KreisDatabase } from '@/db/database'
import type { PushSubscriptionWrite } from '@/db/rows'
import { setPushSubscription } from '../kinds/push-subscription'
import { base64UrlBytes } from './availability'

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null
  return (await navigator.serviceWorker.getRegistration()) ?? null
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null
}

function writeOf(userId: string, sub: PushSubscription): PushSubscriptionWrite | null {
  const json = sub.toJSON()
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null
  return { user_id: userId, endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth }
}

/** The endpoint last queued for each account on this browser, so a changed subscription is queued again. */
const queuedKey = (userId: string) => `kreis:push-endpoint:${userId}`

function rememberQueued(userId: string, endpoint: string | null): void {
  try {
    if (endpoint) localStorage.setItem(queuedKey(userId), endpoint)
    else localStorage.removeItem(queuedKey(userId))
  } catch {
    // No storage: the next start queues it again, which changes nothing on the server.
  }
}

/**
 * On start: a browser may renew its subscription (a new endpoint) while the app is closed, and the account must
 * follow; when this browser's subscription is not the one last queued for the user, it is queued again.
 */
export async function keepPushSubscriptionCurrent(
  db: KreisDatabase,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false
  const sub = await currentPushSubscription()
  const write = sub && writeOf(userId, sub)
  if (!write || localStorage.getItem(queuedKey(userId)) === write.endpoint) return false
  await setPushSubscription(db, write, true, now)
  rememberQueued(userId, write.endpoint)
  return true
}

export type EnableOutcome = 'enabled' | 'denied' | 'dismissed' | 'failed'

/** Asks for permission (only ever from a click), subscribes the browser and queues the subscription for the account. */
export async function enablePush(db: KreisDatabase, userId: string, now = Date.now()): Promise<EnableOutcome> {
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return 'denied'
  if (permission !== 'granted') return 'dismissed'
  const reg = await registration()
  const { vapidPublicKey } = await import('@/remote/push')
  const key = await vapidPublicKey()
  if (!reg || !key) return 'failed'
  try {
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(key) }))
    const write = writeOf(userId, sub)
    if (!write) return 'failed'
    await setPushSubscription(db, write, true, now)
    rememberQueued(userId, write.endpoint)
    return 'enabled'
  } catch {
    return 'failed'
  }
}

/** Removes the subscription from the account (through the outbox) and ends it in the browser. */
export async function disablePush(db: KreisDatabase, userId: string, now = Date.now()): Promise<void> {
  const sub = await currentPushSubscription()
  if (!sub) return
  const write = writeOf(userId, sub)
  if (write) await setPushSubscription(db, write, false, now)
  rememberQueued(userId, null)
  await sub.unsubscribe().catch(() => false)
}

/**
 * Before signing out: the account's row goes now (while the session still may delete it), and the browser ends the
 * subscription, so its endpoint is dead even when the delete could not be sent (the server drops it on the 410).
 * Entries for this endpoint still queued are dropped: they must never be sent with another account's session.
 */
export async function removePushOnSignOut(db: KreisDatabase, userId?: string): Promise<void> {
  if (userId) rememberQueued(userId, null)
  const sub = await currentPushSubscription().catch(() => null)
  if (!sub) return
  const { deletePushSubscriptionNow } = await import('@/remote/push')
  await deletePushSubscriptionNow(sub.endpoint)
  await db.outbox.where('group').equals(`push:${sub.endpoint}`).delete()
  await sub.unsubscribe().catch(() => false)
}
