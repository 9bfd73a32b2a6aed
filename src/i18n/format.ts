/**
 * Numbers, prices and dates in the active language, with Intl: the one place the app formats them. Swiss usage
 * comes from the locale itself: "CHF 1’234.50" in German and Italian, "1 234,50 CHF" in French. English keeps the
 * product's own forms ("CHF 45.00", "23 December 2026"). Dates are Zurich's calendar days. Each function takes the
 * locale last, defaulting to the active one, so the domain never needs to know about languages.
 */
import { formatPrice as productPrice } from '@/domain/listing-view'
import { activeLocale, type Locale } from '.'

const ZURICH = 'Europe/Zurich'

/** English's Intl locale where the product fixed one before it had languages (day before month, 24-hour clock). */
const intlLocale = (locale: Locale, english: 'en-GB' | 'en-CH'): string => (locale === 'en' ? english : locale)

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let format = cache.get(key) as T | undefined
  if (!format) cache.set(key, (format = make()))
  return format
}

const valid = (d: Date | number | string): Date | null => {
  const date = new Date(d)
  return Number.isFinite(date.getTime()) ? date : null
}

/** A price in francs; a value that is not a number shows as 0. */
export function formatPrice(price: number | string, locale: Locale = activeLocale()): string {
  if (locale === 'en') return productPrice(price)
  const n = Number(price)
  return cached(`price:${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' })).format(
    Number.isFinite(n) ? n : 0,
  )
}

/** A count in the active language's digits: "1,200" in English, "1’200" in German and Italian, "1 200" in French. */
export function formatCount(n: number, locale: Locale = activeLocale()): string {
  return cached(`count:${locale}`, () => new Intl.NumberFormat(locale === 'en' ? 'en' : locale)).format(n)
}

/** "23. Dezember 2026", "23 décembre 2026": the plan's dates. */
export function formatLongDate(d: Date | number | string, locale: Locale = activeLocale()): string {
  const date = valid(d)
  const l = intlLocale(locale, 'en-GB')
  return date
    ? cached(
        `long:${l}`,
        () => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'long', year: 'numeric', timeZone: ZURICH }),
      ).format(date)
    : ''
}

/** "23. Nov. 2026": a date in a list row. */
export function formatShortDate(d: Date | number | string, locale: Locale = activeLocale()): string {
  const date = valid(d)
  const l = intlLocale(locale, 'en-GB')
  return date
    ? cached(
        `short:${l}`,
        () => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', year: 'numeric', timeZone: ZURICH }),
      ).format(date)
    : ''
}

/** "14:05": a message's time. */
export function formatTime(d: Date | number | string, locale: Locale = activeLocale()): string {
  const date = valid(d)
  const l = intlLocale(locale, 'en-CH')
  return date
    ? cached(`time:${l}`, () => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit' })).format(date)
    : ''
}

/** "Mi., 3. Dezember 2025": a conversation's day separator beyond yesterday. */
export function formatDay(d: Date | number | string, locale: Locale = activeLocale()): string {
  const date = valid(d)
  const l = intlLocale(locale, 'en-CH')
  return date
    ? cached(
        `day:${l}`,
        () => new Intl.DateTimeFormat(l, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }),
      ).format(date)
    : ''
}

/** "3. Dez.": a conversation's date in the list, beyond a week. */
export function formatDayMonth(d: Date | number | string, locale: Locale = activeLocale()): string {
  const date = valid(d)
  const l = intlLocale(locale, 'en-CH')
  return date
    ? cached(`daymonth:${l}`, () => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short' })).format(date)
    : ''
}

/** "vor 5 Minuten", "il y a 2 jours", "tra 3 giorni": a time relative to now (negative: past). */
export function formatRelative(
  value: number,
  unit: Intl.RelativeTimeFormatUnit,
  locale: Locale = activeLocale(),
): string {
  return cached(`rel:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })).format(value, unit)
}
