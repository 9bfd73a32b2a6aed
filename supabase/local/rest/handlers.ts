/**
 * The request handlers: read (GET/HEAD), write (POST/PATCH/DELETE) and rpc. Each parses and checks the request
 * against the schema cache, builds one statement, runs it in one transaction as the caller's role with
 * request.jwt.claims set (so RLS decides), and answers with PostgREST's statuses and headers.
 */
import type { Claims } from '../db/database.ts'
import type { StackContext } from '../context.ts'
import { HttpError, restError } from '../shared/http-error.ts'
import { fromDatabaseError, invalidBody, singleObjectError, unknownPayloadColumn, unknownTable } from './errors.ts'
import { planRead, relationSource } from './plan.ts'
import type { Preferences } from './prefer.ts'
import { parseQuery } from './query-params.ts'
import { callSql, findFunction, functionSource } from './rpc.ts'
import type { SchemaCache } from './schema-cache.ts'
import { mutationSql, Params, readSql, scalarCallSql, type Caps, type Mutation } from './sql-builder.ts'
import {
  MAX_RESPONSE_BYTES,
  MAX_ROWS,
  MAX_VISITED_ROWS,
  SINGLE_ROW_INSERT_TABLES,
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
  /** The body text for writes and POST rpc. */
  body: string | null
}

interface ResultRow {
  total: number | null
  page_total: number
  body: string | null
}

class Rollback {
  constructor(readonly row: ResultRow) {}
}

const JSON_TYPE = 'application/json; charset=utf-8'
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'

/** Runs one statement in the caller's transaction; `check` may throw to roll it back (single-object misses). */
async function execute(
  ctx: StackContext,
  req: RestRequest,
  sql: string,
  params: readonly unknown[],
  check: (row: ResultRow) => void,
  readOnly = false,
): Promise<ResultRow> {
  try {
    return await ctx.db.withClaims(req.claims, async (tx) => {
      // PostgREST runs GET/HEAD in a read-only transaction: a function that writes fails with 25006 (405).
      if (readOnly) await tx.exec('set transaction read only')
      const res = await tx.query<ResultRow>(sql, params as unknown[])
      const row = res.rows[0] ?? { total: null, page_total: res.affectedRows ?? 0, body: null }
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
      throw restError(400, '54000', `the request would read more than ${MAX_VISITED_ROWS} rows`, null,
        'Ask for fewer rows or embedded resources (limit, select), or page with offset.')
    }
    throw fromDatabaseError(e, req.claims.role) ?? e
  }
}

const capsFor = (req: RestRequest): Caps => ({
  maxRows: MAX_ROWS,
  timeoutMs: STATEMENT_TIMEOUT_MS[req.claims.role],
  maxVisitedRows: MAX_VISITED_ROWS,
})

/** The response byte cap, checked before anything is sent. */
function checkBytes(row: ResultRow): void {
  if (row.body !== null && row.body.length > MAX_RESPONSE_BYTES) {
    throw restError(400, '54000', `the response would exceed ${MAX_RESPONSE_BYTES} bytes`, null,
      'Ask for fewer rows or columns (limit, select), or page with offset.')
  }
}

function headers(req: RestRequest, contentType: string | null, range: string): Record<string, string> {
  const h: Record<string, string> = { 'Content-Range': range }
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
  if (!source) throw unknownTable(name)
  return source
}

function readResponse(req: RestRequest, row: ResultRow, offset: number, empty = req.single ? 'null' : '[]'): Response {
  const last = offset + row.page_total - 1
  const range = `${row.page_total > 0 ? `${offset}-${last}` : '*'}/${row.total ?? '*'}`
  const body = req.method === 'HEAD' ? null : (row.body ?? empty)
  return new Response(body, { status: 200, headers: headers(req, req.single ? OBJECT_TYPE : JSON_TYPE, range) })
}

export async function handleRead(
  ctx: StackContext,
  cache: SchemaCache,
  table: string,
  req: RestRequest,
): Promise<Response> {
  const key = `${table}${req.url.search}|${req.single}|${req.prefs.count}|${req.claims.role}`
  const statement = cachedStatement(cache, key, () => {
    const root = planRead(cache, tableSource(cache, table), parseQuery(req.url.searchParams))
    const p = new Params()
    const sql = readSql(root, { single: req.single, count: req.prefs.count }, p, capsFor(req))
    return { sql, params: p.values, offset: root.params.offset ?? 0 }
  })
  const row = await execute(ctx, req, statement.sql, statement.params, checkSingle(req))
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
  const checkColumns = (cols: string[]) => {
    for (const c of cols) if (!relation.columns.has(c)) throw unknownPayloadColumn(table, c)
    return cols
  }
  let mutation: Mutation
  if (req.method === 'POST') {
    const body = parseBody(req.body)
    const rows = Array.isArray(body) ? body : [body]
    if (!rows.every(isObject)) throw invalidBody('expected a JSON object or an array of objects')
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
  const sql = mutationSql(root, mutation, representation, { single: req.single, count: false }, p)
  const row = await execute(ctx, req, sql, p.values, checkSingle(req))
  const status = req.method === 'POST' ? 201 : representation ? 200 : 204
  return writeResponse(req, row, status)
}

function writeResponse(req: RestRequest, row: ResultRow, status: number): Response {
  const range = `*/${req.prefs.count ? row.page_total : '*'}`
  if (req.prefs.return !== 'representation') return new Response(null, { status, headers: headers(req, null, range) })
  const body = row.body ?? (req.single ? 'null' : '[]')
  return new Response(body, { status, headers: headers(req, req.single ? OBJECT_TYPE : JSON_TYPE, range) })
}

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
  if (req.method === 'POST') {
    const body = parseBody(req.body) ?? {}
    if (!isObject(body)) throw invalidBody('expected a JSON object of named arguments')
    args = body
  } else {
    const argNames = new Set((cache.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)))
    args = {}
    for (const [key, value] of req.url.searchParams) {
      if (argNames.has(key) && !RESERVED.has(key)) {
        args[key] = value
        skip.add(key)
      }
    }
  }
  const fn = findFunction(cache, name, Object.keys(args))
  const readOnly = req.method !== 'POST'
  const p = new Params()
  const call = callSql(fn, args, p)
  const source = functionSource(cache, fn, call)
  const query = parseQuery(req.url.searchParams, skip)
  if (!source) {
    if (query.nodes.size > 1 || query.nodes.get('')!.conditions.length > 0) {
      const details = 'a function returning a scalar takes no filters'
      throw restError(400, 'PGRST100', `"failed to parse filter" (${req.url.search})`, details)
    }
    const row = await execute(ctx, req, scalarCallSql(call, fn.returnsSet, fn.isVoid), p.values, checkBytes, readOnly)
    if (fn.isVoid) return new Response(null, { status: 204, headers: headers(req, null, '*/*') })
    return readResponse({ ...req, single: false }, row, 0, 'null')
  }
  const root = planRead(cache, source, query)
  const single = req.single || !fn.returnsSet
  const sql = readSql(root, { single, count: req.prefs.count }, p, capsFor(req))
  const row = await execute(ctx, req, sql, p.values, checkSingle(req), readOnly)
  return readResponse({ ...req, single }, row, root.params.offset ?? 0)
}
