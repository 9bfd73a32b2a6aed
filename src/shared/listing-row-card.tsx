/**
 * A mirror listing row as a ListingCard: the one mapping the home grid, the shop feed and the favourites share
 * (cardView for the fields and the New badge, the "Switzerland" / "Anonymous" fallbacks, the link to the item).
 * The screens add only what differs: the place line, the heart, the owner's Edit, the heading level.
 */
import { memo, type ReactNode } from 'react'
import { paths } from '@/config/paths'
import { cardView, type CardSource, type CardView } from '@/domain/listing-card-view'
import { sellerName } from '@/i18n'
import { locationLabel } from '@/i18n/place-label'
import { ListingCard } from './listing-card'

export interface ListingRowCardProps {
  row: CardSource
  now: Date
  /** The viewer (for `card.isOwn` in `actions`); null or undefined for a visitor. */
  viewerId?: string | null
  eager: boolean
  /** Location · seller under the title (the shop and favourites; the home grid has none). */
  showPlace?: boolean
  /** The heart: shown when `onToggleLike` is given (never on a sold card, nor on the viewer's own listing). */
  liked?: boolean
  onToggleLike?: (id: string, title: string) => void
  headingLevel?: 2 | 3
  /** Extra actions under the card, from the card's view (e.g. the owner's Edit). */
  actions?: (card: CardView) => ReactNode
  /** The photo already on screen behind the card's own (ListingCard). */
  backdrop?: string
}

export function ListingRowCard(props: ListingRowCardProps) {
  const {
    row,
    now,
    viewerId = null,
    eager,
    showPlace = false,
    liked,
    onToggleLike,
    headingLevel,
    actions,
    backdrop,
  } = props
  const card = cardView(row, now, viewerId)
  return (
    <ListingCard
      title={card.title}
      price={card.price}
      imageUrl={card.imagePath}
      brand={card.brand}
      size={card.size}
      {...(showPlace ? { location: locationLabel(card.location), seller: sellerName(card.sellerName) } : {})}
      isSold={card.isSold}
      isNew={card.isNew}
      href={paths.item(card.id)}
      {...(onToggleLike && !card.isOwn
        ? { liked: !!liked, onToggleLike: () => onToggleLike(card.id, card.title) }
        : {})}
      eager={eager}
      {...(headingLevel ? { headingLevel } : {})}
      actions={actions?.(card)}
      {...(backdrop ? { backdrop } : {})}
    />
  )
}

/** Two mirror rows with the same fields (a live query's re-read gives new objects for unchanged rows). */
export function sameRowFields<T extends object>(a: T, b: T): boolean {
  if (a === b) return true
  const keys = Object.keys(a) as (keyof T)[]
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.is(a[k], b[k]) || (Array.isArray(a[k]) && JSON.stringify(a[k]) === JSON.stringify(b[k])))
  )
}

/**
 * A ListingRowCard that re-renders only when its row's fields, time, viewer, heart or handlers changed: the grids
 * re-read the mirror after every write of a first pull. Handlers and `actions` must be stable functions.
 */
export const MemoListingRowCard = memo(ListingRowCard, (a, b) => {
  const { row: ra, ...pa } = a
  const { row: rb, ...pb } = b
  return sameRowFields(ra, rb) && sameRowFields(pa, pb)
})
