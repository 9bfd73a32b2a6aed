import { describe, expect, it } from 'vitest'
import { FilterError, matches, parseFilter, validateConditions } from './filters.ts'

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
