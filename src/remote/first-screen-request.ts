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
import { PAGE_SIZE } from '../domain/constants.ts'
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

/**
 * The inline script of index.html: asks for the page's first screen when the browser is online (offline, the
 * mirror answers and nothing waits for the network). Never throws: the app does without it.
 */
export function firstScreenScript(api: string, anonKey: string): string {
  const url = `(${firstScreenUrl.toString()})(${JSON.stringify(api)},location.pathname,location.search,${JSON.stringify(FIRST_SCREEN_SELECT)},${PAGE_SIZE})`
  return (
    `(function(){try{var u=${url};` +
    `if(u&&navigator.onLine!==false)window.${FIRST_SCREEN_GLOBAL}=fetch(u,{headers:{apikey:${JSON.stringify(anonKey)}}})` +
    `.then(function(r){return r.ok?r.json():null}).catch(function(){return null})}catch(e){}})()`
  )
}
