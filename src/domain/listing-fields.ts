// The listing as the device writes it — its one type, checked by its schema at the local write (the server's CHECKs
// of migration 20261122000300, so a listing the server would refuse never reaches the outbox) — and the sell
// flow's normalisation on create and save (docs/product.md §3, §5 normalisation).
import * as z from 'zod/mini'
import { CATEGORIES } from './categories'
import { CONDITIONS } from './conditions'
import {
  BRAND_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  FABRIC_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  PRICE_LIMIT_CHF,
  PRODUCT_TYPE_MAX_LENGTH,
  SIZE_MAX_LENGTH,
  TAGS_MAX,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
} from './constants'
import { detailsFormDefaults, type DetailsFormValues } from './listing-form'
import { storedLocation } from './places'
import { nullIfBlank } from './validation'

export const LISTING_STATUSES = ['active', 'sold'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

// Postgres counts characters (code points); a JS string's length counts UTF-16 units, two for an emoji.
const chars = (s: string): number => [...s].length
const text = (min: number, max: number) => z.string().check(z.refine((s) => chars(s) >= min && chars(s) <= max))
const optionalText = (max: number) => z.nullable(text(0, max))

/** A listing's whole writable state, as a device sends it (the server sets created_at and updated_at). */
export const listingWriteSchema = z.object({
  id: text(1, Infinity),
  user_id: text(1, Infinity),
  title: text(TITLE_MIN_LENGTH, TITLE_MAX_LENGTH),
  description: text(0, DESCRIPTION_MAX_LENGTH),
  price: z.number().check(z.gt(0), z.lt(PRICE_LIMIT_CHF)),
  condition: z.enum(CONDITIONS),
  category: z.enum(CATEGORIES),
  product_type: optionalText(PRODUCT_TYPE_MAX_LENGTH),
  brand: optionalText(BRAND_MAX_LENGTH),
  size: optionalText(SIZE_MAX_LENGTH),
  fabric: optionalText(FABRIC_MAX_LENGTH),
  location: optionalText(LOCATION_MAX_LENGTH),
  tags: z.nullable(z.array(z.string()).check(z.maxLength(TAGS_MAX))),
  status: z.enum(LISTING_STATUSES),
  /** The editing device's clock at the time of the edit (last edit wins). */
  edited_at: text(1, Infinity),
})

export type ListingWrite = z.infer<typeof listingWriteSchema>

/** The columns the sell flow writes, on create and on save alike (docs/product.md §7.2 Publish / Edit save). */
export const listingFieldsSchema = z.omit(listingWriteSchema, {
  id: true,
  user_id: true,
  status: true,
  edited_at: true,
})
export type ListingFields = z.infer<typeof listingFieldsSchema>

/** A listing the server would refuse: which columns break its rules. */
export class InvalidListingError extends Error {
  constructor(readonly fields: readonly string[]) {
    super(`invalid listing: ${fields.join(', ')}`)
    this.name = 'InvalidListingError'
  }
}

/**
 * The listing to write, checked against the server's rules and stripped to its columns (callers may pass a whole
 * mirror row). Throws InvalidListingError naming the columns that break a rule.
 */
export function checkListingWrite(value: unknown): ListingWrite {
  const result = listingWriteSchema.safeParse(value)
  if (result.success) return result.data
  throw new InvalidListingError([...new Set(result.error.issues.map((i) => String(i.path[0] ?? '')))])
}

/**
 * A listing as the views read it: a server row (src/db's ListingRecord fits it), or a looser one — values outside
 * our enums stay plain strings, and numeric may arrive as a string.
 */
export interface StoredListing {
  id: string
  user_id: string
  title: string
  description: string | null
  price: number | string
  condition: string
  category: string
  product_type: string | null
  brand: string | null
  size: string | null
  fabric: string | null
  location: string | null
  tags: string[] | null
  status: ListingStatus
  created_at: string
  updated_at: string
}

/** Tags typed as one comma-separated text: split, trimmed, empties dropped, null if none. */
export function splitTags(text: string | null | undefined): string[] | null {
  const tags = (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
  return tags.length > 0 ? tags : null
}

export const joinTags = (tags: readonly string[] | null | undefined): string => (tags ?? []).join(', ')

// Prices are kept to whole Rappen, like the input's 0.01 step, so what is stored is what "CHF 12.50" shows.
const toCents = (price: number): number => Math.round(price * 100) / 100

/** Normalisation on create and save. Expects values that passed the publish check (price is a number). */
export function normaliseListing(values: DetailsFormValues & { price: number }): ListingFields {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: toCents(values.price),
    condition: values.condition,
    category: values.category, // an enum value, so already lower-cased as stored
    product_type: nullIfBlank(values.productType)?.toLowerCase() ?? null,
    brand: nullIfBlank(values.brand),
    size: nullIfBlank(values.size),
    fabric: nullIfBlank(values.fabric),
    location: storedLocation(values.location),
    tags: splitTags(values.tags),
  }
}

/** The listing a publish creates: owned by the user, status active; the id is generated on the client.
 * Timestamps are the storage layer's (the server sets created_at and updated_at). */
export const newListing = (input: { id: string; userId: string; values: DetailsFormValues & { price: number } }) => ({
  id: input.id,
  user_id: input.userId,
  ...normaliseListing(input.values),
  status: 'active' as const,
})

/**
 * Edit mode: a stored row back into form values (invalid enums fall back like the form's defaults); `placeText`
 * shows a stored place code as the reader's name for it (docs/decisions.md#D-place-codes).
 */
export function detailsFromListing(
  row: StoredListing,
  placeText: (location: string) => string = (location) => location,
): DetailsFormValues {
  const price = Number(row.price)
  return detailsFormDefaults({
    title: row.title,
    description: row.description ?? '',
    price: Number.isFinite(price) ? price : 0,
    condition: row.condition,
    category: row.category,
    productType: row.product_type ?? '',
    size: row.size ?? '',
    brand: row.brand ?? '',
    fabric: row.fabric ?? '',
    location: row.location ? placeText(row.location) : '',
    tags: joinTags(row.tags),
  })
}
