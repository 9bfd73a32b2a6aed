/**
 * Sorts a request's query string into PostgREST's parts: `select`, mutation options (`columns`, `on_conflict`),
 * and per embedded-resource path the filters, logic trees, order, limit and offset (`rel.col=…`, `rel.limit=…`).
 */
import { parseError } from './errors.ts'
import { parseCount, parseLogic, parseOperation, parseOrder, type Condition, type OrderTerm } from './filter-parser.ts'
import { parseSelect, type SelectItem } from './select-parser.ts'
import { Cursor, stripSpaces } from './tokens.ts'

export interface NodeParams {
  conditions: Condition[]
  order: OrderTerm[] | null
  limit: number | null
  offset: number | null
}

export interface ParsedQuery {
  select: SelectItem[]
  /** Keyed by embed path: '' is the root, 'listings.listing_images' a nested embed. */
  nodes: Map<string, NodeParams>
  columns: string[] | null
  onConflict: string[] | null
}

const emptyNode = (): NodeParams => ({ conditions: [], order: null, limit: null, offset: null })

function nameList(what: string, value: string): string[] {
  const c = new Cursor(stripSpaces(value), what)
  const names: string[] = []
  do names.push(c.name())
  while (c.eat(','))
  if (!c.done) c.fail('"," or end of input')
  return names
}

/** `skip` holds parameter names consumed elsewhere (the arguments of a GET rpc call). */
export function parseQuery(params: URLSearchParams, skip: ReadonlySet<string> = new Set()): ParsedQuery {
  const nodes = new Map<string, NodeParams>()
  const node = (path: string) => {
    let n = nodes.get(path)
    if (!n) nodes.set(path, (n = emptyNode()))
    return n
  }
  node('')
  let select: string | undefined
  let columns: string[] | null = null
  let onConflict: string[] | null = null
  for (const [key, value] of params) {
    if (skip.has(key) || key === 'apikey') continue
    if (key === 'select') select = value
    else if (key === 'columns') columns = nameList('columns', value)
    else if (key === 'on_conflict') onConflict = nameList('on_conflict', value)
    else addParam(node, key, value)
  }
  return { select: parseSelect(select), nodes, columns, onConflict }
}

function addParam(node: (path: string) => NodeParams, key: string, value: string): void {
  const raw = `${key}=${value}`
  const segments = key.split('.')
  const last = segments.pop()!
  if (last === 'order' || last === 'limit' || last === 'offset') {
    const n = node(segments.join('.'))
    if (last === 'order') n.order = parseOrder(stripSpaces(value))
    else n[last] = parseCount(last, value)
    return
  }
  if (last === 'or' || last === 'and') {
    const negate = segments[segments.length - 1] === 'not'
    if (negate) segments.pop()
    node(segments.join('.')).conditions.push(parseLogic(last, negate, value.trim(), raw))
    return
  }
  const c = new Cursor(last, 'filter')
  const field = c.field()
  if (!c.done) throw parseError('filter', raw, `unexpected "${last.slice(c.pos)}" in the column name`)
  node(segments.join('.')).conditions.push(parseOperation(field, value, raw, false))
}
