import { describe, expect, it } from 'vitest'
import { canSubscribeNewsletter, trialSignupProblem, trialUserRecord } from './trial-signup'
import { TOASTS } from './toasts'

describe('docs/product.md §5 trial signup: e-mail required', () => {
  it.each([
    ['', TOASTS.emailRequired],
    ['   ', TOASTS.emailRequired],
    ['mia@demo', TOASTS.emailInvalid],
    ['mia@demo.kreis.ch', null],
  ])('%j → %j', (email, toast) => {
    expect(trialSignupProblem({ email })).toBe(toast)
  })

  it.each([
    ['', false],
    [' ', false],
    ['a@b.ch', true],
  ])('newsletter with %j submits: %s', (email, ok) => {
    expect(canSubscribeNewsletter(email)).toBe(ok)
  })
})

describe('docs/product.md §3/§4 trial record: active, ends 30 days after signup, no password', () => {
  it('builds the trial_users row', () => {
    const now = new Date('2026-11-22T04:50:00.000Z')
    const record = trialUserRecord(
      { email: ' Mia@Demo.Kreis.ch ', password: 'secret', firstName: ' ', city: ' Basel ' },
      now,
    )
    expect(record).toEqual({
      email: 'mia@demo.kreis.ch',
      first_name: null,
      city: 'Basel',
      trial_status: 'active',
      signup_date: '2026-11-22T04:50:00.000Z',
      trial_end_date: '2026-12-22T04:50:00.000Z',
    })
    expect(JSON.stringify(record)).not.toContain('secret')
  })
})
