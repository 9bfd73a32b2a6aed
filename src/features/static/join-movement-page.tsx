import { Link } from 'react-router-dom'
import { t, type CatalogueKey } from '@/i18n'
import { ProsePage } from './components/prose-page'

const STEPS: [CatalogueKey, CatalogueKey][] = [
  ['landing.step1Title', 'landing.step1Text'],
  ['landing.step2Title', 'landing.step2Text'],
  ['landing.step3Title', 'landing.step3Text'],
  ['landing.step4Title', 'landing.step4Text'],
]

export function JoinMovementPage() {
  return (
    <ProsePage
      title={t('joinMovement.title')}
      lead="Circular fashion is simple: buy what already exists, sell what you no longer wear, and keep clothes out of the bin."
      sections={[
        {
          heading: 'Four steps',
          body: (
            <ol className="list-decimal space-y-1 pl-6">
              {STEPS.map(([title, text]) => (
                <li key={title}>
                  <strong>{t(title)}:</strong> {t(text)}
                </li>
              ))}
            </ol>
          ),
        },
        {
          heading: 'Membership',
          body: (
            <p>
              Browsing and buying are free. Sellers get their first month free (no card required), then CHF 2 for the
              second month and CHF 5 per month from the third. Cancel any time.
            </p>
          ),
        },
        {
          heading: 'Start today',
          body: (
            <p>
              <Link to="/auth?mode=signup" className="font-semibold text-green-800 underline underline-offset-4">
                Create your account
              </Link>{' '}
              or{' '}
              <Link to="/shop" className="font-semibold text-green-800 underline underline-offset-4">
                browse the marketplace
              </Link>
              .
            </p>
          ),
        },
      ]}
    />
  )
}
