/**
 * PostgREST's query-string grammar for rows: `col=[not.]op[(modifier)].value`, `in.(a,"b,c")`, `cs.{a,b}`,
 * `or=(…)`/`and=(…)` nested, `rel.col=…` on embedded resources, and `order=`, `limit=`, `offset=` (also as
 * `rel.order=` …). Values stay strings here; they only ever reach SQL as bound parameters.
 */
import { parseError } from './errors.ts'
import { MAX_NESTING } from './limits.ts'
import { splitList, splitOperation, splitTopLevel, unquoteValue } from '../shared/filter-grammar.ts'
import { checkPattern } from './regex-bounds.ts'
import { Cursor, type FieldRef } from './tokens.ts'

export const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
  in: 'in',
  is: 'is',
  fts: '@@',
  plfts: '@@',
  phfts: '@@',
  wfts: '@@',
} as const
export type Operator = keyof typeof OPERATORS

const QUANTIFIABLE = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts'])
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const

export type Condition =
  | {
      kind: 'filter'
      field: FieldRef
      negate: boolean
      op: Operator
      quantifier: 'any' | 'all' | null
      ftsConfig: string | null
      /** A list for `in`, otherwise the raw operand. */
      value: string | string[]
    }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] }

export interface OrderTerm {
  /** `rel(col)`: a related order by a column of a to-one embedded resource. */
  relation?: string
  field: FieldRef
  desc: boolean
  nulls: 'first' | 'last' | null
}

/** Parses `[not.]op[(modifier)].value` for `field`. */
export function parseOperation(field: FieldRef, text: string, raw: string, unquote: boolean): Condition {
  const fail = (details: string): never => {
    throw parseError('filter', raw, details)
  }
  const parts = splitOperation(text)
  if (!parts) return fail(`expecting an operator followed by "." in "${text}"`)
  const { negate, modifier } = parts
  const op = parts.op as Operator
  if (!Object.hasOwn(OPERATORS, op)) return fail(`unknown operator "${parts.op}"`)
  let operand = parts.operand
  let quantifier: 'any' | 'all' | null = null
  let ftsConfig: string | null = null
  if (modifier !== null) {
    if (FTS.has(op)) ftsConfig = modifier
    else if (QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')) quantifier = modifier
    else fail(`unexpected modifier "${modifier}" for operator "${op}"`)
  }
  if (op === 'in') {
    const list = splitList(operand, fail) ?? fail('expecting a list in parentheses, e.g. (a,b)')
    return { kind: 'filter', field, negate, op, quantifier, ftsConfig, value: list }
  }
  if (unquote) operand = unquoteValue(operand)
  if (op === 'is' && !(IS_VALUES as readonly string[]).includes(operand.toLowerCase()))
    fail(`"is" takes null, not_null, true, false or unknown, not "${operand}"`)
  if (quantifier && !/^\{.*\}$/s.test(operand)) fail(`"${op}(${quantifier})" takes a list in braces, e.g. {a,b}`)
  // A regular expression runs uninterrupted inside the engine: its size is bounded first (regex-bounds.ts).
  if (op === 'match' || op === 'imatch') checkPattern(operand)
  return { kind: 'filter', field, negate, op, quantifier, ftsConfig, value: operand }
}

/** The value of `or=`/`and=`: `(item,item,…)`, items being `field.op.value`, `or(…)`, `and(…)`, `not.or(…)`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string, raw: string, depth = 0): Condition {
  if (depth > MAX_NESTING) throw parseError('logic tree', raw, `at most ${MAX_NESTING} levels of nesting`)
  if (!value.startsWith('(') || !value.endsWith(')')) throw parseError('logic tree', raw, 'expecting "(" … ")"')
  const fail = (details: string): never => {
    throw parseError('logic tree', raw, details)
  }
  const items = splitTopLevel(value.slice(1, -1), fail).map((i) => i.trim())
  const children = items.map((item): Condition => {
    const nested = /^(not\.)?(and|or)\(/.exec(item)
    if (nested) {
      return parseLogic(nested[2] as 'and' | 'or', !!nested[1], item.slice(nested[0].length - 1), raw, depth + 1)
    }
    const c = new Cursor(item, 'logic tree')
    const field = c.field()
    if (!c.eat('.')) c.fail('"." after the field name')
    return parseOperation(field, item.slice(c.pos), raw, true)
  })
  if (children.length === 0) throw parseError('logic tree', raw, 'empty logic tree')
  return { kind: 'logic', op, negate, children }
}

/** `col.desc.nullslast,other` → terms. */
export function parseOrder(value: string): OrderTerm[] {
  const raw = value
  return value.split(',').map((part) => {
    const c = new Cursor(part, 'order')
    let field = c.field()
    let relation: string | undefined
    if (field.jsonPath.length === 0 && c.eat('(')) {
      relation = field.name
      field = c.field()
      c.expect(')')
    }
    let desc = false
    let nulls: OrderTerm['nulls'] = null
    while (c.eat('.')) {
      if (c.eat('desc')) desc = true
      else if (c.eat('asc')) desc = false
      else if (c.eat('nullsfirst')) nulls = 'first'
      else if (c.eat('nullslast')) nulls = 'last'
      else {
        throw parseError('order', raw, `unexpected "${part.slice(c.pos)}" expecting asc, desc, nullsfirst or nullslast`)
      }
    }
    if (!c.done) throw parseError('order', raw, `unexpected "${part.slice(c.pos)}"`)
    return relation === undefined ? { field, desc, nulls } : { relation, field, desc, nulls }
  })
}

/** A non-negative integer for limit/offset. */
export function parseCount(what: 'limit' | 'offset', value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw parseError(`${what} parameter`, value, 'expecting a non-negative integer')
  return Number(value)
}
