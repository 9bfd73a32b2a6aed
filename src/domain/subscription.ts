// Trial and subscription (spec §4 trial and subscription, subscription phase; §2.9; §2.12).
import {
  DAY_MS,
  MONTHLY_PAYMENT_AMOUNT_RAPPEN,
  TRIAL_LENGTH_DAYS,
  TRIAL_LENGTH_MS,
  WELCOME_PAYMENT_AMOUNT_RAPPEN,
  WELCOME_PHASE_END_DAYS,
} from './constants'

/** The profile columns the plan is derived from (spec §7.2 Plan info). */
export interface PlanProfile {
  readonly subscription_status?: string | null
  readonly created_at?: string | null
}

export type SubscriptionPhase = 'active' | 'trial' | 'welcome' | 'subscription'

export const SUBSCRIPTION_STATUS_ACTIVE = 'active'
export const SUBSCRIPTION_STATUS_CANCELLED = 'cancelled'

const isSubscribed = (p: PlanProfile): boolean => p.subscription_status === SUBSCRIPTION_STATUS_ACTIVE

// An unparseable created_at is treated like a missing one.
function createdAtMs(p: PlanProfile): number | null {
  const ms = p.created_at ? Date.parse(p.created_at) : NaN
  return Number.isFinite(ms) ? ms : null
}

/** Account age in (fractional) days; null without created_at. */
export function accountAgeDays(p: PlanProfile, now: Date): number | null {
  const created = createdAtMs(p)
  return created === null ? null : (now.getTime() - created) / DAY_MS
}

/** active if subscribed; else by age: < 30 days trial, 30 to < 60 welcome, ≥ 60 subscription; no created_at: trial. */
export function subscriptionPhase(p: PlanProfile, now: Date): SubscriptionPhase {
  if (isSubscribed(p)) return 'active'
  const age = accountAgeDays(p, now)
  if (age === null || age < TRIAL_LENGTH_DAYS) return 'trial'
  return age < WELCOME_PHASE_END_DAYS ? 'welcome' : 'subscription'
}

export type TimelineState = 'active' | 'pending' | 'inactive'
export type TimelineRow = 'month1' | 'month2' | 'month3'
export interface TimelineEntry {
  readonly row: TimelineRow
  readonly state: TimelineState
}

/** The plan timeline of /subscription: Month 1 Free Trial, Month 2 CHF 2 Welcome, Month 3+ CHF 5/month. */
export function planTimeline(phase: SubscriptionPhase): TimelineEntry[] {
  const subscribed = phase === 'active'
  return [
    { row: 'month1', state: 'active' },
    { row: 'month2', state: subscribed ? 'active' : phase === 'welcome' ? 'pending' : 'inactive' },
    { row: 'month3', state: subscribed ? 'active' : phase === 'subscription' ? 'pending' : 'inactive' },
  ]
}

/** The profile page's plan badge: "Active (CHF 5/month)" when subscribed, else "Free Trial". */
export type PlanBadge = 'active' | 'freeTrial'
export const planBadge = (p: PlanProfile): PlanBadge => (isSubscribed(p) ? 'active' : 'freeTrial')

/**
 * Whole days left of the 30-day trial, rounded up, never below 0. Without a usable created_at the account is
 * taken as created now (a full trial), the same reading as subscriptionPhase's "missing created_at is trial".
 */
export function trialDaysLeft(p: PlanProfile, now: Date): number {
  const created = createdAtMs(p) ?? now.getTime()
  const leftMs = created + TRIAL_LENGTH_MS - now.getTime()
  return Math.max(0, Math.ceil(leftMs / DAY_MS))
}

export const isTrialActive = (p: PlanProfile, now: Date): boolean => trialDaysLeft(p, now) > 0 && !isSubscribed(p)

/**
 * What the payment link charges (spec §7.4: 200 or 500 Rappen). The next unpaid month decides: while in the
 * trial or welcome phase that is month 2 (CHF 2); from month 3 on, and for renewals, CHF 5.
 */
export const paymentAmountRappen = (phase: SubscriptionPhase): number =>
  phase === 'trial' || phase === 'welcome' ? WELCOME_PAYMENT_AMOUNT_RAPPEN : MONTHLY_PAYMENT_AMOUNT_RAPPEN

/** The update a cancel writes (spec §7.2 Cancel subscription). */
export const cancelSubscriptionUpdate = () => ({ subscription_status: SUBSCRIPTION_STATUS_CANCELLED }) as const
