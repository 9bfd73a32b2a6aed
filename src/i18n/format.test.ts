import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatDay,
  formatLongDate,
  formatPrice,
  formatRelative,
  formatShortDate,
  formatTime,
} from './format'
import { formatMessage } from './message-format'
import * as deCH from './de-CH'
import { en } from './en'
import * as frCH from './fr-CH'

// Intl's data may write the Swiss apostrophe and the French spaces as ASCII or typographic characters (Node and
// Chromium differ): compare with those normalised.
const plain = (s: string) => s.replace(/[’']/g, "'").replace(/[\u202f\u00a0]/g, ' ')

describe('prices per locale', () => {
  it.each([
    ['en', 45, 'CHF 45.00'],
    ['en', 1234.5, 'CHF 1234.50'],
    ['en', 'x', 'CHF 0.00'],
    ['de-CH', 1234.5, "CHF 1'234.50"],
    ['de-CH', 45, 'CHF 45.00'],
    ['it-CH', 12345.5, "CHF 12'345.50"],
    ['it-CH', 45, 'CHF 45.00'],
    // The decimal sign of French Swiss francs changed between CLDR versions (Node and Chromium may differ).
    ['fr-CH', 1234.5, /^1 234[.,]50 CHF$/],
    ['fr-CH', 0.5, /^0[.,]50 CHF$/],
  ] as const)('%s: %j → %s', (locale, price, text) => {
    if (typeof text === 'string') expect(plain(formatPrice(price, locale))).toBe(text)
    else expect(plain(formatPrice(price, locale))).toMatch(text)
  })
})

describe('counts per locale', () => {
  it.each([
    ['en', 1200, '1,200'],
    ['de-CH', 1200, "1'200"],
    ['it-CH', 12000, "12'000"],
    ['fr-CH', 1200, '1 200'],
    ['de-CH', 7, '7'],
  ] as const)('%s: %d → %s', (locale, n, text) => {
    expect(plain(formatCount(n, locale))).toBe(text)
  })

  // The shop passes the number itself, so each language picks its plural form and writes its own digits.
  it.each([
    ['en', en['feed.itemCountMany'], 1200, '1,200 items'],
    ['de-CH', deCH.catalogue['feed.itemCountMany'], 1200, "1'200 Artikel"],
    ['fr-CH', frCH.catalogue['feed.itemCountMany'], 1200, '1 200 articles'],
  ] as const)('the feed count in %s', (locale, text, n, shown) => {
    expect(plain(formatMessage(text, { count: n }, locale))).toBe(shown)
  })
})

describe('dates per locale (Zurich days)', () => {
  const lateEvening = Date.parse('2026-12-23T23:30:00Z') // already the 24th in Zurich (UTC+1)
  it.each([
    ['en', formatLongDate, '24 December 2026'],
    ['de-CH', formatLongDate, '24. Dezember 2026'],
    ['fr-CH', formatLongDate, '24 décembre 2026'],
    ['it-CH', formatLongDate, '24 dicembre 2026'],
    ['en', formatShortDate, '24 Dec 2026'],
    ['de-CH', formatShortDate, '24. Dez. 2026'],
  ] as const)('%s %o', (locale, format, text) => {
    expect(plain(format(lateEvening, locale))).toBe(text)
  })

  it('a message time has two-digit hours in every language', () => {
    const d = new Date(2026, 0, 5, 9, 7)
    for (const locale of ['en', 'de-CH', 'fr-CH', 'it-CH'] as const) expect(formatTime(d, locale)).toBe('09:07')
  })

  it('a day separator names the weekday in the language', () => {
    const d = new Date(2025, 11, 3, 12)
    expect(formatDay(d, 'de-CH')).toMatch(/^Mi.*3\. Dezember 2025$/)
    expect(formatDay(d, 'fr-CH')).toMatch(/^mer.*3 décembre 2025$/)
    expect(formatDay(d, 'it-CH')).toMatch(/^mer.*3 dicembre 2025$/)
    expect(formatDay('not a date', 'de-CH')).toBe('')
  })
})

describe('relative times per locale', () => {
  it.each([
    ['de-CH', -5, 'minute', 'vor 5 Minuten'],
    ['fr-CH', -2, 'day', 'avant-hier'],
    ['fr-CH', -3, 'day', 'il y a 3 jours'],
    ['it-CH', -1, 'day', 'ieri'],
    ['en', -2, 'hour', '2 hours ago'],
  ] as const)('%s: %d %s → %s', (locale, value, unit, text) => {
    expect(plain(formatRelative(value, unit, locale))).toBe(text)
  })
})
