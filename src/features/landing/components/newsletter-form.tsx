import { useId, useState, type FormEvent } from 'react'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { Button } from '@/ui/button'
import { toast } from '@/ui/toast/toast-store'

/** Newsletter sign-up (docs/product.md §5, §7.2): no network call; a toast and an emptied field. */
export function NewsletterForm() {
  const [email, setEmail] = useState('')
  const id = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!email.trim()) return
    toast(renderToast(TOASTS.newsletterSubscribed))
    setEmail('')
  }
  return (
    <form onSubmit={submit} className="flex w-full max-w-md flex-col gap-2">
      <h3 className="text-lg font-semibold">{t('landing.newsletterTitle')}</h3>
      <label htmlFor={id} className="sr-only">
        {t('landing.newsletterPlaceholder')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('landing.newsletterPlaceholder')}
          className="h-11 min-w-0 flex-1 rounded-full border border-white bg-white px-4 text-base text-stone-900 placeholder:text-stone-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
        />
        <Button type="submit" variant="secondary">
          {t('landing.newsletterSubmit')}
        </Button>
      </div>
    </form>
  )
}
