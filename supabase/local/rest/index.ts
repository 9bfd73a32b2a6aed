/**
 * `/rest/v1`: a PostgREST-compatible data API over the local PGlite, speaking what supabase-js sends
 * (docs/supabase-wire.md §3): tables and views at `/:name`, functions at `/rpc/:name`.
 *
 * Version followed: PostgREST v13.0.7, the image the current Supabase CLI runs (supabase/cli
 * pkg/config/templates/Dockerfile: `FROM postgrest/postgrest:v13.0.7`; hosted projects run v12.2–v13). Its
 * statuses, error codes and wording (src/PostgREST/Error.hs, Response.hs, RangeQuery.hs of that tag) are the
 * reference (conformance tests: rest-compat-*.test.ts on the test-only schema of testing/rest-compat-fixture.ts). Checked
 * against postgrest-js's own integration suite (supabase-js monorepo, run against the Supabase CLI): where its
 * expectations are newer than v13.0.7's sources (a function-name hint needs a 0.75 fuzzy score), they are followed.
 *
 * Not implemented:
 * * `application/vnd.pgrst.plan` (explain): 406 PGRST107, which is also what PostgREST answers unless
 *   db-plan-enabled is on — Supabase leaves it off (docs/decisions.md#D-rest-no-explain).
 * * CSV and bytea request bodies (400 PGRST102, read as JSON); PUT and OPTIONS (404, no route).
 * * `Range` request headers are ignored, so such a read answers every row its limit/offset allow (supabase-js
 *   pages with limit/offset and never sends one).
 * * Relationships through views: only views whose columns are plain references to table columns (PostgREST also
 *   follows some expressions).
 * * `application/geo+json` (needs PostGIS, which PGlite does not ship): 406 PGRST107.
 *
 * Deliberate differences: the work caps of limits.ts, which hosted PostgREST does not have in this form — an embed
 * deeper than two levels (a spread counts as one; docs/decisions.md#D-rest-embed-depth) or beside more than eight others is refused with 400 PGRST100
 * before any SQL runs, a read visiting more than 5000 rows fails with 400 54000, a write of more than 1000 rows is
 * refused (insert: 413; update/delete: 400 54000), and a `match`/`imatch` pattern too large to run safely answers
 * 400 2201B. An update or delete without a filter is refused (400 21000), as hosted's pg-safeupdate does.
 *
 * Known harmless difference: a bulk insert with `missing=default` draws a column default (a sequence value) only for
 * the rows that lack the column; PostgREST draws one for every row, so its generated ids have gaps where ours do not.
 */
import { Hono, type Context } from 'hono'
import type { StackContext } from '../context.ts'
import { readCappedText } from '../shared/capped-body.ts'
import { restError } from '../shared/http-error.ts'
import { CallerCache } from './caller.ts'
import { MAX_BODY_BYTES } from './limits.ts'
import { handleRead, handleRpc, handleWrite, type RestRequest } from './handlers.ts'
import { negotiate, parsePrefer } from './prefer.ts'
import { SchemaCacheHolder } from './schema-cache.ts'

export function createRestApi(ctx: StackContext): Hono {
  const app = new Hono()
  const schema = new SchemaCacheHolder(ctx.db.pg, (e) => ctx.log.error('rest: schema cache reload failed', e))
  const callers = new CallerCache(ctx)

  async function request(c: Context): Promise<RestRequest> {
    const claims = await callers.claims(c.req)
    // PostgREST: Accept-Profile picks the schema of a read, Content-Profile that of a write or a POST rpc.
    const read = c.req.method === 'GET' || c.req.method === 'HEAD'
    const profile = c.req.header(read ? 'accept-profile' : 'content-profile')
    if (profile !== undefined && !schema.schemas.includes(profile)) {
      const hint = `Only the following schemas are exposed: ${schema.schemas.join(', ')}`
      throw restError(406, 'PGRST106', `Invalid schema: ${profile}`, null, hint)
    }
    const url = new URL(c.req.url)
    // Postgres text cannot hold NUL, and an alias or a label goes into the SQL text as a quoted identifier.
    if (url.search.includes('%00')) {
      for (const [k, v] of url.searchParams) {
        if (k.includes('\u0000') || v.includes('\u0000')) {
          throw restError(400, 'PGRST100', `"failed to parse query parameter" (${k})`, 'NUL characters are not allowed')
        }
      }
    }
    const method = c.req.method
    let body: string | null = null
    if (method === 'POST' || method === 'PATCH') {
      // Who is writing is known before the body is read: an anonymous caller may send only a small one.
      const cap = MAX_BODY_BYTES[claims.role]
      body = await readCappedText(c.req.raw, cap)
      if (body === null) throw restError(413, 'PGRST413', 'Payload too large', `at most ${cap} bytes`)
    }
    const media = negotiate(c.req.header('accept'))
    return {
      method,
      url,
      claims,
      prefs: parsePrefer(c.req.header('prefer')),
      single: media.single,
      csv: media.csv,
      stripNulls: media.stripNulls,
      body,
      bodyType: (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
      // With more than one exposed schema, PostgREST names the one used in every response.
      profile: schema.schemas.length > 1 ? (profile ?? schema.schemas[0]!) : null,
    }
  }

  const cacheFor = (req: RestRequest) => schema.get(req.profile ?? undefined)

  app.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', async (c) => {
    const req = await request(c)
    return handleRpc(ctx, await cacheFor(req), c.req.param('fn'), req)
  })
  app.on(['GET', 'HEAD'], '/:table', async (c) => {
    const req = await request(c)
    return handleRead(ctx, await cacheFor(req), c.req.param('table'), req)
  })
  app.on(['POST', 'PATCH', 'DELETE'], '/:table', async (c) => {
    const req = await request(c)
    return handleWrite(ctx, await cacheFor(req), c.req.param('table'), req)
  })
  return app
}
