import { t } from '@/i18n'
import { longText, type LongTextKey } from '@/i18n/long-texts'
import { MailLink } from './components/mail-link'
import { ProsePage } from './components/prose-page'
import { SlottedText } from './components/slotted-text'
import { POLICIES_UPDATED } from './static-constants'

const KEPT: LongTextKey[] = [
  'privacy.keepAccount',
  'privacy.keepListings',
  'privacy.keepMessages',
  'privacy.keepMembership',
]

export function PrivacyPolicyPage() {
  return (
    <ProsePage
      title={t('privacy.title')}
      updated={POLICIES_UPDATED}
      lead={longText('privacy.lead')}
      sections={[
        {
          heading: longText('privacy.minimumAgeTitle'),
          body: <p>{`${t('privacy.minimumAge')} ${longText('privacy.minimumAgeMore')}`}</p>,
        },
        {
          heading: longText('privacy.keepTitle'),
          body: (
            <ul className="list-disc space-y-1 pl-6">
              {KEPT.map((key) => (
                <li key={key}>{longText(key)}</li>
              ))}
            </ul>
          ),
        },
        { heading: longText('privacy.deviceTitle'), body: <p>{longText('privacy.deviceText')}</p> },
        {
          heading: longText('privacy.rightsTitle'),
          body: (
            <p>
              <SlottedText text={longText('privacy.rightsText')} slots={{ email: <MailLink /> }} />
            </p>
          ),
        },
      ]}
    />
  )
}
