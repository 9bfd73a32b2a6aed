import { memo } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { usePaintedPhotoOf, type ListingRow } from '@/data'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { ListingRowCard, sameRowFields } from '@/shared/listing-row-card'

export interface FeedCardProps {
  row: ListingRow
  now: Date
  viewerId: string | null | undefined
  liked: boolean
  onToggleLike: (id: string, title: string) => void
  eager: boolean
}

/**
 * A feed card: others' listings get Message (the item's page with its Message Seller dialog open), the owner Edit
 * (to /sell/edit/:id) instead (docs/product.md §2.6); a sold listing neither.
 */
function FeedCardView({ row, now, viewerId, liked, onToggleLike, eager }: FeedCardProps) {
  // A cold visit's photo, painted from index.html: it stays behind the card's own until that has painted.
  const backdrop = usePaintedPhotoOf(row.id)
  return (
    <ListingRowCard
      backdrop={backdrop}
      row={row}
      now={now}
      viewerId={viewerId}
      eager={eager}
      showPlace
      liked={liked}
      onToggleLike={onToggleLike}
      headingLevel={2}
      actions={(card) =>
        card.isSold ? undefined : card.isOwn ? (
          <Link
            to={paths.sellEdit(card.id)}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={t('feed.editLabel', { title: card.title })}
          >
            {t('shop.edit')}
          </Link>
        ) : (
          <Link
            to={paths.itemMessage(card.id)}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={t('feed.messageLabel', { title: card.title })}
          >
            {t('feed.message')}
          </Link>
        )
      }
    />
  )
}

/**
 * A card re-renders only when what it shows changed. The page re-renders on every re-read of the mirror while the
 * first pull writes, and each re-render of twelve cards cost a phone tens of milliseconds (TBT). `onToggleLike`
 * must be a stable function (the page's is).
 */
export const FeedCard = memo(FeedCardView, (a, b) => {
  const { row: ra, ...pa } = a
  const { row: rb, ...pb } = b
  return sameRowFields(ra, rb) && sameRowFields(pa, pb)
})
