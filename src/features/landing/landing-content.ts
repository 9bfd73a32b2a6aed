/** The landing page's repeated blocks (docs/product.md §1, §2.2), as catalogue keys; the words live in src/i18n. */
import type { CatalogueKey } from '@/i18n'

export const WHY_CHOOSE: { title: CatalogueKey; text: CatalogueKey }[] = [
  { title: 'landing.why1Title', text: 'landing.why1Text' },
  { title: 'landing.why2Title', text: 'landing.why2Text' },
  { title: 'landing.why3Title', text: 'landing.why3Text' },
]

export const HOW_IT_WORKS: { title: CatalogueKey; text: CatalogueKey }[] = [
  { title: 'landing.step1Title', text: 'landing.step1Text' },
  { title: 'landing.step2Title', text: 'landing.step2Text' },
  { title: 'landing.step3Title', text: 'landing.step3Text' },
  { title: 'landing.step4Title', text: 'landing.step4Text' },
]

export const PLANS: { period: CatalogueKey; price: CatalogueKey; text: CatalogueKey }[] = [
  { period: 'landing.pricingMonth1', price: 'landing.pricingMonth1Price', text: 'landing.pricingMonth1Text' },
  { period: 'landing.pricingMonth2', price: 'landing.pricingMonth2Price', text: 'landing.pricingMonth2Text' },
  { period: 'landing.pricingMonth3', price: 'landing.pricingMonth3Price', text: 'landing.pricingMonth3Text' },
]

export const TESTIMONIALS: { quote: CatalogueKey; author: CatalogueKey }[] = [
  { quote: 'landing.testimonial1', author: 'landing.testimonial1Author' },
  { quote: 'landing.testimonial2', author: 'landing.testimonial2Author' },
  { quote: 'landing.testimonial3', author: 'landing.testimonial3Author' },
]
