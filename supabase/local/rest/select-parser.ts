/**
 * The `select=` grammar of PostgREST: `*`, `col`, `alias:col`, `col::cast`, `col->key->>key`, embedded resources
 * `rel(...)`, `alias:rel(...)`, `rel!hint(...)`, `rel!inner(...)`, nested. Produces names only; they are checked
 * against the schema cache before any SQL is built.
 */
import { MAX_NESTING } from './limits.ts'
import { Cursor, stripSpaces, type FieldRef } from './tokens.ts'

export type Aggregate = 'count' | 'sum' | 'avg' | 'max' | 'min'

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column'
      field: FieldRef
      alias: string | null
      cast: string | null
      /** `col.sum()`; `count()` alone is a count of rows (field `*`). */
      agg?: Aggregate | null
      /** `col.sum()::int`: the aggregate's result cast. */
      aggCast?: string | null
    }
  | {
      kind: 'embed'
      name: string
      alias: string | null
      hint: string | null
      inner: boolean
      select: SelectItem[]
      /** `...rel(cols)`: the embedded columns are lifted into the parent object. */
      spread?: boolean
    }

const AGGREGATES: readonly Aggregate[] = ['count', 'sum', 'avg', 'max', 'min']

/** Casts are single type names (no spaces, quotes or punctuation), so they can be written into SQL as they are. */
const CAST_RE = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/
function parseItems(c: Cursor, depth: number): SelectItem[] {
  const nested = depth > 0
  if (depth > MAX_NESTING) c.fail(`at most ${MAX_NESTING} levels of embedding`)
  const items: SelectItem[] = []
  if (nested && c.peek() === ')') return items
  for (;;) {
    items.push(parseItem(c, depth))
    if (c.eat(',')) continue
    if (nested ? c.peek() === ')' : c.done) return items
    c.fail(nested ? '"," or ")"' : '"," or end of input')
  }
}

function parseCast(c: Cursor): string {
  const start = c.pos
  while (!c.done && /[A-Za-z0-9_[\]]/.test(c.text[c.pos]!)) c.pos++
  const cast = c.text.slice(start, c.pos)
  if (!CAST_RE.test(cast)) c.fail('a type name')
  return cast
}

function parseEmbedTail(c: Cursor, depth: number) {
  let hint: string | null = null
  let inner = false
  while (c.eat('!')) {
    const h = c.name('an embedding hint')
    if (h === 'inner') inner = true
    else if (h !== 'left') hint = h
  }
  c.expect('(')
  const select = parseItems(c, depth + 1)
  c.expect(')')
  return { hint, inner, select }
}

function parseItem(c: Cursor, depth: number): SelectItem {
  if (c.eat('*')) return { kind: 'star' }
  if (c.eat('...')) {
    const name = c.name()
    return { kind: 'embed', name, alias: null, ...parseEmbedTail(c, depth), spread: true }
  }
  let alias: string | null = null
  let field = c.field()
  if (c.peek() === ':' && c.peek(2) !== '::') {
    c.expect(':')
    if (field.jsonPath.length > 0) c.fail('a field name before ":"')
    alias = field.name
    field = c.field()
  }
  if (field.name === 'count' && field.jsonPath.length === 0 && c.eat('()')) {
    const aggCast = c.eat('::') ? parseCast(c) : null
    return { kind: 'column', field: { name: '*', jsonPath: [] }, alias, cast: null, agg: 'count', aggCast }
  }
  if (c.peek() === '!' || c.peek() === '(') {
    if (field.jsonPath.length > 0) c.fail('"," or ")"')
    return { kind: 'embed', name: field.name, alias, ...parseEmbedTail(c, depth) }
  }
  const cast = c.eat('::') ? parseCast(c) : null
  let agg: Aggregate | null = null
  let aggCast: string | null = null
  if (c.eat('.')) {
    const fn = c.name('an aggregate function')
    if (!(AGGREGATES as readonly string[]).includes(fn)) c.fail('an aggregate function (count, sum, avg, max, min)')
    c.expect('()')
    agg = fn as Aggregate
    if (c.eat('::')) aggCast = parseCast(c)
  }
  return { kind: 'column', field, alias, cast, agg, aggCast }
}

export function parseSelect(raw: string | undefined): SelectItem[] {
  if (raw === undefined || raw === '') return [{ kind: 'star' }]
  const c = new Cursor(stripSpaces(raw), 'select parameter')
  return parseItems(c, 0)
}
