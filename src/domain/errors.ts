// The error catalogue's rules (docs/product.md §8): the auth message mapping, and what a failed write of each kind shows —
// used by the screens for direct calls and by the sync engine when it marks an outbox entry failed.
import { keyWith, serverText, type Message, type Toast } from './message'
import { TOASTS, type ToastMessageKey } from './toasts'

/** SQLSTATE codes the catalogue names, and the RLS refusal the sync engine treats as permanent. */
export const PG_UNIQUE_VIOLATION = '23505'
export const PG_CHECK_VIOLATION = '23514'
export const PG_INSUFFICIENT_PRIVILEGE = '42501'

export const AUTH_MESSAGE_KEYS = [
  'auth.signupsDisabled',
  'auth.invalidCredentials',
  'auth.emailNotConfirmed',
  'auth.passwordTooShort',
  'auth.invalidEmail',
  'auth.tooManyAttempts',
  'auth.tooManyAttemptsSeconds',
  'auth.tooManyAttemptsMinutes',
  'auth.userExists',
  'auth.samePassword',
  'auth.linkExpired',
  'auth.failed',
] as const
export type AuthMessageKey = (typeof AUTH_MESSAGE_KEYS)[number]

// First match wins, in the spec's order; matching is on a substring of the auth service's message.
const AUTH_RULES: readonly (readonly [substring: string, key: AuthMessageKey])[] = [
  ['Email signups are disabled', 'auth.signupsDisabled'],
  ['Invalid login credentials', 'auth.invalidCredentials'],
  ['Email not confirmed', 'auth.emailNotConfirmed'],
  ['Password should be at least', 'auth.passwordTooShort'],
  ['Invalid email', 'auth.invalidEmail'],
  // What GoTrue actually says for a malformed address; the spec's "Invalid email" never appears in it.
  ['Unable to validate email address', 'auth.invalidEmail'],
]

/** What the auth service said besides its message: its error code and, on a 429, how long it asked to wait. */
export interface AuthRefusal {
  readonly code?: string | null
  readonly retryAfterMs?: number
}

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS

/**
 * Too many attempts (docs/product.md#R-auth-wait): the service's raw "Request rate limit reached" says neither what
 * happened nor for how long, so the user reads how long to wait (rounded up: seconds under a minute, else minutes),
 * or, without a wait from the service, to wait a moment.
 */
function tooManyAttempts(retryAfterMs: number | undefined): Message<AuthMessageKey> {
  if (retryAfterMs === undefined || !Number.isFinite(retryAfterMs)) return 'auth.tooManyAttempts'
  if (retryAfterMs < MINUTE_MS)
    return keyWith('auth.tooManyAttemptsSeconds', { count: Math.max(1, Math.ceil(retryAfterMs / SECOND_MS)) })
  return keyWith('auth.tooManyAttemptsMinutes', { count: Math.ceil(retryAfterMs / MINUTE_MS) })
}

/** The auth service's error codes (GoTrue's `code`, supabase-js AuthError.code) that have words of their own. */
const AUTH_CODE_KEYS: Readonly<Record<string, AuthMessageKey>> = {
  user_already_exists: 'auth.userExists',
  email_exists: 'auth.userExists',
  same_password: 'auth.samePassword',
  otp_expired: 'auth.linkExpired',
  signup_disabled: 'auth.signupsDisabled',
  invalid_credentials: 'auth.invalidCredentials',
  email_not_confirmed: 'auth.emailNotConfirmed',
  weak_password: 'auth.passwordTooShort',
  email_address_invalid: 'auth.invalidEmail',
}

/** A rate limit's wait as the auth service words it ("… only request this after 42 seconds."). */
const WAIT_SECONDS = /after (\d+) seconds?/i

/**
 * The auth service's answer as the user reads it (docs/decisions.md#D-server-texts): the sentences of
 * R-auth-messages first, then a rate limit with its wait (the Retry-After, else the wait the service words), then
 * its error code, and for anything else a catalogue sentence: never the service's own English.
 */
