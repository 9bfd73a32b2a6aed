import { describe, expect, it } from 'vitest'
import { MAX_PATTERN_LENGTH, patternRefusal } from './regex-bounds.ts'

describe('patternRefusal', () => {
  it.each<[string, boolean]>([
    ['coat', true],
    ['^wool.*scarf$', true],
    ['[0-9]{2,4}', true],
    ['(red|blue|green)+ (coat|jacket)?', true],
    ['[a-z]{100}', true],
    ['[]a]{3}', true],
    ['\\d{1,500}', false],
    ['\\d{1,30}', true],
    ['x{0,}', true],
    ['a{1001}', false],
    ['(.{0,90}){0,90}', false],
    ['((.{0,30}){0,30}b|c)', false],
    ['((a{10}){10}){10}b', false],
    ['(a{10}){10}', true],
    ['(.?){0,255}b', false],
    ['.?'.repeat(41), false],
    ['.?'.repeat(40), true],
    ['.{0,40}', true],
    ['.{0,41}', false],
    ['(.*){0,100}', false],
    ['(.*.*.*.*.*)*b', true],
    ['(a*)\\1', false],
    ['a'.repeat(MAX_PATTERN_LENGTH - 1) + '?', true],
    ['a'.repeat(MAX_PATTERN_LENGTH + 1), false],
    ['(unbalanced', true],
    ['unbalanced)', true],
  ])('%s → allowed %s', (pattern, allowed) => {
    expect(patternRefusal(pattern) === null).toBe(allowed)
  })
})
