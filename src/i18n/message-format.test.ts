import { describe, expect, it } from 'vitest'
import { formatMessage, placeholderNames } from './message-format'

const ITEMS = '{count, plural, =0 {no items} one {# item} other {# items}}'

describe('the message format', () => {
  it.each([
    ['Page {page}', { page: 2 }, 'en', 'Page 2'],
    ['Page {page}', { other: 2 }, 'en', 'Page {page}'],
    [ITEMS, { count: 0 }, 'en', 'no items'],
    [ITEMS, { count: 1 }, 'en', '1 item'],
    [ITEMS, { count: 7 }, 'en', '7 items'],
    [ITEMS, { count: 'x' }, 'en', ITEMS],
    ['{n, plural, one {# jour} other {# jours}}', { n: 0 }, 'fr-CH', '0 jour'],
    ['{n, plural, one {# jour} other {# jours}}', { n: 2 }, 'fr-CH', '2 jours'],
    [
      '{count, plural, one {«{title}» · # photo} other {«{title}» · # photos}}',
      { count: 3, title: 'Coat' },
      'it-CH',
      '«Coat» · 3 photos',
    ],
    [
      'Before {a}, {count, plural, one {# x} other {# xs}} and {b}',
      { a: 'A', count: 2, b: 'B' },
      'en',
      'Before A, 2 xs and B',
    ],
  ])('%j with %j in %s → %j', (text, params, locale, expected) => {
    expect(formatMessage(text, params, locale)).toBe(expected)
  })

  it('names the parameters a text uses, plural ones included', () => {
    expect(placeholderNames('{count, plural, one {«{title}» · #} other {«{title}» · #}} by {name}')).toEqual([
      'count',
      'name',
      'title',
    ])
    expect(placeholderNames('No parameters')).toEqual([])
  })
})