export function authErrorMessage(raw: string, refusal: AuthRefusal = {}): Message<AuthMessageKey> {
  const bySentence = AUTH_RULES.find(([substring]) => raw.includes(substring))?.[1]
  if (bySentence) return bySentence
  const code = refusal.code
  if (
    code === 'over_email_send_rate_limit' ||
    code === 'over_request_rate_limit' ||
    /rate limit/i.test(raw) ||
    WAIT_SECONDS.test(raw)
  ) {
    const worded = WAIT_SECONDS.exec(raw)?.[1]
    return tooManyAttempts(refusal.retryAfterMs ?? (worded === undefined ? undefined : Number(worded) * SECOND_MS))
  }
  if (code && Object.hasOwn(AUTH_CODE_KEYS, code)) return AUTH_CODE_KEYS[code]!
  if (/already (been )?registered/i.test(raw)) return 'auth.userExists'
  return 'auth.failed'
}

export type AuthMode = 'signin' | 'signup' | 'reset'
const AUTH_FAILURE_TITLE: Record<AuthMode, ToastMessageKey> = {
  signin: 'toast.signInFailed',
  signup: 'toast.signUpFailed',
  reset: 'toast.error',
}

export type ErrorToast = Toast<ToastMessageKey | AuthMessageKey>

export const authFailureToast = (mode: AuthMode, raw: string, refusal: AuthRefusal = {}): ErrorToast => ({
  title: AUTH_FAILURE_TITLE[mode],
  description: authErrorMessage(raw, refusal),
  destructive: true,
})

/** Signing out failed: the server's reason is not shown (docs/decisions.md#D-server-texts), only that it failed. */
export const signOutFailureToast = (): ErrorToast => ({
  title: 'toast.signOutFailed',
  description: 'toast.somethingWrong',
  destructive: true,
})

/** A failure as Postgres/PostgREST reports it (only code and message are read). */
export interface WriteFailure {
  readonly code?: string | null
  readonly message?: string | null
}

/** Trial signup insert: a duplicate e-mail has its own toast; any other error the generic one. */
export const trialSignupFailureToast = (f: WriteFailure): ErrorToast =>
  f.code === PG_UNIQUE_VIOLATION ? TOASTS.trialDuplicate : TOASTS.trialFailed

/**
 * A rejected listing insert. For a check violation (23514) the server message says which constraint failed
 * ("…violates check constraint \"listings_condition_check\""); the offending value is the one we sent.
 */
export function listingCreateFailureToast(
  f: WriteFailure,
  sent: { condition?: string; category?: string },
): ErrorToast {
  if (f.code !== PG_CHECK_VIOLATION) return TOASTS.createListingFailed
  return {
    title: 'toast.createListingError',
    description: syncFailureMessage(listingSyncFailure(f, { isNew: true, sent })),
    destructive: true,
  }
}

export const profileUpdateFailureToast = (f: WriteFailure): ErrorToast => ({
  title: 'toast.profileUpdateFailed',
  description: profileRefusalMessage(f.message),
  destructive: true,
})

/**
 * Words for the server's refusal of a profile edit (docs/decisions.md#D-server-texts): a length CHECK of the names or
 * location ("…profiles_first_name_length…", or Postgres's "value too long") has its own sentence; anything else is the
 * generic one. The server's words are kept with the failure, never shown.
 */
function profileRefusalMessage(raw: string | null | undefined): ToastMessageKey {
  return raw && /profiles_(first_name|last_name|location)_length|value too long/i.test(raw)
    ? 'toast.profileTooLong'
    : 'toast.somethingWrong'
}

/**
 * Why the server refused a queued write for good, as the device stores it (an outbox entry's `error`, a mirror
 * row's `sync_error`): a reason code and the value its words quote, never the words themselves — they are chosen
 * in the UI language when shown (`syncFailureMessage`; src/sync/failure-messages.ts `renderSyncFailure`).
 */
export const SYNC_FAILURE_CODES = [
  'listing_create_failed',
  'listing_edit_failed',
  /** A CHECK the server names no column of. */
  'listing_requirements',
  /** detail: the condition sent. */
  'invalid_condition',
  /** detail: the category sent. */
  'invalid_category',
  'message_send_failed',
  /** A message or conversation refused because its listing is sold or gone: sending it again cannot work. */
  'listing_unavailable',
  /** detail: the server's own words, when it gave any (docs/product.md §8 shows them). */
  'profile_update_failed',
  /** The screens' operations (favourite, delete, picture, read mark): docs/product.md §8 has no words of their own. */
  'write_failed',
  /** detail: a sentence stored before reason codes existed, that no code matches: shown as stored. */
  'as_stored',
] as const
export type SyncFailureCode = (typeof SYNC_FAILURE_CODES)[number]

