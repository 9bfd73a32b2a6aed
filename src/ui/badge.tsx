import type { HTMLAttributes } from 'react'
import { cx } from './cx'

export type BadgeVariant = 'default' | 'accent' | 'muted' | 'destructive'

const VARIANTS: Record<BadgeVariant, string> = {
  default: 'bg-green-800 text-white',
  accent: 'bg-amber-200 text-stone-900',
  muted: 'bg-stone-200 text-stone-800',
  destructive: 'bg-red-700 text-white',
}

export function Badge({
  variant = 'default',
  className,
  ...props
}: { variant?: BadgeVariant } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  )
}
