import type { Pagination } from '@/domain/pagination'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { cx } from '@/ui/cx'

/** Previous, the page list of docs/product.md §2.6 (with its ellipses), Next; Previous and Next are disabled at the ends. */
export function PaginationNav({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  const { page, items, previousDisabled, nextDisabled, totalPages } = pagination
  if (totalPages <= 1) return null
  return (
    <nav aria-label={t('feed.pagination')} className="mt-10 flex items-center justify-center gap-0.5 sm:gap-1">
      <Button
        variant="outline"
        size="sm"
        className="h-11 min-w-11 px-2 sm:px-3"
        disabled={previousDisabled}
        onClick={() => onPage(page - 1)}
      >
        <span aria-hidden="true">‹</span>
        <span className="sr-only sm:not-sr-only">{t('shop.previous')}</span>
      </Button>
      <ul className="flex items-center gap-0.5 sm:gap-1">
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                onClick={() => onPage(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={item === page ? t('feed.pageCurrent', { page: item }) : t('shop.page', { page: item })}
                className={cx(
                  'h-11 min-w-10 rounded-full px-1.5 text-sm font-semibold sm:min-w-11 sm:px-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700',
                  item === page ? 'bg-green-800 text-white' : 'text-stone-800 hover:bg-stone-100',
                )}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-label={t('shop.morePages')} className="px-1 text-stone-600">
              …
            </li>
          ),
        )}
      </ul>
      <Button
        variant="outline"
        size="sm"
        className="h-11 min-w-11 px-2 sm:px-3"
        disabled={nextDisabled}
        onClick={() => onPage(page + 1)}
      >
        <span className="sr-only sm:not-sr-only">{t('shop.next')}</span>
        <span aria-hidden="true">›</span>
      </Button>
    </nav>
  )
}
