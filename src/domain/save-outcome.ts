// Whether the server's answer to a listing save is the save itself or another device's edit that won (last edit
// wins), so the seller can be told (docs/product.md#R-listing-notices). The answer is the winner's full state: the
// save was kept when every field it sent reads back unchanged and every photo of the answer is one it sent. A photo
// it sent may be missing from the answer without another edit (the server drops a photo whose file never arrived),
// so only photos the save did not send, or sent elsewhere in the order, mean a photo set from elsewhere won.

/** The listing columns a save sends and the answer carries back. */
export const SAVED_FIELDS = [
  'title',
  'description',
  'price',
  'condition',
  'category',
  'product_type',
  'brand',
  'size',
  'fabric',
  'location',
  'tags',
  'status',
] as const

type SavedField = (typeof SAVED_FIELDS)[number]
type Fields = { readonly [K in SavedField]?: unknown }

export interface SavedPhoto {
  id: string
  image_url: string
  image_order: number
}

export interface SentSave {
  listing: Fields | null
  images: readonly SavedPhoto[] | null
}

export interface SaveAnswer {
  listing: Fields
  images: readonly SavedPhoto[]
}

// Prices are numeric(…, 2) on the server and arrive as numbers: compare whole cents.
const cents = (v: unknown): unknown =>
  typeof v === 'number' || typeof v === 'string' ? Math.round(Number(v) * 100) : v

function sameValue(field: SavedField, sent: unknown, stored: unknown): boolean {
  if (field === 'price') return cents(sent) === cents(stored)
  if (field === 'tags') return JSON.stringify(sent ?? null) === JSON.stringify(stored ?? null)
  return (sent ?? null) === (stored ?? null)
}

/** Whether the answer shows another device's edit instead of what this save sent. */
export function lostToAnotherEdit(sent: SentSave, answer: SaveAnswer): boolean {
  const { listing, images } = sent
  if (listing && SAVED_FIELDS.some((f) => f in listing && !sameValue(f, listing[f], answer.listing[f]))) return true
  if (images) {
    const mine = new Set(images.map((i) => `${i.id} ${i.image_url} ${i.image_order}`))
    if (answer.images.some((i) => !mine.has(`${i.id} ${i.image_url} ${i.image_order}`))) return true
  }
  return false
}
