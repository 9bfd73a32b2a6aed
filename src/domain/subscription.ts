// Trial and subscription (docs/product.md §4 trial and subscription, subscription phase; §2.9; §2.12).
import {
  DAY_MS,
  MONTHLY_PAYMENT_AMOUNT_RAPPEN,
  TRIAL_LENGTH_DAYS,
  TRIAL_LENGTH_MS,
  WELCOME_PAYMENT_AMOUNT_RAPPEN,
  WELCOME_PHASE_END_DAYS,
} from './constants'

/**
 * The profile columns the plan is derived from (docs/product.md §7.2 Plan info), plus paid_until: the end of the period paid
 * for, written by the server when a payment is confirmed (one month from the payment or from the end of the
 * period already paid).
 */
export interface PlanProfile {
  readonly subscription_status?: string | null
  readonly created_at?: string | null
  readonly subscription_start_date?: string | null
  readonly paid_until?: string | null
}

export type SubscriptionPhase = 'active' | 'trial' | 'welcome' | 'subscription'

export const SUBSCRIPTION_STATUS_ACTIVE = 'active'
export const SUBSCRIPTION_STATUS_CANCELLED = 'cancelled'

/**
 * A timestamptz as the API sends it ("2026-12-23T10:00:00.123456+00:00", or Postgres' text form
 * "2026-12-23 10:00:00.123+00"), in ms; null when missing or unreadable.
 */
export function timestampMs(value: string | null | undefined): number | null {
  if (!value) return null
  const iso = value
    .trim()
    .replace(' ', 'T')
    .replace(/([+-]\d{2})$/, '$1:00')
  const ms = Date.parse(iso)
  return Number.isFinite(ms) ? ms : null
}

/** The end of the paid period, when the server recorded one. */
export function paidUntil(p: PlanProfile): Date | null {
  const ms = timestampMs(p.paid_until)
  return ms === null ? null : new Date(ms)
}

/**
 * subscription_status is active and the paid period has not ended. A subscription without a recorded period
 * (rows written before paid periods existed) counts as active, as the spec reads it.
 */
export function hasActivePlan(p: PlanProfile, now: Date): boolean {
  if (p.subscription_status !== SUBSCRIPTION_STATUS_ACTIVE) return false
  const until = timestampMs(p.paid_until)
  return until === null || until > now.getTime()
}

/** Subscribed, but the paid period is over: the plan asks to pay again (docs/product.md §9 auto-renewing). */
export const isPlanLapsed = (p: PlanProfile, now: Date): boolean =>
  p.subscription_status === SUBSCRIPTION_STATUS_ACTIVE && !hasActivePlan(p, now)

export const isCancelled = (p: PlanProfile): boolean => p.subscription_status === SUBSCRIPTION_STATUS_CANCELLED

// An unparseable created_at is treated like a missing one.
const createdAtMs = (p: PlanProfile): number | null => timestampMs(p.created_at)

/** Account age in (fractional) days; null without created_at. */
export function accountAgeDays(p: PlanProfile, now: Date): number | null {
  const created = createdAtMs(p)
  return created === null ? null : (now.getTime() - created) / DAY_MS
}

/**
 * active if subscribed (and the paid period has not ended); else by age: < 30 days trial, 30 to < 60 welcome,
 * ≥ 60 subscription; no created_at: trial.
 */
