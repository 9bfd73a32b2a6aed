import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { isEmailAddress, nullIfBlank, validate } from './validation'

describe('docs/product.md §5 validation: every message a form shows is a catalogue key', () => {
  const schema = z.object({
    a: z.string().check(z.minLength(1, 'form.aRequired')),
    b: z.string().check(z.minLength(1, 'not in the catalogue')),
  })

  it('reports the first key per field', () => {
    expect(validate(schema, { a: '', b: 'x' }, ['form.aRequired'])).toEqual({
      ok: false,
      errors: { a: 'form.aRequired' },
    })
  })

  it('refuses a schema message that is not a catalogue key (it would reach the screen as English text)', () => {
    expect(() => validate(schema, { a: 'x', b: '' }, ['form.aRequired'])).toThrow(
      'Schema issue without a catalogue key at "b": not in the catalogue',
    )
  })
})

describe('docs/product.md §5 e-mail addresses: the whole text is one address', () => {
  it.each([
    ['anna@kreis.ch@x', false],
    ['anna@kreis.ch more', false],
    [' anna@kreis.ch ', true],
  ])('%j → %s', (email, valid) => {
    expect(isEmailAddress(email)).toBe(valid)
  })
})

describe('docs/product.md §5 normalisation: optional texts', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['  ', null],
    [' Zurich ', 'Zurich'],
  ])('%j → %j', (value, stored) => {
    expect(nullIfBlank(value)).toBe(stored)
  })
})
