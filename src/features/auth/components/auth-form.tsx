import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { validateAuthForm, type AuthFormValues } from '@/domain/auth-form'
import type { AuthMode } from '@/domain/errors'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { Input, PasswordInput } from '@/ui/input'
import { useOnlineStatus } from '@/ui/use-online-status'
import type { SubmitResult } from '../hooks/use-auth-submit'
import { domainResolver } from './form-resolver'

const EMPTY: AuthFormValues = { email: '', password: '', firstName: '', lastName: '' }

const SUBMIT = { signin: 'auth.signInSubmit', signup: 'auth.signUpSubmit', reset: 'auth.resetSubmit' } as const
const BUSY = { signin: 'auth.signingIn', signup: 'auth.creatingAccount', reset: 'auth.sending' } as const

export interface AuthFormProps {
  mode: AuthMode
  onSubmit: (mode: AuthMode, values: AuthFormValues) => Promise<SubmitResult>
  onDone: (result: { signedIn: boolean }) => void
}

/** The one form of /auth (docs/product.md §2.5, §5): its fields follow the mode; the whole form is disabled while it submits. */
export function AuthForm({ mode, onSubmit, onDone }: AuthFormProps) {
  const online = useOnlineStatus()
  // The failure belongs to the mode it happened in: another mode does not show it.
  const [failed, setFailed] = useState<{ mode: AuthMode; text: string } | null>(null)
  const failure = failed?.mode === mode ? failed.text : null
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<AuthFormValues>({
    defaultValues: EMPTY,
    resolver: domainResolver((v: AuthFormValues) => validateAuthForm(mode, v)),
  })

  // Another mode asks for other fields: what the previous one complained about no longer applies.
  useEffect(() => {
    clearErrors()
  }, [mode, clearErrors])

  const submit = handleSubmit(async (values) => {
    setFailed(null)
    const result = await onSubmit(mode, values)
    if (result.ok) onDone({ signedIn: result.signedIn })
    else setFailed({ mode, text: result.error })
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={isSubmitting} className="flex flex-col gap-5">
      {!online && (
        <p role="status" className="rounded-xl bg-amber-100 p-3 text-sm text-stone-900">
          {t('authScreen.offline')}
        </p>
      )}
      <fieldset disabled={isSubmitting} className="flex flex-col gap-5">
        <legend className="sr-only">
          {t(mode === 'signin' ? 'auth.signInTitle' : mode === 'signup' ? 'auth.signUpTitle' : 'auth.resetTitle')}
        </legend>
        {mode === 'signup' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <Input
              label={t('common.firstName')}
              required
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <Input
              label={t('common.lastName')}
              required
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
        )}
        <Input
          label={t('common.email')}
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        {mode !== 'reset' && (
          <PasswordInput
            label={t('common.password')}
            required
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            hint={mode === 'signup' ? t('auth.passwordHint') : undefined}
            error={errors.password?.message}
            {...register('password')}
          />
        )}
        {failure && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            {failure}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || !online}>
          {t(isSubmitting ? BUSY[mode] : SUBMIT[mode])}
        </Button>
      </fieldset>
    </form>
  )
}
