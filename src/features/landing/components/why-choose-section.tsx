import { t } from '@/i18n'
import { WHY_CHOOSE } from '../landing-content'

export function WhyChooseSection() {
  return (
    <section aria-labelledby="why-title" className="bg-white py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="why-title" className="text-center text-3xl font-bold text-stone-900">
          {t('landing.whyTitle')}
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {WHY_CHOOSE.map((card) => (
            <li key={card.title} className="rounded-2xl border border-stone-200 bg-canvas p-6">
              <h3 className="text-xl font-semibold text-green-900">{t(card.title)}</h3>
              <p className="mt-2 text-stone-700">{t(card.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
