import { describe, expect, it } from 'vitest'
import {
  PG_CHECK_VIOLATION,
  PG_INSUFFICIENT_PRIVILEGE,
  PG_UNIQUE_VIOLATION,
  authErrorMessage,
  canRetryFailure,
  messageSyncFailure,
  authFailureToast,
  feedErrorMessage,
  listingCreateFailureToast,
  listingFailure,
  listingSyncFailure,
  profileSyncFailure,
  profileUpdateFailureToast,
  sameSyncFailure,
  signOutFailureToast,
  syncFailureMessage,
  trialSignupFailureToast,
  type StoredSyncFailure,
  type SyncFailure,
  type WriteFailure,
} from './errors'
import { TOASTS } from './toasts'

describe('docs/product.md §8 authentication: message mapping', () => {
  it.each([
    ['Email signups are disabled', 'auth.signupsDisabled'],
    ['Invalid login credentials', 'auth.invalidCredentials'],
    ['Email not confirmed', 'auth.emailNotConfirmed'],
    ['Password should be at least 6 characters.', 'auth.passwordTooShort'],
    ['Unable to validate email address: Invalid email format', 'auth.invalidEmail'],
    ['Unable to validate email address: invalid format', 'auth.invalidEmail'],
    ['User already registered', 'auth.userExists'],
    ['invalid login credentials', 'auth.failed'],
  ])('%j → %j', (raw, message) => {
    expect(authErrorMessage(raw)).toEqual(message)
  })

  it.each<[string, { code?: string; retryAfterMs?: number }, unknown]>([
    [
      'Request rate limit reached',
      { code: 'over_request_rate_limit', retryAfterMs: 8_000 },
      { key: 'auth.tooManyAttemptsSeconds', params: { count: 8 } },
    ],
    [
      'Request rate limit reached',
      { code: 'over_request_rate_limit', retryAfterMs: 1_200 },
      { key: 'auth.tooManyAttemptsSeconds', params: { count: 2 } },
    ],
    [
      'Request rate limit reached',
      { code: 'over_request_rate_limit', retryAfterMs: 0 },
      { key: 'auth.tooManyAttemptsSeconds', params: { count: 1 } },
    ],
    [
      'Request rate limit reached',
      { code: 'over_request_rate_limit', retryAfterMs: 60_000 },
      { key: 'auth.tooManyAttemptsMinutes', params: { count: 1 } },
    ],
    [
      'Request rate limit reached',
      { code: 'over_request_rate_limit', retryAfterMs: 61_000 },
      { key: 'auth.tooManyAttemptsMinutes', params: { count: 2 } },
    ],
    ['Request rate limit reached', { code: 'over_request_rate_limit' }, 'auth.tooManyAttempts'],
    ['Request rate limit reached', {}, 'auth.tooManyAttempts'],
    ['Invalid login credentials', { code: 'invalid_credentials', retryAfterMs: 5_000 }, 'auth.invalidCredentials'],
  ])('docs/product.md#R-auth-wait: %j %j → %j', (raw, refusal, message) => {
    expect(authErrorMessage(raw, refusal)).toEqual(message)
  })

  // docs/decisions.md#D-server-texts: the service's words never reach the screen; its code or a catalogue sentence does.
  it.each<[string, string | undefined, unknown]>([
    [
      'For security purposes, you can only request this after 42 seconds.',
      'over_email_send_rate_limit',
      { key: 'auth.tooManyAttemptsSeconds', params: { count: 42 } },
    ],
    [
      'For security purposes, you can only request this after 1 second.',
      undefined,
      { key: 'auth.tooManyAttemptsSeconds', params: { count: 1 } },
    ],
    ['Request rate limit reached', 'over_request_rate_limit', 'auth.tooManyAttempts'],
    ['Email rate limit exceeded', undefined, 'auth.tooManyAttempts'],
    ['A user with this email address has already been registered', 'email_exists', 'auth.userExists'],
    ['whatever the words', 'user_already_exists', 'auth.userExists'],
    ['New password should be different from the old password.', 'same_password', 'auth.samePassword'],
    ['Token has expired or is invalid', 'otp_expired', 'auth.linkExpired'],
    ['Signups not allowed for this instance', 'signup_disabled', 'auth.signupsDisabled'],
    ['Password is known to be weak and easy to guess', 'weak_password', 'auth.passwordTooShort'],
    ['Invalid login credentials', 'over_request_rate_limit', 'auth.invalidCredentials'],
    ['Database error saving new user', 'unexpected_failure', 'auth.failed'],
    ['Failed to fetch', undefined, 'auth.failed'],
    ['', undefined, 'auth.failed'],
    ['constructor', 'constructor', 'auth.failed'],
  ])('%j (code %s) → %j', (raw, code, message) => {
    expect(authErrorMessage(raw, { code })).toEqual(message)
  })

  it.each([
    ['signin', 'toast.signInFailed'],
    ['signup', 'toast.signUpFailed'],
    ['reset', 'toast.error'],
  ] as const)('a %s failure is titled %s', (mode, title) => {
    expect(authFailureToast(mode, 'Invalid login credentials')).toEqual({
      title,
      description: 'auth.invalidCredentials',
      destructive: true,
    })
  })

  it('a sign-out failure says so in the catalogue’s words, not the server’s', () => {
    expect(signOutFailureToast()).toEqual({
      title: 'toast.signOutFailed',
      description: 'toast.somethingWrong',
      destructive: true,
    })
  })
})

