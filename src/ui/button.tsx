import type { ButtonHTMLAttributes } from 'react'
import { cx } from './cx'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger-outline' | 'ghost' | 'destructive'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-green-800 text-white hover:bg-green-900',
  secondary: 'bg-amber-100 text-stone-900 hover:bg-amber-200',
  outline: 'border border-stone-400 bg-white text-stone-900 hover:bg-stone-100',
  'danger-outline': 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
  ghost: 'text-stone-800 hover:bg-stone-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
}

// Small buttons stay 44 px tall wherever a finger taps them (phones, and touch screens of any width).
const SIZES: Record<ButtonSize, string> = {
  sm: 'h-11 px-3 text-sm sm:h-9 sm:pointer-coarse:h-11',
  // A label that wraps (a long language on a phone) makes the button taller, never cramped in a fixed height.
  md: 'min-h-11 px-5 py-1.5 text-center text-base',
  lg: 'min-h-12 px-7 py-2 text-center text-lg',
  icon: 'h-11 w-11',
}

/** The look of a button, for links that act as buttons (<Link className={buttonClasses()}>). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
}: { variant?: ButtonVariant; size?: ButtonSize } = {}) {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
  )
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cx(buttonClasses({ variant, size }), className)} {...props} />
}
