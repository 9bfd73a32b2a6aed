import { startShoppingScrollY } from '@/domain/scroll'
import { HEADER_ID } from '../landing-constants'

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

/**
 * Smoothly scrolls so the section's top sits 20 px below the sticky header; without the section, to 80 % of the
 * viewport height (docs/product.md §2.2, the rule in domain/scroll.ts). "Become a Member" uses the same rule for pricing.
 */
export function scrollToSection(sectionId: string): void {
  const section = document.getElementById(sectionId)
  const top = startShoppingScrollY({
    sectionTopPx: section ? section.getBoundingClientRect().top + window.scrollY : null,
    headerHeightPx: document.getElementById(HEADER_ID)?.offsetHeight ?? 0,
    viewportHeightPx: window.innerHeight,
  })
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
}
