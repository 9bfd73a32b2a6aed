import type { ReactNode } from 'react'
import { cx } from '@/ui/cx'

export type Tone = 'success' | 'error' | 'neutral'

const ICON_STYLE: Record<Tone, string> = {
  success: 'bg-green-100 text-green-800',
  error: 'bg-red-100 text-red-700',
  neutral: 'bg-amber-100 text-amber-900',
}

function Icon({ tone }: { tone: Tone }) {
  if (tone === 'neutral') return null
  return (
    <span
      aria-hidden="true"
      className={cx('flex h-16 w-16 items-center justify-center rounded-full', ICON_STYLE[tone])}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-8 w-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {tone === 'success' ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M7 7l10 10M17 7L7 17" />}
      </svg>
    </span>
  )
}

/** A spinning ring for "processing" (still under prefers-reduced-motion: the words say it too). */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="h-10 w-10 self-center rounded-full border-4 border-stone-200 border-t-green-700 motion-safe:animate-spin"
    />
  )
}

/** The centred card of the payment return pages: icon, title, text, then the buttons (children). */
export function ResultScreen({
  tone,
  title,
  text,
  busy = false,
  children,
}: {
  tone: Tone
  title: string
  text?: string
  busy?: boolean
  children?: ReactNode
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 sm:py-20">
      <div
        role={tone === 'error' ? 'alert' : 'status'}
        aria-busy={busy || undefined}
        className="flex w-full flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm"
      >
        <Icon tone={tone} />
        <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
        {text && <p className="max-w-md text-stone-700">{text}</p>}
        {/* Buttons: one full-width column on phones (equal widths), a centred row from sm. */}
        {children && (
          <div className="mt-2 flex w-full flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            {children}
          </div>
        )}
      </div>
    </div>
  )
}
