import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { validateNewPassword, type NewPasswordValues } from '@/domain/account-screens'
import { authErrorMessage } from '@/domain/errors'
import { render, renderToast, t } from '@/i18n'
import { setNewPassword } from '@/data'
import { Button } from '@/ui/button'
import { PasswordInput } from '@/ui/input'
import { toast } from '@/ui/toast/toast-store'
import { useOnlineStatus } from '@/ui/use-online-status'
import { domainResolver } from './form-resolver'

/** The new password, typed twice; the auth service may still refuse it (too weak), said next to the form. */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const online = useOnlineStatus()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    defaultValues: { password: '', confirm: '' },
    resolver: domainResolver(validateNewPassword),
  })

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null)
    const r = await setNewPassword(password)
    if (r.ok) {
      toast({ title: t('resetScreen.updated'), description: t('resetScreen.updatedDescription') })
      onDone()
      return
    }
    const message =
      r.code === 'unexpected'
        ? renderToast({ title: 'toast.unexpected', description: 'toast.unexpectedDescription' }).description!
        : render(authErrorMessage(r.message, { code: r.code }))
    toast({ title: t('toast.error'), description: message, destructive: true })
    setFailure(message)
  })

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={isSubmitting} className="flex flex-col gap-5">
      {!online && (
        <p role="status" className="rounded-xl bg-amber-100 p-3 text-sm text-stone-900">
          {t('authScreen.offline')}
        </p>
      )}
      <fieldset disabled={isSubmitting} className="flex flex-col gap-5">
        <legend className="sr-only">{t('resetScreen.title')}</legend>
        <PasswordInput
          label={t('resetScreen.newPassword')}
          required
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label={t('resetScreen.confirmPassword')}
          required
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        {failure && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            {failure}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || !online}>
          {t(isSubmitting ? 'resetScreen.saving' : 'resetScreen.submit')}
        </Button>
      </fieldset>
    </form>
  )
}
