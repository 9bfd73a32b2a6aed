/** Responses, errors and body parsing shared by the functions. Errors are `{error}` JSON with a 4xx/5xx status. */
import { corsHeaders, preflight } from './cors.ts'

export type Handler = (req: Request) => Promise<Response>

/** A refusal the caller should see: its message goes out as `{"error": message}` with this status. */
export class FunctionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  })
}

export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  let body: unknown
  try {
    body = await req.json()
  } catch {
    throw new FunctionError(400, 'the body must be JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new FunctionError(400, 'the body must be a JSON object')
  return body as Record<string, unknown>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function uuidField(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  if (typeof value !== 'string' || !UUID.test(value)) throw new FunctionError(400, `${name} must be a UUID`)
  return value.toLowerCase()
}

/**
 * The common frame of a function: CORS pre-flight, POST only, FunctionError → its JSON, anything else → a 500
 * without details (they go to the function's log).
 */
export function postHandler(name: string, fn: (req: Request) => Promise<Response>): Handler {
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    if (req.method !== 'POST') return json({ error: 'use POST' }, 405)
    try {
      return await fn(req)
    } catch (e) {
      if (e instanceof FunctionError) return json({ error: e.message }, e.status)
      console.error(`[${name}]`, e)
      return json({ error: 'internal error' }, 500)
    }
  }
}
