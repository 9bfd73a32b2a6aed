/**
 * Who is calling, worded as PostgREST (and the gateway in front of it) words failures. Verified tokens are kept
 * until they expire: every supabase-js request carries the same two, and HS256 verification would otherwise run
 * twice per request.
 */
import type { Claims } from '../db/database.ts'
import type { StackContext } from '../context.ts'
import { HttpError } from '../shared/http-error.ts'
import { MAX_CACHED_CALLERS } from './limits.ts'
import { requestClaims, type RequestHeaders } from '../shared/request-claims.ts'

const MS_PER_SECOND = 1000

export class CallerCache {
  private readonly verified = new Map<string, { claims: Claims; expiresAtMs: number }>()

  constructor(private readonly ctx: StackContext) {}

  async claims(req: RequestHeaders): Promise<Claims> {
    const key = `${req.header('apikey') ?? ''}\n${req.header('authorization') ?? ''}`
    const hit = this.verified.get(key)
    if (hit && hit.expiresAtMs > Date.now()) return hit.claims
    const claims = await requestClaims(this.ctx, req, (reason, message) => {
      if (reason === 'no_apikey') return new HttpError(401, { message })
      if (message === 'Invalid API key') {
        return new HttpError(401, { message, hint: 'Double check your Supabase `anon` or `service_role` API key.' })
      }
      const expired = reason === 'expired'
      const description = expired ? 'JWT expired' : 'invalid JWT'
      const header = { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"` }
      const code = expired ? 'PGRST303' : 'PGRST301'
      return new HttpError(401, { code, message: expired ? 'JWT expired' : message, details: null, hint: null }, header)
    })
    if (typeof claims.exp === 'number') {
      if (this.verified.size >= MAX_CACHED_CALLERS) this.verified.clear()
      this.verified.set(key, { claims, expiresAtMs: claims.exp * MS_PER_SECOND })
    }
    return claims
  }
}
