/** The signed-in caller of /user and /logout: a valid access token whose session still exists. */
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import type { Claims } from '../db/database.ts'
import { authError } from '../shared/http-error.ts'
import { bearerToken, JwtError } from '../shared/jwt.ts'
import { findUserById, sessionExists, type UserRow } from './users.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface Caller {
  claims: Claims
  sessionId: string
  user: UserRow
}

export async function signedInCaller(ctx: StackContext, c: Context): Promise<Caller> {
  const token = bearerToken(c.req.header('authorization'))
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  let claims: Claims
  try {
    claims = await ctx.jwt.verify(token)
  } catch (e) {
    const why = e instanceof JwtError && e.reason === 'expired' ? 'token is expired' : 'signature is invalid'
    throw authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`)
  }
  if (typeof claims.sub !== 'string' || !claims.sub) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  const sub = claims.sub
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : ''
  if (!UUID.test(sub)) throw authError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID')
  const user = await ctx.db.asSuperuser(async (tx) => {
    if (!UUID.test(sessionId) || !(await sessionExists(tx, sessionId, sub))) {
      throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    }
    return findUserById(tx, sub)
  })
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  return { claims, sessionId, user }
}
