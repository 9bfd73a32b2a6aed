import { useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import type { ListingRow } from '@/db/rows'
import { HOME_GRID_MAX } from '@/domain/constants'
import { cardView } from '@/domain/listing-card-view'
import { homeGrid } from '@/domain/listing-view'
import { t } from '@/i18n'
import { useSyncStatus } from '@/sync/app-sync'
import { buttonClasses } from '@/ui/button'
import { ListingCard, ListingCardSkeleton, useListingImageUrl } from '@/ui/listing-card'
import { PRODUCTS_SECTION_ID } from '../landing-constants'
import { useFreshListings } from '../hooks/use-fresh-listings'

const GRID = 'mt-8 grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-4'

/** A home-grid card (spec §2.2): image, title, brand, size, price in CHF, New badge; it leads to /item/:id. */
function FreshCard({ row, now }: { row: ListingRow; now: Date }) {
  const card = cardView(row, now, null)
  const imageUrl = useListingImageUrl(card.imagePath)
  return (
    <ListingCard
      title={card.title}
      price={card.price}
      imageUrl={imageUrl}
      brand={card.brand}
      size={card.size}
      isSold={card.isSold}
      isNew={card.isNew}
      href={paths.item(card.id)}
    />
  )
}

function FreshGrid() {
  const rows = useFreshListings()
  const synced = useSyncStatus((s) => s.lastSyncAt !== null || !s.online)
  const [now] = useState(() => new Date())
  const cards = rows ? homeGrid(rows.map((row) => ({ row, isSold: row.status === 'sold' }))) : undefined
  // Until the device has listings (or the first sync found none), the grid's space is held by skeleton cards.
  if (!cards || (cards.length === 0 && !synced)) {
    return (
      <div className={GRID} aria-hidden="true">
        {Array.from({ length: HOME_GRID_MAX }, (_, i) => (
          <ListingCardSkeleton key={i} />
        ))}
      </div>
    )
  }
  if (cards.length === 0) return <p className="mt-8 rounded-3xl bg-stone-50 px-6 py-10 text-center text-stone-700">{t('feed.freshEmpty')}</p>
  return (
    <ul className={GRID}>
      {cards.map(({ row }) => (
        <li key={row.id}>
          <FreshCard row={row} now={now} />
        </li>
      ))}
    </ul>
  )
}

/** "Fresh from the Circle" (spec §2.2 section 2) with "Browse All Items" and "Start Selling". */
export function ProductsSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section id={PRODUCTS_SECTION_ID} aria-labelledby="products-title" className="mx-auto max-w-6xl px-4 py-12">
      <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
        <h2 id="products-title" className="text-3xl font-bold text-stone-900">
          {t('landing.freshTitle')}
        </h2>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.shop} className={buttonClasses({ variant: 'outline' })}>
            {t('landing.browseAll')}
          </Link>
          <Link to={signedIn ? paths.sell : paths.auth()} className={buttonClasses()}>
            {t('landing.startSelling')}
          </Link>
        </div>
      </div>
      <FreshGrid />
    </section>
  )
}
