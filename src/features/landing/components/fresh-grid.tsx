/**
 * The home grid's cards from the device's mirror (docs/product.md §2.2 "Fresh from the Circle"). A chunk of its own: it reads
 * the database, which loads after the landing page's first paint; the section holds the grid's space meanwhile.
 */
import { useDeferredValue, useState } from 'react'
import { homeGrid } from '@/domain/listing-view'
import { t } from '@/i18n'
import { useServerReachable, useSyncStatus } from '@/data'
import { MemoListingRowCard } from '@/shared/listing-row-card'
import { useFreshListings } from '../hooks/use-fresh-listings'
import { FRESH_GRID, FreshGridSkeleton } from './fresh-grid-skeleton'

/** The first row on a wide screen (4 columns): in view at once there, so their photos load first (LCP). */
const EAGER_CARDS = 4

export function FreshGrid() {
  // The cards render in a background (time-sliced) pass once the mirror answers, not in one long task (TBT).
  const rows = useDeferredValue(useFreshListings())
  const reachable = useServerReachable()
  const synced = useSyncStatus((s) => s.lastSyncAt !== null) || !reachable
  const [now] = useState(() => new Date())
  const cards = rows ? homeGrid(rows.map((row) => ({ row, isSold: row.status === 'sold' }))) : undefined
  // Until the device has listings (or the first sync found none), the grid's space is held by skeleton cards.
  if (!cards || (cards.length === 0 && !synced)) {
    return <FreshGridSkeleton />
  }
  if (cards.length === 0)
    return <p className="mt-8 rounded-3xl bg-stone-50 px-6 py-10 text-center text-stone-700">{t('feed.freshEmpty')}</p>
  return (
    <ul className={FRESH_GRID}>
      {cards.map(({ row }, i) => (
        <li key={row.id}>
          {/* A home-grid card (docs/product.md §2.2): image, title, brand, size, price in CHF, New badge; it leads to /item/:id. */}
          <MemoListingRowCard row={row} now={now} eager={i < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  )
}
