// The one catalogue of user-facing strings (English now; de/fr/it later share its keys) and how to render the
// domain's messages with it. Screens call t('shop.title') or render(message) for what the domain returns.
import type { CategoryFilter } from '@/domain/categories'
import type { Condition } from '@/domain/conditions'
import type { Message, Toast } from '@/domain/message'
import { en, type Catalogue, type CatalogueKey } from './en'

export type { Catalogue, CatalogueKey }
export { PRODUCT_NAME } from './en/product'

let catalogue: Catalogue = en

/** Switch the active catalogue (for a later locale); returns the previous one. */
export function setCatalogue(next: Catalogue): Catalogue {
  const previous = catalogue
  catalogue = next
  return previous
}

export type Params = Readonly<Record<string, string | number>>

/** Fills "{name}" parameters; unknown ones stay visible. */
export const interpolate = (text: string, params?: Params): string =>
  params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text

/** The text of a catalogue key, with "{name}" parameters filled in. */
export const t = (key: CatalogueKey, params?: Params): string => interpolate(catalogue[key], params)

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

/** The "Validation Error" toast of the publish check: its messages joined with commas (spec §8 sell flow). */
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
export const locationLabel = (location: string | null): string => location ?? t('common.switzerland')

/** The item page's sentence when a listing has no description. */
export const generatedDescription = (title: string, condition: string): string =>
  t('item.generatedDescription', { title, condition: anyConditionLabel(condition).toLowerCase() })
