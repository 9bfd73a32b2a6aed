/**
 * /auth/v1: the GoTrue endpoints supabase-js uses (docs/supabase-wire.md §2) on auth.users, auth.sessions and
 * auth.refresh_tokens, with GoTrue's error codes and messages. Every response carries X-Supabase-Api-Version so
 * that supabase-js reads `code`.
 */
import { Hono, type Context, type Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { StackContext } from '../context.ts'
import { authError } from '../shared/http-error.ts'
import { API_VERSION, API_VERSION_HEADER, AUTH_BODY_LIMIT_BYTES } from './constants.ts'
import { recover, resend, verifyByLink, verifyByPost } from './email-links.ts'
import { clientIp, FailedSignIns, RateLimiter, tooManyRequests, type AuthLimits } from './rate-limit.ts'
import { signup } from './signup.ts'
import { token } from './token.ts'
import { getUser, logout, putUser } from './user.ts'

const MS_PER_MINUTE = 60_000

const OPEN_GET_PATHS = ['/verify', '/.well-known/jwks.json', '/health']

export function createAuthApi(ctx: StackContext): Hono {
  const app = new Hono()
  const { auth } = ctx.config
  const window = auth.rateLimitWindowMs
  const signInUp = new RateLimiter(auth.rateLimitPerWindow, window)
  const refresh = new RateLimiter(auth.refreshRateLimitPerWindow, window)
  const verify = new RateLimiter(auth.verifyRateLimitPerWindow, window)
  const emailRequests = new RateLimiter(auth.emailRequestRateLimitPerWindow, window)
  const limits: AuthLimits = {
    emailsPerAddress: new RateLimiter(auth.emailsPerAddressPerMinute, MS_PER_MINUTE),
    failedSignIns: new FailedSignIns(auth.freeFailedSignIns),
  }

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

  /** A per-address budget: sign-in and sign-up share one, as on hosted Supabase; the others have their own. */
  const budget = (pick: (c: Context) => RateLimiter | null) => async (c: Context, next: Next) => {
    const limiter = pick(c)
    const wait = limiter ? limiter.hit(clientIp(c, ctx.config.trustedProxies)) : null
    if (wait !== null) throw tooManyRequests(wait)
    await next()
  }
  const tokenBudget = budget((c) => {
    const grant = c.req.query('grant_type')
    return grant === 'password' ? signInUp : grant === 'refresh_token' ? refresh : null
  })

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
  app.post(
    '/signup',
    budget(() => signInUp),
    (c) => signup(ctx, c),
  )
  app.post('/token', tokenBudget, (c) => token(ctx, c, limits))
  app.post(
    '/recover',
    budget(() => emailRequests),
    (c) => recover(ctx, c, limits),
  )
  app.post(
    '/resend',
    budget(() => emailRequests),
    (c) => resend(ctx, c, limits),
  )
  // Tokens are signed with the shared HS256 secret, which is never published: no public keys to list.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }))
  app.get(
    '/verify',
    budget(() => verify),
    (c) => verifyByLink(ctx, c),
  )
  app.post(
    '/verify',
    budget(() => verify),
    (c) => verifyByPost(ctx, c),
  )
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