describe('docs/product.md §8 trial: duplicate e-mail (23505) vs other errors', () => {
  it.each([
    ['23505', TOASTS.trialDuplicate],
    ['42501', TOASTS.trialFailed],
    [undefined, TOASTS.trialFailed],
  ])('code %s', (code, toast) => {
    expect(trialSignupFailureToast({ code })).toBe(toast)
  })
})

describe('docs/product.md §8 sell flow: listing create failures', () => {
  const sent = { condition: 'mint', category: 'hats' }
  it.each([
    [
      'new row for relation "listings" violates check constraint "listings_condition_check"',
      { key: 'toast.invalidCondition', params: { value: 'mint' } },
    ],
    [
      'new row for relation "listings" violates check constraint "listings_category_check"',
      { key: 'toast.invalidCategory', params: { value: 'hats' } },
    ],
    ['new row for relation "listings" violates check constraint "listings_price_check"', 'toast.listingRequirements'],
  ])('23514 %s', (message, description) => {
    expect(listingCreateFailureToast({ code: '23514', message }, sent)).toEqual({
      title: 'toast.createListingError',
      description,
      destructive: true,
    })
  })

  it('any other code → "Failed to create listing"', () => {
    expect(listingCreateFailureToast({ code: '42501', message: 'condition' }, sent)).toBe(TOASTS.createListingFailed)
  })
})

describe('docs/product.md §8 profile update failure', () => {
  it.each([
    ['value too long for type character varying(100)', 'toast.profileTooLong'],
    ['new row for relation "profiles" violates check constraint "profiles_last_name_length"', 'toast.profileTooLong'],
    ['new row violates row-level security policy for table "profiles"', 'toast.somethingWrong'],
    ['', 'toast.somethingWrong'],
    [null, 'toast.somethingWrong'],
  ])('message %j → %j', (message, description) => {
    expect(profileUpdateFailureToast({ message })).toEqual({
      title: 'toast.profileUpdateFailed',
      description,
      destructive: true,
    })
  })
})

