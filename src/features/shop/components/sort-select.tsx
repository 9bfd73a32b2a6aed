import { useId } from 'react'
import { FEED_SORTS, type FeedSort } from '@/domain/feed-query'
import { t, type CatalogueKey } from '@/i18n'

const LABELS: Record<FeedSort, CatalogueKey> = {
  newest: 'feed.sortNewest',
  price_asc: 'feed.sortPriceAsc',
  price_desc: 'feed.sortPriceDesc',
}

/** Newest first, price low → high, price high → low. */
export function SortSelect({ value, onChange }: { value: FeedSort; onChange: (s: FeedSort) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only sm:not-sr-only sm:text-sm sm:text-stone-700">
        {t('feed.sortLabel')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as FeedSort)}
        className="h-11 rounded-full border border-stone-300 bg-white pr-8 pl-4 text-sm font-medium text-stone-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700"
      >
        {FEED_SORTS.map((s) => (
          <option key={s} value={s}>
            {t(LABELS[s])}
          </option>
        ))}
      </select>
    </div>
  )
}
