import { t, type CatalogueKey } from '@/i18n'
import { MailLink } from './components/mail-link'
import { ProsePage } from './components/prose-page'
import { SlottedText } from './components/slotted-text'
import { POLICIES_UPDATED } from './static-constants'

const KEPT: CatalogueKey[] = ['privacy.keepAccount', 'privacy.keepListings', 'privacy.keepMessages', 'privacy.keepMembership']

export function PrivacyPolicyPage() {
  return (
    <ProsePage
      title={t('privacy.title')}
      updated={POLICIES_UPDATED}
      lead={t('privacy.lead')}
      sections={[
        { heading: t('privacy.minimumAgeTitle'), body: <p>{`${t('privacy.minimumAge')} ${t('privacy.minimumAgeMore')}`}</p> },
        {
          heading: t('privacy.keepTitle'),
          body: (
            <ul className="list-disc space-y-1 pl-6">
              {KEPT.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          ),
        },
        { heading: t('privacy.deviceTitle'), body: <p>{t('privacy.deviceText')}</p> },
        {
          heading: t('privacy.rightsTitle'),
          body: (
            <p>
              <SlottedText text={t('privacy.rightsText')} slots={{ email: <MailLink /> }} />
            </p>
          ),
        },
      ]}
    />
  )
}
