/**
 * `/functions/v1/<name>`: the local edge-functions gateway. Like hosted Supabase's relay with verify_jwt on, it
 * refuses a request without a valid JWT in Authorization (HS256 with the project secret: the anon key, the
 * service_role key or a user's token) before the function runs, lets CORS pre-flights through, and hands the
 * Request to the function's handler, in-process, its body read first up to FUNCTION_BODY_LIMIT_BYTES (413 beyond).
 */
import { Hono, type Context } from 'hono'
import type { StackContext } from '../context.ts'
import { readCappedBytes } from '../shared/capped-body.ts'
import { bearerToken } from '../shared/jwt.ts'
import { functionEnv } from './function-env.ts'
import { FUNCTIONS } from './registry.ts'

/** Largest body a function is handed; read only after the JWT check. */
export const FUNCTION_BODY_LIMIT_BYTES = 64 * 1024

const respond = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export function createFunctionsApi(ctx: StackContext): Hono {
  const env = functionEnv(ctx)
  const handlers = new Map(Object.entries(FUNCTIONS).map(([name, make]) => [name, make(env)]))

  const serve = async (c: Context) => {
    const handler = handlers.get(c.req.param('name') ?? '')
    if (!handler) return respond(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
    if (c.req.method !== 'OPTIONS') {
      const token = bearerToken(c.req.header('authorization'))
      if (!token) return respond(401, { msg: 'Error: Missing authorization header' })
      try {
        await ctx.jwt.verify(token)
      } catch {
        return respond(401, { msg: 'Invalid JWT' })
      }
    }
    let request = c.req.raw
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      // The functions take small JSON or form bodies (payment requests and the provider's webhook).
      const bytes = await readCappedBytes(request, FUNCTION_BODY_LIMIT_BYTES)
      if (bytes === null)
        return respond(413, { code: 'PAYLOAD_TOO_LARGE', message: `at most ${FUNCTION_BODY_LIMIT_BYTES} bytes` })
      request = new Request(request.url, { method: request.method, headers: request.headers, body: bytes })
    }
    try {
      return await handler(request)
    } catch (e) {
      ctx.log.error(`function ${c.req.param('name')} failed`, e)
      return respond(500, { error: 'internal error' })
    }
  }

  const app = new Hono()
  app.all('/:name', serve)
  app.all('/:name/*', serve)
  return app
}
