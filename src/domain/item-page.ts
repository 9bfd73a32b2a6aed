// The item page's rules (docs/product.md §2.11, §4 listing status): which state the screen shows, and how its gallery moves.

/** What the item page shows. */
export type ItemScreen = 'skeleton' | 'item' | 'not-found' | 'gone'

/** Fetching a listing the device does not hold yet (online deep link before the first pull). */
export type ItemRequest = 'idle' | 'pending' | 'found' | 'missing' | 'failed'

export interface ItemScreenInput {
  /** The mirror's row: undefined while the device is still reading it, null when it holds none. */
  readonly row: { readonly status: string; readonly user_id: string } | null | undefined
  readonly request: ItemRequest
  readonly online: boolean
  /** The signed-in user; null signed out; undefined while the session resolves. */
  readonly viewerId: string | null | undefined
  /** The page showed this listing before (it left the device while open: sold to someone else, or deleted). */
  readonly shownBefore?: boolean
}

/**
 * The skeleton only while the device has nothing to show yet; "Item not found" for unknown ids and failed loads.
 * A sold listing the device holds is shown as sold (to its owner, and to those who may still read it: who
 * favourited it or talk about it, or whose page was open when it sold), never with "Message Seller". A listing that
 * leaves the device while its page is open says it is no longer available rather than that it never existed.
 */
export function itemScreen({ row, request, online, viewerId, shownBefore = false }: ItemScreenInput): ItemScreen {
  if (row === undefined) return 'skeleton'
  if (row === null) {
    if (shownBefore) return 'gone'
    if (request === 'pending' || (request === 'idle' && online)) return 'skeleton'
    // A fetch that found it: the live query has not caught up with the write yet.
    if (request === 'found') return 'skeleton'
    return 'not-found'
  }
  if (row.status === 'active') return 'item'
  return viewerId === undefined ? 'skeleton' : 'item'
}

/** Whether a listing can still be bought (its page offers "Message Seller" only then). */
export const isAvailable = (listing: { readonly status: string }): boolean => listing.status === 'active'

/** Whether the viewer owns the listing (the owner gets "Edit listing" instead of "Message Seller"). */
export const isOwner = (listing: { readonly user_id: string }, viewerId: string | null | undefined): boolean =>
  typeof viewerId === 'string' && viewerId === listing.user_id

/** The next gallery position: arrows and swipes wrap around at both ends. */
export function stepImage(index: number, delta: number, total: number): number {
  if (total <= 0) return 0
  return (((index + delta) % total) + total) % total
}

/** A horizontal move at least this long (CSS px) turns the gallery. */
export const SWIPE_MIN_PX = 40

/**
 * The gallery step a pointer drag means: +1 (next) for a leftward swipe, -1 for a rightward one, 0 for a tap,
 * a short move, or a mostly vertical one (the page scrolls).
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0
  return dx < 0 ? 1 : -1
}
