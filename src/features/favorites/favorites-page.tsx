import { useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { FavouriteCard } from './components/favourite-card'
import { FavoritesHeading } from './favorites-fallback'
import { useFavouriteListings } from './hooks/use-favourite-listings'
import { useToggleFavourite } from '@/shared/use-toggle-favourite'

const EAGER_CARDS = 4

/** /favorites, "My Favorites" (docs/product.md §2.8): the device's favourites from the mirror, online and offline. */
export function FavoritesPage() {
  const items = useFavouriteListings()
  const toggle = useToggleFavourite()
  const [now] = useState(() => new Date())
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <FavoritesHeading />
      {items === undefined ? (
        <div className="min-h-[60vh]" aria-busy="true" />
      ) : items.length === 0 ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-3xl bg-stone-50 px-6 py-12 text-center">
          <svg
            viewBox="0 0 24 24"
            className="h-10 w-10 text-stone-400"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z" strokeLinejoin="round" />
          </svg>
          <h2 className="text-xl font-semibold text-stone-900">{t('favorites.empty')}</h2>
          <p className="text-stone-700">{t('favorites.emptyHint')}</p>
          <Link to={paths.shop} className={buttonClasses()}>
            {t('feed.favBrowse')}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((item, i) => (
            <li key={item.favourite.listing_id}>
              <FavouriteCard
                item={item}
                now={now}
                eager={i < EAGER_CARDS}
                onToggle={(id, title) => void toggle(id, title)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
