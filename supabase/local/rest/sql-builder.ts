/**
 * One SQL statement per request, shaped as PostgREST shapes it: the rows are built into JSON by Postgres
 * (`json_agg` over the page, a `left join lateral` with `json_agg`/`row_to_json` per embedded resource), so a feed
 * with its images is one query and numbers keep their JSON types. Identifiers reach this module only after the
 * schema cache checked them and are quoted; every value is a `$n` parameter.
 *
 * Each statement returns one row: `total` (the exact count or null), `page_total` and `body` (JSON text).
 */
import { OPERATORS, type Condition, type OrderTerm } from './filter-parser.ts'
import { ident } from './names.ts'
import { columnLabel, outputLabels, type Embed, type ReadNode } from './plan.ts'
import type { SelectItem } from './select-parser.ts'
import type { FieldRef } from './tokens.ts'
import { TIMEOUT_MARKER, WORK_MARKER } from './limits.ts'

/** The work caps a read statement carries (see limits.ts). */
export interface Caps {
  /** Rows at the root and per parent of a to-many embed. */
  maxRows: number
  /** The statement fails once it has run this long. */
  timeoutMs: number
  /** …or once its levels have visited this many rows together. */
  maxVisitedRows: number
}

/**
 * True while the statement is within its time and its row budget; past either, a cast of a marked text fails the
 * statement. Evaluated per row each level visits (after RLS, whose quals come first): volatile (clock_timestamp,
 * set_config), so never folded at plan time. The row count lives in a transaction-local setting, so every request
 * starts from zero.
 */
function guard(caps: Caps): string {
  const ms = Math.max(1, Math.floor(caps.timeoutMs))
  const rows = Math.max(1, Math.floor(caps.maxVisitedRows))
  const count = `set_config('kreis.visited', (coalesce(nullif(current_setting('kreis.visited', true), ''), '0')::int + 1)::text, true)::int`
  return (
    `(case when clock_timestamp() - statement_timestamp() > interval '${ms} milliseconds' ` +
    `then ('${TIMEOUT_MARKER}:' || statement_timestamp()::text)::int > 0 ` +
    `when ${count} > ${rows} then ('${WORK_MARKER}:' || statement_timestamp()::text)::int > 0 else true end)`
  )
}

export class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

const FTS_FUNCTIONS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}

/** A column of the node's rows, or a computed field (a function of the row), then any json path. */
function fieldSql(node: ReadNode, field: FieldRef, p: Params): string {
  const computed = node.source.columns.has(field.name) ? undefined : node.source.computed?.get(field.name)
  let sql = computed
    ? `${ident(computed.schema)}.${ident(computed.name)}(${ident(node.alias)}::${ident(computed.schema)}.${ident(node.source.name)})`
    : `${ident(node.alias)}.${ident(field.name)}`
  for (const step of field.jsonPath) {
    const index = /^-?\d+$/.test(step.key)
    sql = `(${sql} ${step.arrow} ${p.add(index ? Number(step.key) : step.key)}::${index ? 'int' : 'text'})`
  }
  return sql
}

function conditionSql(node: ReadNode, c: Condition, p: Params): string {
  if (c.kind === 'logic') {
    const sql = `(${c.children.map((child) => conditionSql(node, child, p)).join(` ${c.op} `)})`
    return c.negate ? `not ${sql}` : sql
  }
  const embed = node.source.columns.has(c.field.name) ? undefined : node.embeds.find((e) => e.key === c.field.name)
  if (embed) {
    // A null-embed filter (checked by the plan): does the embed have rows for this parent?
    const found = (c.value as string).toLowerCase() === 'not_null'
    const sql = `${lateralAlias(embed)}."v" is ${found ? 'not ' : ''}null`
    return c.negate ? `not (${sql})` : sql
  }
  const col = fieldSql(node, c.field, p)
  let sql: string
  const value = c.value
  switch (c.op) {
    case 'is': {
      const v = (value as string).toLowerCase()
      // v is one of IS_VALUES (checked by the parser).
      sql = v === 'null' ? `${col} is null` : v === 'not_null' ? `${col} is not null` : `${col} is ${v}`
      break
    }
    case 'in': {
      const list = value as string[]
      sql = list.length === 0 ? 'false' : `${col} in (${list.map((v) => p.add(v)).join(', ')})`
      break
    }
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const config = c.ftsConfig ? `${p.add(c.ftsConfig)}::regconfig, ` : ''
      const isVector = node.source.columns.get(c.field.name)?.type === 'tsvector' && c.field.jsonPath.length === 0
      const vector = isVector ? col : `to_tsvector(${config}${col})`
      sql = `${vector} @@ ${FTS_FUNCTIONS[c.op]}(${config}${p.add(value)})`
      break
    }
    default: {
      const operand = c.op === 'like' || c.op === 'ilike' ? (value as string).replace(/\*/g, '%') : (value as string)
      const rhs = c.quantifier ? `${c.quantifier}(${p.add(operand)})` : p.add(operand)
      sql = `${col} ${OPERATORS[c.op]} ${rhs}`
    }
  }
  return c.negate ? `not (${sql})` : sql
}

