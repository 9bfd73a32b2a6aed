// Scrolling rules of the shell and the landing page (docs/product.md §2.2 hero, §2.4 scroll-to-top, §9 scroll offset).
import { SCROLL_FALLBACK_VIEWPORT_RATIO, SCROLL_OFFSET_EXTRA_PX, SCROLL_TO_TOP_THRESHOLD_PX } from './constants'

/**
 * Where "Start Shopping" scrolls to: the products section's top minus the header height and 20 px; without
 * that section, 80 % of the viewport height down the page. Positions are document y coordinates in px.
 */
export function startShoppingScrollY(p: {
  sectionTopPx: number | null
  headerHeightPx: number
  viewportHeightPx: number
}): number {
  if (p.sectionTopPx === null) return p.viewportHeightPx * SCROLL_FALLBACK_VIEWPORT_RATIO
  return Math.max(0, p.sectionTopPx - p.headerHeightPx - SCROLL_OFFSET_EXTRA_PX)
}

/** The scroll-to-top button appears once the page has scrolled past 300 px. */
export const showScrollToTop = (scrollYPx: number): boolean => scrollYPx > SCROLL_TO_TOP_THRESHOLD_PX

/**
 * On a phone the button sits over the content of a narrow screen (a card's heart or price), so it shows there only
 * while the person scrolls back up, the moment they may want the top (docs/product.md#R-scroll-top-phone); wider
 * screens keep it past 300 px. `previousYPx`: the position at the last scroll event.
 */
export function showScrollToTopOn(p: {
  scrollYPx: number
  previousYPx: number
  phone: boolean
  shown: boolean
}): boolean {
  if (!showScrollToTop(p.scrollYPx)) return false
  if (!p.phone) return true
  if (p.scrollYPx < p.previousYPx) return true
  if (p.scrollYPx > p.previousYPx) return false
  return p.shown
}
