import { t } from '@/i18n'
import { cx } from '@/ui/cx'
import { useToggleFavourite } from '@/shared/use-toggle-favourite'
import { useIsFavourite } from '../hooks/use-favourite'

/** The heart: fills when the item is a favourite; a toast confirms each toggle (docs/product.md §8 feed). */
export function FavouriteButton({ listingId, title }: { listingId: string; title: string }) {
  const liked = useIsFavourite(listingId) ?? false
  const toggle = useToggleFavourite()
  return (
    <button
      type="button"
      onClick={() => void toggle(listingId, title)}
      aria-pressed={liked}
      aria-label={t(liked ? 'shop.unlike' : 'shop.like')}
      className={cx(
        'flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-stone-300 bg-white',
        'hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700',
        liked ? 'text-red-700' : 'text-stone-700',
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill={liked ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <path d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z" strokeLinejoin="round" />
      </svg>
    </button>
  )
}
