import { CONTACT_EMAIL } from '@/domain/constants'

/** Kreis's contact address as a mailto link, inside a sentence of the static pages. */
export function MailLink() {
  return (
    <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-green-800 underline underline-offset-4">
      {CONTACT_EMAIL}
    </a>
  )
}
