/**
 * JWTs as hosted Supabase uses them: HS256 with the project's secret. The apikey must be a key signed by that
 * secret; the Authorization bearer decides the role (anon key, service_role key or a user's access token).
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import type { Claims, DbRole } from '../db/database.ts'
import { DB_ROLES } from '../db/database.ts'

export type JwtFailure = 'missing' | 'expired' | 'invalid'

export class JwtError extends Error {
  constructor(
    readonly reason: JwtFailure,
    message: string,
  ) {
    super(message)
  }
}

export class JwtKeys {
  private readonly key: Uint8Array

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret)
  }

  sign(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .sign(this.key)
  }

  async verify(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] })
      const role = payload.role as DbRole
      if (!DB_ROLES.includes(role))
        throw new JwtError('invalid', 'JWT role is not one of anon, authenticated, service_role')
      return payload as Claims
    } catch (e) {
      if (e instanceof JwtError) throw e
      if (e instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired')
      throw new JwtError('invalid', 'invalid JWT')
    }
  }
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null
  const m = /^bearer\s+(.+)$/i.exec(header.trim())
  return m ? m[1]!.trim() : null
}