function orderSql(node: ReadNode, terms: OrderTerm[], p: Params): string {
  return terms
    .map((t) => `${orderExpr(node, t, p)} ${t.desc ? 'desc' : 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`)
    .join(', ')
}

/**
 * A term's expression; a related order `rel(col)` reads the to-one embedded row's column with a correlated
 * subquery (the same join as the embed, under the same role and policies).
 */
function orderExpr(node: ReadNode, t: OrderTerm, p: Params): string {
  if (t.relation === undefined) return fieldSql(node, t.field, p)
  const e = node.embeds.find((x) => x.key === t.relation)!
  const child: ReadNode = { ...e.node, alias: `${e.node.alias}_o` }
  const self = ident(child.alias)
  const join = e.join.map(
    ([parentCol, childCol]) => `${self}.${ident(childCol)} = ${ident(node.alias)}.${ident(parentCol)}`,
  )
  return `(select ${fieldSql(child, t.field, p)} from ${child.source.fromSql} as ${self}${whereSql(join)} limit 1)`
}

const lateralAlias = (e: Embed) => ident(`${e.node.alias}_j`)

const hasAggregate = (node: ReadNode) => node.items.some((i) => i.kind === 'column' && i.agg)

type ColumnItem = Extract<SelectItem, { kind: 'column' }>

/**
 * The aggregates selected inside a to-one spread (and the to-one spreads within it), by label. PostgREST hoists
 * them: they are computed at the parent that holds the spread, grouped by the parent's other columns.
 */
function hoistedAggregates(e: Embed): Map<string, ColumnItem> {
  const found = new Map<string, ColumnItem>()
  if (!e.spread || !e.toOne || e.empty) return found
  for (const item of e.node.items) if (item.kind === 'column' && item.agg) found.set(columnLabel(item), item)
  for (const inner of e.node.embeds) for (const [label, item] of hoistedAggregates(inner)) found.set(label, item)
  return found
}

/**
 * The node's select list, and with aggregates PostgREST's grouping: every other selected expression (a `*`
 * expanded to its columns, spread columns included) becomes a GROUP BY term, by position. A node that is a to-one
 * spread (`hoisting`) selects its aggregates' plain values instead, for its parent to aggregate.
 */
function selectListSql(node: ReadNode, p: Params, hoisting = false): { list: string; groupBy: string } {
  const parts: string[] = []
  const grouped: number[] = []
  const aggregated = !hoisting && (hasAggregate(node) || node.embeds.some((e) => hoistedAggregates(e).size > 0))
  const plain = (sql: string) => {
    parts.push(sql)
    grouped.push(parts.length)
  }
  for (const item of node.items) {
    if (item.kind === 'star') {
      if (!aggregated) parts.push(`${ident(node.alias)}.*`)
      else for (const c of node.source.columns.keys()) plain(`${ident(node.alias)}.${ident(c)}`)
    } else if (item.kind === 'column') {
      const label = ident(columnLabel(item))
      if (item.agg && hoisting) {
        const value = item.field.name === '*' ? 'null' : fieldSql(node, item.field, p)
        plain(`${item.cast && value !== 'null' ? `${value}::${item.cast}` : value} as ${label}`)
        continue
      }
      if (item.agg) {
        let arg = item.field.name === '*' ? '*' : fieldSql(node, item.field, p)
        if (item.cast && arg !== '*') arg = `${arg}::${item.cast}`
        const expr = `${item.agg}(${arg})`
        parts.push(`${item.aggCast ? `${expr}::${item.aggCast}` : expr} as ${label}`)
        continue
      }
      let expr = fieldSql(node, item.field, p)
      if (item.cast) expr = `${expr}::${item.cast}`
      plain(`${expr} as ${label}`)
    }
  }
  for (const e of node.embeds) {
    if (e.empty) continue
    if (e.spread) {
      const hoisted = hoisting ? new Map<string, ColumnItem>() : hoistedAggregates(e)
      for (const label of outputLabels(e.node)) {
        const col = `${lateralAlias(e)}.${ident(label)}`
        const item = hoisted.get(label)
        if (!item) {
          plain(`${col} as ${ident(label)}`)
          continue
        }
        const expr = `${item.agg}(${item.field.name === '*' ? '*' : col})`
        parts.push(`${item.aggCast ? `${expr}::${item.aggCast}` : expr} as ${ident(label)}`)
      }
      continue
    }
    const value = e.toOne ? `${lateralAlias(e)}."v"` : `coalesce(${lateralAlias(e)}."v", '[]'::json)`
    plain(`${value} as ${ident(e.key)}`)
  }
  const groupBy = aggregated && grouped.length > 0 ? ` group by ${grouped.join(', ')}` : ''
  return { list: parts.join(', '), groupBy }
}

