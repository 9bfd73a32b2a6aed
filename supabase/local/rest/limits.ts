/**
 * The data API's limits, in one place, including the per-request work caps of hosted Supabase (docs/decisions.md#D-work-caps).
 *
 * What was measured (PGlite 0.5.16 on Node 20): `statement_timeout` never interrupts PGlite. With
 * `set statement_timeout = '200ms'`, a `count(*)` over 3M generated rows ran to its end (10 s at load 17) and
 * `pg_sleep(1)` slept 1 s; Node's timers did not tick meanwhile (the WASM engine runs on the HTTP thread and has
 * no signal to deliver the timeout). So every cap is enforced by the statement itself or before it runs:
 *
 * * Rows (PostgREST's db-max-rows, 1000 on hosted): a LIMIT is injected at the root and at every to-many embed,
 *   min(asked, MAX_ROWS); Content-Range shows the cut, and the client pages on with offset as with PostgREST.
 * * Embeds: at most MAX_EMBED_DEPTH levels and MAX_EMBEDS resources per request, refused at plan time (400
 *   PGRST100) before any SQL runs. The issue's 16 nested embeds built 136 MB in 5.2 s.
 * * Time per statement by role (hosted: anon 3 s, authenticated 8 s): every level's WHERE carries a guard that
 *   compares clock_timestamp() with statement_timestamp() and, past the role's limit, fails the statement with a
 *   marked cast error, answered as Postgres' own 57014 "canceling statement due to statement timeout". It is checked
 *   per row visited at each level, so scans and embeds stop within a row of the limit (a function scan such as
 *   generate_series materialises first; the API exposes none). Overhead measured: ≈ 10 % on a bare 3M-row loop.
 * * Work: the same guard counts the rows every level visits (a transaction-local counter in set_config) and stops
 *   the statement past MAX_VISITED_ROWS (400 54000), so one read cannot hold the single-threaded engine for long.
 * * Bytes: a response body over MAX_RESPONSE_BYTES is refused (400) instead of being sent.
 * * trial_users: an insert carries one row (the landing form sends one); bulk bodies are refused.
 * * Writes: at most MAX_WRITE_ROWS rows per insert, update or delete, with the same time guard; no update or delete
 *   without a filter.
 * * Regular expressions (`match`, `imatch`): bounded in length and expansion before any SQL runs (regex-bounds.ts);
 *   the engine compiles and runs one without ever looking at the clock.
 *
 * The PostgREST forms of docs/decisions.md#D-postgrest-parity stay inside these caps: a spread `...rel()` is an embed (depth and count), a
 * many-to-many embed's junction rows and an aggregate's input rows pass the same per-row guard (an aggregate over
 * more than MAX_VISITED_ROWS rows fails with 54000 like any read), to-many spreads and embedded aggregates are
 * cut at MAX_ROWS per parent, and CSV, stripped-null and aggregate bodies meet the same byte cap.
 */

/**
 * Largest POST/PATCH body by role; larger ones get 413, counted as the body streams in. Anonymous callers write one
 * sign-up row at most; the app's largest body (100 listing saves or messages) stays under 1 MB; ten anonymous
 * 10 MB bodies had held reads for ~11 s and 540 MB of memory.
 */
export const MAX_BODY_BYTES = {
  anon: 64 * 1024,
  authenticated: 2 * 1024 * 1024,
  service_role: 10 * 1024 * 1024,
} as const

/** Deepest `select=` embedding and `or=`/`and=` nesting; deeper input would only serve to exhaust the stack. */
export const MAX_NESTING = 16

/** Verified bearer/apikey pairs kept until their expiry (the map is cleared when full). */
export const MAX_CACHED_CALLERS = 1000

/** Built read statements kept per schema cache (the map is cleared when full). */
export const MAX_CACHED_STATEMENTS = 500

/** PostgREST's db-max-rows as on hosted Supabase: rows per response, and per parent row of a to-many embed. */
export const MAX_ROWS = 1000

/**
 * Nested embed levels (`a(b(c))` is 2) and embedded resources per request. Two levels serve every read the app and
 * the spec make (the inbox: conversations → listings → listing_images). A third level is where rows fan out: an
 * image → its listing → its seller → all the seller's listings multiplied an 8 MB answer out of a few hundred
 * images (2.4 s at load 16, measured with bench/rest-feed.ts), which on PGlite's single thread is time everyone
 * else waits.
 */
export const MAX_EMBED_DEPTH = 2
export const MAX_EMBEDS = 8

/** Largest JSON body a read or an rpc answers with. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024

/** Statement time limits by role, as hosted Supabase sets them (service_role: Postgres' session default, 2 min). */
export const STATEMENT_TIMEOUT_MS = { anon: 3000, authenticated: 8000, service_role: 120_000 } as const

/**
 * Rows one insert, update or delete may write: as many as a read may return. One insert of 5,000 listings held the
 * engine 4.5 s and one of 4,500 messages 21 s; the app sends at most 100 rows per request. An insert body with more
 * rows is refused with 413 before any SQL runs; an update or delete that reaches the cap is rolled back with 400
 * 54000 when its filters have chosen one row more. Writes carry the read guard too, so they are also cut at the
 * role's statement time limit. An update or delete without any filter is refused as hosted's pg-safeupdate does.
 */
export const MAX_WRITE_ROWS = 1000

/** Tables whose insert takes one row per request (anonymous sign-up forms). */
export const SINGLE_ROW_INSERT_TABLES = new Set(['trial_users'])

/** The markers the guard puts in its errors, recognised when mapping errors. */
export const TIMEOUT_MARKER = 'kreis_statement_timeout'
export const WORK_MARKER = 'kreis_work_cap'

/**
 * Rows a read may visit across all its levels (after RLS). PGlite runs one statement at a time on the HTTP
 * thread, so a read's work is time every other request waits: this bounds the heaviest read the other caps still
 * allow (a 2.3 MB fan-out of listings → seller → listings took 0.9 s at load 21) while a 1000-row sync page with
 * to-one embeds fits.
 */
export const MAX_VISITED_ROWS = 5000
