/**
 * The request handlers: read (GET/HEAD), write (POST/PATCH/DELETE) and rpc. Each parses and checks the request
 * against the schema cache, builds one statement, runs it in one transaction as the caller's role with
 * request.jwt.claims set (so RLS decides), and answers with PostgREST's statuses and headers.
 */
import type { Claims, Tx } from '../db/database.ts'
import type { StackContext } from '../context.ts'
import { HttpError, restError } from '../shared/http-error.ts'
import { OPERATORS } from './filter-parser.ts'
import { fromDatabaseError, invalidBody, singleObjectError, unknownPayloadColumn, unknownTable } from './errors.ts'
import { outputLabels, planRead, relationSource, type ReadNode } from './plan.ts'
import type { Preferences } from './prefer.ts'
import { parseQuery } from './query-params.ts'
import { callSql, findFunction, findRawFunction, functionSource } from './rpc.ts'
import type { SchemaCache } from './schema-cache.ts'
import {
  INSERTED_SQL,
  mutationSql,
  Params,
  plannedCountSql,
  readSql,
  scalarCallSql,
  type Caps,
  type Mutation,
  type OutputShape,
} from './sql-builder.ts'
import {
  MAX_RESPONSE_BYTES,
  MAX_ROWS,
  MAX_VISITED_ROWS,
  SINGLE_ROW_INSERT_TABLES,
  MAX_WRITE_ROWS,
  STATEMENT_TIMEOUT_MS,
  TIMEOUT_MARKER,
  WORK_MARKER,
} from './limits.ts'
import { cachedStatement } from './statement-cache.ts'

export interface RestRequest {
  method: string
  url: URL
  claims: Claims
  prefs: Preferences
  single: boolean
  /** Accept: text/csv (reads and rpc). */
  csv: boolean
  /** Accept: …;nulls=stripped. */
  stripNulls: boolean
  /** The body text for writes and POST rpc. */
  body: string | null
  /** The request body's media type (lower case, no parameters); '' when absent. */
  bodyType: string
  /** The schema named by Accept-/Content-Profile (or the default), echoed as Content-Profile; null with one schema. */
  profile: string | null
}

interface ResultRow {
  total: number | null
  page_total: number
  body: string | null
  /** Rows an upsert inserted (null: not counted). */
  inserted?: number | null
}

class Rollback {
  constructor(readonly row: ResultRow) {}
}

const JSON_TYPE = 'application/json; charset=utf-8'
const CSV_TYPE = 'text/csv; charset=utf-8'

function contentType(req: RestRequest): string {
  if (req.csv) return CSV_TYPE
  const nulls = req.stripNulls ? ';nulls=stripped' : ''
  if (req.single) return `application/vnd.pgrst.object+json${nulls}; charset=utf-8`
  return nulls ? `application/vnd.pgrst.array+json${nulls}; charset=utf-8` : JSON_TYPE
}

/** Extra statements run in the same transaction after the main one (a planned count, the upsert counter). */
export interface Extras {
  plan?: { sql: string; params: readonly unknown[] }
  inserted?: boolean
}

/** Runs one statement in the caller's transaction; `check` may throw to roll it back (single-object misses). */
async function execute(
  ctx: StackContext,
  req: RestRequest,
  sql: string,
  params: readonly unknown[],
  check: (row: ResultRow) => void,
  readOnly = false,
  extras: Extras = {},
): Promise<ResultRow> {
  try {
    return await ctx.db.withClaims(req.claims, async (tx) => {
      // PostgREST runs GET/HEAD in a read-only transaction: a function that writes fails with 25006 (405).
      if (readOnly) await tx.exec('set transaction read only')
      const res = await tx.query<ResultRow>(sql, params as unknown[])
      const row: ResultRow = res.rows[0] ?? { total: null, page_total: res.affectedRows ?? 0, body: null }
      if (extras.plan) row.total = await plannedRows(tx, extras.plan.sql, extras.plan.params, row.total)
      if (extras.inserted) {
        const ins = await tx.query<{ inserted: number | null }>(INSERTED_SQL)
        row.inserted = ins.rows[0]?.inserted ?? null
      }
      check(row)
      if (req.prefs.rollback) throw new Rollback(row)
      return row
    })
  } catch (e) {
    if (e instanceof Rollback) return e.row
    if (e instanceof HttpError) throw e
    if (e instanceof Error && e.message.includes(TIMEOUT_MARKER)) {
      // The time guard of sql-builder: answered as Postgres answers statement_timeout (PostgREST: 57014 → 500).
      throw restError(500, '57014', 'canceling statement due to statement timeout')
    }
    if (e instanceof Error && e.message.includes(WORK_MARKER)) {
      if (req.method === 'PATCH' || req.method === 'DELETE') {
        throw restError(
          400,
          '54000',
          `the request would change more than ${MAX_WRITE_ROWS} rows`,
          null,
          'Narrow the filters, or change the rows in several requests.',
        )
      }
      throw restError(
        400,
        '54000',
        `the request would read more than ${MAX_VISITED_ROWS} rows`,
        null,
        'Ask for fewer rows or embedded resources (limit, select), or page with offset.',
      )
    }
    throw fromDatabaseError(e, req.claims.role) ?? e
  }
}

