// The /auth form (docs/product.md §2.5, §4 auth form modes, §5 auth form, §7.1 redirects).
import * as z from 'zod/mini'
import { PASSWORD_MIN_LENGTH } from './constants'
import type { AuthMode } from './errors'
import { EMAIL_PATTERN, validate, type Validated } from './validation'

export type { AuthMode }

/** Default mode is sign-up unless the query says mode=signin; the reset mode is reached from the form only. */
export const authModeFromQuery = (mode: string | null | undefined): AuthMode =>
  mode === 'signin' ? 'signin' : 'signup'

export interface AuthFormValues {
  email: string
  password: string
  firstName: string
  lastName: string
}

export const AUTH_FORM_MESSAGE_KEYS = [
  'authForm.emailRequired',
  'authForm.emailInvalid',
  'authForm.passwordRequired',
  'authForm.passwordMin',
  'authForm.firstNameRequired',
  'authForm.lastNameRequired',
] as const
export type AuthFormMessageKey = (typeof AUTH_FORM_MESSAGE_KEYS)[number]

const required = (key: AuthFormMessageKey) => z.string({ error: key }).check(z.trim(), z.minLength(1, key))
const email = required('authForm.emailRequired').check(z.regex(EMAIL_PATTERN, 'authForm.emailInvalid'))
// Passwords are taken as typed: no trimming.
const password = z
  .string({ error: 'authForm.passwordRequired' })
  .check(z.minLength(1, 'authForm.passwordRequired'), z.minLength(PASSWORD_MIN_LENGTH, 'authForm.passwordMin'))

export const authFormSchemas = {
  signin: z.object({ email, password }),
  signup: z.object({
    email,
    password,
    firstName: required('authForm.firstNameRequired'),
    lastName: required('authForm.lastNameRequired'),
  }),
  reset: z.object({ email }),
} as const

export type AuthInput = { email: string; password?: string; firstName?: string; lastName?: string }

export const validateAuthForm = (
  mode: AuthMode,
  values: AuthFormValues,
): Validated<AuthInput, keyof AuthFormValues, AuthFormMessageKey> =>
  validate<AuthInput, keyof AuthFormValues, AuthFormMessageKey>(authFormSchemas[mode], values, AUTH_FORM_MESSAGE_KEYS)

/** Sign-up: user metadata first_name and last_name; the confirmation link returns to the site root. */
export const signUpOptions = (values: Pick<AuthFormValues, 'firstName' | 'lastName'>, origin: string) => ({
  emailRedirectTo: `${origin.replace(/\/+$/, '')}/`,
  data: { first_name: values.firstName.trim(), last_name: values.lastName.trim() },
})

/** The password-reset e-mail links back to /auth/reset-password on our own origin. */
export const passwordResetRedirect = (origin: string): string => `${origin.replace(/\/+$/, '')}/auth/reset-password`
