import { memo } from 'react'
import { HeroSection } from './components/hero-section'
import { HowItWorksSection } from './components/how-it-works-section'
import { JoinMovementCta } from './components/join-movement-cta'
import { PricingSection } from './components/pricing-section'
import { ProductsSection } from './components/products-section'
import { TestimonialsSection } from './components/testimonials-section'
import { WhyChooseSection } from './components/why-choose-section'

// The sections that read neither the session nor the data layer: when those arrive (a moment after the first paint)
// the page re-renders the sections that show them, not every section in the same long task (TBT).
const Hero = memo(HeroSection)
const WhyChoose = memo(WhyChooseSection)
const HowItWorks = memo(HowItWorksSection)
const Testimonials = memo(TestimonialsSection)

/** The home route's landing page, sections in the order of docs/product.md §2.2. */
/** `cardsReady`: the data layer has started (the fresh grid holds its space with skeletons until then). */
export function LandingPage({ signedIn, cardsReady = true }: { signedIn: boolean; cardsReady?: boolean }) {
  return (
    <>
      <Hero />
      <ProductsSection signedIn={signedIn} cardsReady={cardsReady} />
      <WhyChoose />
      <HowItWorks />
      <PricingSection signedIn={signedIn} />
      <Testimonials />
      <JoinMovementCta signedIn={signedIn} />
    </>
  )
}
