/**
 * The subscription's server calls for the screens (docs/decisions.md#D-plan-screens), kept apart from the sync engine: paying, confirming
 * a payment, cancelling, and refreshing the plan. The network module (src/remote/payments.ts) loads only when one
 * of these runs. What the server answers lands in Dexie, where the screens read it:
 * - the own profile row (my_profile, which the engine also pulls) after a confirmed payment or a cancel, so every
 *   screen showing the plan updates without a reload;
 * - the user's payments, which the engine does not mirror: the last list fetched is kept in the meta table under
 *   `payments:<userId>`, so the plan page still shows it offline.
 */
import type { KreisDatabase } from '@/db/database'
import { applyMyProfile } from '@/db/repositories/mirror'
import type { MyProfileRow } from '@/db/rows'
import { sortPayments, type PaymentSummary } from '@/domain/payments'
import type { Result } from '@/sync/protocol'

const remote = () => import('@/remote/payments')

/** ok; offline (no answer: nothing happened that we know of); failed (the server refused or broke). */
export type CallOutcome = 'ok' | 'offline' | 'failed'

const outcomeOf = (r: Result<unknown>): CallOutcome => (r.ok ? 'ok' : r.reason === 'network' ? 'offline' : 'failed')

export interface CachedPayments {
  readonly userId: string
  /** Device time (ms) of the fetch. */
  readonly fetchedAt: number
  readonly payments: PaymentSummary[]
}

export const paymentsMetaKey = (userId: string) => `payments:${userId}`

/** The own profile row in the mirror (subscription fields included), if pulled yet. */
export const myPlanProfile = (db: KreisDatabase, userId: string): Promise<MyProfileRow | undefined> =>
  db.my_profile.get(userId)

/** The payments list last fetched on this device, or null if never. */
export async function cachedPayments(db: KreisDatabase, userId: string): Promise<CachedPayments | null> {
  const row = await db.meta.get(paymentsMetaKey(userId))
  const value = row?.value as CachedPayments | undefined
  return value && value.userId === userId ? value : null
}

/** Fetches the user's payments and keeps them in the meta table. */
export async function refreshPayments(
  db: KreisDatabase,
  userId: string,
  now: () => number = Date.now,
): Promise<CallOutcome> {
  const r = await (await remote()).fetchPayments()
  if (r.ok) {
    const value: CachedPayments = { userId, fetchedAt: now(), payments: sortPayments(r.value) }
    await db.meta.put({ key: paymentsMetaKey(userId), value })
  }
  return outcomeOf(r)
}

/** Fetches the own profile into the mirror (plan info, docs/product.md §7.2), then the payments. */
export async function refreshPlan(db: KreisDatabase, userId: string): Promise<CallOutcome> {
  const r = await (await remote()).fetchMyProfile()
  if (r.ok && r.value) await applyMyProfile(db, r.value)
  const payments = await refreshPayments(db, userId)
  return r.ok ? payments : outcomeOf(r)
}

export type StartPaymentResult = { outcome: 'ok'; paymentUrl: string } | { outcome: 'offline' | 'failed' }

/** create-payment with the amount the plan owes: the checkout link, or why there is none (no link counts as failed). */
export async function startPayment(userId: string, amountRappen: number): Promise<StartPaymentResult> {
  const r = await (await remote()).createPayment(userId, amountRappen)
  if (!r.ok) return { outcome: outcomeOf(r) as 'offline' | 'failed' }
  return r.value ? { outcome: 'ok', paymentUrl: r.value } : { outcome: 'failed' }
}

/** handle-payment-success; once confirmed, the plan in the mirror is refreshed (the screens follow it). */
export async function confirmPayment(db: KreisDatabase, userId: string, gatewayId: string): Promise<CallOutcome> {
  const r = await (await remote()).confirmPayment(userId, gatewayId)
  if (r.ok) await refreshPlan(db, userId).catch(() => 'failed')
  return outcomeOf(r)
}

/** cancel_subscription(): the returned profile row goes into the mirror at once. */
export async function cancelSubscription(db: KreisDatabase, userId: string): Promise<CallOutcome> {
  const r = await (await remote()).cancelSubscription()
  if (!r.ok) return outcomeOf(r)
  if (r.value) await applyMyProfile(db, r.value)
  else await refreshPlan(db, userId).catch(() => 'failed')
  return 'ok'
}
