import { describe, expect, it } from 'vitest'
import { DAY_MS } from './constants'
import { chfToRappen, priceForMonthChf, PRICE_TIERS } from './pricing'
import {
  amountDueRappen,
  cancelSubscriptionUpdate,
  hasActivePlan,
  isPlanLapsed,
  isTrialActive,
  paidUntil,
  profilePlanSummary,
  subscriptionPlanView,
  timestampMs,
  paymentAmountRappen,
  planBadge,
  planTimeline,
  subscriptionPhase,
  trialDaysLeft,
  type SubscriptionPhase,
} from './subscription'

const now = new Date('2026-11-22T12:00:00.000Z')
const createdDaysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()
const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString()

describe('docs/product.md §4 subscription phase', () => {
  it.each([
    [{ subscription_status: 'active', created_at: createdDaysAgo(100) }, 'active'],
    [{ subscription_status: 'active', created_at: createdDaysAgo(1) }, 'active'],
    [{ subscription_status: null, created_at: createdDaysAgo(0) }, 'trial'],
    [{ subscription_status: null, created_at: createdDaysAgo(29.99) }, 'trial'],
    [{ subscription_status: null, created_at: createdDaysAgo(30) }, 'welcome'],
    [{ subscription_status: 'cancelled', created_at: createdDaysAgo(59.99) }, 'welcome'],
    [{ subscription_status: 'cancelled', created_at: createdDaysAgo(60) }, 'subscription'],
    [{ subscription_status: 'inactive', created_at: createdDaysAgo(400) }, 'subscription'],
    [{ subscription_status: null, created_at: null }, 'trial'],
    [{}, 'trial'],
    [{ created_at: 'not a date' }, 'trial'],
  ] as const)('%j → %s', (profile, phase) => {
    expect(subscriptionPhase(profile, now)).toBe(phase)
  })
})

describe('docs/product.md §4 plan timeline', () => {
  it.each<[SubscriptionPhase, string[]]>([
    ['trial', ['active', 'inactive', 'inactive']],
    ['welcome', ['active', 'pending', 'inactive']],
    ['subscription', ['active', 'inactive', 'pending']],
    ['active', ['active', 'active', 'active']],
  ])('%s phase → month 1, 2, 3+ are %j', (phase, states) => {
    const timeline = planTimeline(phase)
    expect(timeline.map((r) => r.row)).toEqual(['month1', 'month2', 'month3'])
    expect(timeline.map((r) => r.state)).toEqual(states)
  })
})

describe('docs/product.md §2.9/§2.12 plan badge', () => {
  it.each([
    ['active', 'active'],
    ['cancelled', 'freeTrial'],
    [null, 'freeTrial'],
  ] as const)('subscription_status %s → %s', (status, badge) => {
    expect(planBadge({ subscription_status: status }, now)).toBe(badge)
  })

  it.each([
    [inDays(1), 'active'],
    [inDays(-0.001), 'freeTrial'],
    [now.toISOString(), 'freeTrial'],
  ] as const)('active, paid until %s → %s', (until, badge) => {
    expect(planBadge({ subscription_status: 'active', paid_until: until }, now)).toBe(badge)
  })

  it.each([
    [inDays(10), 'cancelledPaid'],
    [inDays(0.001), 'cancelledPaid'],
    [now.toISOString(), 'freeTrial'],
    [inDays(-1), 'freeTrial'],
    [null, 'freeTrial'],
  ] as const)('docs/decisions.md#D-cancelled-paid cancelled, paid until %s → %s', (until, badge) => {
    expect(
      planBadge({ subscription_status: 'cancelled', paid_until: until, created_at: createdDaysAgo(70) }, now),
    ).toBe(badge)
  })
})

describe('docs/product.md §4 trial days left (30 days after created_at, rounded up, min 0) and trial active', () => {
  it.each([
    [0, 30],
    [0.5, 30],
    [1, 29],
    [29, 1],
    [29.99, 1],
    [30, 0],
    [45, 0],
  ])('created %f days ago → %i days left', (age, left) => {
    expect(trialDaysLeft({ created_at: createdDaysAgo(age) }, now)).toBe(left)
  })

  it('a profile without created_at is on a full trial', () => {
    expect(trialDaysLeft({}, now)).toBe(30)
  })

  it.each([
    [29.99, null, true],
    [30, null, false],
    [5, 'active', false],
    [5, 'cancelled', true],
  ] as const)('created %f days ago, status %s → trial active %s', (age, status, active) => {
    expect(isTrialActive({ created_at: createdDaysAgo(age), subscription_status: status }, now)).toBe(active)
  })
})

