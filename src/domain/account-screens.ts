// Rules of the account screens (docs/decisions.md#D-accounts): which /auth mode a query string asks for, the
// new-password form of /auth/reset-password, what a recovery link in the URL says, and how the shell words the
// age of the device's data ("updated 5 min ago") and the plan's trial line.
import * as z from 'zod/mini'
import { PASSWORD_MIN_LENGTH } from './constants'
import type { AuthMode } from './errors'
import { validate, type Validated } from './validation'

/**
 * The /auth mode of a query string: sign-in for mode=signin, reset for mode=reset (the reset link's "ask for a new
 * one" and the form's own switch write it), otherwise sign-up (docs/product.md §2.5: the default).
 */
export const authModeOf = (mode: string | null | undefined): AuthMode =>
  mode === 'signin' ? 'signin' : mode === 'reset' ? 'reset' : 'signup'

export interface NewPasswordValues {
  password: string
  confirm: string
}

export const NEW_PASSWORD_MESSAGE_KEYS = [
  'authForm.passwordRequired',
  'authForm.passwordMin',
  'resetScreen.passwordsDiffer',
] as const
export type NewPasswordMessageKey = (typeof NEW_PASSWORD_MESSAGE_KEYS)[number]

const newPasswordSchema = z
  .object({
    password: z
      .string()
      .check(z.minLength(1, 'authForm.passwordRequired'), z.minLength(PASSWORD_MIN_LENGTH, 'authForm.passwordMin')),
    confirm: z.string(),
  })
  .check(z.refine((v) => v.confirm === v.password, { message: 'resetScreen.passwordsDiffer', path: ['confirm'] }))

/** The new password: at least 6 characters, as typed (no trimming), typed twice alike. */
export const validateNewPassword = (
  values: NewPasswordValues,
): Validated<NewPasswordValues, keyof NewPasswordValues, NewPasswordMessageKey> =>
  validate<NewPasswordValues, keyof NewPasswordValues, NewPasswordMessageKey>(
    newPasswordSchema,
    values,
    NEW_PASSWORD_MESSAGE_KEYS,
  )

/**
 * What the URL the reset e-mail's link led to carries (GoTrue's /verify puts it in the fragment; a PKCE flow puts
 * `code` in the query): a recovery session, the link's error (expired, used), or nothing of the kind.
 */
export type RecoveryLink = { kind: 'recovery' } | { kind: 'error'; description: string } | { kind: 'none' }

export function recoveryLinkOf(hash: string, search: string): RecoveryLink {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const query = new URLSearchParams(search.replace(/^\?/, ''))
  const error =
    fragment.get('error_description') ?? query.get('error_description') ?? fragment.get('error') ?? query.get('error')
  if (error) return { kind: 'error', description: error }
  if (fragment.get('type') === 'recovery' && fragment.get('access_token')) return { kind: 'recovery' }
  if (query.get('code')) return { kind: 'recovery' }
  return { kind: 'none' }
}

/** How old something is, in the unit the shell says it in: under a minute "just now", then minutes, hours, days. */
export type Age = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; n: number }

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** The age of `thenMs` at `nowMs`, rounded down (a clock that went backwards counts as "just now"). */
export function ageOf(thenMs: number, nowMs: number): Age {
  const ms = nowMs - thenMs
  if (ms < MINUTE_MS) return { unit: 'now' }
  if (ms < HOUR_MS) return { unit: 'minutes', n: Math.floor(ms / MINUTE_MS) }
  if (ms < DAY_MS) return { unit: 'hours', n: Math.floor(ms / HOUR_MS) }
  return { unit: 'days', n: Math.floor(ms / DAY_MS) }
}

/** The profile page's trial line (docs/product.md §4): days left while the trial runs, "ended" at 0, none when subscribed. */
export type TrialLine = { kind: 'daysLeft'; days: number } | { kind: 'ended' } | { kind: 'none' }

export function trialLine(subscribed: boolean, daysLeft: number): TrialLine {
  if (subscribed) return { kind: 'none' }
  return daysLeft > 0 ? { kind: 'daysLeft', days: daysLeft } : { kind: 'ended' }
}
