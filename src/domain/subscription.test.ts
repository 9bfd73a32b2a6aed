import { describe, expect, it } from 'vitest'
import { DAY_MS } from './constants'
import { chfToRappen, priceForMonthChf, PRICE_TIERS } from './pricing'
import {
  cancelSubscriptionUpdate,
  isTrialActive,
  paymentAmountRappen,
  planBadge,
  planTimeline,
  subscriptionPhase,
  trialDaysLeft,
  type SubscriptionPhase,
} from './subscription'

const now = new Date('2026-11-22T12:00:00.000Z')
const createdDaysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()

describe('spec §4 subscription phase', () => {
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

describe('spec §4 plan timeline', () => {
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

describe('spec §2.9/§2.12 plan badge', () => {
  it.each([
    ['active', 'active'],
    ['cancelled', 'freeTrial'],
    [null, 'freeTrial'],
  ] as const)('subscription_status %s → %s', (status, badge) => {
    expect(planBadge({ subscription_status: status })).toBe(badge)
  })
})

describe('spec §4 trial days left (30 days after created_at, rounded up, min 0) and trial active', () => {
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

describe('spec §1/§7.4/§9 pricing and payment amounts', () => {
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