export interface SyncFailure {
  readonly code: SyncFailureCode
  readonly detail?: string
}

/**
 * What a device holds: a SyncFailure, or — written by versions before reason codes — the English sentence itself
 * (src/sync/failure-messages.ts `syncFailureOf` reads it back as a code).
 */
export type StoredSyncFailure = SyncFailure | string

/** Whether two stored failures say the same (structured clones of one failure are equal). */
export const sameSyncFailure = (a: StoredSyncFailure | undefined, b: StoredSyncFailure | undefined): boolean =>
  typeof a === 'object' && typeof b === 'object' ? a.code === b.code && a.detail === b.detail : a === b

/** A listing's create or edit that failed as a whole (its photos, its photo set, a refusal other than a CHECK). */
export const listingFailure = (isNew: boolean): SyncFailure => ({
  code: isNew ? 'listing_create_failed' : 'listing_edit_failed',
})

/**
 * A listing's fields the server refused. A CHECK violation's message names the constraint, so the condition or
 * category sent is quoted (the precise wording of docs/product.md §8 on create, also on an edit); other refusals are the
 * create or edit failure.
 * @param isNew whether the listing was never acknowledged by the server (create vs edit wording).
 * @param sent the listing row that was pushed (its condition/category quote the offending value).
 */
export function listingSyncFailure(
  f: WriteFailure,
  ctx: { isNew: boolean; sent?: { condition?: string; category?: string } },
): SyncFailure {
  if (f.code !== PG_CHECK_VIOLATION) return listingFailure(ctx.isNew)
  const message = (f.message ?? '').toLowerCase()
  if (message.includes('condition')) return { code: 'invalid_condition', detail: ctx.sent?.condition ?? '' }
  if (message.includes('category')) return { code: 'invalid_category', detail: ctx.sent?.category ?? '' }
  return { code: 'listing_requirements' }
}

/**
 * A message (or the conversation it opens) the server refused. Row-level security lets a participant write about a
 * listing only while it is active, so a privilege refusal means the item sold or was deleted meanwhile.
 */
export const messageSyncFailure = (f: WriteFailure): SyncFailure =>
  f.code === PG_INSUFFICIENT_PRIVILEGE ? { code: 'listing_unavailable' } : { code: 'message_send_failed' }

/** Whether sending the same write again could succeed: not when the item it is about is no longer available. */
export const canRetryFailure = (f: SyncFailure): boolean => f.code !== 'listing_unavailable'

/** A profile edit the server refused: its own words when it gave any. */
export const profileSyncFailure = (f: WriteFailure): SyncFailure =>
  f.message?.trim() ? { code: 'profile_update_failed', detail: f.message } : { code: 'profile_update_failed' }

const SYNC_FAILURE_KEYS = {
  listing_create_failed: 'toast.createListingFailed',
  listing_edit_failed: 'toast.editSaveFailed',
  listing_requirements: 'toast.listingRequirements',
  message_send_failed: 'toast.messageSendFailed',
  listing_unavailable: 'toast.itemSoldDescription',
  write_failed: 'toast.somethingWrong',
} as const satisfies Partial<Record<SyncFailureCode, ToastMessageKey>>

/** The words of a failure (docs/product.md §8): a catalogue key, with the value it quotes, or the server's text. */
export function syncFailureMessage(f: SyncFailure): Message<ToastMessageKey> {
  switch (f.code) {
    case 'invalid_condition':
      return keyWith('toast.invalidCondition', { value: f.detail ?? '' })
    case 'invalid_category':
      return keyWith('toast.invalidCategory', { value: f.detail ?? '' })
    case 'profile_update_failed':
      return profileRefusalMessage(f.detail)
    case 'as_stored':
      return serverText(f.detail ?? '')
    default:
      return SYNC_FAILURE_KEYS[f.code]
  }
}

/** The feed's error state: always the catalogue's sentence, whatever the fetch error said (docs/decisions.md#D-server-texts). */
export const feedErrorMessage = (_raw?: string | null): Message<'feed.fetchFailed'> => 'feed.fetchFailed'