describe('docs/product.md §8 failed sync writes: the reason code a refusal stores', () => {
  const check = (constraint: string) => ({ code: '23514', message: `violates check constraint "${constraint}"` })
  const rls = { code: '42501', message: 'new row violates row-level security policy' }
  const sent = { condition: 'very_good', category: 'x' }
  it.each<[string, WriteFailure, boolean, SyncFailure]>([
    [
      'a CHECK naming the category quotes the category sent',
      check('listings_category_check'),
      true,
      { code: 'invalid_category', detail: 'x' },
    ],
    [
      'a CHECK naming the condition quotes the condition sent, on an edit too',
      check('listings_condition_check'),
      false,
      { code: 'invalid_condition', detail: 'very_good' },
    ],
    ['a CHECK naming neither', check('listings_price_check'), true, { code: 'listing_requirements' }],
    ['RLS on a new listing', rls, true, { code: 'listing_create_failed' }],
    ['RLS on an edit', rls, false, { code: 'listing_edit_failed' }],
    [
      'the constraint name in another case',
      check('LISTINGS_CATEGORY_CHECK'),
      true,
      { code: 'invalid_category', detail: 'x' },
    ],
  ])('listing fields: %s', (_name, failure, isNew, expected) => {
    expect(listingSyncFailure(failure, { isNew, sent })).toEqual(expected)
  })

  it('quotes an empty value when the sent row is unknown', () => {
    expect(listingSyncFailure(check('listings_condition_check'), { isNew: true })).toEqual({
      code: 'invalid_condition',
      detail: '',
    })
    expect(listingSyncFailure(check('listings_category_check'), { isNew: true })).toEqual({
      code: 'invalid_category',
      detail: '',
    })
  })

  it('a listing failed as a whole (its photos, its photo set): create or edit', () => {
    expect([listingFailure(true), listingFailure(false)]).toEqual([
      { code: 'listing_create_failed' },
      { code: 'listing_edit_failed' },
    ])
  })

  it.each<[WriteFailure, SyncFailure]>([
    [rls, { code: 'profile_update_failed', detail: rls.message }],
    [{ code: 'PGRST000', message: '' }, { code: 'profile_update_failed' }],
    [{ message: '  ' }, { code: 'profile_update_failed' }],
    [{ message: null }, { code: 'profile_update_failed' }],
  ])('a profile edit %j keeps the server words when there are any', (failure, expected) => {
    expect(profileSyncFailure(failure)).toEqual(expected)
  })
})

describe('docs/product.md §8 failed sync writes: the words of a reason code', () => {
  it.each<[SyncFailure, unknown]>([
    [{ code: 'listing_create_failed' }, 'toast.createListingFailed'],
    [{ code: 'listing_edit_failed' }, 'toast.editSaveFailed'],
    [{ code: 'listing_requirements' }, 'toast.listingRequirements'],
    [
      { code: 'invalid_condition', detail: 'mint' },
      { key: 'toast.invalidCondition', params: { value: 'mint' } },
    ],
    [{ code: 'invalid_condition' }, { key: 'toast.invalidCondition', params: { value: '' } }],
    [
      { code: 'invalid_category', detail: 'hats' },
      { key: 'toast.invalidCategory', params: { value: 'hats' } },
    ],
    [{ code: 'invalid_category' }, { key: 'toast.invalidCategory', params: { value: '' } }],
    [{ code: 'message_send_failed' }, 'toast.messageSendFailed'],
    [{ code: 'profile_update_failed', detail: 'value too long' }, 'toast.profileTooLong'],
    [{ code: 'profile_update_failed', detail: 'permission denied for table profiles' }, 'toast.somethingWrong'],
    [{ code: 'profile_update_failed', detail: ' ' }, 'toast.somethingWrong'],
    [{ code: 'profile_update_failed' }, 'toast.somethingWrong'],
    [{ code: 'write_failed' }, 'toast.somethingWrong'],
    [{ code: 'as_stored', detail: 'Gone.' }, { text: 'Gone.' }],
    [{ code: 'as_stored' }, { text: '' }],
  ])('%j → %j', (failure, message) => {
    expect(syncFailureMessage(failure)).toEqual(message)
  })

  it.each<[StoredSyncFailure | undefined, StoredSyncFailure | undefined, boolean]>([
    [{ code: 'write_failed' }, { code: 'write_failed' }, true],
    [{ code: 'invalid_condition', detail: 'a' }, { code: 'invalid_condition', detail: 'a' }, true],
    [{ code: 'invalid_condition', detail: 'a' }, { code: 'invalid_condition', detail: 'b' }, false],
    [{ code: 'invalid_condition', detail: 'a' }, { code: 'invalid_category', detail: 'a' }, false],
    ['Gone.', 'Gone.', true],
    ['Gone.', { code: 'as_stored', detail: 'Gone.' }, false],
    [undefined, undefined, true],
    [undefined, { code: 'write_failed' }, false],
    [{ code: 'write_failed' }, undefined, false],
  ])('sameSyncFailure(%j, %j) = %s', (a, b, same) => {
    expect(sameSyncFailure(a, b)).toBe(same)
  })
})

