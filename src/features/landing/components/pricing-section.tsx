import { useNavigate } from 'react-router-dom'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { Button } from '@/ui/button'
import { toast } from '@/ui/toast/toast-store'
import { PRICING_SECTION_ID } from '../landing-constants'
import { PLANS } from '../landing-content'

export function PricingSection({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate()
  const openPlans = () => {
    if (signedIn) void navigate('/subscription')
    else toast(renderToast(TOASTS.membershipAuthRequired))
  }

  return (
    <section id={PRICING_SECTION_ID} aria-labelledby="pricing-title" className="bg-amber-50 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="pricing-title" className="text-center text-3xl font-bold text-stone-900">
          {t('landing.pricingTitle')}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {PLANS.map((plan) => (
            <li key={plan.period} className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-6">
              <h3 className="text-sm font-semibold tracking-wide text-green-800 uppercase">{t(plan.period)}</h3>
              <p className="text-3xl font-extrabold text-stone-900">{t(plan.price)}</p>
              <p className="text-stone-700">{t(plan.text)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-col items-center gap-4 text-center">
          <p className="font-medium text-stone-800">{t('landing.pricingPremium')}</p>
          <Button size="lg" onClick={openPlans}>
            {t('landing.membershipPlans')}
          </Button>
        </div>
      </div>
    </section>
  )
}