/** The lateral subquery of an embed: its JSON (`v`), and for a spread its columns (arrays of them when to-many). */
function embedSubquery(e: Embed, childSql: string): string {
  const agg = e.toOne ? 'row_to_json("x")' : 'json_agg("x")'
  const columns = e.spread
    ? outputLabels(e.node)
        .map((l) => {
          const col = `"x".${ident(l)}`
          return `, ${e.toOne ? col : `coalesce(json_agg(${col}), '[]'::json)`} as ${ident(l)}`
        })
        .join('')
    : ''
  return `select ${agg} as "v"${columns} from (${childSql}) as "x"`
}

interface NodeSql {
  select: string
  groupBy: string
  from: string
  /** Only the lateral joins that filter (`!inner`), for the count. */
  filteringFrom: string
  where: string[]
  tail: string
}

/** The pieces of a node's SELECT; `joinTo` correlates an embed with its parent row. */
function nodeParts(
  node: ReadNode,
  p: Params,
  fromOverride: string | null,
  joinTo: { parent: ReadNode; embed: Embed } | null,
  caps: Caps | null = null,
): NodeSql {
  const self = ident(node.alias)
  const where: string[] = caps ? [guard(caps)] : []
  const parent = joinTo ? ident(joinTo.parent.alias) : ''
  const junction = joinTo?.embed.junction
  const junctionAlias = ident(`${node.alias}_m`)
  if (joinTo) {
    for (const [parentCol, childCol] of joinTo.embed.join) {
      where.push(`${self}.${ident(childCol)} = ${parent}.${ident(parentCol)}`)
    }
    for (const [junctionCol, parentCol] of junction?.source ?? []) {
      where.push(`${junctionAlias}.${ident(junctionCol)} = ${parent}.${ident(parentCol)}`)
    }
  }
  for (const c of node.params.conditions) where.push(conditionSql(node, c, p))
  const { list: select, groupBy } = selectListSql(node, p, joinTo !== null && joinTo.embed.spread && joinTo.embed.toOne)
  let base = `${fromOverride ?? node.source.fromSql} as ${self}`
  if (junction) {
    // Many-to-many: the child rows joined to the junction rows that point at the parent row.
    const on = junction.target.map(([j, c]) => `${junctionAlias}.${ident(j)} = ${self}.${ident(c)}`).join(' and ')
    base += ` join ${ident(node.source.schema ?? 'public')}.${ident(junction.table)} as ${junctionAlias} on ${on}`
  }
  let from = base
  let filteringFrom = base
  for (const e of node.embeds) {
    const child = nodeParts(e.node, p, null, { parent: node, embed: e }, caps)
    const subquery = embedSubquery(e, assemble(child))
    const lateral = ` left join lateral (${subquery}) as ${lateralAlias(e)} on true`
    from += lateral
    if (e.filtering && !e.inner) filteringFrom += lateral
    if (e.inner) {
      filteringFrom += lateral
      where.push(`${lateralAlias(e)}."v" is not null`)
    }
  }
  let tail = ''
  const { order, offset } = node.params
  // A to-one embed has at most one row; everything else is cut at maxRows.
  const capped = caps && !joinTo?.embed.toOne
  const limit = capped ? Math.min(node.params.limit ?? caps.maxRows, caps.maxRows) : node.params.limit
  if (order && order.length > 0) tail += ` order by ${orderSql(node, order, p)}`
  if (limit !== null) tail += ` limit ${p.add(limit)}`
  if (offset !== null) tail += ` offset ${p.add(offset)}`
  return { select, groupBy, from, filteringFrom, where, tail }
}

