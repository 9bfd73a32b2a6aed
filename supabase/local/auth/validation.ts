/** Checks of what callers send, with GoTrue's codes and wording. */
import type { Context } from 'hono'
import { authError } from '../shared/http-error.ts'
import { containsNul } from '../shared/text-safety.ts'
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_BYTES } from './constants.ts'

// GoTrue's address check (the WHATWG "valid e-mail address" pattern).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** The normalised (trimmed, lower-case) address, or GoTrue's validation_failed. */
export function validEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : ''
  if (!email) throw authError(400, 'validation_failed', 'An email address is required')
  if (email.length > MAX_EMAIL_LENGTH) throw authError(400, 'validation_failed', 'An email address is too long')
  if (!EMAIL_PATTERN.test(email))
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  return email
}

export function checkPasswordStrength(password: string, minLength: number): void {
  if ([...password].length < minLength) {
    throw authError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    })
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw authError(422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`)
  }
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '')

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The JSON object body; an empty body counts as `{}`. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  if (!text.trim()) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON')
  }
  if (!isPlainObject(parsed)) throw authError(400, 'bad_json', 'Request body must be a JSON object')
  if (containsNul(parsed)) throw authError(400, 'validation_failed', 'Request body must not contain NUL characters')
  return parsed
}