describe('docs/product.md §1/§7.4/§9 pricing and payment amounts', () => {
  it.each([
    [1, 0],
    [2, 2],
    [3, 5],
    [12, 5],
  ])('month %i costs CHF %i', (month, chf) => {
    expect(priceForMonthChf(month)).toBe(chf)
  })

  it('has three tiers, the last one recurring', () => {
    expect(PRICE_TIERS.map((t) => [t.fromMonth, t.priceChf, t.recurring])).toEqual([
      [1, 0, false],
      [2, 2, false],
      [3, 5, true],
    ])
  })

  it.each<[SubscriptionPhase, number]>([
    ['trial', 200],
    ['welcome', 200],
    ['subscription', 500],
    ['active', 500],
  ])('%s phase pays %i Rappen', (phase, amount) => {
    expect(paymentAmountRappen(phase)).toBe(amount)
  })

  it.each([
    [2, 200],
    [5, 500],
    [0.1 + 0.2, 30],
  ])('CHF %f is %i Rappen', (chf, rappen) => {
    expect(chfToRappen(chf)).toBe(rappen)
  })

  it('cancelling writes subscription_status cancelled', () => {
    expect(cancelSubscriptionUpdate()).toEqual({ subscription_status: 'cancelled' })
  })
})

describe('docs/decisions.md#D-paid-periods paid period: active until paid_until, then the phase asks to pay again', () => {
  it.each([
    [
      'active, paid until tomorrow',
      { subscription_status: 'active', paid_until: inDays(1), created_at: createdDaysAgo(45) },
      true,
      false,
      'active',
    ],
    [
      'active, no period recorded (older rows)',
      { subscription_status: 'active', created_at: createdDaysAgo(45) },
      true,
      false,
      'active',
    ],
    [
      'active, period ended yesterday, 45 days old',
      { subscription_status: 'active', paid_until: inDays(-1), created_at: createdDaysAgo(45) },
      false,
      true,
      'welcome',
    ],
    [
      'active, period ends exactly now, 90 days old',
      { subscription_status: 'active', paid_until: now.toISOString(), created_at: createdDaysAgo(90) },
      false,
      true,
      'subscription',
    ],
    [
      'cancelled with days left: the status decides',
      { subscription_status: 'cancelled', paid_until: inDays(10), created_at: createdDaysAgo(70) },
      false,
      false,
      'subscription',
    ],
    [
      'cancelled, 29 days old',
      { subscription_status: 'cancelled', created_at: createdDaysAgo(29) },
      false,
      false,
      'trial',
    ],
    ['never paid, no created_at', {}, false, false, 'trial'],
  ] as const)('%s', (_, profile, active, lapsed, phase) => {
    expect(hasActivePlan(profile, now)).toBe(active)
    expect(isPlanLapsed(profile, now)).toBe(lapsed)
    expect(subscriptionPhase(profile, now)).toBe(phase)
  })

  it.each([
    ['2026-12-23T10:00:00.123456+00:00', Date.UTC(2026, 11, 23, 10, 0, 0, 123)],
    ['2026-12-23 10:00:00.123+00', Date.UTC(2026, 11, 23, 10, 0, 0, 123)],
    ['2026-12-23T10:00:00Z', Date.UTC(2026, 11, 23, 10)],
    ['2026-12-23 12:00:00+02', Date.UTC(2026, 11, 23, 10)],
    ['  2026-12-23 12:00:00+02 ', Date.UTC(2026, 11, 23, 10)],
    ['', null],
    [null, null],
    ['soon', null],
  ])('timestamp %j → %j ms', (text, ms) => {
    expect(timestampMs(text)).toBe(ms)
  })
})

describe('docs/decisions.md#D-paid-periods amount due: the CHF 2 welcome price once, while under 60 days old; CHF 5 otherwise', () => {
  it.each([
    ['trial, 0 days, never paid', { created_at: createdDaysAgo(0) }, 200],
    ['trial, 29 days', { created_at: createdDaysAgo(29) }, 200],
    ['welcome, 30 days', { created_at: createdDaysAgo(30) }, 200],
    ['welcome, 59 days', { created_at: createdDaysAgo(59) }, 200],
    ['welcome, 59.99 days', { created_at: createdDaysAgo(59.99) }, 200],
    ['subscription, 60 days', { created_at: createdDaysAgo(60) }, 500],
    ['missing created_at (trial)', {}, 200],
    [
      'welcome but paid before (start date set)',
      { created_at: createdDaysAgo(45), subscription_start_date: createdDaysAgo(10) },
      500,
    ],
    [
      'active renewal',
      {
        subscription_status: 'active',
        created_at: createdDaysAgo(90),
        subscription_start_date: createdDaysAgo(50),
        paid_until: inDays(3),
      },
      500,
    ],
    [
      'lapsed in the welcome phase',
      {
        subscription_status: 'active',
        created_at: createdDaysAgo(50),
        subscription_start_date: createdDaysAgo(40),
        paid_until: inDays(-5),
      },
      500,
    ],
    ['cancelled at 40 days, never paid', { subscription_status: 'cancelled', created_at: createdDaysAgo(40) }, 200],
  ] as const)('%s → %i Rappen', (_, profile, amount) => {
    expect(amountDueRappen(profile, now)).toBe(amount)
  })
})

