/**
 * /auth/v1: the GoTrue endpoints supabase-js uses (reference/supabase-wire.md §2) on auth.users, auth.sessions and
 * auth.refresh_tokens, with GoTrue's error codes and messages. Every response carries X-Supabase-Api-Version so
 * that supabase-js reads `code`.
 */
import { Hono, type Context, type Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { StackContext } from '../context.ts'
import { authError, HttpError } from '../shared/http-error.ts'
import { API_VERSION, API_VERSION_HEADER, AUTH_BODY_LIMIT_BYTES } from './constants.ts'
import { recover, resend, verifyByLink, verifyByPost } from './email-links.ts'
import { clientIp, RateLimiter } from './rate-limit.ts'
import { signup } from './signup.ts'
import { token } from './token.ts'
import { getUser, logout, putUser } from './user.ts'

const OPEN_GET_PATHS = ['/verify', '/.well-known/jwks.json', '/health']

export function createAuthApi(ctx: StackContext): Hono {
  const app = new Hono()
  const { auth } = ctx.config
  const signInUp = new RateLimiter(auth.rateLimitPerWindow, auth.rateLimitWindowMs)

  app.use('*', async (c, next) => {
    await next()
    c.res.headers.set(API_VERSION_HEADER, API_VERSION)
  })
  app.use(
    '*',
    bodyLimit({
      maxSize: AUTH_BODY_LIMIT_BYTES,
      onError: () => authError(413, 'request_too_large', 'Request body is too large').getResponse(),
    }),
  )
  // The gateway's key check. The e-mail link (GET /verify) is opened by a browser without one, as on Supabase.
  app.use('*', async (c, next) => {
    const open = c.req.method === 'GET' && OPEN_GET_PATHS.some((p) => c.req.path.endsWith(p))
    if (!open) await requireApiKey(ctx, c)
    await next()
  })

  /** Sign-in and sign-up share one budget per client address, as on hosted Supabase. */
  const rateLimited = async (c: Context, next: Next) => {
    const limited = c.req.path.endsWith('/signup') || c.req.query('grant_type') === 'password'
    const wait = limited ? signInUp.hit(clientIp(c)) : null
    if (wait !== null) {
      const e = authError(429, 'over_request_rate_limit', 'Request rate limit reached')
      throw new HttpError(429, e.body, { ...e.headers, 'retry-after': String(wait) })
    }
    await next()
  }

  app.get('/health', (c) => c.json({ name: 'GoTrue', description: 'Kreis local auth (GoTrue-compatible)' }))
  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false, google: false, github: false, apple: false },
      disable_signup: auth.disableSignup,
      mailer_autoconfirm: !auth.emailConfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )
  app.post('/signup', rateLimited, (c) => signup(ctx, c))
  app.post('/token', rateLimited, (c) => token(ctx, c))
  app.post('/recover', (c) => recover(ctx, c))
  app.post('/resend', (c) => resend(ctx, c))
  // Tokens are signed with the shared HS256 secret, which is never published: no public keys to list.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }))
  app.get('/verify', (c) => verifyByLink(ctx, c))
  app.post('/verify', (c) => verifyByPost(ctx, c))
  app.get('/user', (c) => getUser(ctx, c))
  app.put('/user', (c) => putUser(ctx, c))
  app.post('/logout', (c) => logout(ctx, c))
  return app
}

async function requireApiKey(ctx: StackContext, c: Context): Promise<void> {
  const apikey = c.req.header('apikey')
  if (!apikey) throw authError(401, 'no_api_key', 'No API key found in request')
  try {
    await ctx.jwt.verify(apikey)
  } catch {
    throw authError(401, 'invalid_api_key', 'Invalid API key')
  }
}
