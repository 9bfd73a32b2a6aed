import { useState, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { t } from '@/i18n'
import { cx } from './cx'
import { Field, type FieldProps } from './field'

const CONTROL =
  'w-full rounded-xl border border-stone-400 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-green-700 ' +
  'aria-[invalid=true]:border-red-700'

interface FieldOwnProps {
  label: string
  error?: string
  hint?: string
  counter?: FieldProps['counter']
}

export type InputProps = FieldOwnProps & InputHTMLAttributes<HTMLInputElement>

export function Input({ label, error, hint, counter, className, required, ...props }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} counter={counter} required={required}>
      {(aria) => <input {...aria} required={required} className={cx(CONTROL, 'h-11', className)} {...props} />}
    </Field>
  )
}

export type PasswordInputProps = FieldOwnProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>

/** A password field with a Show / Hide button, so a phone user can check what they typed before submitting. */
export function PasswordInput({ label, error, hint, className, required, ...props }: PasswordInputProps) {
  const [shown, setShown] = useState(false)
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(aria) => (
        <div className="relative">
          <input
            {...aria}
            type={shown ? 'text' : 'password'}
            required={required}
            className={cx(CONTROL, 'h-11 pr-14', className)}
            {...props}
          />
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-label={t(shown ? 'common.hidePassword' : 'common.showPassword')}
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-stone-600 hover:text-stone-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-green-700"
          >
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" strokeLinejoin="round" />
              <circle cx="12" cy="12" r="3" />
              {shown && <path d="M4 4l16 16" strokeLinecap="round" />}
            </svg>
          </button>
        </div>
      )}
    </Field>
  )
}

export type TextAreaProps = FieldOwnProps & TextareaHTMLAttributes<HTMLTextAreaElement>

export function TextArea({ label, error, hint, counter, className, required, ...props }: TextAreaProps) {
  return (
    <Field label={label} error={error} hint={hint} counter={counter} required={required}>
      {(aria) => (
        <textarea {...aria} required={required} className={cx(CONTROL, 'min-h-32 py-2', className)} {...props} />
      )}
    </Field>
  )
}

export type SelectProps = FieldOwnProps & SelectHTMLAttributes<HTMLSelectElement>

export function Select({ label, error, hint, className, required, children, ...props }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {(aria) => (
        <select {...aria} required={required} className={cx(CONTROL, 'h-11', className)} {...props}>
          {children}
        </select>
      )}
    </Field>
  )
}

export type CheckboxProps = { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>

export function Checkbox({ label, className, ...props }: CheckboxProps) {
  return (
    <label className={cx('inline-flex min-h-11 items-center gap-3 text-base text-stone-900', className)}>
      <input
        type="checkbox"
        className="h-5 w-5 accent-green-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700"
        {...props}
      />
      {label}
    </label>
  )
}