describe('docs/decisions.md#D-plan-screens /subscription view at the day boundaries', () => {
  it.each([
    ['29 days', { created_at: createdDaysAgo(29) }, 'trial', ['active', 'inactive', 'inactive'], 200],
    ['30 days', { created_at: createdDaysAgo(30) }, 'welcome', ['active', 'pending', 'inactive'], 200],
    ['59 days', { created_at: createdDaysAgo(59) }, 'welcome', ['active', 'pending', 'inactive'], 200],
    ['60 days', { created_at: createdDaysAgo(60) }, 'subscription', ['active', 'inactive', 'pending'], 500],
    ['missing date', { created_at: null }, 'trial', ['active', 'inactive', 'inactive'], 200],
    [
      'active',
      {
        subscription_status: 'active',
        created_at: createdDaysAgo(45),
        subscription_start_date: createdDaysAgo(5),
        paid_until: inDays(25),
      },
      'active',
      ['active', 'active', 'active'],
      500,
    ],
    [
      'cancelled at 45 days',
      { subscription_status: 'cancelled', created_at: createdDaysAgo(45) },
      'welcome',
      ['active', 'pending', 'inactive'],
      200,
    ],
    [
      'paid-until passed at 75 days',
      {
        subscription_status: 'active',
        created_at: createdDaysAgo(75),
        subscription_start_date: createdDaysAgo(40),
        paid_until: inDays(-10),
      },
      'subscription',
      ['active', 'inactive', 'pending'],
      500,
    ],
  ] as const)('%s → %s, timeline %j, pays %i', (_, profile, phase, states, amount) => {
    const view = subscriptionPlanView(profile, now)
    expect(view.phase).toBe(phase)
    expect(view.timeline.map((r) => r.state)).toEqual(states)
    expect(view.amountDueRappen).toBe(amount)
  })

  it('an active plan shows its end date and can be cancelled', () => {
    const view = subscriptionPlanView(
      { subscription_status: 'active', created_at: createdDaysAgo(45), paid_until: inDays(25) },
      now,
    )
    expect(view.activeUntil?.toISOString()).toBe(inDays(25))
    expect([view.canCancel, view.lapsed, view.cancelled]).toEqual([true, false, false])
  })

  it('a lapsed plan says when it ended, shows no end date ahead and cannot be cancelled', () => {
    const view = subscriptionPlanView(
      { subscription_status: 'active', created_at: createdDaysAgo(75), paid_until: inDays(-10) },
      now,
    )
    expect([view.activeUntil, view.lapsedOn?.toISOString(), view.canCancel]).toEqual([null, inDays(-10), false])
  })

  it('a cancelled plan is marked cancelled and offers no cancel', () => {
    const view = subscriptionPlanView(
      { subscription_status: 'cancelled', created_at: createdDaysAgo(70), paid_until: inDays(10) },
      now,
    )
    expect([view.phase, view.cancelled, view.canCancel, view.activeUntil]).toEqual(['subscription', true, false, null])
  })
})

describe('docs/decisions.md#D-plan-screens profilePlanSummary (the profile page badge and trial days)', () => {
  it.each([
    ['new account', { created_at: createdDaysAgo(0) }, 'freeTrial', 30, true],
    ['29 days', { created_at: createdDaysAgo(29) }, 'freeTrial', 1, true],
    ['30 days', { created_at: createdDaysAgo(30) }, 'freeTrial', 0, false],
    ['missing date', {}, 'freeTrial', 30, true],
    [
      'active at 10 days: trial not counted',
      { subscription_status: 'active', created_at: createdDaysAgo(10), paid_until: inDays(20) },
      'active',
      20,
      false,
    ],
    [
      'active, period ended, 10 days old',
      { subscription_status: 'active', created_at: createdDaysAgo(10), paid_until: inDays(-1) },
      'freeTrial',
      20,
      true,
    ],
    ['cancelled at 5 days', { subscription_status: 'cancelled', created_at: createdDaysAgo(5) }, 'freeTrial', 25, true],
    [
      'cancelled at 40 days, 10 paid days left',
      { subscription_status: 'cancelled', created_at: createdDaysAgo(40), paid_until: inDays(10) },
      'cancelledPaid',
      0,
      false,
    ],
  ] as const)('%s → %s, %i days left, trial active %s', (_, profile, badge, days, trialActive) => {
    const s = profilePlanSummary(profile, now)
    expect([s.badge, s.trialDaysLeft, s.trialActive]).toEqual([badge, days, trialActive])
  })

  it('carries the end of the paid period while active', () => {
    expect(
      profilePlanSummary({ subscription_status: 'active', paid_until: inDays(3) }, now).activeUntil?.toISOString(),
    ).toBe(inDays(3))
    expect(profilePlanSummary({ subscription_status: 'cancelled', paid_until: inDays(3) }, now).activeUntil).toBeNull()
  })
})

