/**
 * The first screen of a cold visit, asked for before the app's JS arrives (design.md §6, LCP). A shared link to
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
import { FIRST_SCREEN_GLOBAL } from './first-screen.ts'
import { PUBLIC_PROFILE_COLUMNS } from './rows.ts'

/** A listing with its images and its seller's public profile (supabase-transport.ts LISTING_BUNDLE_SELECT). */
export const FIRST_SCREEN_SELECT = `*, listing_images(*), profiles(${PUBLIC_PROFILE_COLUMNS})`

/**
 * The REST URL of a page's first screen, or null for pages without one: /shop in its default view (the newest
 * 12 active listings, as the feed's first page shows them) and /item/:id (that listing). Self-contained (its
 * source is what index.html runs, before any of the app's code): no imports, no helpers.
 */
export function firstScreenUrl(api: string, pathname: string, search: string, select: string, pageSize: number): string | null {
  const base = api + '/rest/v1/listings?select=' + encodeURIComponent(select)
  if (pathname === '/shop' && (search === '' || search === '?')) {
    return base + '&status=eq.active&order=created_at.desc,id.desc&limit=' + pageSize
  }
  const item = /^\/item\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(pathname)
  return item ? base + '&id=eq.' + item[1] + '&limit=1' : null
}

/** The photo files a card or the gallery offers (domain/photos.ts cardSrcSet: the card image beside the photo). */
export const PHOTO_FILES = { bucket: STORAGE_BUCKET, cardSuffix: '.card.webp', cardWidth: 480, photoWidth: 1600 }
/** The first screen's photos and their `sizes` (ui/listing-card.tsx CARD_IMAGE_SIZES, item-gallery.tsx GALLERY_SIZES). */
export const FIRST_PHOTOS = {
  shop: { count: 2, sizes: '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw' },
  item: { count: 1, sizes: '(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw' },
}

/**
 * The `srcset` (or, for an http URL, the `href`) of each first photo of the first `count` listings — the one each
 * card or the gallery shows first (lowest image_order) — as the app builds it, so the browser's choice for the
 * `<img>` is the file preloaded. Self-contained: its source runs in index.html.
 */
export function firstPhotoSources(rows: unknown, count: number, api: string, files: typeof PHOTO_FILES): { srcset?: string; href?: string }[] {
  const out: { srcset?: string; href?: string }[] = []
  if (!Array.isArray(rows)) return out
  const base = api.replace(/\/+$/, '') + '/storage/v1/object/public/' + files.bucket + '/'
  for (const row of rows.slice(0, count)) {
    const images = ((row && row.listing_images) || []).slice().sort((a: { image_order: number; id: string }, b: { image_order: number; id: string }) => a.image_order - b.image_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    const path = images[0] && images[0].image_url
    if (typeof path !== 'string' || !path) continue
    if (/^https?:\/\//i.test(path)) {
      out.push({ href: path })
      continue
    }
    const slash = path.lastIndexOf('/')
    const dot = path.lastIndexOf('.')
    const card = path.endsWith(files.cardSuffix) ? path : (dot > slash ? path.slice(0, dot) : path) + files.cardSuffix
    const url = (p: string) => encodeURI(base + p.replace(/^\/+/, ''))
    out.push({ srcset: url(card) + ' ' + files.cardWidth + 'w, ' + url(path) + ' ' + files.photoWidth + 'w' })
  }
  return out
}

/**
 * The inline script of index.html: asks for the page's first screen when the browser is online (offline, the
 * mirror answers and nothing waits for the network), and once it is here, preloads the first photos (the page's
 * largest paint) so they download beside the app's JS instead of after it. Never throws: the app does without it.
 */
export function firstScreenScript(api: string, anonKey: string): string {
  const url = `(${firstScreenUrl.toString()})(${JSON.stringify(api)},location.pathname,location.search,${JSON.stringify(FIRST_SCREEN_SELECT)},${PAGE_SIZE})`
  const photos = `(${firstPhotoSources.toString()})`
  return (
    `(function(){try{var u=${url};if(!u||navigator.onLine===false)return;` +
    `var f=location.pathname==='/shop'?${JSON.stringify(FIRST_PHOTOS.shop)}:${JSON.stringify(FIRST_PHOTOS.item)};` +
    `window.${FIRST_SCREEN_GLOBAL}=fetch(u,{headers:{apikey:${JSON.stringify(anonKey)}}})` +
    `.then(function(r){return r.ok?r.json():null}).catch(function(){return null})` +
    `.then(function(rows){try{${photos}(rows,f.count,${JSON.stringify(api)},${JSON.stringify(PHOTO_FILES)}).forEach(function(p){` +
    `var l=document.createElement('link');l.rel='preload';l.as='image';l.crossOrigin='anonymous';l.fetchPriority='high';` +
    `if(p.srcset){l.setAttribute('imagesrcset',p.srcset);l.setAttribute('imagesizes',f.sizes)}else l.href=p.href;document.head.appendChild(l)})}catch(e){}return rows})` +
    `}catch(e){}})()`
  )
}
