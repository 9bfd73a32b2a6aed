// The item page's boxes, shared by the page and its skeleton so both take the same space (no layout shift).

export const PAGE_WRAP = 'mx-auto w-full max-w-6xl md:px-4 md:py-8'
export const PAGE_GRID = 'md:grid md:grid-cols-2 md:items-start md:gap-10'
/** Phones: full width, at most 40 % of the screen tall, so price, size and condition stay above the fold. */
export const GALLERY_BOX = 'h-[min(100vw,40dvh)] w-full md:aspect-[4/5] md:h-auto md:rounded-2xl'
