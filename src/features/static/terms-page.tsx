import { MINIMUM_USER_AGE_YEARS } from '@/domain/constants'
import { t } from '@/i18n'
import { longText } from '@/i18n/long-texts'
import { MailLink } from './components/mail-link'
import { ProsePage } from './components/prose-page'
import { SlottedText } from './components/slotted-text'
import { POLICIES_UPDATED } from './static-constants'

export function TermsPage() {
  return (
    <ProsePage
      title={t('terms.title')}
      updated={POLICIES_UPDATED}
      lead={longText('terms.lead')}
      sections={[
        { heading: longText('terms.whatTitle'), body: <p>{longText('terms.whatText')}</p> },
        {
          heading: longText('terms.paymentTitle'),
          body: <p>{`${t('terms.noPayments')} ${longText('terms.paymentText')}`}</p>,
        },
        {
          heading: longText('terms.accountsTitle'),
          body: <p>{longText('terms.accountsText', { age: MINIMUM_USER_AGE_YEARS })}</p>,
        },
        { heading: longText('terms.listingsTitle'), body: <p>{longText('terms.listingsText')}</p> },
        { heading: longText('terms.membershipTitle'), body: <p>{longText('terms.membershipText')}</p> },
        {
          heading: longText('terms.lawTitle'),
          body: (
            <p>
              {`${longText('terms.law')} ${t('terms.courts')} `}
              <SlottedText text={longText('terms.questions')} slots={{ email: <MailLink /> }} />
            </p>
          ),
        },
      ]}
    />
  )
}
