/**
 * The first screen of a cold visit, asked for before the app's JS arrives (docs/architecture.md §6, LCP). A shared link to
 * /shop or /item/:id shows listings that come from the API, on another origin: asked by the app, that request
 * waited for the first route's JS, the data chunk, the database and the session, one after the other. index.html
 * now starts it at once, from a tiny inline script (vite.config.ts writes it from `firstScreenScript`), in
 * parallel with the JS download; the app stores the answer in the mirror (sync/app-sync.ts adoptFirstScreen), and
 * the screen reads it from there as always: the mirror stays the one source of what a screen shows.
 *
 * Only the anon key and the public listings (row level security decides what anon sees): the same request, with
 * the same embedded select, as the engine's listing pages. Relative imports with extensions only: vite.config.ts
 * loads this file, where the app's `@/` alias does not exist.
 */
import { PAGE_SIZE, STORAGE_BUCKET } from '../domain/constants.ts'
import { FIRST_PAINT_GLOBAL, FIRST_PHOTOS_GLOBAL, FIRST_SCREEN_GLOBAL } from './first-screen.ts'
import { PUBLIC_PROFILE_COLUMNS } from './rows.ts'

/** A listing with its images and its seller's public profile (remote/transport/bundles.ts LISTING_BUNDLE_SELECT). */
export const FIRST_SCREEN_SELECT = `*, listing_images(*), profiles(${PUBLIC_PROFILE_COLUMNS})`

/**
 * The REST URL of a page's first screen, or null for pages without one: /shop in its default view (the newest
 * 12 active listings, as the feed's first page shows them) and /item/:id (that listing). Self-contained (its
 * source is what index.html runs, before any of the app's code): no imports, no helpers.
 */
export function firstScreenUrl(
  api: string,
  pathname: string,
  search: string,
  select: string,
  pageSize: number,
): string | null {
  const base = api + '/rest/v1/listings?select=' + encodeURIComponent(select)
  if (pathname === '/shop' && (search === '' || search === '?')) {
    return base + '&status=eq.active&order=created_at.desc,id.desc&limit=' + pageSize
  }
  const item = /^\/item\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(pathname)
  return item ? base + '&id=eq.' + item[1] + '&limit=1' : null
}

/** The photo files a card or the gallery offers (domain/photos.ts cardSrcSet: the card image beside the photo). */
export const PHOTO_FILES = { bucket: STORAGE_BUCKET, cardSuffix: '.card.webp', cardWidth: 480, photoWidth: 1600 }
/** The first screen's photos and their `sizes` (shared/listing-card.tsx CARD_IMAGE_SIZES, item-gallery.tsx GALLERY_SIZES). */
export const FIRST_PHOTOS = {
  shop: { count: 2, sizes: '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw' },
  item: { count: 1, sizes: '(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw' },
}

/** Where a photo comes from: the bucket's files as `srcset` (the card image beside the photo), or an http URL. */
export interface FirstPhotoSource {
  srcset?: string
  href?: string
}

/**
 * For each of the first `count` listings, the first photo — the one its card or the gallery shows first (lowest
 * image_order) — as the app builds its `srcset` (or the `href` of an http URL), so the browser picks the same file
 * for the `<img>` later; null for a listing without photos. Self-contained: its source runs in index.html.
 */
