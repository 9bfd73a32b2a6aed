import type { ReactNode } from 'react'

/** A calm message in place of the grid (empty results, offline with no data): what happened and the way out. */
export function FeedMessage({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-3xl bg-stone-50 px-6 py-12 text-center">
      <svg viewBox="0 0 24 24" className="h-10 w-10 text-stone-400" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
        <circle cx="11" cy="11" r="7" />
        <path d="M20 20l-3.5-3.5M8.5 11h5" strokeLinecap="round" />
      </svg>
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      {hint && <p className="text-stone-700">{hint}</p>}
      {children}
    </div>
  )
}

/** "Offline — showing what this device has": a quiet line above a feed read from the mirror. */
export function OfflineNote({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-stone-800 ring-1 ring-amber-300">
      <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-amber-600" />
      {text}
    </p>
  )
}
