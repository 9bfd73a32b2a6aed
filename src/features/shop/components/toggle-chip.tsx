import type { ReactNode } from 'react'
import { cx } from '@/ui/cx'

/** A multi-select chip (sizes, conditions, cities): a toggle button, 44 px tall for touch. */
export function ToggleChip({
  pressed,
  onToggle,
  children,
}: {
  pressed: boolean
  onToggle: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cx(
        'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border px-4 text-sm font-medium transition-colors',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700',
        pressed
          ? 'border-green-800 bg-green-800 text-white'
          : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
      )}
    >
      {children}
    </button>
  )
}
