// The error catalogue's rules (spec §8): the auth message mapping, and what a failed write of each kind shows —
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

/** The auth service's message as the user reads it: a friendlier sentence for known ones, otherwise raw. */
export function authErrorMessage(raw: string): Message<AuthMessageKey> {
  return AUTH_RULES.find(([substring]) => raw.includes(substring))?.[1] ?? serverText(raw)
}

export type AuthMode = 'signin' | 'signup' | 'reset'
const AUTH_FAILURE_TITLE: Record<AuthMode, ToastMessageKey> = {
  signin: 'toast.signInFailed',
  signup: 'toast.signUpFailed',
  reset: 'toast.error',
}

export type ErrorToast = Toast<ToastMessageKey | AuthMessageKey>

export const authFailureToast = (mode: AuthMode, raw: string): ErrorToast => ({
  title: AUTH_FAILURE_TITLE[mode],
  description: authErrorMessage(raw),
  destructive: true,
})

export const signOutFailureToast = (raw: string): ErrorToast => ({ title: 'toast.signOutFailed', description: serverText(raw), destructive: true })

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
export function listingCreateFailureToast(f: WriteFailure, sent: { condition?: string; category?: string }): ErrorToast {
  if (f.code !== PG_CHECK_VIOLATION) return TOASTS.createListingFailed
  const message = (f.message ?? '').toLowerCase()
  const description: Message<ToastMessageKey> = message.includes('condition')
    ? keyWith('toast.invalidCondition', { value: sent.condition ?? '' })
    : message.includes('category')
      ? keyWith('toast.invalidCategory', { value: sent.category ?? '' })
      : 'toast.listingRequirements'
  return { title: 'toast.createListingError', description, destructive: true }
}

export const profileUpdateFailureToast = (f: WriteFailure): ErrorToast => ({
  title: 'toast.profileUpdateFailed',
  description: f.message?.trim() ? serverText(f.message) : 'toast.somethingWrong',
  destructive: true,
})

/** Kinds of outbox operations (the same names as src/db's OutboxOp kinds; design.md §1 rule 4). */
export type SyncOpKind = 'photo.upload' | 'listing.upsert' | 'images.replace' | 'conversation.create' | 'message.send' | 'profile.update'

/**
 * What to show on an entity whose write the server rejected for good. Where the spec only logs a failure
 * (photo upload, image rows, conversation creation) a direct call could carry on; a queued write cannot — the
 * listing or message it belongs to would silently stay incomplete — so those report the failure of their
 * listing (create or edit wording) or message. A check violation on an edit gets the same precise condition /
 * category wording as on create, under the title "Error".
 * @param isNew whether the listing was never acknowledged by the server (create vs edit wording).
 * @param sent the listing row that was pushed (its condition/category quote the offending value).
 */
export function syncFailureToast(
  kind: SyncOpKind,
  f: WriteFailure,
  ctx: { isNew: boolean; sent?: { condition?: string; category?: string } },
): ErrorToast {
  const listingFailed = ctx.isNew ? TOASTS.createListingFailed : TOASTS.editSaveFailed
  switch (kind) {
    case 'listing.upsert': {
      if (f.code !== PG_CHECK_VIOLATION) return listingFailed
      const toast = listingCreateFailureToast(f, ctx.sent ?? {})
      return ctx.isNew ? toast : { ...toast, title: 'toast.error' }
    }
    case 'photo.upload':
    case 'images.replace':
      return listingFailed
    case 'conversation.create':
    case 'message.send':
      return TOASTS.messageSendFailed
    case 'profile.update':
      return profileUpdateFailureToast(f)
  }
}

/** The feed's error state: the fetch error's own message, or the generic one (spec §8 feed). */
export const feedErrorMessage = (raw?: string | null): Message<'feed.fetchFailed'> => (raw?.trim() ? serverText(raw) : 'feed.fetchFailed')
