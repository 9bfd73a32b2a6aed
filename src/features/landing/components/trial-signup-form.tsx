import { useRef, type FormEvent } from 'react'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'
import { useOnlineStatus } from '@/ui/use-online-status'
import type { TrialFormValues, TrialSubmitResult } from '../hooks/use-trial-signup'

export interface TrialSignupFormProps {
  values: TrialFormValues
  onChange: <K extends keyof TrialFormValues>(key: K, value: TrialFormValues[K]) => void
  submitting: boolean
  /** The last attempt found no network. */
  offline: boolean
  onSubmit: () => Promise<TrialSubmitResult>
}

/**
 * The trial modal's form (docs/product.md §2.3, §5): e-mail required (an email-type field; an empty one gets the §5 toast, so
 * the browser's own bubble is switched off with noValidate), password, first name and city optional. While it
 * submits, the button reads "Starting Trial..." and every field is disabled.
 */
export function TrialSignupForm({ values, onChange, submitting, offline, onSubmit }: TrialSignupFormProps) {
  const online = useOnlineStatus()
  const formRef = useRef<HTMLFormElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const result = await onSubmit()
    // The toast names the e-mail: the cursor goes back to it.
    if (result === 'invalid' || result === 'refused')
      formRef.current?.querySelector<HTMLInputElement>('[name="email"]')?.focus()
  }

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-busy={submitting}
      className="flex flex-col gap-4"
    >
      {(offline || !online) && (
        <p role="alert" className="rounded-xl bg-amber-100 p-3 text-sm text-stone-900">
          {t('trial.offline')}
        </p>
      )}
      <fieldset disabled={submitting} className="flex flex-col gap-4">
        <Input
          label={t('trial.email')}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder={t('trial.emailPlaceholder')}
          value={values.email}
          onChange={(e) => onChange('email', e.target.value)}
        />
        <Input
          label={t('trial.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => onChange('password', e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t('trial.firstName')}
            name="firstName"
            autoComplete="given-name"
            maxLength={100}
            value={values.firstName}
            onChange={(e) => onChange('firstName', e.target.value)}
          />
          <Input
            label={t('trial.city')}
            name="city"
            autoComplete="address-level2"
            maxLength={100}
            value={values.city}
            onChange={(e) => onChange('city', e.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting || !online}>
          {t(submitting ? 'trial.submitting' : 'trial.submit')}
        </Button>
      </fieldset>
    </form>
  )
}
