import { HERO_FADE_IN_MS } from '@/domain/constants'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { PRICING_SECTION_ID, PRODUCTS_SECTION_ID } from '../landing-constants'
import { scrollToSection } from '../hooks/scroll-to-section'

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-amber-50 to-canvas">
      {/* The fade animates opacity and transform only, so nothing shifts; it starts at once so LCP is not delayed. */}
      <div
        style={{ animationDuration: `${HERO_FADE_IN_MS}ms` }}
        className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center motion-safe:animate-[fade-in_ease-out_both] md:py-24"
      >
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-green-900 md:text-6xl">
          {t('app.tagline')}
        </h1>
        <p className="max-w-2xl text-lg text-stone-700 md:text-xl">{t('app.subTagline')}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button size="lg" onClick={() => scrollToSection(PRODUCTS_SECTION_ID)}>
            {t('landing.startShopping')}
          </Button>
          <Button size="lg" variant="outline" onClick={() => scrollToSection(PRICING_SECTION_ID)}>
            {t('landing.becomeMember')}
          </Button>
        </div>
      </div>
    </section>
  )
}
