import { useId, useRef, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import { feedViewFromParams, feedViewToParams, searchView } from '@/domain/feed-query'
import { t } from '@/i18n'
import { cx } from '@/ui/cx'
import { useFittingPlaceholder } from '@/ui/fitting-text'

/**
 * The header's search (docs/product.md §2.4 placeholder; docs/decisions.md#D-search): opens the shop feed with the query
 * (/shop?q=…), which searches the device's mirror, so it works offline too. On the shop, a new search keeps the
 * other filters; the box shows what is searched and a button clears it.
 */
export function SearchBox({ className }: { className?: string }) {
  const location = useLocation()
  const navigate = useNavigate()
  const onShop = location.pathname === paths.shop
  const current = onShop ? feedViewFromParams(new URLSearchParams(location.search)) : null
  const searched = current?.filters.query ?? ''
  const [query, setQuery] = useState(searched)
  // Follow the URL (Back, a cleared search, a chip): the box shows the search the page shows.
  const [shown, setShown] = useState(searched)
  if (shown !== searched) {
    setShown(searched)
    setQuery(searched)
  }
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const placeholder = useFittingPlaceholder(input, [
    t('header.searchPlaceholder'),
    t('header.searchPlaceholderMedium'),
    t('header.searchPlaceholderShort'),
  ])

  const go = (q: string) => {
    const params = feedViewToParams(searchView(current, q)).toString()
    void navigate(params ? `${paths.shop}?${params}` : paths.shop)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    go(query)
    input.current?.blur()
  }
  const clear = () => {
    setQuery('')
    if (searched) go('')
    input.current?.focus()
  }

  return (
    <form role="search" onSubmit={submit} className={className}>
      <label htmlFor={id} className="sr-only">
        {t('header.searchLabel')}
      </label>
      <div className="relative">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-stone-600"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          id={id}
          type="search"
          enterKeyHint="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={placeholder}
          className={cx(
            'h-11 w-full rounded-full border border-stone-300 bg-stone-50 pl-10 text-base text-stone-900 placeholder:text-stone-600 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-green-700 [&::-webkit-search-cancel-button]:appearance-none',
            // Room for the clear button only while there is something to clear: a wider placeholder otherwise.
            query !== '' ? 'pr-11' : 'pr-4',
          )}
        />
        {query !== '' && (
          <button
            type="button"
            onClick={clear}
            aria-label={t('feed.clearSearch')}
            className="absolute top-1/2 right-0 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full text-stone-700 hover:text-stone-900 focus-visible:outline-3 focus-visible:outline-green-700"
          >
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
        )}
      </div>
    </form>
  )
}
