import { MINIMUM_USER_AGE_YEARS } from '@/domain/constants'
import { t } from '@/i18n'
import { MailLink } from './components/mail-link'
import { ProsePage } from './components/prose-page'
import { SlottedText } from './components/slotted-text'
import { POLICIES_UPDATED } from './static-constants'

export function TermsPage() {
  return (
    <ProsePage
      title={t('terms.title')}
      updated={POLICIES_UPDATED}
      lead={t('terms.lead')}
      sections={[
        { heading: t('terms.whatTitle'), body: <p>{t('terms.whatText')}</p> },
        { heading: t('terms.paymentTitle'), body: <p>{`${t('terms.noPayments')} ${t('terms.paymentText')}`}</p> },
        { heading: t('terms.accountsTitle'), body: <p>{t('terms.accountsText', { age: MINIMUM_USER_AGE_YEARS })}</p> },
        { heading: t('terms.listingsTitle'), body: <p>{t('terms.listingsText')}</p> },
        { heading: t('terms.membershipTitle'), body: <p>{t('terms.membershipText')}</p> },
        {
          heading: t('terms.lawTitle'),
          body: (
            <p>
              {`${t('terms.law')} ${t('terms.courts')} `}
              <SlottedText text={t('terms.questions')} slots={{ email: <MailLink /> }} />
            </p>
          ),
        },
      ]}
    />
  )
}
