import { Link } from 'react-router-dom'
import { t, type CatalogueKey } from '@/i18n'
import { longText } from '@/i18n/long-texts'
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
      lead={longText('joinMovement.lead')}
      sections={[
        {
          heading: longText('joinMovement.stepsTitle'),
          body: (
            <ol className="list-decimal space-y-1 pl-6">
              {STEPS.map(([title, text]) => (
                <li key={title}>
                  <strong>{longText('joinMovement.step', { title: t(title) })}</strong> {t(text)}
                </li>
              ))}
            </ol>
          ),
        },
        { heading: longText('joinMovement.membershipTitle'), body: <p>{longText('joinMovement.membershipText')}</p> },
        {
          heading: longText('joinMovement.startTitle'),
          body: (
            <p>
              <SlottedText
                text={longText('joinMovement.startText')}
                slots={{
                  signUp: (
                    <Link to="/auth?mode=signup" className={LINK}>
                      {longText('joinMovement.signUp')}
                    </Link>
                  ),
                  browse: (
                    <Link to="/shop" className={LINK}>
                      {longText('joinMovement.browse')}
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
