import { describe, expect, it } from 'vitest'
import {
  ageOf,
  authModeOf,
  recoveryLinkOf,
  trialLine,
  validateNewPassword,
  type Age,
  type RecoveryLink,
  type TrialLine,
} from './account-screens'

describe('the /auth mode of a query string (docs/product.md §2.5: default sign-up unless mode=signin)', () => {
  it.each([
    ['signin', 'signin'],
    ['signup', 'signup'],
    ['reset', 'reset'],
    [null, 'signup'],
    [undefined, 'signup'],
    ['', 'signup'],
    ['SIGNIN', 'signup'],
    ['login', 'signup'],
  ] as const)('mode=%j → %s', (mode, expected) => {
    expect(authModeOf(mode)).toBe(expected)
  })
})

describe('the new password of /auth/reset-password', () => {
  it.each([
    [{ password: 'secret1', confirm: 'secret1' }, null],
    [{ password: '      ', confirm: '      ' }, null], // taken as typed, like the sign-up password
    [{ password: '', confirm: '' }, { password: 'authForm.passwordRequired' }],
    [{ password: 'abcde', confirm: 'abcde' }, { password: 'authForm.passwordMin' }],
    [{ password: 'secret1', confirm: 'secret2' }, { confirm: 'resetScreen.passwordsDiffer' }],
    [{ password: 'secret1', confirm: '' }, { confirm: 'resetScreen.passwordsDiffer' }],
  ])('%j → %j', (values, errors) => {
    const r = validateNewPassword(values)
    expect(r.ok ? null : r.errors).toEqual(errors)
  })
})

describe('what the reset link put in the URL', () => {
  it.each<[string, string, RecoveryLink]>([
    ['#access_token=at&refresh_token=rt&expires_in=3600&token_type=bearer&type=recovery', '', { kind: 'recovery' }],
    ['', '?code=abc123', { kind: 'recovery' }],
    [
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      '',
      { kind: 'error', description: 'Email link is invalid or has expired' },
    ],
    ['', '?error=access_denied', { kind: 'error', description: 'access_denied' }],
    ['#error=access_denied&type=recovery&access_token=at', '', { kind: 'error', description: 'access_denied' }],
    ['', '?error=access_denied&error_description=Link+expired', { kind: 'error', description: 'Link expired' }],
    ['#access_token=at&type=signup', '', { kind: 'none' }],
    ['#type=recovery', '', { kind: 'none' }],
    ['', '', { kind: 'none' }],
  ])('%s %s → %j', (hash, search, expected) => {
    expect(recoveryLinkOf(hash, search)).toEqual(expected)
  })
})

describe('the age of the device data ("updated 5 min ago")', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0)
  it.each<[number, Age]>([
    [0, { unit: 'now' }],
    [59_999, { unit: 'now' }],
    [-5_000, { unit: 'now' }],
    [60_000, { unit: 'minutes', n: 1 }],
    [12 * 60_000 + 59_000, { unit: 'minutes', n: 12 }],
    [60 * 60_000 - 1, { unit: 'minutes', n: 59 }],
    [60 * 60_000, { unit: 'hours', n: 1 }],
    [23 * 3_600_000 + 3_599_000, { unit: 'hours', n: 23 }],
    [24 * 3_600_000, { unit: 'days', n: 1 }],
    [10 * 24 * 3_600_000, { unit: 'days', n: 10 }],
  ])('%i ms ago → %j', (ago, expected) => {
    expect(ageOf(now - ago, now)).toEqual(expected)
  })
})

describe('the profile page trial line (docs/product.md §4)', () => {
  it.each<[boolean, number, TrialLine]>([
    [false, 30, { kind: 'daysLeft', days: 30 }],
    [false, 1, { kind: 'daysLeft', days: 1 }],
    [false, 0, { kind: 'ended' }],
    [true, 12, { kind: 'none' }],
    [true, 0, { kind: 'none' }],
  ])('subscribed %s, %i days left → %j', (subscribed, days, expected) => {
    expect(trialLine(subscribed, days)).toEqual(expected)
  })
})