const whereSql = (where: string[]) => (where.length > 0 ? ` where ${where.join(' and ')}` : '')

function assemble(n: NodeSql): string {
  return `select ${n.select} from ${n.from}${whereSql(n.where)}${n.groupBy}${n.tail}`
}

export interface OutputShape {
  /** One object instead of an array (Accept: application/vnd.pgrst.object+json, or a function returning one row). */
  single: boolean
  count: boolean
  /** `;nulls=stripped`: keys whose value is null are left out (json_strip_nulls, as PostgREST). */
  stripNulls?: boolean
  /** text/csv: the header line (column labels, known from the plan); rows are the records' text form. */
  csvHeader?: string | null
}

function bodySql(shape: OutputShape, p: Params): string {
  if (shape.csvHeader !== undefined && shape.csvHeader !== null) {
    const row = `substring("_t"::text, 2, length("_t"::text) - 2)`
    return `${p.add(shape.csvHeader)}::text || E'\\n' || coalesce(string_agg(${row}, E'\\n'), '')`
  }
  const strip = (json: string) => (shape.stripNulls ? `json_strip_nulls(${json})` : `(${json})`)
  return shape.single ? `${strip(`json_agg("_t") -> 0`)}::text` : `${strip(`coalesce(json_agg("_t"), '[]')`)}::text`
}

function wrap(inner: string, shape: OutputShape, total: string, p: Params): string {
  return `select ${total} as total, count(*)::int as page_total, ${bodySql(shape, p)} as body from (${inner}) as "_t"`
}

/** GET/HEAD on a table or view, or the rows of a set-returning function, within `caps`. */
export function readSql(root: ReadNode, shape: OutputShape, p: Params, caps: Caps): string {
  const parts = nodeParts(root, p, null, null, caps)
  const total = shape.count ? `(select count(*)::int from ${parts.filteringFrom}${whereSql(parts.where)})` : 'null::int'
  return wrap(assemble(parts), shape, total, p)
}

/**
 * `Prefer: count=planned`: the planner's row estimate for the request's rows without limit and offset (every
 * parameter of the statement is still referenced). PostgREST explains its count query the same way.
 */
export function plannedCountSql(root: ReadNode, p: Params): string {
  const unpaged: ReadNode = { ...root, params: { ...root.params, limit: null, offset: null } }
  return `explain (format json) ${assemble(nodeParts(unpaged, p, null, null, null))}`
}

export type Mutation =
  | {
      kind: 'insert'
      columns: string[]
      rows: Record<string, unknown>[]
      onConflict: string[] | null
      resolution: 'merge' | 'ignore' | null
      missingDefault: boolean
    }
  | { kind: 'update'; columns: string[]; row: unknown }
  | { kind: 'delete' }

/**
 * The upsert's insert counter, as PostgREST keeps it: +1 for every row offered to the insert, −1 for every row
 * that went to ON CONFLICT DO UPDATE instead; read back after the statement (200 when nothing was inserted). A
 * VALUES list (missing=default) cannot count its rows as they pass, so there the counter starts at the number of
 * rows (`start`) and only the updates count down. It never goes below zero, so the test is always true.
 */
