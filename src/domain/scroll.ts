// Scrolling rules of the shell and the landing page (docs/product.md §2.2 hero, §2.4 scroll-to-top, §9 scroll offset).
import { SCROLL_FALLBACK_VIEWPORT_RATIO, SCROLL_OFFSET_EXTRA_PX, SCROLL_TO_TOP_THRESHOLD_PX } from './constants'

/**
 * Where "Start Shopping" scrolls to: the products section's top minus the header height and 20 px; without
 * that section, 80 % of the viewport height down the page. Positions are document y coordinates in px.
 */
export function startShoppingScrollY(p: { sectionTopPx: number | null; headerHeightPx: number; viewportHeightPx: number }): number {
  if (p.sectionTopPx === null) return p.viewportHeightPx * SCROLL_FALLBACK_VIEWPORT_RATIO
  return Math.max(0, p.sectionTopPx - p.headerHeightPx - SCROLL_OFFSET_EXTRA_PX)
}

/** The scroll-to-top button appears once the page has scrolled past 300 px. */
export const showScrollToTop = (scrollYPx: number): boolean => scrollYPx > SCROLL_TO_TOP_THRESHOLD_PX
