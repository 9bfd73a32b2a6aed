/** POST /token: grant_type=password (sign-in) and grant_type=refresh_token (rotating refresh tokens). */
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import { authError } from '../shared/http-error.ts'
import { passwordMatches } from './passwords.ts'
import { sessionJson } from './session.ts'
import { randomToken } from './tokens.ts'
import {
  activeRefreshToken,
  findRefreshToken,
  findUserByEmail,
  findUserById,
  revokeSessionTokens,
  rotateRefreshToken,
  signInUser,
  type IssuedSession,
  type UserRow,
} from './users.ts'
import { jsonBody, str } from './validation.ts'
import { clientIp, tooManyRequests, type AuthLimits } from './rate-limit.ts'
import { MAX_PASSWORD_BYTES, REFRESH_TOKEN_REUSE_INTERVAL_S } from './constants.ts'

const invalidCredentials = () => authError(400, 'invalid_credentials', 'Invalid login credentials')

const isBanned = (u: UserRow) => u.banned_until !== null && u.banned_until.getTime() > Date.now()

export async function passwordGrant(ctx: StackContext, c: Context, limits: AuthLimits): Promise<Response> {
  const body = await jsonBody(c)
  const email = str(body.email).trim().toLowerCase()
  const password = str(body.password)
  if (!email || !password) throw invalidCredentials()
  // As at sign-up: bcrypt would compare only the first 72 bytes.
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw authError(422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`)
  }
  // Wrong passwords slow down the address that sends them, for this account: a stranger guessing from elsewhere
  // never makes the owner wait (rate-limit.ts).
  const streak = `${email}\n${clientIp(c, ctx.config.trustedProxies)}`
  const wait = limits.failedSignIns.check(streak)
  if (wait !== null) throw tooManyRequests(wait)
  const user = await ctx.db.asSuperuser((tx) => findUserByEmail(tx, email))
  const ok = await passwordMatches(password, user?.encrypted_password)
  if (!user || !ok) {
    limits.failedSignIns.failed(streak)
    throw invalidCredentials()
  }
  limits.failedSignIns.succeeded(streak)
  if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned')
  if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed')
  const signedIn = await ctx.db.asSuperuser((tx) => signInUser(tx, user.id, randomToken()))
  return c.json(await sessionJson(ctx, signedIn.user, signedIn.session, 'password'))
}

type RefreshOutcome = { ok: true; user: UserRow; session: IssuedSession } | { ok: false; reused: true }

export async function refreshGrant(ctx: StackContext, c: Context): Promise<Response> {
  const body = await jsonBody(c)
  const token = str(body.refresh_token)
  if (!token) throw authError(400, 'validation_failed', 'refresh_token required')
  const outcome = await ctx.db.asSuperuser(async (tx): Promise<RefreshOutcome> => {
    const row = await findRefreshToken(tx, token)
    if (!row) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    if (row.revoked) {
      // GoTrue's reuse interval: a token rotated moments ago (two tabs or a retry refreshing at once) answers with
      // the session's token in use now, so both callers keep the session. Later, a reused token means someone
      // holds a copy: the whole family is revoked (committed, not thrown, so that the revocation sticks).
      const current =
        Date.now() - row.updated_at.getTime() <= REFRESH_TOKEN_REUSE_INTERVAL_S * 1000
          ? await activeRefreshToken(tx, row.session_id)
          : null
      if (current === null) {
        await revokeSessionTokens(tx, row.session_id)
        return { ok: false, reused: true }
      }
      const user = await findUserById(tx, row.user_id)
      if (!user) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
      return {
        ok: true,
        user,
        session: { sessionId: row.session_id, refreshToken: current, startedAt: row.session_created_at },
      }
    }
    if (row.not_after && row.not_after.getTime() < Date.now()) {
      throw authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired')
    }
    const user = await findUserById(tx, row.user_id)
    if (!user) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    if (isBanned(user)) throw authError(400, 'user_banned', 'Invalid Refresh Token: User Banned')
    const next = randomToken()
    await rotateRefreshToken(tx, row, next)
    return {
      ok: true,
      user,
      session: { sessionId: row.session_id, refreshToken: next, startedAt: row.session_created_at },
    }
  })
  if (!outcome.ok) throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  return c.json(await sessionJson(ctx, outcome.user, outcome.session, 'password'))
}

export async function token(ctx: StackContext, c: Context, limits: AuthLimits): Promise<Response> {
  const grant = c.req.query('grant_type')
  if (grant === 'password') return passwordGrant(ctx, c, limits)
  if (grant === 'refresh_token') return refreshGrant(ctx, c)
  throw authError(400, 'validation_failed', `unsupported_grant_type: ${grant ?? '(none)'}`)
}
