import { Link } from 'react-router-dom'
import { t, type CatalogueKey } from '@/i18n'
import { ProsePage } from './components/prose-page'
import { SlottedText } from './components/slotted-text'

const STEPS: [CatalogueKey, CatalogueKey][] = [
  ['landing.step1Title', 'landing.step1Text'],
  ['landing.step2Title', 'landing.step2Text'],
  ['landing.step3Title', 'landing.step3Text'],
  ['landing.step4Title', 'landing.step4Text'],
]

const LINK = 'font-semibold text-green-800 underline underline-offset-4'

export function JoinMovementPage() {
  return (
    <ProsePage
      title={t('joinMovement.title')}
      lead={t('joinMovement.lead')}
      sections={[
        {
          heading: t('joinMovement.stepsTitle'),
          body: (
            <ol className="list-decimal space-y-1 pl-6">
              {STEPS.map(([title, text]) => (
                <li key={title}>
                  <strong>{t('joinMovement.step', { title: t(title) })}</strong> {t(text)}
                </li>
              ))}
            </ol>
          ),
        },
        { heading: t('joinMovement.membershipTitle'), body: <p>{t('joinMovement.membershipText')}</p> },
        {
          heading: t('joinMovement.startTitle'),
          body: (
            <p>
              <SlottedText
                text={t('joinMovement.startText')}
                slots={{
                  signUp: (
                    <Link to="/auth?mode=signup" className={LINK}>
                      {t('joinMovement.signUp')}
                    </Link>
                  ),
                  browse: (
                    <Link to="/shop" className={LINK}>
                      {t('joinMovement.browse')}
                    </Link>
                  ),
                }}
              />
            </p>
          ),
        },
      ]}
    />
  )
}