/**
 * count=planned: the planner's estimate ("Plan Rows"). count=estimated (exactTotal given): the exact count, unless
 * it exceeds db-max-rows, then the larger of it and the estimate — PostgREST's rule.
 */
async function plannedRows(
  tx: Tx,
  sql: string,
  params: readonly unknown[],
  exactTotal: number | null,
): Promise<number | null> {
  if (exactTotal !== null && exactTotal <= MAX_ROWS) return exactTotal
  const res = await tx.query<{ 'QUERY PLAN': unknown }>(sql, params as unknown[])
  const cell = res.rows[0]?.['QUERY PLAN']
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[]
  const estimate = Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0)
  return exactTotal === null ? estimate : Math.max(exactTotal, estimate)
}

const capsFor = (req: RestRequest): Caps => ({
  maxRows: MAX_ROWS,
  timeoutMs: STATEMENT_TIMEOUT_MS[req.claims.role],
  maxVisitedRows: MAX_VISITED_ROWS,
})

/** The response byte cap, checked before anything is sent. */
function checkBytes(row: ResultRow): void {
  if (row.body !== null && row.body.length > MAX_RESPONSE_BYTES) {
    throw restError(
      400,
      '54000',
      `the response would exceed ${MAX_RESPONSE_BYTES} bytes`,
      null,
      'Ask for fewer rows or columns (limit, select), or page with offset.',
    )
  }
}

function headers(req: RestRequest, contentType: string | null, range: string): Record<string, string> {
  const h: Record<string, string> = { 'Content-Range': range }
  if (req.profile) h['Content-Profile'] = req.profile
  if (contentType) h['Content-Type'] = contentType
  if (req.prefs.applied.length > 0) h['Preference-Applied'] = req.prefs.applied.join(', ')
  return h
}

const checkSingle = (req: RestRequest) => (row: ResultRow) => {
  checkBytes(row)
  if (req.single && row.page_total !== 1) throw singleObjectError(row.page_total)
}

function tableSource(cache: SchemaCache, name: string) {
  const source = relationSource(cache, name)
  if (!source) throw unknownTable(name, cache.schema)
  return source
}

/** PostgREST's range status: 416 past the end, 206 when the page holds fewer rows than the known total. */
function readResponse(req: RestRequest, row: ResultRow, offset: number, empty = req.single ? 'null' : '[]'): Response {
  const last = offset + row.page_total - 1
  const total = row.total
  const range = `${row.page_total > 0 && total !== 0 ? `${offset}-${last}` : '*'}/${total ?? '*'}`
  if (total !== null && offset > total) {
    throw new HttpError(
      416,
      {
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
        hint: null,
      },
      { 'Content-Range': range },
    )
  }
  const status = total !== null && row.page_total < total ? 206 : 200
  const body = req.method === 'HEAD' ? null : (row.body ?? empty)
  return new Response(body, { status, headers: headers(req, contentType(req), range) })
}

const shapeOf = (req: RestRequest, node: ReadNode | null, single = req.single): OutputShape => ({
  single,
  count: req.prefs.count === 'exact' || req.prefs.count === 'estimated',
  stripNulls: req.stripNulls,
  csvHeader: req.csv && node ? csvHeader(node) : null,
})

/** Planned and estimated counts run an EXPLAIN of the request's rows after the main statement. */
function planExtras(req: RestRequest, build: (p: Params) => ReadNode): Extras['plan'] {
  if (req.prefs.count !== 'planned' && req.prefs.count !== 'estimated') return undefined
  const p = new Params()
  const sql = plannedCountSql(build(p), p)
  return { sql, params: p.values }
}

/** The CSV header: the keys of the root's rows. */
const csvHeader = (node: ReadNode): string => outputLabels(node).join(',')

