import type { ReactNode } from 'react'

/** A calm message in place of the grid (empty results, offline with no data): what happened and the way out. */
export function FeedMessage({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-3xl bg-stone-50 px-6 py-12 text-center">
      <svg
        viewBox="0 0 24 24"
        className="h-10 w-10 text-stone-400"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5M8.5 11h5" strokeLinecap="round" />
      </svg>
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      {hint && <p className="text-stone-700">{hint}</p>}
      {children}
    </div>
  )
}
