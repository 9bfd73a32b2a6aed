import { useId, useState, type ReactNode } from 'react'
import { CATEGORIES, FILTER_LOCATIONS, FILTER_SIZES } from '@/domain/categories'
import { CONDITIONS } from '@/domain/conditions'
import { priceRangeInverted, type FeedFilters } from '@/domain/feed-filters'
import { categoryLabel, conditionFilterLabel, t } from '@/i18n'
import { cityLabel } from '@/i18n/place-label'
import { Button } from '@/ui/button'
import { Sheet } from '@/ui/sheet'
import { draftOf, EMPTY_DRAFT, filtersOf, toggled, type FilterDraft } from '../filter-draft'
import { useFeedCount } from '../hooks/use-feed-count'
import { ToggleChip } from './toggle-chip'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-stone-200 py-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-3 w-full font-semibold text-stone-900">{title}</legend>
      <div className="clear-left flex flex-wrap gap-2">{children}</div>
    </fieldset>
  )
}

interface PriceInputProps {
  label: string
  value: string
  placeholder: string
  onChange: (v: string) => void
  /** The id of the message saying why the range is refused, when it is. */
  errorId?: string
}

function PriceInput({ label, value, placeholder, onChange, errorId }: PriceInputProps) {
  const id = useId()
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm text-stone-700">
        {label}
      </label>
      <div
        className={`flex items-center rounded-xl border bg-white focus-within:outline-3 focus-within:outline-green-700 ${errorId ? 'border-red-700' : 'border-stone-300'}`}
      >
        <span className="pl-3 text-sm text-stone-600" aria-hidden="true">
          {t('filter.currency')}
        </span>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="h-11 w-full min-w-0 rounded-xl bg-transparent px-2 text-base text-stone-900 outline-none placeholder:text-stone-500"
        />
      </div>
    </div>
  )
}

export interface FilterSheetProps {
  open: boolean
  filters: FeedFilters
  onClose: () => void
  onApply: (filters: FeedFilters) => void
}

/**
 * The filter panel (docs/product.md §2.6): a bottom sheet titled "Filter" with Category, Price (CHF), Location, Size and
 * Condition; Reset restores the defaults in the panel, Apply passes the filters and closes. The count of matches
 * comes from the in-memory projection, so it follows every change at no cost.
 *
 * The panel (its draft, its ~60 elements and its live count) exists only while the sheet is open: each opening
 * starts from the filters shown then, a closed sheet's edits are dropped, and a closed sheet neither adds to the
 * shop's first render nor re-counts the mirror after each of a first sync's writes (TBT on a cold /shop).
 */
export function FilterSheet({ open, filters, onClose, onApply }: FilterSheetProps) {
  return (
    <Sheet open={open} onClose={onClose} title={t('filter.title')}>
      {open && <FilterPanel filters={filters} onApply={onApply} />}
    </Sheet>
  )
}

function FilterPanel({ filters, onApply }: Pick<FilterSheetProps, 'filters' | 'onApply'>) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(filters))
  // The filters shown change under an open sheet only by Back or Forward: the panel then starts from them again.
  const [shown, setShown] = useState(filters)
  if (shown !== filters) {
    setShown(filters)
    setDraft(draftOf(filters))
  }
  const next = filtersOf(draft, filters.query)
  const count = useFeedCount(next)
  const edit = (change: Partial<FilterDraft>) => setDraft((d) => ({ ...d, ...change }))
  // docs/product.md#R-filter-price-order: an upside-down range is said where it is typed, and not applied.
  const priceErrorId = useId()
  const inverted = priceRangeInverted(draft.priceFrom, draft.priceTo)

  // The actions stay at the sheet's bottom edge while the sections scroll (sticky inside the scrolling sheet).
  const actions = (
    <div className="sticky bottom-0 -mx-5 -mb-5 flex items-center justify-between gap-3 border-t border-stone-200 bg-white px-5 py-3">
      <Button variant="ghost" onClick={() => setDraft(EMPTY_DRAFT)}>
        {t('filter.reset')}
      </Button>
      <div className="flex items-center gap-3">
        <span role="status" className="text-sm text-stone-700">
          {count === undefined ? '' : count === 1 ? t('feed.filterMatchesOne') : t('feed.filterMatches', { count })}
        </span>
        <Button onClick={() => onApply(next)} disabled={inverted}>
          {t('filter.apply')}
        </Button>
      </div>
    </div>
  )

  return (
    <>
      <Section title={t('filter.category')}>
        {[null, ...CATEGORIES].map((c) => (
          <ToggleChip key={c ?? 'all'} pressed={draft.category === c} onToggle={() => edit({ category: c })}>
            {categoryLabel(c ?? 'all')}
          </ToggleChip>
        ))}
      </Section>
      <Section title={t('filter.price')}>
        <div className="flex w-full gap-3">
          <PriceInput
            label={t('filter.priceFrom')}
            value={draft.priceFrom}
            placeholder="0"
            onChange={(priceFrom) => edit({ priceFrom })}
            {...(inverted ? { errorId: priceErrorId } : {})}
          />
          <PriceInput
            label={t('filter.priceTo')}
            value={draft.priceTo}
            placeholder="500+"
            onChange={(priceTo) => edit({ priceTo })}
            {...(inverted ? { errorId: priceErrorId } : {})}
          />
        </div>
        {inverted && (
          <p id={priceErrorId} role="alert" className="w-full text-sm text-red-800">
            {t('filter.priceRangeInverted')}
          </p>
        )}
      </Section>
      <Section title={t('filter.location')}>
        {FILTER_LOCATIONS.map((city) => (
          <ToggleChip
            key={city}
            pressed={draft.locations.includes(city)}
            onToggle={() => edit({ locations: toggled(draft.locations, city) })}
          >
            {cityLabel(city)}
          </ToggleChip>
        ))}
      </Section>
      <Section title={t('filter.size')}>
        {FILTER_SIZES.map((size) => (
          <ToggleChip
            key={size}
            pressed={draft.sizes.includes(size)}
            onToggle={() => edit({ sizes: toggled(draft.sizes, size) })}
          >
            {size}
          </ToggleChip>
        ))}
      </Section>
      <Section title={t('filter.condition')}>
        {CONDITIONS.map((c) => (
          <ToggleChip
            key={c}
            pressed={draft.conditions.includes(c)}
            onToggle={() => edit({ conditions: toggled(draft.conditions, c) })}
          >
            {conditionFilterLabel(c)}
          </ToggleChip>
        ))}
      </Section>
      {actions}
    </>
  )
}
