import { HeroSection } from './components/hero-section'
import { HowItWorksSection } from './components/how-it-works-section'
import { JoinMovementCta } from './components/join-movement-cta'
import { PricingSection } from './components/pricing-section'
import { ProductsSection } from './components/products-section'
import { TestimonialsSection } from './components/testimonials-section'
import { WhyChooseSection } from './components/why-choose-section'

/** The home route's landing page, sections in the order of spec §2.2. */
/** `cardsReady`: the data layer has started (the fresh grid holds its space with skeletons until then). */
export function LandingPage({ signedIn, cardsReady = true }: { signedIn: boolean; cardsReady?: boolean }) {
  return (
    <>
      <HeroSection />
      <ProductsSection signedIn={signedIn} cardsReady={cardsReady} />
      <WhyChooseSection />
      <HowItWorksSection />
      <PricingSection signedIn={signedIn} />
      <TestimonialsSection />
      <JoinMovementCta signedIn={signedIn} />
    </>
  )
}