export function firstPhotoSources(
  rows: unknown,
  count: number,
  api: string,
  files: typeof PHOTO_FILES,
): (FirstPhotoSource | null)[] {
  const out: (FirstPhotoSource | null)[] = []
  if (!Array.isArray(rows)) return out
  const base = api.replace(/\/+$/, '') + '/storage/v1/object/public/' + files.bucket + '/'
  for (const row of rows.slice(0, count)) {
    const images = ((row && row.listing_images) || [])
      .slice()
      .sort(
        (a: { image_order: number; id: string }, b: { image_order: number; id: string }) =>
          a.image_order - b.image_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
    const path = images[0] && images[0].image_url
    if (typeof path !== 'string' || !path) {
      out.push(null)
    } else if (/^https?:\/\//i.test(path)) {
      out.push({ href: path })
    } else {
      const slash = path.lastIndexOf('/')
      const dot = path.lastIndexOf('.')
      const card = path.endsWith(files.cardSuffix) ? path : (dot > slash ? path.slice(0, dot) : path) + files.cardSuffix
      const url = (p: string) => encodeURI(base + p.replace(/^\/+/, ''))
      out.push({ srcset: url(card) + ' ' + files.cardWidth + 'w, ' + url(path) + ' ' + files.photoWidth + 'w' })
    }
  }
  return out
}

/** The attribute of a photo's placeholder that index.html may paint into (ui/skeleton.tsx PhotoSkeleton). */
export const FIRST_PHOTO_SLOT = 'data-first-photo'

/**
 * Paints the first screen's photos into the prerendered page's photo placeholders (in page order: the feed's cards,
 * the gallery) before any of the app's JS has run; calls `done` with what it painted into each placeholder (an
 * object URL; a hole for none) once those on screen have painted or failed, at once when there is none. Each photo
 * is loaded by an `<img>` outside the page with the app's own `srcset` and `sizes` (the browser picks the file the
 * app's `<img>` later takes from the cache), and shown as the placeholder's background: an attribute the app's
 * hydration leaves alone, where a child element would not match the markup React adopts. The app then replaces
 * the placeholders with its cards and gallery. Only those on screen when the page opened are painted: the app's
 * lazy images take the rest.
 * Self-contained: its source runs in index.html.
 */
export function paintFirstPhotos(
  doc: Document,
  sources: readonly (FirstPhotoSource | null)[],
  sizes: string,
  slotAttribute: string,
  done: (painted: (string | null)[]) => void,
  entryWaitMs = 1000,
): void {
  const slots = Array.prototype.slice.call(
    doc.querySelectorAll('#root [' + slotAttribute + ']'),
    0,
    sources.length,
  ) as HTMLElement[]
  const painted: (string | null)[] = []
  let waiting = 1
  // Done once a painted photo is on screen: its largest-contentful-paint entry comes after the frame was presented
  // (two animation frames can come first on a busy device). Without such an entry (none painted, or not the
  // largest), two frames and then at most `entryWaitMs`.
  const settle = () => {
    if (--waiting > 0) return
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      observer?.disconnect()
      done(painted)
    }
    let observer: PerformanceObserver | null = null
    if (painted.some(Boolean) && typeof PerformanceObserver === 'function') {
      try {
        observer = new PerformanceObserver((list) => {
          if (
            list
              .getEntries()
              .some(
                (e) =>
                  (e as PerformanceEntry & { element?: Element | null }).element?.getAttribute(slotAttribute) ===
                  'painted',
              )
          )
            finish()
        })
        observer.observe({ type: 'largest-contentful-paint', buffered: true })
      } catch {
        observer = null
      }
    }
    requestAnimationFrame(() => requestAnimationFrame(() => (observer ? setTimeout(finish, entryWaitMs) : finish())))
  }
  const paint = (slot: HTMLElement, i: number) => {
    const source = sources[i]
    if (!source) return
    waiting++
    const img = doc.createElement('img')
    img.crossOrigin = 'anonymous'
    img.fetchPriority = 'high'
    if (source.srcset) {
      img.sizes = sizes
      img.srcset = source.srcset
    } else img.src = source.href!
    // The background is the same bytes as an object URL: a CSS image is requested without CORS, which the
    // browser does not answer from the CORS response it holds (it asked the server again, a round trip).
    img
      .decode()
      .then(() => fetch(img.currentSrc, { credentials: 'same-origin' }))
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((blob) => {
        if (!slot.isConnected) return
        const url = URL.createObjectURL(blob)
        slot.style.backgroundImage = 'url("' + url + '")'
        slot.setAttribute(slotAttribute, 'painted')
        painted[i] = url
      })
      .then(settle, settle)
  }
  // Which placeholders are on screen, as the next frame lays them out: reading their boxes now would force a
  // layout of the whole page in this task (TBT). Only the first answer counts: the screen as it opened.
  if (!slots.length || typeof IntersectionObserver !== 'function') return settle()
  const seen = new IntersectionObserver((entries) => {
    seen.disconnect()
    for (const entry of entries)
      if (entry.isIntersecting) paint(entry.target as HTMLElement, slots.indexOf(entry.target as HTMLElement))
    settle()
  })
  slots.forEach((slot) => seen.observe(slot))
}

/**
 * The inline script of index.html: asks for the page's first screen when the browser is online (offline, the
 * mirror answers and nothing waits for the network); once it is here, preloads the first photos (the page's
 * largest paint) and paints those on screen into the prerendered page (paintFirstPhotos), then settles
 * FIRST_PAINT_GLOBAL, which the app's JS waits for on a cold visit (scripts/app-loader.ts). Never throws: the app
 * does without it.
 */
export function firstScreenScript(api: string, anonKey: string): string {
  const url = `(${firstScreenUrl.toString()})(${JSON.stringify(api)},location.pathname,location.search,${JSON.stringify(FIRST_SCREEN_SELECT)},${PAGE_SIZE})`
  const photos = `(${firstPhotoSources.toString()})`
  const paint = `(${paintFirstPhotos.toString()})`
  return (
    `(function(){try{var u=${url};if(!u||navigator.onLine===false)return;var h=location.href;` +
    `var f=location.pathname==='/shop'?${JSON.stringify(FIRST_PHOTOS.shop)}:${JSON.stringify(FIRST_PHOTOS.item)};` +
    `var a=window.${FIRST_SCREEN_GLOBAL}=fetch(u,{headers:{apikey:${JSON.stringify(anonKey)}}})` +
    `.then(function(r){return r.ok?r.json():null}).catch(function(){return null});` +
    `window.${FIRST_PAINT_GLOBAL}=a.then(function(rows){var d=document,p=${photos}(rows,${PAGE_SIZE},${JSON.stringify(api)},${JSON.stringify(PHOTO_FILES)});` +
    `p.slice(0,f.count).forEach(function(p){if(!p)return;` +
    `var l=d.createElement('link');l.rel='preload';l.as='image';l.crossOrigin='anonymous';l.fetchPriority='high';` +
    `if(p.srcset){l.setAttribute('imagesrcset',p.srcset);l.setAttribute('imagesizes',f.sizes)}else l.href=p.href;d.head.appendChild(l)});` +
    `return new Promise(function(done){function go(){if(location.href!==h)return done();${paint}(d,p,f.sizes,${JSON.stringify(FIRST_PHOTO_SLOT)},` +
    `function(s){for(var i=0;i<s.length;i++)s[i]=s[i]||null;window.${FIRST_PHOTOS_GLOBAL}={href:h,photos:s,` +
    `ids:s.map(function(_,i){return rows[i]&&rows[i].id||null})};done()})}` +
    `d.readyState==='loading'?d.addEventListener('DOMContentLoaded',go):go()})}).catch(function(){})` +
    `}catch(e){}})()`
  )
}