describe('docs/product.md §8 feed fetch failure', () => {
  it.each([
    ['timeout', 'feed.fetchFailed'],
    [undefined, 'feed.fetchFailed'],
  ])('%j → %j', (raw, message) => {
    expect(feedErrorMessage(raw)).toEqual(message)
  })
})

describe('docs/product.md §8: the Postgres SQLSTATE codes the catalogue reads', () => {
  it('unique violation 23505, check violation 23514, insufficient privilege (RLS) 42501', () => {
    expect([PG_UNIQUE_VIOLATION, PG_CHECK_VIOLATION, PG_INSUFFICIENT_PRIVILEGE]).toEqual(['23505', '23514', '42501'])
  })
})

describe('docs/product.md §8 sell flow: a check violation with little to go on', () => {
  it.each<[string | null, { condition?: string; category?: string }, unknown]>([
    [null, { condition: 'mint' }, 'toast.listingRequirements'],
    [
      'violates check constraint "LISTINGS_CONDITION_CHECK"',
      { condition: 'mint' },
      { key: 'toast.invalidCondition', params: { value: 'mint' } },
    ],
    [
      'violates check constraint "listings_condition_check"',
      {},
      { key: 'toast.invalidCondition', params: { value: '' } },
    ],
    [
      'violates check constraint "listings_category_check"',
      {},
      { key: 'toast.invalidCategory', params: { value: '' } },
    ],
  ])('23514 %j, sent %j → %j', (message, sent, description) => {
    expect(listingCreateFailureToast({ code: '23514', message }, sent)).toEqual({
      title: 'toast.createListingError',
      description,
      destructive: true,
    })
  })

  it('a blank server message is no message: the generic words show', () => {
    expect(profileUpdateFailureToast({ message: '   ' }).description).toBe('toast.somethingWrong')
    expect(feedErrorMessage('  ')).toBe('feed.fetchFailed')
    expect(feedErrorMessage(null)).toBe('feed.fetchFailed')
  })
})

describe('a message the server refused', () => {
  it.each<[WriteFailure, SyncFailure, boolean]>([
    [
      { code: PG_INSUFFICIENT_PRIVILEGE, message: 'new row violates row-level security policy' },
      { code: 'listing_unavailable' },
      false,
    ],
    [{ code: PG_CHECK_VIOLATION, message: 'messages_content_check' }, { code: 'message_send_failed' }, true],
    [{ message: 'Bad Request' }, { code: 'message_send_failed' }, true],
  ])('%j → %j (retry could help: %s)', (f, failure, retry) => {
    expect(messageSyncFailure(f)).toEqual(failure)
    expect(canRetryFailure(failure)).toBe(retry)
  })

  it('reads as the item sold text', () => {
    expect(syncFailureMessage({ code: 'listing_unavailable' })).toBe('toast.itemSoldDescription')
  })
})
