/**
 * postgres_changes filters: PostgREST-style conditions `column=op.value`, comma-separated (AND), each optionally
 * negated with `not.`, as realtime-js writes them (`listing_id=eq.123`, `status=in.(a,"b,c")`, `x=not.is.null`).
 * They are evaluated in JS on the change's JSON record, comparing by the column's Postgres type so that
 * `id=eq.5` matches the number 5 and timestamps compare as instants; SQL's three-valued logic is kept (a null
 * column matches nothing but `is.null`).
 */
import { splitList, splitOperation, splitTopLevel, unquoteValue } from '../shared/filter-grammar.ts'

/**
 * Values one `in` filter may list, as hosted Realtime allows. One client's channels with 180,000 values each made
 * every listing change cost about 9 s of the event loop for everyone.
 */
export const MAX_IN_VALUES = 100

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'is'
const OPS: readonly FilterOp[] = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is']
const IS_VALUES = ['null', 'true', 'false', 'unknown'] as const

export interface Condition {
  column: string
  op: FilterOp
  negate: boolean
  /** One value, or the list for `in`. */
  values: string[]
}

export class FilterError extends Error {}

const fail = (details: string): never => {
  throw new FilterError(details)
}

/** `col=[not.]op.value` conditions, comma-separated, read with the grammar REST uses (shared/filter-grammar.ts). */
export function parseFilter(filter: string | undefined | null): Condition[] {
  if (filter === undefined || filter === null || filter.trim() === '') return []
  return splitTopLevel(filter, fail).map((part) => {
    const eq = part.indexOf('=')
    if (eq <= 0) throw new FilterError(`"${part}" is not column=operator.value`)
    const column = part.slice(0, eq).trim()
    const text = part.slice(eq + 1)
    // An operator written without a value (`col=eq`) reads as one with an empty value.
    const parts = splitOperation(text) ?? splitOperation(`${text}.`)
    const op = parts?.op as FilterOp | undefined
    if (!parts || !op || !OPS.includes(op) || parts.modifier !== null) {
      const named = (text.startsWith('not.') ? text.slice(4) : text).split('.')[0]
      throw new FilterError(`operator "${named}" is not supported (use ${OPS.join(', ')})`)
    }
    const { negate, operand } = parts
    if (op === 'in') {
      const values = splitList(operand.trim(), fail, true)
      if (values === null) throw new FilterError(`"in" needs a list in parentheses, got "${operand}"`)
      if (values.length === 0 || (values.length === 1 && values[0] === ''))
        throw new FilterError('"in" needs at least one value')
      if (values.length > MAX_IN_VALUES) throw new FilterError(`"in" takes at most ${MAX_IN_VALUES} values`)
      return { column, op, negate, values }
    }
    const value = unquoteValue(operand.trim())
    if (op === 'is' && !(IS_VALUES as readonly string[]).includes(value)) {
      throw new FilterError(`"is" takes null, true, false or unknown, got "${value}"`)
    }
    return { column, op, negate, values: [value] }
  })
}

type Kind = 'number' | 'bool' | 'instant' | 'uuid' | 'text'

function kindOf(pgType: string): Kind {
  if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'].includes(pgType)) return 'number'
  if (pgType === 'bool') return 'bool'
  if (['timestamptz', 'timestamp', 'date'].includes(pgType)) return 'instant'
  if (pgType === 'uuid') return 'uuid'
  return 'text'
}

/** Postgres text forms (`2024-01-01 10:00:00+00`) and JSON forms (`2024-01-01T10:00:00+00:00`) to epoch ms. */
function instant(text: string): number {
  let t = text.trim().replace(' ', 'T')
  if (/[+-]\d\d$/.test(t)) t += ':00'
  if (/T\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(t)) t += 'Z'
  return Date.parse(t)
}

/** The filter value in the column's terms; NaN/undefined marks a value the column type cannot take. */
function literal(kind: Kind, text: string): number | boolean | string | undefined {
  switch (kind) {
    case 'number':
      return text.trim() === '' ? NaN : Number(text)
    case 'bool':
      return ['true', 't'].includes(text.toLowerCase())
        ? true
        : ['false', 'f'].includes(text.toLowerCase())
          ? false
          : undefined
    case 'instant':
      return instant(text)
    case 'uuid':
      return text.toLowerCase()
    default:
      return text
  }
}

function columnValue(kind: Kind, value: unknown): number | boolean | string | null {
  if (value === null || value === undefined) return null
  switch (kind) {
    case 'number':
      return typeof value === 'number' ? value : Number(value)
    case 'bool':
      return value === true || value === 't' || value === 'true'
    case 'instant':
      return instant(String(value))
    case 'uuid':
      return String(value).toLowerCase()
    default:
      return typeof value === 'string' ? value : JSON.stringify(value)
  }
}

/** Checks the conditions against the table's columns (name → Postgres type name); throws FilterError. */
export function validateConditions(conditions: Condition[], columnTypes: Map<string, string>): void {
  for (const c of conditions) {
    const type = columnTypes.get(c.column)
    if (type === undefined) throw new FilterError(`invalid column for filter ${c.column}`)
    if (c.op === 'is') {
      if (c.values[0] !== 'null' && type !== 'bool') throw new FilterError(`is ${c.values[0]} needs a boolean column`)
      continue
    }
    const kind = kindOf(type)
    for (const v of c.values) {
      const lit = literal(kind, v)
      if (lit === undefined || (typeof lit === 'number' && Number.isNaN(lit))) {
        throw new FilterError(`"${v}" is not a valid ${type} for column ${c.column}`)
      }
    }
  }
}

/** One condition, its values already in the column's terms (`in`: a set), as a test of a column value. */
function compileCondition(c: Condition, kind: Kind): (value: unknown) => boolean | null {
  if (c.op === 'is') {
    const want = c.values[0]
    if (want === 'null' || want === 'unknown') return (value) => value === null || value === undefined
    return (value) => value === (want === 'true')
  }
  const lits = c.values.map((x) => literal(kind, x))
  const lit = lits[0]!
  const set = new Set(lits)
  const compare: (v: number | boolean | string) => boolean = {
    eq: (v: unknown) => v === lit,
    neq: (v: unknown) => v !== lit,
    lt: (v: number | boolean | string) => v < lit!,
    lte: (v: number | boolean | string) => v <= lit!,
    gt: (v: number | boolean | string) => v > lit!,
    gte: (v: number | boolean | string) => v >= lit!,
    in: (v: unknown) => set.has(v as never),
  }[c.op]
  return (value) => {
    const v = columnValue(kind, value)
    return v === null ? null : compare(v)
  }
}

/**
 * The conditions as one test of a row, prepared once (when a channel joins): each change then costs a lookup per
 * condition, whatever the length of an `in` list. A column the row does not carry counts as null.
 */
export function compileFilter(
  conditions: Condition[],
  columnTypes: Map<string, string>,
): (row: Record<string, unknown>) => boolean {
  const tests = conditions.map((c) => {
    const run = compileCondition(c, kindOf(columnTypes.get(c.column) ?? 'text'))
    return (row: Record<string, unknown>) => {
      const result = run(c.column in row ? row[c.column] : null)
      if (result === null) return false
      return c.negate ? !result : result
    }
  })
  return (row) => tests.every((t) => t(row))
}

/** True when the row passes every condition (compileFilter, for a single use). */
export function matches(
  conditions: Condition[],
  row: Record<string, unknown>,
  columnTypes: Map<string, string>,
): boolean {
  return compileFilter(conditions, columnTypes)(row)
}
