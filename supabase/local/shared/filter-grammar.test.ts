import { describe, expect, it } from 'vitest'
import { parseFilter } from '../realtime/filters.ts'
import { parseOperation } from '../rest/filter-parser.ts'
import { splitList, splitOperation, splitTopLevel, unquoteValue } from './filter-grammar.ts'

class GrammarError extends Error {}
const fail = (details: string): never => {
  throw new GrammarError(details)
}

describe('the PostgREST filter grammar', () => {
  it.each([
    ['eq.5', { negate: false, op: 'eq', modifier: null, operand: '5' }],
    ['not.in.(a,b)', { negate: true, op: 'in', modifier: null, operand: '(a,b)' }],
    ['like(any).{a*,b*}', { negate: false, op: 'like', modifier: 'any', operand: '{a*,b*}' }],
    ['fts(english).cat', { negate: false, op: 'fts', modifier: 'english', operand: 'cat' }],
    ['eq.a.b', { negate: false, op: 'eq', modifier: null, operand: 'a.b' }],
    ['eq.', { negate: false, op: 'eq', modifier: null, operand: '' }],
  ])('splits %s into its operation', (text, parts) => {
    expect(splitOperation(text)).toEqual(parts)
  })

  it.each(['eq', 'EQ.5', '5.eq', 'not.', ''])('finds no operation in %j', (text) => {
    expect(splitOperation(text)).toBeNull()
  })

  it.each([
    ['a,b', ['a', 'b']],
    ['a,"b,c",d', ['a', '"b,c"', 'd']],
    ['x=in.(1,2),y=eq.3', ['x=in.(1,2)', 'y=eq.3']],
    ['"a\\",b",c', ['"a\\",b"', 'c']],
    ['', ['']],
  ])('splits %j at its top-level commas', (text, parts) => {
    expect(splitTopLevel(text, fail)).toEqual(parts)
  })

  it.each(['a)', '(a', '"a', 'a,b)(c'])('refuses the unbalanced %j', (text) => {
    expect(() => splitTopLevel(text, fail)).toThrow(GrammarError)
  })

  it.each([
    ['(a,"b,c",d)', false, ['a', 'b,c', 'd']],
    ['()', false, []],
    ['( a , "b" )', false, [' a ', ' "b" ']],
    ['( a , "b" )', true, ['a', 'b']],
    ['("x \\"y\\"")', false, ['x "y"']],
    ['a,b', false, null],
    ['(a,b', false, null],
  ] as const)('reads the list %j (trimmed: %s)', (operand, trim, list) => {
    expect(splitList(operand, fail, trim)).toEqual(list)
  })

  it('unquotes only a value wrapped in double quotes', () => {
    expect(unquoteValue('"a \\"b\\""')).toBe('a "b"')
    expect(unquoteValue('plain')).toBe('plain')
    expect(unquoteValue('"')).toBe('"')
  })

  it('gives REST and realtime the same reading of one filter', () => {
    const text = 'in.(x,"a, \\"quoted\\" (title)")'
    const rest = parseOperation({ name: 'title', jsonPath: [] }, text, `title=${text}`, true)
    const [live] = parseFilter(`title=${text}`)
    expect(rest.kind === 'filter' && rest.value).toEqual(['x', 'a, "quoted" (title)'])
    expect(live!.values).toEqual(rest.kind === 'filter' ? rest.value : null)
    expect(live!.negate).toBe(false)
    expect(parseFilter('n=not.eq.5')[0]).toMatchObject({ op: 'eq', negate: true, values: ['5'] })
  })
})
