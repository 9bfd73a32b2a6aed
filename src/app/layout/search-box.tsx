import { useId, useState, type FormEvent } from 'react'
import { t } from '@/i18n'

/** The header's search (spec §2.4): the query is only logged; no search is performed yet. */
export function SearchBox({ className }: { className?: string }) {
  const [query, setQuery] = useState('')
  const id = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    console.info('[kreis] search:', query)
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
          id={id}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('header.searchPlaceholder')}
          className="h-10 w-full rounded-full border border-stone-300 bg-stone-50 pr-4 pl-10 text-base text-stone-900 placeholder:text-stone-600 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-green-700"
        />
      </div>
    </form>
  )
}
