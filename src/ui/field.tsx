import { useId, type ReactNode } from 'react'

export interface FieldProps {
  label: string
  /** Shown under the control and announced with it; turns the control invalid. */
  error?: string
  hint?: string
  /** How much of its limit the value uses ("12 of 120 characters"), shown under the control and read with it. */
  counter?: { text: string; over: boolean }
  required?: boolean
  className?: string
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode
}

/** Label, control, hint and error wired together by id, so screen readers read them as one field. */
export function Field({ label, error, hint, counter, required, className, children }: FieldProps) {
  const id = useId()
  // A hint the error repeats word for word ("Password must be at least 6 characters long") is said once.
  const shownHint = hint && hint !== error ? hint : undefined
  const hintId = shownHint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const counterId = counter ? `${id}-counter` : undefined
  const describedBy = [hintId, counterId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className ?? 'flex flex-col gap-1.5'}>
      <label htmlFor={id} className="text-sm font-medium text-stone-900">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {shownHint && (
        <p id={hintId} className="text-sm text-stone-600">
          {shownHint}
        </p>
      )}
      {counter && (
        <p id={counterId} className={counter.over ? 'text-sm font-medium text-red-700' : 'text-sm text-stone-600'}>
          {counter.text}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