const insertedStep = (delta: 1 | -1, start = 0) =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, ${start}) ` +
  `${delta > 0 ? '+' : '-'} 1)::text, true) <> '-1'`

export const INSERTED_SQL = `select nullif(current_setting('pgrst.inserted', true), '')::int as inserted`

function mutationCore(root: ReadNode, m: Mutation, p: Params, caps: Caps | null): string {
  const target = `${root.source.fromSql} as ${ident(root.alias)}`
  // The guard goes last: it counts only the rows the filters chose, and cuts the write at the role's time limit.
  const conditions = [...root.params.conditions.map((c) => conditionSql(root, c, p)), ...(caps ? [guard(caps)] : [])]
  const inputGuard = caps ? ` where ${guard(caps)}` : ''
  const rowType = `null::${root.source.fromSql}`
  if (m.kind === 'insert') {
    const cols = m.columns.map(ident).join(', ')
    let sql: string
    if (m.columns.length === 0) {
      // No keys at all: every row is made of defaults.
      const rows = p.add(JSON.stringify(m.rows))
      sql = `insert into ${target} select from json_populate_recordset(${rowType}, ${rows}::json)${inputGuard}`
      if (m.resolution === 'merge') sql += `${inputGuard ? ' and' : ' where'} ${insertedStep(1)}`
    } else if (m.missingDefault) {
      // Prefer: missing=default — a key absent from a row takes the column default, which only VALUES can say.
      const rows = m.rows.map((row) => {
        const json = p.add(JSON.stringify(row))
        const cells = m.columns.map((c) =>
          Object.hasOwn(row, c) ? `(json_populate_record(${rowType}, ${json}::json)).${ident(c)}` : 'default',
        )
        return `(${cells.join(', ')})`
      })
      sql = `insert into ${target} (${cols}) values ${rows.join(', ')}`
    } else {
      const rows = p.add(JSON.stringify(m.rows))
      sql = `insert into ${target} (${cols}) select ${cols} from json_populate_recordset(${rowType}, ${rows}::json)${inputGuard}`
      if (m.resolution === 'merge') sql += `${inputGuard ? ' and' : ' where'} ${insertedStep(1)}`
    }
    if (m.resolution && m.onConflict && m.onConflict.length > 0) {
      const conflict = m.onConflict.map(ident).join(', ')
      const updates = m.columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')
      const action =
        m.resolution === 'ignore' || updates === ''
          ? 'do nothing'
          : `do update set ${updates} where ${insertedStep(-1, m.missingDefault ? m.rows.length : 0)}`
      sql += ` on conflict (${conflict}) ${action}`
    }
    return sql
  }
  if (m.kind === 'update') {
    const sets = m.columns.map((c) => `${ident(c)} = "_b".${ident(c)}`).join(', ')
    const row = p.add(JSON.stringify(m.row))
    const source = `json_populate_record(${rowType}, ${row}::json) as "_b"`
    return `update ${target} set ${sets} from ${source}${whereSql(conditions)}`
  }
  return `delete from ${target}${whereSql(conditions)}`
}

/**
 * Only the columns the representation reads: RETURNING needs SELECT on each column it names, so a narrow
 * `select=` keeps working on tables with column privileges.
 */
function returningList(root: ReadNode): string {
  const self = ident(root.alias)
  // A function of the row (computed field or relationship) needs the whole row, in the table's column order.
  const rowFunction =
    root.embeds.some((e) => e.computed) ||
    root.items.some((i) => i.kind === 'column' && !root.source.columns.has(i.field.name) && i.field.name !== '*')
  if (rowFunction || root.items.some((i) => i.kind === 'star')) return `${self}.*`
  const columns = new Set<string>()
  for (const item of root.items) if (item.kind === 'column' && item.field.name !== '*') columns.add(item.field.name)
  for (const e of root.embeds) {
    for (const [parentCol] of e.join) columns.add(parentCol)
    for (const [, parentCol] of e.junction?.source ?? []) columns.add(parentCol)
  }
  return columns.size > 0 ? [...columns].map((c) => `${self}.${ident(c)}`).join(', ') : '1 as "_"'
}

/**
 * A write. With representation, the affected rows are read back through the request's `select=` (embeds
 * included) from the statement's RETURNING; without, there is no RETURNING at all, so SELECT policies do not
 * apply (as in PostgREST with return=minimal).
 */
export function mutationSql(
  root: ReadNode,
  m: Mutation,
  representation: boolean,
  shape: OutputShape,
  p: Params,
  caps: Caps | null = null,
): string {
  const core = mutationCore(root, m, p, caps)
  if (!representation) return core
  const returning = returningList(root)
  const unfiltered: ReadNode = { ...root, params: { conditions: [], order: null, limit: null, offset: null } }
  const read = nodeParts(unfiltered, p, '"pgrst_source"', null)
  return `with "pgrst_source" as (${core} returning ${returning}) ${wrap(assemble(read), shape, 'null::int', p)}`
}

/** A scalar (or set of scalars) function result: no select, filters or embeds apply. */
export function scalarCallSql(call: string, returnsSet: boolean, isVoid: boolean, count = false): string {
  if (isVoid) return `select null::int as total, 0 as page_total, null::text as body from (select ${call}) as "_v"`
  return returnsSet
    ? `select ${count ? 'count(*)::int' : 'null::int'} as total, count(*)::int as page_total, ` +
        `coalesce(json_agg("_t"."v"), '[]')::text as body from ${call} as "_t"("v")`
    : `select ${count ? '1' : 'null::int'} as total, 1 as page_total, to_json(${call})::text as body`
}
