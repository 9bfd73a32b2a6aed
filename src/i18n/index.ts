/**
 * The catalogue of user-facing strings and how to render the domain's messages with it. Screens call
 * t('shop.title') or render(message) for what the domain returns.
 *
 * Four languages share the same flat keys: English (the fallback) and Swiss German, French and Italian
 * (src/i18n/<locale>/). Each, English too, is a chunk of its own that ./load-locale loads before the app's first
 * render, so a visitor downloads exactly one catalogue (the first route's JS budget). Until one is loaded a key reads
 * as itself; the prerender, the tests' setup and main.tsx load one before anything renders. Texts with a count use the language's own plural rule in ICU style,
 * "{count, plural, one {# Artikel} other {# Artikel}}", through our own small formatter (./message-format, well
 * under 1 KB gzip) rather than a library such as @formatjs/intl-messageformat (~10 KB gzip with its parser) or
 * Lingui (a compile step and a runtime): the first route's JS has a budget of 120 KB gzip and was at ~111 KB, and
 * plurals are the only ICU feature the catalogue needs. Numbers, prices and dates are formatted by ./format with
 * Intl and the active locale.
 */
import type { CategoryFilter } from '@/domain/categories'
import type { Condition } from '@/domain/conditions'
import type { Message, Toast } from '@/domain/message'
import type { Catalogue, CatalogueKey } from './en'
import { FALLBACK_LOCALE, type Locale } from './locales'
import { formatMessage, type Params } from './message-format'

export type { Catalogue, CatalogueKey, Locale, Params }
export { PRODUCT_NAME } from './en/product'

/** No catalogue until a language is loaded: every key then reads as itself (never reached in the app). */
const NONE: Readonly<Partial<Catalogue>> = {}

let catalogue: Readonly<Partial<Catalogue>> = NONE
let locale: Locale = FALLBACK_LOCALE
let longTexts: Readonly<Record<string, string>> | null = null

/** Switch the active catalogue (keeping the locale); returns the previous one. */
export function setCatalogue(next: Catalogue): Readonly<Partial<Catalogue>> {
  const previous = catalogue
  catalogue = next
  return previous
}

/** The language the app speaks now. */
export const activeLocale = (): Locale => locale

/** Speak `next`: its catalogue, and its static pages' prose when given (English's is built into those pages). */
export function applyLocale(
  next: Locale,
  nextCatalogue: Catalogue,
  nextLongTexts: Readonly<Record<string, string>> | null,
): void {
  locale = next
  catalogue = nextCatalogue
  longTexts = nextLongTexts
}

/** The active language's static-page prose, or null for the built-in English (read by ./long-texts). */
export const activeLongTexts = (): Readonly<Record<string, string>> | null => longTexts

/** Fills "{name}" parameters and picks plural forms in the active language; unknown parameters stay visible. */
export const interpolate = (text: string, params?: Params): string => formatMessage(text, params, locale)

/** The text of a catalogue key, with "{name}" parameters filled in. */
export const t = (key: CatalogueKey, params?: Params): string => interpolate(catalogue[key] ?? key, params)

/** A domain message: a key, a key with parameters, or server text shown as is. */
export function render(message: Message<CatalogueKey>): string {
  if (typeof message === 'string') return t(message)
  return 'text' in message ? message.text : t(message.key, message.params)
}

export interface RenderedToast {
  readonly title: string
  readonly description?: string
  readonly destructive: boolean
}

export const renderToast = (toast: Toast<CatalogueKey>): RenderedToast => ({
  title: render(toast.title),
  ...(toast.description === undefined ? {} : { description: render(toast.description) }),
  destructive: toast.destructive ?? false,
})

/** The "Validation Error" toast of the publish check: its messages joined with commas (docs/product.md §8 sell flow). */
export const validationErrorToast = (messages: readonly Message<CatalogueKey>[]): RenderedToast => ({
  title: t('toast.validationError'),
  description: messages.map(render).join(', '),
  destructive: true,
})

export const categoryLabel = (c: CategoryFilter): string => t(`category.${c}`)
export const conditionLabel = (c: Condition): string => t(`condition.${c}`)
export const conditionFilterLabel = (c: Condition): string => t(`conditionFilter.${c}`)

/** A stored product type's label; a value outside our list (older rows) is shown capitalised. */
export function productTypeLabel(value: string): string {
  const key = `productType.${value}`
  return key in catalogue ? t(key as CatalogueKey) : value.charAt(0).toUpperCase() + value.slice(1)
}

/** A stored condition's label, tolerating values outside the enum (shown as stored). */
export const anyConditionLabel = (value: string): string => {
  const key = `condition.${value}`
  return key in catalogue ? t(key as CatalogueKey) : value
}

export const sellerName = (name: string | null): string => name ?? t('common.anonymous')
export const profileName = (name: string | null): string => name ?? t('common.user')

/** The item page's sentence when a listing has no description. */
export const generatedDescription = (title: string, condition: string): string =>
  t('item.generatedDescription', { title, condition: anyConditionLabel(condition).toLowerCase() })
