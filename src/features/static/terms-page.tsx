import { ProsePage } from './components/prose-page'
import { CONTACT_EMAIL, MINIMUM_USER_AGE_YEARS } from '@/domain/constants'
import { t } from '@/i18n'
import { POLICIES_UPDATED } from './static-constants'

export function TermsPage() {
  return (
    <ProsePage
      title={t('terms.title')}
      updated={POLICIES_UPDATED}
      lead="These terms apply to everyone who uses Kreis, a marketplace where people in Switzerland buy and sell pre-loved clothes directly from each other."
      sections={[
        {
          heading: 'What Kreis does',
          body: (
            <p>
              Kreis lets members list clothes, find items and message each other. Kreis is not a party to any sale.
            </p>
          ),
        },
        {
          heading: 'Payment and shipping between members',
          body: (
            <p>
              {t('terms.noPayments')} Buyers and sellers agree on price, payment, pickup or delivery themselves and
              are responsible for them.
            </p>
          ),
        },
        {
          heading: 'Accounts',
          body: (
            <p>
              You must be at least {MINIMUM_USER_AGE_YEARS} years old to use Kreis. Keep your login details private; you are
              responsible for what happens under your account.
            </p>
          ),
        },
        {
          heading: 'Listings and reviews',
          body: (
            <p>
              List only clothes you own and describe them honestly, with photos of the actual item. Members can leave
              reviews about each other; reviews must be truthful and respectful.
            </p>
          ),
        },
        {
          heading: 'Seller membership',
          body: (
            <p>
              Selling requires a membership: month 1 free (no card required), month 2 CHF 2, and from month 3 CHF 5 per
              month. The membership renews automatically and can be cancelled at any time; partial months are not
              refunded. Kreis charges no commission on sales.
            </p>
          ),
        },
        {
          heading: 'Law and courts',
          body: (
            <p>
              These terms are governed by Swiss law. {t('terms.courts')} Questions:{' '}
              <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-green-800 underline underline-offset-4">
                {CONTACT_EMAIL}
              </a>
              .
            </p>
          ),
        },
      ]}
    />
  )
}
