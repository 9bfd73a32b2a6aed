// The free-trial signup and the newsletter (docs/product.md §2.3, §3 trial_users, §4 trial signup, §5 trial and newsletter).
import { TRIAL_LENGTH_MS } from './constants'
import type { Toast } from './message'
import { TOASTS, type ToastMessageKey } from './toasts'
import { isEmailAddress, nullIfBlank } from './validation'

export interface TrialSignupValues {
  email: string
  password?: string // collected by the form but never stored in the trial record (docs/product.md §3)
  firstName?: string
  city?: string
}

export interface TrialUserRecord {
  email: string
  first_name: string | null
  city: string | null
  trial_status: 'active'
  signup_date: string
  trial_end_date: string
}

/**
 * null when the form may be submitted, else the toast to show: empty e-mail → "Email required"; a malformed
 * one (which the browser's email field normally stops first) → "Invalid email".
 */
export function trialSignupProblem(values: Pick<TrialSignupValues, 'email'>): Toast<ToastMessageKey> | null {
  if (values.email.trim() === '') return TOASTS.emailRequired
  return isEmailAddress(values.email) ? null : TOASTS.emailInvalid
}

/** The trial_users insert: a trial starts active and ends 30 days after signup. E-mails are stored lower-cased
 * so that the unique constraint (23505 → "Email already registered") also catches a change of case. */
export function trialUserRecord(values: TrialSignupValues, now: Date): TrialUserRecord {
  return {
    email: values.email.trim().toLowerCase(),
    first_name: nullIfBlank(values.firstName),
    city: nullIfBlank(values.city),
    trial_status: 'active',
    signup_date: now.toISOString(),
    trial_end_date: new Date(now.getTime() + TRIAL_LENGTH_MS).toISOString(),
  }
}

/** The newsletter submits only a non-empty e-mail; no network call is made (docs/product.md §7.2). */
export const canSubscribeNewsletter = (email: string): boolean => email.trim() !== ''
