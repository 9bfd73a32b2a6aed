// The sell flow's details form (docs/product.md §2.10, §4 sell flow, §5 details form schema): values, defaults, validation.
import * as z from 'zod/mini'
import { CATEGORIES, isCategory, type Category } from './categories'
import { CONDITIONS, DEFAULT_CONDITION, isCondition, type Condition } from './conditions'
import {
  BRAND_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  FABRIC_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  PRICE_LIMIT_CHF,
  PRICE_MIN_ON_FORM_CHF,
  PRODUCT_TYPE_MAX_LENGTH,
  SIZE_MAX_LENGTH,
  TAGS_MAX,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
} from './constants'
import { validate, type FieldErrors, type Validated } from './validation'

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

/** The messages of a limit the server enforces: shown as soon as the value goes past it, and Next is disabled. */
export const LIMIT_MESSAGE_KEYS = [
  'details.titleMax',
  'details.descriptionMax',
  'details.priceMax',
  'details.priceRappen',
  'details.productTypeMax',
  'details.sizeMax',
  'details.fabricMax',
  'details.locationMax',
  'details.brandMax',
  'details.tagsMax',
] as const
type LimitMessageKey = (typeof LIMIT_MESSAGE_KEYS)[number]

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
  ...LIMIT_MESSAGE_KEYS,
] as const
export type DetailsMessageKey = (typeof DETAILS_MESSAGE_KEYS)[number]

/** Postgres counts characters (code points); a JS string's length counts UTF-16 units, two for an emoji. */
export const charCount = (s: string): number => [...s].length

/** How many tags the comma-separated text holds, counted as the save splits them (empties dropped). */
export const tagCount = (text: string): number => text.split(',').filter((t) => t.trim() !== '').length

// A price is whole Rappen: 12.345 is refused rather than rounded, so what was typed is what is stored.
const wholeRappen = (price: number): boolean => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6

const text = (min: number, minKey: DetailsMessageKey, max: number, maxKey: LimitMessageKey) =>
  z.string({ error: minKey }).check(
    z.trim(),
    z.minLength(min, minKey),
    z.refine((s) => charCount(s) <= max, maxKey),
  )

// Texts are trimmed before their length is checked, so "  ab  " is too short and "   " is not a size. Each upper
// limit is the server's (the listings table's CHECKs), so what passes here is never refused there.
export const detailsFormSchema = z.object({
  title: text(TITLE_MIN_LENGTH, 'details.titleMin', TITLE_MAX_LENGTH, 'details.titleMax'),
  description: text(DESCRIPTION_MIN_LENGTH, 'details.descriptionMin', DESCRIPTION_MAX_LENGTH, 'details.descriptionMax'),
  price: z.coerce
    .number({ error: 'details.priceMin' })
    .check(
      z.gte(PRICE_MIN_ON_FORM_CHF, 'details.priceMin'),
      z.lt(PRICE_LIMIT_CHF, 'details.priceMax'),
      z.refine(wholeRappen, 'details.priceRappen'),
    ),
  condition: z.enum(CONDITIONS, { error: 'details.conditionInvalid' }),
  category: z.enum(CATEGORIES, { error: 'details.categoryInvalid' }),
  productType: text(1, 'details.productTypeRequired', PRODUCT_TYPE_MAX_LENGTH, 'details.productTypeMax'),
  size: text(1, 'details.sizeRequired', SIZE_MAX_LENGTH, 'details.sizeMax'),
  fabric: text(1, 'details.fabricRequired', FABRIC_MAX_LENGTH, 'details.fabricMax'),
  location: text(1, 'details.locationRequired', LOCATION_MAX_LENGTH, 'details.locationMax'),
  brand: z.optional(
    z.string().check(
      z.trim(),
      z.refine((s) => charCount(s) <= BRAND_MAX_LENGTH, 'details.brandMax'),
    ),
  ),
  tags: z.optional(z.string().check(z.refine((s) => tagCount(s) <= TAGS_MAX, 'details.tagsMax'))),
})

/** The most each field may hold, as its counter shows it ("12 / 120"). */
export const DETAILS_LIMITS = {
  title: TITLE_MAX_LENGTH,
  description: DESCRIPTION_MAX_LENGTH,
  size: SIZE_MAX_LENGTH,
  fabric: FABRIC_MAX_LENGTH,
  location: LOCATION_MAX_LENGTH,
  tags: TAGS_MAX,
} as const satisfies Partial<Record<DetailsField, number>>

/** The errors shown while the seller types, before any Next: the limits a field has gone past. */
export function limitErrors(
  errors: FieldErrors<DetailsField, DetailsMessageKey>,
): FieldErrors<DetailsField, DetailsMessageKey> {
  const over: FieldErrors<DetailsField, DetailsMessageKey> = {}
  for (const [field, key] of Object.entries(errors) as [DetailsField, DetailsMessageKey][]) {
    if ((LIMIT_MESSAGE_KEYS as readonly string[]).includes(key)) over[field] = key
  }
  return over
}

export type DetailsForm = z.infer<typeof detailsFormSchema>

export const validateDetails = (values: DetailsFormValues): Validated<DetailsForm, DetailsField, DetailsMessageKey> =>
  validate(detailsFormSchema, values, DETAILS_MESSAGE_KEYS)

/** The preview step is shown only when the details form would pass (the spec leaves this gate unshown). */
export const isPreviewReady = (values: DetailsFormValues): boolean => validateDetails(values).ok

const textOr = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * Form values from whatever was stored for the in-progress listing (docs/product.md §4): condition new_with_tags and
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
