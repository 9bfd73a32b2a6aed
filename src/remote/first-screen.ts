/**
 * The page's side of the first-screen request that index.html started (first-screen-request.ts): whether there is
 * one, and its rows once they are here. Tiny and without imports: it is in the first route's JS, which reads it to
 * decide whether the data layer waits for the first screen (app/provider.tsx).
 */
/** Where the page finds the request's answer: a promise of the JSON rows, or null when it failed. */
export const FIRST_SCREEN_GLOBAL = '__kreisFirstScreen'
/**
 * A promise index.html's script settles once the first screen's photo is on screen, painted into the prerendered
 * skeleton before any of the app's JS (or once there is none to paint); the app's loaders wait for it on a cold
 * visit (scripts/app-loader.ts).
 */
export const FIRST_PAINT_GLOBAL = '__kreisFirstPaint'
/**
 * Where index.html leaves the photos it painted: `{ href, photos, ids }`, the page's URL then, and per placeholder
 * the URL painted and the listing it shows.
 */
export const FIRST_PHOTOS_GLOBAL = '__kreisFirstPhotos'

const NONE: readonly (string | null)[] = []

/**
 * The photos index.html painted into the page's placeholders before the app ran (first-screen-request.ts
 * paintFirstPhotos), in page order, null where it painted none; empty once the visitor has moved to another URL
 * (they belong to that page's first view only).
 */
export function paintedFirstPhotos(): readonly (string | null)[] {
  return painted()?.photos ?? NONE
}

/** The photo index.html painted for this listing on this page (see paintedFirstPhotos), if any. */
export function paintedPhotoOf(listingId: string): string | undefined {
  const p = painted()
  const i = p?.ids?.indexOf(listingId) ?? -1
  return (i >= 0 && p!.photos[i]) || undefined
}

function painted(): { photos: (string | null)[]; ids?: (string | null)[] } | undefined {
  const p = (globalThis as Record<string, unknown>)[FIRST_PHOTOS_GLOBAL] as
    { href?: unknown; photos?: unknown; ids?: unknown } | undefined
  if (!p || typeof location === 'undefined' || p.href !== location.href || !Array.isArray(p.photos)) return undefined
  return { photos: p.photos as (string | null)[], ...(Array.isArray(p.ids) ? { ids: p.ids as (string | null)[] } : {}) }
}

export interface FirstScreen {
  /** index.html asked for this page's first screen. */
  readonly asked: boolean
  /** The rows (PostgREST JSON with embedded images and seller), or null: nothing asked, a failure, no list. */
  readonly rows: Promise<readonly unknown[] | null>
  /** The rows, once they are here (undefined before that or without a request). */
  arrived(): readonly unknown[] | null | undefined
  /** Settles once index.html has painted the first screen's photos (FIRST_PAINT_GLOBAL); null where it paints none. */
  readonly painted: Promise<void> | null
}

/** Follows a request's promise and index.html's paint (tests pass their own; the app's are the globals index.html set). */
export function followFirstScreen(request: Promise<unknown> | undefined, paint?: Promise<unknown>): FirstScreen {
  let answer: readonly unknown[] | null | undefined
  const rows = request
    ? request.then(
        (r) => (answer = Array.isArray(r) ? r : null),
        () => (answer = null),
      )
    : Promise.resolve(null)
  const painted = paint
    ? paint.then(
        () => undefined,
        () => undefined,
      )
    : null
  return { asked: !!request, rows, arrived: () => answer, painted }
}

const global = globalThis as Record<string, unknown>

/** This page's first screen. */
export const firstScreen: FirstScreen = followFirstScreen(
  global[FIRST_SCREEN_GLOBAL] as Promise<unknown> | undefined,
  global[FIRST_PAINT_GLOBAL] as Promise<unknown> | undefined,
)