export function subscriptionPhase(p: PlanProfile, now: Date): SubscriptionPhase {
  if (hasActivePlan(p, now)) return 'active'
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

/** Which later months of the plan the paid period reaches. */
export interface MonthsCovered {
  readonly month2: boolean
  readonly month3: boolean
}

/**
 * Slack for "one month" against whole days: a month after the trial's end (day 30) is day 58 to 61, so month 2 is
 * covered from day 58 on, and month 3+ only beyond day 62.
 */
const MONTH_SLACK_DAYS = 2

/**
 * What the paid period covers: month 2 when it reaches the end of the welcome month, month 3+ when it goes beyond it
 * or the account is past its first 60 days. A subscription without a recorded period (or age) counts as covering
 * both, as before paid periods existed.
 */
export function monthsCovered(p: PlanProfile, now: Date): MonthsCovered {
  const until = timestampMs(p.paid_until)
  const created = createdAtMs(p)
  if (until === null || created === null) return { month2: true, month3: true }
  const day = (n: number) => created + n * DAY_MS
  return {
    month2: until >= day(WELCOME_PHASE_END_DAYS - MONTH_SLACK_DAYS),
    month3: until > day(WELCOME_PHASE_END_DAYS + MONTH_SLACK_DAYS) || now.getTime() >= day(WELCOME_PHASE_END_DAYS),
  }
}

/**
 * The plan timeline of /subscription: Month 1 Free Trial, Month 2 CHF 2 Welcome, Month 3+ CHF 5/month. A
 * subscriber's months are active as far as the paid period reaches them: paying the welcome price on day 1 makes
 * month 2 active, not month 3+ too.
 */
export function planTimeline(
  phase: SubscriptionPhase,
  covered: MonthsCovered = { month2: true, month3: true },
): TimelineEntry[] {
  const subscribed = phase === 'active'
  return [
    { row: 'month1', state: 'active' },
    { row: 'month2', state: subscribed && covered.month2 ? 'active' : phase === 'welcome' ? 'pending' : 'inactive' },
    {
      row: 'month3',
      state: subscribed && covered.month3 ? 'active' : phase === 'subscription' ? 'pending' : 'inactive',
    },
  ]
}

/**
 * Cancelled, and the month paid for has not ended (docs/decisions.md#D-cancelled-paid): the end of that month, which
 * stays paid (no refund, no loss); null otherwise.
 */
export function cancelledPaidThrough(p: PlanProfile, now: Date): Date | null {
  if (!isCancelled(p)) return null
  const until = timestampMs(p.paid_until)
  return until !== null && until > now.getTime() ? new Date(until) : null
}

/**
 * The plan badge of the profile and plan pages: "Active (CHF 5/month)" when subscribed (period not ended); "Paid
 * until …" when cancelled with paid days left (docs/decisions.md#D-cancelled-paid: not a trial, nothing to pay);
 * else "Free Trial". Pass `now` (the clock of the screen); it defaults to the current time for older callers.
 */
export type PlanBadge = 'active' | 'cancelledPaid' | 'freeTrial'
export function planBadge(p: PlanProfile, now: Date = new Date()): PlanBadge {
  if (hasActivePlan(p, now)) return 'active'
  return cancelledPaidThrough(p, now) ? 'cancelledPaid' : 'freeTrial'
}

/**
 * Whole days left of the 30-day trial, rounded up, never below 0. Without a usable created_at the account is
 * taken as created now (a full trial), the same reading as subscriptionPhase's "missing created_at is trial".
 */
export function trialDaysLeft(p: PlanProfile, now: Date): number {
  const created = createdAtMs(p) ?? now.getTime()
  const leftMs = created + TRIAL_LENGTH_MS - now.getTime()
  return Math.max(0, Math.ceil(leftMs / DAY_MS))
}

export const isTrialActive = (p: PlanProfile, now: Date): boolean => trialDaysLeft(p, now) > 0 && !hasActivePlan(p, now)

/**
 * What the payment link charges (docs/product.md §7.4: 200 or 500 Rappen). The next unpaid month decides: while in the
 * trial or welcome phase that is month 2 (CHF 2); from month 3 on, and for renewals, CHF 5.
 */
export const paymentAmountRappen = (phase: SubscriptionPhase): number =>
  phase === 'trial' || phase === 'welcome' ? WELCOME_PAYMENT_AMOUNT_RAPPEN : MONTHLY_PAYMENT_AMOUNT_RAPPEN

/**
 * What the server charges this profile now (create-payment refuses any other amount; the same rule is
 * public.plan_amount_due in supabase/migrations): the CHF 2 welcome price while nothing was ever paid and the
 * phase is trial or welcome (under 60 days), CHF 5 for every other payment, renewals included.
 */
export function amountDueRappen(p: PlanProfile, now: Date): number {
  if (timestampMs(p.subscription_start_date) !== null) return MONTHLY_PAYMENT_AMOUNT_RAPPEN
  const age = accountAgeDays(p, now)
  return age === null || age < WELCOME_PHASE_END_DAYS ? WELCOME_PAYMENT_AMOUNT_RAPPEN : MONTHLY_PAYMENT_AMOUNT_RAPPEN
}

/**
 * The profile page's plan (docs/product.md §2.9, §4 trial): the badge, the trial's days left and whether the trial counts as
 * active, and the end of the paid period. One call for the profile screen.
 */
export interface ProfilePlanSummary {
  readonly badge: PlanBadge
  readonly trialDaysLeft: number
  readonly trialActive: boolean
  /** Set while the subscription is active and its paid period is known. */
  readonly activeUntil: Date | null
}

export function profilePlanSummary(p: PlanProfile, now: Date): ProfilePlanSummary {
  const active = hasActivePlan(p, now)
  return {
    badge: planBadge(p, now),
    trialDaysLeft: trialDaysLeft(p, now),
    trialActive: isTrialActive(p, now),
    activeUntil: active ? paidUntil(p) : null,
  }
}

/** Everything /subscription shows about the plan, derived from the profile at `now`. */
export interface SubscriptionPlanView {
  readonly phase: SubscriptionPhase
  readonly timeline: TimelineEntry[]
  /** What the pay button charges, in Rappen. */
  readonly amountDueRappen: number
  readonly activeUntil: Date | null
  /** Paid before, the period has ended: pay again. */
  readonly lapsed: boolean
  readonly lapsedOn: Date | null
  readonly cancelled: boolean
  /** Cancelled, and the month paid for has not ended: it stays paid until this date (no refund, no loss). */
  readonly paidThrough: Date | null
  readonly badge: PlanBadge
  /**
   * Whether the pay button is offered: not while a cancelled plan's paid month runs, since that time is paid for
   * (docs/decisions.md#D-cancelled-paid); once it ends the plan asks to pay again.
   */
  readonly canPay: boolean
  /** Cancel is offered only to an active subscription. */
  readonly canCancel: boolean
}

export function subscriptionPlanView(p: PlanProfile, now: Date): SubscriptionPlanView {
  const phase = subscriptionPhase(p, now)
  const lapsed = isPlanLapsed(p, now)
  const paidThrough = cancelledPaidThrough(p, now)
  return {
    phase,
    // The months a cancelled plan paid for read as paid, as a subscriber's do.
    timeline: planTimeline(paidThrough ? 'active' : phase, monthsCovered(p, now)),
    amountDueRappen: amountDueRappen(p, now),
    activeUntil: phase === 'active' ? paidUntil(p) : null,
    lapsed,
    lapsedOn: lapsed ? paidUntil(p) : null,
    cancelled: isCancelled(p),
    paidThrough,
    badge: planBadge(p, now),
    canPay: paidThrough === null,
    canCancel: phase === 'active',
  }
}

/** The update a cancel writes (docs/product.md §7.2 Cancel subscription). */
export const cancelSubscriptionUpdate = () => ({ subscription_status: SUBSCRIPTION_STATUS_CANCELLED }) as const
