/** POST /signup: a new e-mail user, signed in at once, or waiting for the confirmation link when that is on. */
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import { authError } from '../shared/http-error.ts'
import { confirmationLink } from './email-links.ts'
import { hashPassword } from './passwords.ts'
import { sessionJson } from './session.ts'
import { hashToken, randomToken } from './tokens.ts'
import { obfuscatedUserJson, userJson } from './user-json.ts'
import {
  findUserByEmail,
  insertUser,
  setConfirmationToken,
  signInUser,
  type IssuedSession,
  type UserRow,
} from './users.ts'
import { checkPasswordStrength, isPlainObject, jsonBody, str, validEmail } from './validation.ts'

type Outcome =
  | { kind: 'session'; user: UserRow; session: IssuedSession }
  | { kind: 'confirm'; user: UserRow; token: string }
  | { kind: 'already-registered' }

export async function signup(ctx: StackContext, c: Context): Promise<Response> {
  const { auth } = ctx.config
  if (auth.disableSignup) throw authError(422, 'signup_disabled', 'Email signups are disabled')
  const body = await jsonBody(c)
  if (body.phone) throw authError(422, 'phone_provider_disabled', 'Phone signups are disabled')
  const password = str(body.password)
  if (!password) throw authError(422, 'validation_failed', 'Signup requires a valid password')
  checkPasswordStrength(password, auth.minPasswordLength)
  const email = validEmail(body.email)
  const data = isPlainObject(body.data) ? body.data : {}
  checkProfileNames(data)
  // Hashing takes tens of milliseconds: done before the transaction so the database is not held meanwhile.
  const passwordHash = await hashPassword(password)

  const outcome = await ctx.db.asSuperuser(async (tx): Promise<Outcome> => {
    const existing = await findUserByEmail(tx, email)
    if (existing) {
      if (!auth.emailConfirm) throw authError(422, 'user_already_exists', 'User already registered')
      if (existing.email_confirmed_at) return { kind: 'already-registered' }
      // Not confirmed yet: send the link again (GoTrue does not change the stored password either).
      const token = randomToken()
      await setConfirmationToken(tx, existing.id, hashToken(token))
      return { kind: 'confirm', user: existing, token }
    }
    const token = auth.emailConfirm ? randomToken() : null
    const user = await insertUser(tx, {
      email,
      passwordHash,
      userMetadata: data,
      confirmationTokenHash: token ? hashToken(token) : null,
    }).catch((e: unknown) => {
      if ((e as { code?: string }).code === '23505')
        throw authError(422, 'user_already_exists', 'User already registered')
      throw e
    })
    if (token) return { kind: 'confirm', user, token }
    return { kind: 'session', ...(await signInUser(tx, user.id, randomToken())) }
  })

  switch (outcome.kind) {
    case 'session':
      return c.json(await sessionJson(ctx, outcome.user, outcome.session, 'password'))
    case 'confirm':
      ctx.mailer.send(email, 'signup', confirmationLink(ctx, outcome.token, c.req.query('redirect_to')))
      return c.json(userJson(outcome.user))
    case 'already-registered':
      return c.json(obfuscatedUserJson(email, data))
  }
}

/** The names the profile copies from the sign-up metadata (profiles.first_name/last_name: at most 100 characters). */
const PROFILE_NAME_MAX_CHARS = 100

function checkProfileNames(data: Record<string, unknown>): void {
  for (const key of ['first_name', 'last_name']) {
    const v = data[key]
    if (v === undefined || v === null) continue
    if (typeof v !== 'string') throw authError(422, 'validation_failed', `${key} must be a string`)
    if ([...v.replace(/^ +| +$/g, '')].length > PROFILE_NAME_MAX_CHARS) {
      throw authError(422, 'validation_failed', `${key} cannot be longer than ${PROFILE_NAME_MAX_CHARS} characters`)
    }
  }
}
