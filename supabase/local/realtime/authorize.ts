/**
 * Who a channel speaks for: the access_token of the join (a user's JWT, or the anon key), else the socket's apikey,
 * verified like hosted Realtime does (signature, expiry, and the `role` and `exp` claims it requires). Failures carry
 * hosted Realtime's reason texts, which realtime-js hands to the subscribe callback.
 */
import type { Claims } from '../db/database.ts'
import { JwtError, type JwtKeys } from '../shared/jwt.ts'

export type TokenCheck = { ok: true; claims: Claims & { exp: number } } | { ok: false; reason: string }

export async function checkToken(jwt: JwtKeys, token: string): Promise<TokenCheck> {
  if (token.split('.').length !== 3) return { ok: false, reason: 'MalformedJWT: The token provided is not a valid JWT' }
  let claims: Claims
  try {
    claims = await jwt.verify(token)
  } catch (e) {
    if (e instanceof JwtError && e.reason === 'expired')
      return { ok: false, reason: 'InvalidJWTToken: Token has expired' }
    return { ok: false, reason: 'JwtSignatureError: Failed to validate JWT signature' }
  }
  if (typeof claims.exp !== 'number') {
    return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' }
  }
  return { ok: true, claims: claims as Claims & { exp: number } }
}
