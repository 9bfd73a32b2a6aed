import { HeroSection } from './components/hero-section'
import { HowItWorksSection } from './components/how-it-works-section'
import { JoinMovementCta } from './components/join-movement-cta'
import { PricingSection } from './components/pricing-section'
import { ProductsSection } from './components/products-section'
import { TestimonialsSection } from './components/testimonials-section'
import { WhyChooseSection } from './components/why-choose-section'

/** The home route's landing page, sections in the order of spec §2.2. */
export function LandingPage({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <HeroSection />
      <ProductsSection signedIn={signedIn} />
      <WhyChooseSection />
      <HowItWorksSection />
      <PricingSection signedIn={signedIn} />
      <TestimonialsSection />
      <JoinMovementCta signedIn={signedIn} />
    </>
  )
}
