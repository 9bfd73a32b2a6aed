import { useForm } from 'react-hook-form'
import type { ProfileFormValues } from '@/domain/profile'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { Input } from '@/ui/input'

/** First name, last name and location, each optional (docs/product.md §5 profile edit); saved on the device at once. */
export function ProfileForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: ProfileFormValues
  onSave: (values: ProfileFormValues) => Promise<boolean>
  onCancel: () => void
}) {
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ProfileFormValues>({ defaultValues: initial })
  return (
    <form
      onSubmit={(e) => void handleSubmit(async (v) => void (await onSave(v)))(e)}
      aria-busy={isSubmitting}
      className="flex flex-col gap-5"
    >
      <fieldset disabled={isSubmitting} className="flex flex-col gap-5">
        <legend className="sr-only">{t('profile.edit')}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Input label={t('common.firstName')} autoComplete="given-name" {...register('firstName')} autoFocus />
          <Input label={t('common.lastName')} autoComplete="family-name" {...register('lastName')} />
        </div>
        <Input
          label={t('common.location')}
          autoComplete="address-level2"
          hint={t('profileScreen.locationHint')}
          {...register('location')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t(isSubmitting ? 'profile.saving' : 'profile.save')}</Button>
        </div>
      </fieldset>
    </form>
  )
}
