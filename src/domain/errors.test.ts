import { describe, expect, it } from 'vitest'
import { PG_CHECK_VIOLATION, PG_INSUFFICIENT_PRIVILEGE, PG_UNIQUE_VIOLATION, authErrorMessage, authFailureToast, feedErrorMessage, listingCreateFailureToast, profileUpdateFailureToast, signOutFailureToast, syncFailureToast, trialSignupFailureToast, type SyncOpKind, type WriteFailure } from './errors'
import { TOASTS } from './toasts'

describe('spec §8 authentication: message mapping', () => {
  it.each([
    ['Email signups are disabled', 'auth.signupsDisabled'],
    ['Invalid login credentials', 'auth.invalidCredentials'],
    ['Email not confirmed', 'auth.emailNotConfirmed'],
    ['Password should be at least 6 characters.', 'auth.passwordTooShort'],
    ['Unable to validate email address: Invalid email format', 'auth.invalidEmail'],
    ['Unable to validate email address: invalid format', 'auth.invalidEmail'],
    ['User already registered', { text: 'User already registered' }],
    ['invalid login credentials', { text: 'invalid login credentials' }],
  ])('%j → %j', (raw, message) => {
    expect(authErrorMessage(raw)).toEqual(message)
  })

  it.each([
    ['signin', 'toast.signInFailed'],
    ['signup', 'toast.signUpFailed'],
    ['reset', 'toast.error'],
  ] as const)('a %s failure is titled %s', (mode, title) => {
    expect(authFailureToast(mode, 'Invalid login credentials')).toEqual({ title, description: 'auth.invalidCredentials', destructive: true })
  })

  it('a sign-out failure shows the server message', () => {
    expect(signOutFailureToast('network down')).toEqual({ title: 'toast.signOutFailed', description: { text: 'network down' }, destructive: true })
  })
})

describe('spec §8 trial: duplicate e-mail (23505) vs other errors', () => {
  it.each([
    ['23505', TOASTS.trialDuplicate],
    ['42501', TOASTS.trialFailed],
    [undefined, TOASTS.trialFailed],
  ])('code %s', (code, toast) => {
    expect(trialSignupFailureToast({ code })).toBe(toast)
  })
})

describe('spec §8 sell flow: listing create failures', () => {
  const sent = { condition: 'mint', category: 'hats' }
  it.each([
    ['new row for relation "listings" violates check constraint "listings_condition_check"', { key: 'toast.invalidCondition', params: { value: 'mint' } }],
    ['new row for relation "listings" violates check constraint "listings_category_check"', { key: 'toast.invalidCategory', params: { value: 'hats' } }],
    ['new row for relation "listings" violates check constraint "listings_price_check"', 'toast.listingRequirements'],
  ])('23514 %s', (message, description) => {
    expect(listingCreateFailureToast({ code: '23514', message }, sent)).toEqual({ title: 'toast.createListingError', description, destructive: true })
  })

  it('any other code → "Failed to create listing"', () => {
    expect(listingCreateFailureToast({ code: '42501', message: 'condition' }, sent)).toBe(TOASTS.createListingFailed)
  })
})

describe('spec §8 profile update failure', () => {
  it.each([
    ['value too long', { text: 'value too long' }],
    ['', 'toast.somethingWrong'],
    [null, 'toast.somethingWrong'],
  ])('message %j → %j', (message, description) => {
    expect(profileUpdateFailureToast({ message })).toEqual({ title: 'toast.profileUpdateFailed', description, destructive: true })
  })
})

describe('spec §8 failed sync writes by outbox operation', () => {
  const check = { code: '23514', message: 'violates check constraint "listings_category_check"' }
  const rls = { code: '42501', message: 'new row violates row-level security policy' }
  const sent = { condition: 'very_good', category: 'x' }
  it.each<[SyncOpKind, WriteFailure, boolean, unknown]>([
    ['listing.upsert', check, true, { title: 'toast.createListingError', description: { key: 'toast.invalidCategory', params: { value: 'x' } }, destructive: true }],
    ['listing.upsert', check, false, { title: 'toast.error', description: { key: 'toast.invalidCategory', params: { value: 'x' } }, destructive: true }],
    ['listing.upsert', rls, true, TOASTS.createListingFailed],
    ['listing.upsert', rls, false, TOASTS.editSaveFailed],
    ['photo.upload', rls, true, TOASTS.createListingFailed],
    ['images.replace', rls, false, TOASTS.editSaveFailed],
    ['conversation.create', rls, true, TOASTS.messageSendFailed],
    ['message.send', rls, true, TOASTS.messageSendFailed],
    ['profile.update', rls, false, { title: 'toast.profileUpdateFailed', description: { text: rls.message }, destructive: true }],
    ['profile.update', { code: 'PGRST000', message: '' }, false, { title: 'toast.profileUpdateFailed', description: 'toast.somethingWrong', destructive: true }],
  ])('%s %j, new %s → %j', (kind, failure, isNew, toast) => {
    expect(syncFailureToast(kind, failure, { isNew, sent })).toEqual(toast)
  })
})

describe('spec §8 feed fetch failure', () => {
  it.each([
    ['timeout', { text: 'timeout' }],
    [undefined, 'feed.fetchFailed'],
  ])('%j → %j', (raw, message) => {
    expect(feedErrorMessage(raw)).toEqual(message)
  })
})

describe('spec §8: the Postgres SQLSTATE codes the catalogue reads', () => {
  it('unique violation 23505, check violation 23514, insufficient privilege (RLS) 42501', () => {
    expect([PG_UNIQUE_VIOLATION, PG_CHECK_VIOLATION, PG_INSUFFICIENT_PRIVILEGE]).toEqual(['23505', '23514', '42501'])
  })
})

describe('spec §8 sell flow: a check violation with little to go on', () => {
  it.each<[string | null, { condition?: string; category?: string }, unknown]>([
    [null, { condition: 'mint' }, 'toast.listingRequirements'],
    ['violates check constraint "LISTINGS_CONDITION_CHECK"', { condition: 'mint' }, { key: 'toast.invalidCondition', params: { value: 'mint' } }],
    ['violates check constraint "listings_condition_check"', {}, { key: 'toast.invalidCondition', params: { value: '' } }],
    ['violates check constraint "listings_category_check"', {}, { key: 'toast.invalidCategory', params: { value: '' } }],
  ])('23514 %j, sent %j → %j', (message, sent, description) => {
    expect(listingCreateFailureToast({ code: '23514', message }, sent)).toEqual({ title: 'toast.createListingError', description, destructive: true })
  })

  it('a blank server message is no message: the generic words show', () => {
    expect(profileUpdateFailureToast({ message: '   ' }).description).toBe('toast.somethingWrong')
    expect(feedErrorMessage('  ')).toBe('feed.fetchFailed')
    expect(feedErrorMessage(null)).toBe('feed.fetchFailed')
  })
})
