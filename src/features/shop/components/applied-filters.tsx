import { isDefaultFilters, type FeedFilters } from '@/domain/feed-filters'
import { categoryLabel, conditionFilterLabel, t } from '@/i18n'
import { cityLabel } from '@/i18n/place-label'
import { Button } from '@/ui/button'

interface Chip {
  key: string
  label: string
  without: FeedFilters
}

function chipsOf(f: FeedFilters): Chip[] {
  const chips: Chip[] = []
  const { category, priceMin, priceMax, locations = [], sizes = [], conditions = [] } = f
  if (category) chips.push({ key: 'category', label: categoryLabel(category), without: { ...f, category: undefined } })
  if (priceMin !== undefined || priceMax !== undefined) {
    const label =
      priceMin !== undefined && priceMax !== undefined
        ? t('feed.priceChip', { min: priceMin, max: priceMax })
        : priceMin !== undefined
          ? t('feed.priceChipFrom', { min: priceMin })
          : t('feed.priceChipTo', { max: priceMax! })
    chips.push({ key: 'price', label, without: { ...f, priceMin: undefined, priceMax: undefined } })
  }
  for (const l of locations)
    chips.push({ key: `loc-${l}`, label: cityLabel(l), without: { ...f, locations: locations.filter((x) => x !== l) } })
  for (const s of sizes)
    chips.push({ key: `size-${s}`, label: s, without: { ...f, sizes: sizes.filter((x) => x !== s) } })
  for (const c of conditions) {
    chips.push({
      key: `cond-${c}`,
      label: conditionFilterLabel(c),
      without: { ...f, conditions: conditions.filter((x) => x !== c) },
    })
  }
  return chips
}

/** The applied filters as removable chips, with Reset beside them (the search has its own line). */
export function AppliedFilters({
  filters,
  onChange,
  onReset,
}: {
  filters: FeedFilters
  onChange: (f: FeedFilters) => void
  onReset: () => void
}) {
  const chips = chipsOf(filters)
  if (chips.length === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('feed.appliedFilters')}>
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          onClick={() => onChange(c.without)}
          aria-label={t('feed.removeFilter', { label: c.label })}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-green-50 px-4 text-sm font-medium text-green-900 ring-1 ring-green-800/30 hover:bg-green-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700"
        >
          {c.label}
          <svg
            viewBox="0 0 24 24"
            className="h-4 w-4"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      ))}
      {(chips.length > 1 || !isDefaultFilters(filters)) && (
        <Button variant="ghost" onClick={onReset} className="min-h-11 underline underline-offset-4">
          {t('feed.resetFilters')}
        </Button>
      )}
    </div>
  )
}
