import { t } from '@/i18n'
import { HOW_IT_WORKS } from '../landing-content'

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="how-title" className="text-center text-3xl font-bold text-stone-900">
        {t('landing.howTitle')}
      </h2>
      <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {HOW_IT_WORKS.map((step, i) => (
          <li key={step.title} className="flex flex-col items-center gap-3 text-center">
            <span
              aria-hidden="true"
              className="flex h-12 w-12 items-center justify-center rounded-full bg-green-800 text-xl font-bold text-white"
            >
              {i + 1}
            </span>
            <h3 className="text-lg font-semibold text-stone-900">{t(step.title)}</h3>
            <p className="text-stone-700">{t(step.text)}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
