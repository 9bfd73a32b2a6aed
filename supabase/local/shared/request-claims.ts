/**
 * Who is calling: the gateway's check of the `apikey` (it must be a key signed with the project secret), then the
 * role and claims from the Authorization bearer (a user's access token, the anon key or the service_role key), with
 * the apikey's claims when there is no bearer. Each API words the failure its own way through `fail`.
 */
import type { Claims } from '../db/database.ts'
import type { StackContext } from '../context.ts'
import { bearerToken, JwtError, type JwtFailure } from './jwt.ts'
import type { HttpError } from './http-error.ts'

export interface RequestHeaders {
  header(name: string): string | undefined
}

export async function requestClaims(
  ctx: StackContext,
  req: RequestHeaders,
  fail: (reason: JwtFailure | 'no_apikey', message: string) => HttpError,
  { apikeyFromQuery }: { apikeyFromQuery?: string | null } = {},
): Promise<Claims> {
  const apikey = req.header('apikey') ?? apikeyFromQuery ?? null
  if (!apikey) throw fail('no_apikey', 'No API key found in request')
  let apikeyClaims: Claims
  try {
    apikeyClaims = await ctx.jwt.verify(apikey)
  } catch {
    throw fail('invalid', 'Invalid API key')
  }
  const token = bearerToken(req.header('authorization'))
  if (!token || token === apikey) return apikeyClaims
  try {
    return await ctx.jwt.verify(token)
  } catch (e) {
    if (e instanceof JwtError) throw fail(e.reason, e.message)
    throw e
  }
}
