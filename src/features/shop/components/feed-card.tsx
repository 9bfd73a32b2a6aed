import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import type { ListingRow } from '@/db/rows'
import { cardView } from '@/domain/listing-card-view'
import { locationLabel, sellerName, t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { ListingCard, useListingImageUrl } from '@/ui/listing-card'

export interface FeedCardProps {
  row: ListingRow
  now: Date
  viewerId: string | null | undefined
  liked: boolean
  onToggleLike: (id: string, title: string) => void
  eager: boolean
}

/** A feed card: the owner gets Edit (to /sell/edit/:id) instead of a message button (spec §2.6). */
export function FeedCard({ row, now, viewerId, liked, onToggleLike, eager }: FeedCardProps) {
  const card = cardView(row, now, viewerId)
  const imageUrl = useListingImageUrl(card.imagePath)
  return (
    <ListingCard
      title={card.title}
      price={card.price}
      imageUrl={imageUrl}
      brand={card.brand}
      size={card.size}
      location={locationLabel(card.location)}
      seller={sellerName(card.sellerName)}
      isSold={card.isSold}
      isNew={card.isNew}
      href={paths.item(card.id)}
      liked={liked}
      onToggleLike={() => onToggleLike(card.id, card.title)}
      eager={eager}
      headingLevel={2}
      actions={
        card.isOwn && !card.isSold ? (
          <Link to={paths.sellEdit(card.id)} className={buttonClasses({ variant: 'outline', size: 'sm' })} aria-label={t('feed.editLabel', { title: card.title })}>
            {t('shop.edit')}
          </Link>
        ) : undefined
      }
    />
  )
}
