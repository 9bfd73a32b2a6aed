/**
 * The HTTP face of the local stack: one hono app with a sub-app per Supabase API, mounted at the paths
 * supabase-js derives from the project URL, plus CORS for the app's origins, a health check and one error handler.
 */
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import type { StackContext } from './context.ts'
import { messages } from '@electric-sql/pglite'
import { authError, HttpError, restError, storageError } from './shared/http-error.ts'
import { createAuthApi } from './auth/index.ts'
import { createRestApi } from './rest/index.ts'
import { createStorageApi } from './storage/index.ts'
import { createFunctionsApi } from './functions/index.ts'
import { createSandboxPayApi } from './payments/index.ts'
import { clientIp } from './auth/rate-limit.ts'
import { FairShareBusy, runAsClient } from './db/fair-share.ts'

// Retry-After: the app reads how long a 429 or 503 asked it to wait (the sync engine's back-off, the sign-in's
// "try again in N seconds"); a browser hides it from a cross-origin caller unless it is exposed.
const EXPOSED_HEADERS = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'Content-Type',
  'Content-Length',
  'x-relay-error',
  'Retry-After',
]
const ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

export function createApp(ctx: StackContext): Hono {
  const app = new Hono()
  const origins = new Set([new URL(ctx.config.siteUrl).origin, ...ctx.config.allowedOrigins])

  const corsHeaders = cors({
    // Bearer tokens, no cookies: the origin list keeps other sites from using a developer's local session.
    origin: (origin) => (origins.has(origin) ? origin : null),
    allowMethods: ALLOWED_METHODS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 86400,
  })
  // Only cross-origin requests carry Origin; skipping the middleware otherwise spares server-side callers (and the
  // load bench) hono's copy of every response that adding headers afterwards costs.
  app.use('*', (c, next) => (c.req.header('origin') ? corsHeaders(c, next) : next()))
  // The hosted gateway gzips JSON for a browser that accepts it (a page of listings: ~100 kB → ~13 kB); the app's
  // load time over a phone network depends on it (Lighthouse, bench web). Browser calls only, like CORS above:
  // server-side callers and the load benches keep plain bodies.
  const compressBody = compress({ encoding: 'gzip' })
  app.use('*', (c, next) => (c.req.header('origin') ? compressBody(c, next) : next()))

  // Database work of a request is the work of its client's address (db/fair-share.ts shares the engine by it).
  app.use('*', (c, next) => runAsClient(clientIp(c, ctx.config.trustedProxies), next))

  app.get('/health', (c) => c.json({ status: 'ok' }))
  app.route('/auth/v1', createAuthApi(ctx))
  app.route('/rest/v1', createRestApi(ctx))
  app.route('/storage/v1', createStorageApi(ctx))
  app.route('/functions/v1', createFunctionsApi(ctx))
  app.route('/sandbox-pay', createSandboxPayApi(ctx))

  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404))
  app.onError((err, c) => {
    if (err instanceof HttpError) return err.getResponse()
    // The API gateway's answer to a flood (hosted: Kong's rate limiting), whichever API was called.
    if (err instanceof FairShareBusy) {
      return c.json({ message: 'API rate limit exceeded' }, 429, { 'Retry-After': String(err.retryAfterSeconds) })
    }
    const refused = clientDataError(err, new URL(c.req.url).pathname)
    if (refused) return refused.getResponse()
    ctx.log.error(`${c.req.method} ${new URL(c.req.url).pathname} failed`, err)
    // Never a stack trace to the client.
    return c.json({ message: 'Internal Server Error' }, 500)
  })
  return app
}

/**
 * The safety net for input no handler checked: a Postgres data exception (class 22: bad text, numbers, dates) or
 * a program limit (class 54: too deep, too long) caused by what the caller sent is a 400 in the shape of the API
 * that was called, never a 500.
 */
function clientDataError(err: unknown, path: string): HttpError | null {
  if (!(err instanceof messages.DatabaseError)) return null
  const code = err.code ?? ''
  if (!code.startsWith('22') && !code.startsWith('54')) return null
  if (path.startsWith('/auth/')) return authError(400, 'validation_failed', err.message)
  if (path.startsWith('/storage/')) return storageError(400, 'InvalidRequest', err.message)
  return restError(400, code, err.message)
}
