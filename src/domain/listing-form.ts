// The sell flow's details form (spec §2.10, §4 sell flow, §5 details form schema): values, defaults, validation.
import * as z from 'zod/mini'
import { CATEGORIES, isCategory, type Category } from './categories'
import { CONDITIONS, DEFAULT_CONDITION, isCondition, type Condition } from './conditions'
import { DESCRIPTION_MIN_LENGTH, PRICE_MIN_ON_FORM_CHF, TITLE_MIN_LENGTH } from './constants'
import { validate, type Validated } from './validation'

/** The form as the screens hold it. `price` is '' while the input is empty (spec: an empty input stays empty). */
export interface DetailsFormValues {
  title: string
  description: string
  price: number | ''
  condition: Condition
  category: Category
  productType: string
  size: string
  brand: string
  fabric: string
  location: string
  tags: string
}

export type DetailsField = keyof DetailsFormValues

export const DETAILS_MESSAGE_KEYS = [
  'details.titleMin',
  'details.descriptionMin',
  'details.priceMin',
  'details.conditionInvalid',
  'details.categoryInvalid',
  'details.productTypeRequired',
  'details.sizeRequired',
  'details.fabricRequired',
  'details.locationRequired',
] as const
export type DetailsMessageKey = (typeof DETAILS_MESSAGE_KEYS)[number]

const text = (min: number, key: DetailsMessageKey) => z.string({ error: key }).check(z.trim(), z.minLength(min, key))

// Texts are trimmed before their length is checked, so "  ab  " is too short and "   " is not a size.
export const detailsFormSchema = z.object({
  title: text(TITLE_MIN_LENGTH, 'details.titleMin'),
  description: text(DESCRIPTION_MIN_LENGTH, 'details.descriptionMin'),
  price: z.coerce.number({ error: 'details.priceMin' }).check(z.gte(PRICE_MIN_ON_FORM_CHF, 'details.priceMin')),
  condition: z.enum(CONDITIONS, { error: 'details.conditionInvalid' }),
  category: z.enum(CATEGORIES, { error: 'details.categoryInvalid' }),
  productType: text(1, 'details.productTypeRequired'),
  size: text(1, 'details.sizeRequired'),
  fabric: text(1, 'details.fabricRequired'),
  location: text(1, 'details.locationRequired'),
  brand: z.optional(z.string()),
  tags: z.optional(z.string()),
})

export type DetailsForm = z.infer<typeof detailsFormSchema>

export const validateDetails = (values: DetailsFormValues): Validated<DetailsForm, DetailsField, DetailsMessageKey> =>
  validate(detailsFormSchema, values, DETAILS_MESSAGE_KEYS)

/** The preview step is shown only when the details form would pass (the spec leaves this gate unshown). */
export const isPreviewReady = (values: DetailsFormValues): boolean => validateDetails(values).ok

const textOr = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * Form values from whatever was stored for the in-progress listing (spec §4): condition new_with_tags and
 * category women when missing or invalid, price 0 when missing, other texts empty.
 */
export function detailsFormDefaults(stored?: Partial<Record<DetailsField, unknown>> | null): DetailsFormValues {
  const s = stored ?? {}
  const price = s.price === '' ? '' : typeof s.price === 'number' && Number.isFinite(s.price) ? s.price : 0
  return {
    title: textOr(s.title),
    description: textOr(s.description),
    price,
    condition: isCondition(s.condition) ? s.condition : DEFAULT_CONDITION,
    category: isCategory(s.category) ? s.category : 'women',
    productType: textOr(s.productType),
    size: textOr(s.size),
    brand: textOr(s.brand),
    fabric: textOr(s.fabric),
    location: textOr(s.location),
    tags: textOr(s.tags),
  }
}
