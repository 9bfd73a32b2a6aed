// The pre-submission check at publish (docs/product.md §5): its messages, in the spec's order, for a "Validation Error"
// toast that joins them with commas (rendered by src/i18n).
import { CATEGORIES, isCategory } from './categories'
import { CONDITIONS, isCondition } from './conditions'
import { PHOTOS_MIN_AT_PUBLISH } from './constants'
import { keyWith, type Message } from './message'

export const PUBLISH_MESSAGE_KEYS = [
  'publish.titleRequired',
  'publish.descriptionRequired',
  'publish.priceRequired',
  'publish.locationRequired',
  'publish.imageRequired',
  'publish.categoryRequired',
  'publish.categoryInvalid',
  'publish.conditionRequired',
  'publish.conditionInvalid',
  /** The listing breaks a rule of its schema the spec's check does not name (e.g. a price above the server's limit). */
  'publish.listingRequirements',
] as const
export type PublishMessageKey = (typeof PUBLISH_MESSAGE_KEYS)[number]

/** What the check reads; loose on purpose, since it guards against whatever the form state holds. */
export interface PublishDraft {
  title?: string | null
  description?: string | null
  price?: number | string | null
  location?: string | null
  category?: string | null
  condition?: string | null
  imageCount: number
}

const blank = (value: string | null | undefined): boolean => (value ?? '').trim() === ''

function priceAboveZero(price: PublishDraft['price']): boolean {
  // null, undefined and '' read as 0 or NaN: not above zero.
  const n = Number(price)
  return Number.isFinite(n) && n > 0
}

/** Every failed rule, in order; an empty list means the listing may be published. */
export function checkBeforePublish(draft: PublishDraft): Message<PublishMessageKey>[] {
  const messages: Message<PublishMessageKey>[] = []
  if (blank(draft.title)) messages.push('publish.titleRequired')
  if (blank(draft.description)) messages.push('publish.descriptionRequired')
  if (!priceAboveZero(draft.price)) messages.push('publish.priceRequired')
  if (blank(draft.location)) messages.push('publish.locationRequired')
  if (draft.imageCount < PHOTOS_MIN_AT_PUBLISH) messages.push('publish.imageRequired')
  const category = draft.category ?? ''
  if (blank(category)) messages.push('publish.categoryRequired')
  // Category is stored lower-cased (docs/product.md §3), so "Women" is accepted here and lower-cased on save.
  else if (!isCategory(category.trim().toLowerCase()))
    messages.push(keyWith('publish.categoryInvalid', { value: category, allowed: CATEGORIES.join(', ') }))
  const condition = draft.condition ?? ''
  if (blank(condition)) messages.push('publish.conditionRequired')
  else if (!isCondition(condition))
    messages.push(keyWith('publish.conditionInvalid', { value: condition, allowed: CONDITIONS.join(', ') }))
  return messages
}