export async function handleRead(
  ctx: StackContext,
  cache: SchemaCache,
  table: string,
  req: RestRequest,
): Promise<Response> {
  const media = `${req.single}|${req.csv}|${req.stripNulls}`
  const key = `${table}${req.url.search}|${media}|${req.prefs.count}|${req.claims.role}`
  const statement = cachedStatement(cache, key, () => {
    const plan = () => planRead(cache, tableSource(cache, table), parseQuery(req.url.searchParams))
    const root = plan()
    const p = new Params()
    const sql = readSql(root, shapeOf(req, root), p, capsFor(req))
    return { sql, params: p.values, offset: root.params.offset ?? 0, plan: planExtras(req, plan) }
  })
  const row = await execute(ctx, req, statement.sql, statement.params, checkSingle(req), false, {
    plan: statement.plan,
  })
  return readResponse(req, row, statement.offset)
}

function parseBody(text: string | null): unknown {
  if (text === null || text.trim() === '') return null
  try {
    return JSON.parse(text)
  } catch (e) {
    throw invalidBody(e instanceof Error ? e.message : 'invalid JSON')
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export async function handleWrite(
  ctx: StackContext,
  cache: SchemaCache,
  table: string,
  req: RestRequest,
): Promise<Response> {
  const source = tableSource(cache, table)
  const relation = cache.relations.get(table)!
  const query = parseQuery(req.url.searchParams)
  const root = planRead(cache, source, query)
  if (req.method !== 'POST' && (root.params.limit !== null || root.params.offset !== null)) {
    // Silently ignoring them would widen the write to every matching row.
    const details = 'limit and offset are not supported on updates and deletes'
    throw restError(400, 'PGRST100', `"failed to parse ${req.method} parameters" (${req.url.search})`, details)
  }
  if (req.method !== 'POST' && root.params.conditions.length === 0) {
    // As hosted (pg-safeupdate in API sessions): a write to every row of a table is refused, not guessed at.
    const verb = req.method === 'PATCH' ? 'UPDATE' : 'DELETE'
    throw restError(400, '21000', `${verb} requires a WHERE clause`, null, 'Add a filter, e.g. id=eq.<id>.')
  }
  const checkColumns = (cols: string[]) => {
    for (const c of cols) if (!relation.columns.has(c)) throw unknownPayloadColumn(table, c)
    return cols
  }
  let mutation: Mutation
  if (req.method === 'POST') {
    const body = parseBody(req.body)
    const rows = Array.isArray(body) ? body : [body]
    if (!rows.every(isObject)) throw invalidBody('expected a JSON object or an array of objects')
    if (rows.length > MAX_WRITE_ROWS) {
      throw restError(413, 'PGRST413', 'Payload too large', `at most ${MAX_WRITE_ROWS} rows per request`)
    }
    if (rows.length > 1 && SINGLE_ROW_INSERT_TABLES.has(table)) {
      throw restError(400, 'PGRST100', `"failed to parse insert body" (${table})`, `${table} takes one row per request`)
    }
    const keys = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))]
    const onConflict = req.prefs.resolution ? (query.onConflict ?? relation.primaryKey) : null
    mutation = {
      kind: 'insert',
      columns: checkColumns(keys),
      rows,
      onConflict: onConflict ? checkColumns(onConflict) : null,
      resolution: req.prefs.resolution,
      missingDefault: req.prefs.missingDefault,
    }
    if (rows.length === 0) return writeResponse(req, { total: null, page_total: 0, body: '[]' }, 201)
  } else if (req.method === 'PATCH') {
    const body = parseBody(req.body)
    if (!isObject(body)) throw invalidBody('expected a JSON object')
    const columns = checkColumns(Object.keys(body))
    if (columns.length === 0) {
      const status = req.prefs.return === 'representation' ? 200 : 204
      return writeResponse(req, { total: null, page_total: 0, body: '[]' }, status)
    }
    mutation = { kind: 'update', columns, row: body }
  } else {
    mutation = { kind: 'delete' }
  }
  const representation = req.prefs.return === 'representation'
  const p = new Params()
  const caps = { ...capsFor(req), maxVisitedRows: MAX_WRITE_ROWS }
  const sql = mutationSql(root, mutation, representation, { ...shapeOf(req, null), count: false }, p, caps)
  const limited = req.method !== 'POST' ? checkMaxAffected(req) : () => {}
  const upsert = mutation.kind === 'insert' && mutation.resolution === 'merge'
  const row = await execute(
    ctx,
    req,
    sql,
    p.values,
    (r) => {
      checkSingle(req)(r)
      limited(r)
    },
    false,
    { inserted: upsert },
  )
  // PostgREST: an upsert that inserted nothing (every row went to ON CONFLICT DO UPDATE) answers 200.
  const status = req.method === 'POST' ? (upsert && row.inserted === 0 ? 200 : 201) : representation ? 200 : 204
  return writeResponse(req, row, status)
}

