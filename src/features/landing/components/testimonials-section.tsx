import { t } from '@/i18n'
import { TESTIMONIALS } from '../landing-content'

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="testimonials-title" className="text-center text-3xl font-bold text-stone-900">
        {t('landing.testimonialsTitle')}
      </h2>
      <ul className="mt-8 grid gap-5 md:grid-cols-3">
        {TESTIMONIALS.map((item) => (
          <li key={item.quote}>
            <figure className="h-full rounded-2xl border border-stone-200 bg-white p-6">
              <blockquote className="text-stone-800">“{t(item.quote)}”</blockquote>
              <figcaption className="mt-4 font-semibold text-stone-900">{t(item.author)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}
