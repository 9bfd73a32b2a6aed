import { CONTACT_EMAIL } from '@/domain/constants'
import { t } from '@/i18n'
import { ContactForm } from './contact/contact-form'

export function ContactPage() {
  // The catalogue's sentence has an {email} slot; the address goes in as a mailto link.
  const [before = '', after = ''] = t('contact.direct').split('{email}')
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-4xl font-extrabold tracking-tight text-green-900">{t('contact.title')}</h1>
      <p className="mt-4 text-lg text-stone-700">
        {before}
        <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-green-800 underline underline-offset-4">
          {CONTACT_EMAIL}
        </a>
        {after}
      </p>
      <div className="mt-8">
        <ContactForm />
      </div>
    </div>
  )
}
