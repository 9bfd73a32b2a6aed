import { ProsePage } from './components/prose-page'
import { CONTACT_EMAIL } from '@/domain/constants'
import { t } from '@/i18n'
import { POLICIES_UPDATED } from './static-constants'

export function PrivacyPolicyPage() {
  return (
    <ProsePage
      title={t('privacy.title')}
      updated={POLICIES_UPDATED}
      lead="This policy explains what personal data Kreis keeps, why, and what you can do about it."
      sections={[
        {
          heading: 'Minimum age',
          body: <p>{t('privacy.minimumAge')} We do not knowingly keep data about anyone younger.</p>,
        },
        {
          heading: 'What we keep',
          body: (
            <ul className="list-disc space-y-1 pl-6">
              <li>Your account: e-mail address, name and, if you add it, your city.</li>
              <li>Your listings and their photos, which are public while a listing is active.</li>
              <li>Messages you exchange with other members, visible only to the two of you.</li>
              <li>Your membership status and payment dates (card details stay with the payment provider).</li>
            </ul>
          ),
        },
        {
          heading: 'On your device',
          body: (
            <p>
              Kreis works offline: listings, your messages and drafts are stored in your browser so the app opens
              quickly without a network. Signing out and clearing the site data removes them.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You can see, correct or delete your data at any time. Write to{' '}
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
