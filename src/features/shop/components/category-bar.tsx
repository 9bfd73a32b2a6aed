import { CATEGORY_FILTERS, type Category } from '@/domain/categories'
import { categoryLabel, t } from '@/i18n'
import { ToggleChip } from './toggle-chip'

/** The categories as one row of chips ("All Items" first); choosing one resets the page (docs/product.md §2.6). */
export function CategoryBar({
  value,
  onChange,
}: {
  value: Category | undefined
  onChange: (c: Category | undefined) => void
}) {
  return (
    <div
      role="group"
      aria-label={t('filter.category')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
    >
      {CATEGORY_FILTERS.map((c) => {
        const category = c === 'all' ? undefined : c
        return (
          <span key={c} className="shrink-0">
            <ToggleChip pressed={value === category} onToggle={() => onChange(category)}>
              {categoryLabel(c)}
            </ToggleChip>
          </span>
        )
      })}
    </div>
  )
}
