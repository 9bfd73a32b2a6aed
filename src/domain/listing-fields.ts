// The listing columns the sell flow writes, and their normalisation on create and save (spec §3, §5 normalisation).
import type { Category } from './categories'
import type { Condition } from './conditions'
import { detailsFormDefaults, type DetailsFormValues } from './listing-form'
import { nullIfBlank } from './validation'

export const LISTING_STATUSES = ['active', 'sold'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

/**
 * A listing as the domain reads it (src/db's ListingRecord fits it). Values a server could hold outside our
 * enums stay plain strings.
 */
export interface StoredListing {
  id: string
  user_id: string
  title: string
  description: string | null
  price: number | string // numeric may arrive as a string
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

/** The columns the sell flow writes, on create and on save alike (spec §7.2 Publish / Edit save). */
export interface ListingFields {
  title: string
  description: string
  price: number
  condition: Condition
  category: Category
  product_type: string | null
  brand: string | null
  size: string | null
  fabric: string | null
  location: string
  tags: string[] | null
}

/** Tags typed as one comma-separated text: split, trimmed, empties dropped, null if none. */
export function splitTags(text: string | null | undefined): string[] | null {
  const tags = (text ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '')
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
    location: values.location.trim(),
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

/** Edit mode: a stored row back into form values (invalid enums fall back like the form's defaults). */
export function detailsFromListing(row: StoredListing): DetailsFormValues {
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
    location: row.location ?? '',
    tags: joinTags(row.tags),
  })
}
