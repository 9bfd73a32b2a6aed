/** Element ids the landing page scrolls to (docs/product.md §2.2); its timings are in src/domain/constants.ts. */
export const PRODUCTS_SECTION_ID = 'products-section'
export const PRICING_SECTION_ID = 'pricing-section'
/** The app shell's sticky header, whose height the scroll leaves free. */
export const HEADER_ID = 'site-header'
