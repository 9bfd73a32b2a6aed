import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import type { ListingRow } from '@/data'
import { formatPrice } from '@/i18n/format'
import { t } from '@/i18n'
import { Badge } from '@/ui/badge'
import { ListingThumb } from './listing-thumb'

export interface ThreadHeaderProps {
  listing: ListingRow | undefined
  counterpartName: string
}

/** Above a thread: Back on phones, the listing (picture, title, price, Sold) linking to its page, and the other person. */
export function ThreadHeader({ listing, counterpartName }: ThreadHeaderProps) {
  const sold = listing?.status === 'sold'
  return (
    <div className="flex items-center gap-3 border-b border-stone-200 bg-white px-2 py-2 md:px-4">
      <Link
        to={paths.messages}
        aria-label={t('messages.backToList')}
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-green-700 md:hidden"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Link>
      <ListingThumb url={listing?.cover_image_url} sold={sold} sizePx={48} className="h-12 w-12" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-base font-semibold text-stone-900">{counterpartName}</h2>
        <p className="flex min-w-0 items-center gap-2 text-sm text-stone-700">
          {listing ? (
            <Link
              to={paths.item(listing.id)}
              className="truncate underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-green-700"
            >
              {listing.title}
            </Link>
          ) : (
            <span className="truncate">{t('messages.unknownListing')}</span>
          )}
          {listing && (
            <span className={sold ? 'shrink-0 text-stone-500 line-through' : 'shrink-0 font-semibold text-stone-900'}>
              {formatPrice(listing.price)}
            </span>
          )}
          {sold && (
            <Badge variant="muted" className="shrink-0">
              {t('messages.sold')}
            </Badge>
          )}
        </p>
      </div>
    </div>
  )
}
