// The sell flow's steps and its in-progress form (docs/product.md §2.1 reset rules, §2.10, §4 sell flow).
import { detailsFormDefaults, type DetailsFormValues } from './listing-form'
import { checkBeforePublish } from './listing-publish'
import { listingFieldsSchema, normaliseListing, type ListingFields } from './listing-fields'
import type { Message } from './message'
import type { PublishMessageKey } from './listing-publish'

export const SELL_STEPS = ['upload', 'details', 'preview'] as const
export type SellStep = (typeof SELL_STEPS)[number]

/** The progress bar: 1/3 on upload, 2/3 on details, full on preview. */
export const stepProgressPercent = (step: SellStep): number =>
  Math.round(((SELL_STEPS.indexOf(step) + 1) / SELL_STEPS.length) * 100)

/** A draft with no photo and nothing typed is not worth keeping or offering to continue. */
export function isDraftEmpty(values: DetailsFormValues, photoCount: number): boolean {
  if (photoCount > 0) return false
  const blank = detailsFormDefaults(null)
  return (Object.keys(blank) as (keyof DetailsFormValues)[]).every((k) =>
    k === 'price' ? values.price === '' || values.price === 0 : values[k] === blank[k],
  )
}

/**
 * The form values from what a draft stored (docs/product.md §4 defaults for what is missing or invalid). `price` may be
 * stored as '' (an emptied input stays empty).
 */
export const draftValues = (stored: Record<string, unknown> | null | undefined): DetailsFormValues =>
  detailsFormDefaults((stored ?? {}) as Partial<Record<keyof DetailsFormValues, unknown>>)

export type PublishCheck =
  | { readonly ok: true; readonly fields: ListingFields }
  | { readonly ok: false; readonly messages: Message<PublishMessageKey>[] }

/**
 * Publish and edit save: the pre-submission check, then normalisation (docs/product.md §5); a listing that passes both but
 * breaks a rule of the listing's schema (the server's limits, which the local write checks too) is refused here, so
 * the form says so.
 */
export function prepareListing(values: DetailsFormValues, imageCount: number): PublishCheck {
  const messages = checkBeforePublish({ ...values, imageCount })
  if (messages.length > 0) return { ok: false, messages }
  const fields = normaliseListing({ ...values, price: Number(values.price) })
  if (!listingFieldsSchema.safeParse(fields).success) return { ok: false, messages: ['publish.listingRequirements'] }
  return { ok: true, fields }
}

/** An edit draft was started from one version of the listing; a newer edit (another device) makes it stale. */
export const isEditDraftStale = (draftBaseEditedAt: unknown, listingEditedAt: string): boolean =>
  draftBaseEditedAt !== listingEditedAt

/**
 * An edit draft's changes on top of the listing as it now is: each field the seller changed in the draft (it
 * differs from the version the draft started from) keeps the seller's value; every other field takes the
 * current listing's, so an edit saved on another device meanwhile is kept, not overwritten with old values.
 */
export function changesOnTop(
  base: DetailsFormValues,
  draft: DetailsFormValues,
  current: DetailsFormValues,
): DetailsFormValues {
  const next = { ...current }
  for (const key of Object.keys(current) as (keyof DetailsFormValues)[]) {
    if (draft[key] !== base[key]) (next as Record<string, unknown>)[key] = draft[key]
  }
  return next
}

/** The version of the listing an edit draft started from, when the draft recorded it (older drafts did not). */
export function editBase(stored: Record<string, unknown> | null | undefined): DetailsFormValues | null {
  const base = stored?.base
  return base && typeof base === 'object' ? draftValues(base as Record<string, unknown>) : null
}
