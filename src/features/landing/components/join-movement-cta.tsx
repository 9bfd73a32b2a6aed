import { Link } from 'react-router-dom'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { cx } from '@/ui/cx'
import { useRevealThenPulse } from '../hooks/use-reveal-then-pulse'
import { NewsletterForm } from './newsletter-form'
import { TrialSignupButton } from './trial-signup-button'

/** "Join the Circular Fashion Movement" (docs/product.md §2.2 section 7). */
export function JoinMovementCta({ signedIn }: { signedIn: boolean }) {
  const { ref, revealed, pulsing } = useRevealThenPulse<HTMLDivElement>()
  return (
    <section aria-labelledby="cta-title" className="bg-green-900 py-16 text-white">
      <div
        ref={ref}
        data-revealed={revealed}
        className={cx(
          'mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 text-center transition duration-500 ease-out motion-reduce:transition-none',
          revealed ? 'opacity-100' : 'translate-y-4 opacity-0',
        )}
      >
        <h2 id="cta-title" className="text-3xl font-bold md:text-4xl">
          {t('landing.ctaTitle')}
        </h2>
        <p className="text-lg text-green-50">{t('landing.ctaText')}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/shop" className={cx(buttonClasses({ variant: 'outline', size: 'lg' }), 'border-white')}>
            {t('landing.ctaShop')}
          </Link>
          <Link
            to={signedIn ? '/sell' : '/auth'}
            data-pulsing={pulsing}
            className={cx(
              buttonClasses({ variant: 'secondary', size: 'lg' }),
              // Grows and glows rather than fading, so the text keeps its contrast.
              pulsing && 'motion-safe:animate-[cta-pulse_1.6s_ease-in-out_infinite]',
            )}
          >
            {t('landing.ctaSell')}
          </Link>
          <TrialSignupButton className="border-white" />
        </div>
        <NewsletterForm />
      </div>
    </section>
  )
}
