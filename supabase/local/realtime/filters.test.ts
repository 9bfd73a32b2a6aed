import { describe, expect, it } from 'vitest'
import { MAX_BINDINGS_PER_JOIN, resolveBindings } from './bindings.ts'
import type { Catalogue } from './catalogue.ts'
import { compileFilter, FilterError, matches, MAX_IN_VALUES, parseFilter, validateConditions } from './filters.ts'

const types = new Map([
  ['id', 'uuid'],
  ['n', 'int4'],
  ['price', 'numeric'],
  ['title', 'text'],
  ['done', 'bool'],
  ['at', 'timestamptz'],
])
const row = {
  id: 'A0000000-0000-4000-8000-00000000000A'.toLowerCase(),
  n: 5,
  price: 12.5,
  title: 'a, "quoted" (title)',
  done: false,
  at: '2026-11-22T10:00:00+00:00',
}
const test = (filter: string, r: Record<string, unknown> = row) => {
  const conditions = parseFilter(filter)
  validateConditions(conditions, types)
  return matches(conditions, r, types)
}

describe('postgres_changes filters', () => {
  it('compares by the column type: numbers as numbers, uuids without case, timestamps as instants', () => {
    expect(test('n=eq.5')).toBe(true)
    expect(test('n=eq.05')).toBe(true)
    expect(test('price=gt.12.4')).toBe(true)
    expect(test('id=eq.A0000000-0000-4000-8000-00000000000A')).toBe(true)
    expect(test('at=eq.2026-11-22 10:00:00+00')).toBe(true)
    expect(test('at=lt.2026-11-22T11:00:00Z')).toBe(true)
    expect(test('at=gt.2026-11-22 11:00:00+02')).toBe(true)
    expect(test('done=eq.false')).toBe(true)
  })

  it('reads quoted values and lists, and ANDs comma-separated conditions', () => {
    expect(test('title=eq."a, \\"quoted\\" (title)"')).toBe(true)
    expect(test('title=in.(x,"a, \\"quoted\\" (title)")')).toBe(true)
    expect(test('n=in.(1,2)')).toBe(false)
    expect(test('n=gte.5,done=eq.false')).toBe(true)
    expect(test('n=gte.5,done=eq.true')).toBe(false)
  })

  it('keeps SQL null semantics: a null column matches only is.null, even when negated', () => {
    const withNull = { ...row, n: null }
    expect(test('n=eq.5', withNull)).toBe(false)
    expect(test('n=neq.5', withNull)).toBe(false)
    expect(test('n=not.eq.5', withNull)).toBe(false)
    expect(test('n=is.null', withNull)).toBe(true)
    expect(test('n=not.is.null', withNull)).toBe(false)
    expect(test('n=not.is.null')).toBe(true)
  })

  it('rejects unknown columns and operators, bad values and broken syntax', () => {
    const bad = (f: string) => expect(() => validateConditions(parseFilter(f), types)).toThrow(FilterError)
    bad('nope=eq.1')
    bad('n=like.5')
    bad('n=eq.five')
    bad('done=eq.maybe')
    bad('title=in.x')
    bad('title=eq."unclosed')
    bad('n')
    bad('title=is.true')
  })

  it('treats an empty filter as no condition', () => {
    expect(parseFilter('')).toEqual([])
    expect(parseFilter(undefined)).toEqual([])
  })
})

describe('filter caps', () => {
  const list = (n: number) => `price=in.(${Array.from({ length: n }, (_, i) => i + 1).join(',')})`

  it(`refuses an "in" list of more than ${MAX_IN_VALUES} values, as hosted Realtime does`, () => {
    expect(() => parseFilter(list(MAX_IN_VALUES + 1))).toThrow(FilterError)
    expect(parseFilter(list(MAX_IN_VALUES))[0]!.values).toHaveLength(MAX_IN_VALUES)
  })

  it('a filter prepared once tests rows like the one-off form', () => {
    const conditions = parseFilter(`${list(MAX_IN_VALUES)},title=neq.x,done=not.is.true`)
    const prepared = compileFilter(conditions, types)
    for (const price of [1, 50, 100, 101, 12.5]) {
      const r = { ...row, price }
      expect(prepared(r)).toBe(matches(conditions, r, types))
      expect(prepared(r)).toBe(Number.isInteger(price) && price <= MAX_IN_VALUES)
    }
  })
})

describe('bindings per join', () => {
  const catalogue = { relid: async () => 1, tableInfo: async () => ({ types }) } as unknown as Catalogue

  it(`refuses a join with more than ${MAX_BINDINGS_PER_JOIN} postgres_changes entries, or an oversized "in"`, async () => {
    const entries = (n: number) =>
      Array.from({ length: n }, () => ({ event: '*', schema: 'public', table: 't', filter: 'n=eq.1' }))
    expect((await resolveBindings(catalogue, { postgres_changes: entries(MAX_BINDINGS_PER_JOIN + 1) })).ok).toBe(false)
    expect((await resolveBindings(catalogue, { postgres_changes: entries(MAX_BINDINGS_PER_JOIN) })).ok).toBe(true)
    const big = [
      {
        event: '*',
        schema: 'public',
        table: 't',
        filter: `n=in.(${Array.from({ length: 180_000 }, (_, i) => i).join(',')})`,
      },
    ]
    expect(await resolveBindings(catalogue, { postgres_changes: big })).toMatchObject({ ok: false })
  })
})
