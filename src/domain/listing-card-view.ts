// What a listing card shows (docs/product.md §2.2 home grid, §2.6 feed cards, §3 UI listing model, §9 New badge), from a
// mirror row that carries its card fields (cover image path, seller name). Pure: the screens resolve the image.
import { isNew, joinName, listingLocation, priceNumber } from './listing-view'

/** The fields of a mirror listing row a card reads. */
export interface CardSource {
  readonly id: string
  readonly user_id: string
  readonly title: string
  readonly price: number | string
  readonly brand: string | null
  readonly size: string | null
  readonly location: string | null
  readonly status: string
  readonly created_at: string
  readonly cover_image_url: string | null
  readonly seller_first_name: string | null
  readonly seller_last_name: string | null
}

export interface CardView {
  readonly id: string
  readonly title: string
  readonly price: number
  readonly brand: string | null
  readonly size: string | null
  /** null: the screen shows "Switzerland". */
  readonly location: string | null
  /** null: the screen shows "Anonymous". */
  readonly sellerName: string | null
  /** The cover's image_url (a storage path or a full URL), null without photos. */
  readonly imagePath: string | null
  readonly isSold: boolean
  readonly isNew: boolean
  /** The viewer owns the listing: an Edit button instead of a message button (docs/product.md §2.6). */
  readonly isOwn: boolean
}

export function cardView(row: CardSource, now: Date, viewerId: string | null | undefined): CardView {
  const isSold = row.status === 'sold'
  return {
    id: row.id,
    title: row.title,
    price: priceNumber(row.price),
    brand: row.brand?.trim() || null,
    size: row.size?.trim() || null,
    location: listingLocation(row.location),
    sellerName: joinName({ first_name: row.seller_first_name, last_name: row.seller_last_name }),
    imagePath: row.cover_image_url,
    isSold,
    isNew: isNew(row.created_at, isSold, now),
    isOwn: !!viewerId && viewerId === row.user_id,
  }
}