describe('docs/decisions.md#D-paid-periods the paid period: its end only when the server recorded one', () => {
  it.each([
    [{ paid_until: '2026-12-23 10:00:00+00' }, new Date(Date.UTC(2026, 11, 23, 10))],
    [{ paid_until: null }, null],
    [{}, null],
    [{ paid_until: 'soon' }, null],
  ])('%j → %j', (profile, end) => {
    expect(paidUntil(profile)).toEqual(end)
  })
})

describe('the timeline and a cancelled plan follow the paid period', () => {
  it.each([
    [
      'paid CHF 2 on day 1 (covered to day 60)',
      { created_at: createdDaysAgo(1), paid_until: inDays(59) },
      ['active', 'active', 'inactive'],
    ],
    [
      'paid on day 35 (covered to day 65)',
      { created_at: createdDaysAgo(36), paid_until: inDays(29) },
      ['active', 'active', 'active'],
    ],
    ['day 70, renewed', { created_at: createdDaysAgo(70), paid_until: inDays(20) }, ['active', 'active', 'active']],
    ['no recorded period', { created_at: createdDaysAgo(1) }, ['active', 'active', 'active']],
  ] as const)('active plan, %s → %j', (_, profile, states) => {
    const view = subscriptionPlanView(
      { subscription_status: 'active', subscription_start_date: createdDaysAgo(0), ...profile },
      now,
    )
    expect(view.timeline.map((r) => r.state)).toEqual(states)
  })

  it('a cancelled plan shows the month paid for as paid until its end, and nothing once it has ended', () => {
    const paid = subscriptionPlanView(
      { subscription_status: 'cancelled', created_at: createdDaysAgo(70), paid_until: inDays(10) },
      now,
    )
    expect(paid.paidThrough?.toISOString()).toBe(inDays(10))
    const over = subscriptionPlanView(
      { subscription_status: 'cancelled', created_at: createdDaysAgo(70), paid_until: inDays(-1) },
      now,
    )
    expect(over.paidThrough).toBeNull()
    const active = subscriptionPlanView(
      { subscription_status: 'active', created_at: createdDaysAgo(70), paid_until: inDays(10) },
      now,
    )
    expect(active.paidThrough).toBeNull()
  })
})

describe('docs/decisions.md#D-cancelled-paid a cancelled plan with paid days left reads what is paid and asks nothing', () => {
  const cancelled = (days: number, paidUntil: string | null) => ({
    subscription_status: 'cancelled',
    created_at: createdDaysAgo(days),
    subscription_start_date: createdDaysAgo(days - 1),
    paid_until: paidUntil,
  })
  it.each([
    [
      'cancelled at 70 days, 10 days paid left',
      cancelled(70, inDays(10)),
      'cancelledPaid',
      false,
      inDays(10),
      ['active', 'active', 'active'],
    ],
    [
      'cancelled at 40 days, paid to day 62',
      cancelled(40, inDays(22)),
      'cancelledPaid',
      false,
      inDays(22),
      ['active', 'active', 'inactive'],
    ],
    [
      'cancelled at 70 days, paid period ends now',
      cancelled(70, now.toISOString()),
      'freeTrial',
      true,
      null,
      ['active', 'inactive', 'pending'],
    ],
    [
      'cancelled at 70 days, ended yesterday',
      cancelled(70, inDays(-1)),
      'freeTrial',
      true,
      null,
      ['active', 'inactive', 'pending'],
    ],
    [
      'cancelled at 40 days, never paid',
      { subscription_status: 'cancelled', created_at: createdDaysAgo(40) },
      'freeTrial',
      true,
      null,
      ['active', 'pending', 'inactive'],
    ],
    [
      'active, 10 days paid left',
      { subscription_status: 'active', created_at: createdDaysAgo(70), paid_until: inDays(10) },
      'active',
      true,
      null,
      ['active', 'active', 'active'],
    ],
    ['trial', { created_at: createdDaysAgo(3) }, 'freeTrial', true, null, ['active', 'inactive', 'inactive']],
  ] as const)(
    '%s → badge %s, pay offered %s, paid through %s, timeline %j',
    (_, profile, badge, canPay, through, states) => {
      const view = subscriptionPlanView(profile, now)
      expect(view.badge).toBe(badge)
      expect(view.canPay).toBe(canPay)
      expect(view.paidThrough?.toISOString() ?? null).toBe(through)
      expect(view.timeline.map((r) => r.state)).toEqual(states)
    },
  )
})