/** `Prefer: handling=strict, max-affected=n`: more affected rows roll the write back with 400 PGRST124. */
function checkMaxAffected(req: RestRequest): (row: ResultRow) => void {
  const max = req.prefs.strict ? req.prefs.maxAffected : null
  return (row) => {
    if (max !== null && row.page_total > max) {
      throw restError(
        400,
        'PGRST124',
        'Query result exceeds max-affected preference constraint',
        `The query affects ${row.page_total} rows`,
      )
    }
  }
}

function writeResponse(req: RestRequest, row: ResultRow, status: number): Response {
  const range = `*/${req.prefs.count ? row.page_total : '*'}`
  if (req.prefs.return !== 'representation') return new Response(null, { status, headers: headers(req, null, range) })
  const body = row.body ?? (req.single ? 'null' : '[]')
  return new Response(body, { status, headers: headers(req, contentType({ ...req, csv: false }), range) })
}

/** Bodies PostgREST passes whole to a function's single unnamed parameter of the matching type. */
const RAW_BODY_TYPES: Record<string, 'text' | 'xml' | undefined> = { 'text/plain': 'text', 'text/xml': 'xml' }

/** A query value that reads as a filter (`eq.1`, `not.in.(…)`, `fts(english).x`). */
const FILTER_VALUE = new RegExp(`^(not\\.)?(${Object.keys(OPERATORS).join('|')})(\\([^)]*\\))?\\.`)

/** Query parameters that are never function arguments. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'or', 'and', 'apikey'])

export async function handleRpc(
  ctx: StackContext,
  cache: SchemaCache,
  name: string,
  req: RestRequest,
): Promise<Response> {
  let args: Record<string, unknown>
  const skip = new Set<string>()
  const raw = req.method === 'POST' ? RAW_BODY_TYPES[req.bodyType] : undefined
  if (raw) {
    args = { '': req.body ?? '' }
  } else if (req.method === 'POST') {
    const body = parseBody(req.body) ?? {}
    if (!isObject(body)) throw invalidBody('expected a JSON object of named arguments')
    args = body
  } else {
    // PostgREST: on GET, every query parameter that is not reserved and not a filter (`op.value`) is an argument.
    const argNames = new Set((cache.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)))
    args = {}
    for (const [key, value] of req.url.searchParams) {
      const filter = FILTER_VALUE.test(value) || key.includes('.')
      if (!RESERVED.has(key) && (argNames.has(key) || !filter)) {
        args[key] = value
        skip.add(key)
      }
    }
  }
  const choice = raw
    ? findRawFunction(cache, name, raw)
    : findFunction(cache, name, Object.keys(args), req.method === 'POST')
  const fn = choice.fn
  if (req.prefs.strict && req.prefs.maxAffected !== null && !fn.returnsSet) {
    throw restError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    )
  }
  // PostgREST's access mode for functions: GET and HEAD read only, and so is a POST of a STABLE or IMMUTABLE function
  // (docs/supabase-wire.md#rpc-access-mode); only a VOLATILE function called by POST may write.
  const readOnly = req.method !== 'POST' || !fn.volatile
  const limited = checkMaxAffected(req)
  const p = new Params()
  const call = callSql(choice, args, p)
  const source = functionSource(cache, choice, call)
  const query = parseQuery(req.url.searchParams, skip)
  if (!source) {
    if (query.nodes.size > 1 || query.nodes.get('')!.conditions.length > 0) {
      const details = 'a function returning a scalar takes no filters'
      throw restError(400, 'PGRST100', `"failed to parse filter" (${req.url.search})`, details)
    }
    // A scalar's count is its row count (1, or the rows of a set of scalars) whichever count was asked for.
    const sql = scalarCallSql(call, fn.returnsSet, fn.isVoid, req.prefs.count !== null)
    const row = await execute(
      ctx,
      req,
      sql,
      p.values,
      (r) => {
        checkBytes(r)
        limited(r)
      },
      readOnly,
    )
    if (fn.isVoid) return new Response(null, { status: 204, headers: headers(req, null, '*/*') })
    return readResponse({ ...req, single: false, csv: false }, row, 0, 'null')
  }
  const root = planRead(cache, source, query)
  const single = req.single || !fn.returnsSet
  const sql = readSql(root, shapeOf(req, root, single), p, capsFor(req))
  const plan = planExtras(req, (p2) => {
    const call2 = callSql(choice, args, p2)
    return planRead(cache, functionSource(cache, choice, call2)!, parseQuery(req.url.searchParams, skip))
  })
  const row = await execute(
    ctx,
    req,
    sql,
    p.values,
    (r) => {
      checkSingle(req)(r)
      limited(r)
    },
    readOnly,
    { plan },
  )
  return readResponse({ ...req, single }, row, root.params.offset ?? 0)
}
