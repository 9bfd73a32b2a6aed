/**
 * How index.html loads the app's JS (vite.config.ts). The home page paints entirely from its prerendered markup
 * (scripts/prerender.ts) and its first screen needs no script, so there the app's JS is requested once that first
 * paint is on screen, leaving the network and the main thread to the paint (and Lighthouse then sees the paint as not
 * waiting for the JS, which it did not). Every other page asks for it at once, as Vite's own tags did: /shop's and
 * /item's photos are rendered by the app. What the first route loads is listed in one JSON element (bench/web.ts and
 * src/app/first-route.test.ts read it).
 */
import type { Plugin, Rollup } from 'vite'
import { LOCALE_PICKER } from '../src/i18n/locales.ts'
import { FIRST_PAINT_GLOBAL } from '../src/remote/first-screen.ts'

export const APP_LIST_ID = 'kreis-app'

export interface AppList {
  /** The entry module (main.tsx's chunk). */
  entry: string
  /** Its static imports, as Vite would modulepreload them. */
  preload: string[]
  /**
   * By language (<html lang>), the files its catalogue needs beyond `preload` (src/i18n/load-locale.ts): the head
   * loader adds the visitor's language's to `preload`, so each visitor downloads exactly one catalogue.
   */
  locales: Record<string, string[]>
}

/** Where the first route finds its language: the loader main.tsx imports and, by language, its catalogue module. */
export interface LocaleModules {
  loader: string
  catalogues: Readonly<Record<string, string>>
}

/** A chunk and every chunk it imports statically, transitively (file names). */
export function staticClosure(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk): Set<string> {
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    const c = bundle[fileName]
    if (seen.has(fileName) || c?.type !== 'chunk') return
    seen.add(fileName)
    c.imports.forEach(visit)
  }
  visit(start.fileName)
  return seen
}

/**
 * The first route's chunks: the entry's closure, and the closure of each of its dynamic imports of `modules` (the
 * entry imports them itself, one task after another, main.tsx). Entry first.
 */
export function firstRouteChunks(
  bundle: Rollup.OutputBundle,
  entry: Rollup.OutputChunk,
  modules: readonly string[],
): string[] {
  const files = [...staticClosure(bundle, entry)]
  for (const dynamic of entry.dynamicImports) {
    const chunk = bundle[dynamic]
    if (chunk?.type !== 'chunk' || !modules.some((m) => chunk.facadeModuleId?.endsWith(m))) continue
    for (const f of staticClosure(bundle, chunk)) if (!files.includes(f)) files.push(f)
  }
  const found = modules.filter((m) =>
    entry.dynamicImports.some((d) => {
      const c = bundle[d]
      return c?.type === 'chunk' && c.facadeModuleId?.endsWith(m)
    }),
  )
  if (found.length !== modules.length)
    throw new Error(`app loader: the entry does not import ${modules.filter((m) => !found.includes(m)).join(', ')}`)
  return files
}

/**
 * By language, the chunks its catalogue needs that `loaded` (the first route's chunks) does not hold: the loader's
 * chunk and the catalogue's, each with its static imports. A catalogue is found by the module it holds.
 */
export function localeChunks(
  bundle: Rollup.OutputBundle,
  entry: Rollup.OutputChunk,
  languages: LocaleModules,
  loaded: readonly string[],
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
  const holding = (module: string) => {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)))
    if (!chunk) throw new Error(`app loader: no chunk holds ${module}`)
    return chunk
  }
  const loader = holding(languages.loader)
  if (!entry.dynamicImports.includes(loader.fileName))
    throw new Error(`app loader: the entry does not import ${languages.loader}`)
  const out: Record<string, string[]> = {}
  for (const [locale, module] of Object.entries(languages.catalogues)) {
    const files = new Set([...staticClosure(bundle, loader), ...staticClosure(bundle, holding(module))])
    out[locale] = [...files].filter((f) => !loaded.includes(f))
  }
  return out
}

/**
 * The first route's JS files (paths without the leading slash) named by index.html's list, for a visitor in
 * `locale` (its catalogue's files too; none without a locale).
 */
export function firstRouteFiles(html: string, locale?: string): string[] {
  const json = new RegExp(`<script type="application/json" id="${APP_LIST_ID}">([^<]*)</script>`).exec(html)?.[1]
  if (!json) return []
  const list = JSON.parse(json) as AppList
  const language = locale === undefined ? [] : (list.locales[locale] ?? [])
  return [list.entry, ...list.preload, ...language].map((f) => f.replace(/^\//, ''))
}

const PRELOAD_FN = `function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;document.head.appendChild(l)}`
const IS_HOME = `document.documentElement.getAttribute('data-first-page')==='home'`
/** The longest the home page's JS waits for its first paint to be reported. */
const PAINT_WAIT_LIMIT_MS = 1000
/** The longest a cold /shop or /item/:id holds its JS back for the first screen's photos (a slow or lost answer). */
export const FIRST_PHOTO_WAIT_LIMIT_MS = 1500

/**
 * `function(list, each)`: calls `each` on every item of `list` — at once, or on a cold visit of /shop or /item/:id
 * (index.html asked for the first screen: src/remote/first-screen-request.ts) once the photos on screen have
 * painted from HTML, so the photos download and paint first and the JS after them (on a phone's network the two
 * compete, and the photos are what the visitor came for). Then each item in a task of its own: thirty preloads
 * started in one go were one long task after the first paint (TBT). A page the service worker controls takes its
 * JS from the device: it does not wait.
 */
export const AFTER_FIRST_PHOTOS =
  `function(list,each){var w=window.${FIRST_PAINT_GLOBAL},s=navigator.serviceWorker,d=0;` +
  `function g(){if(d++)return;list.forEach(function(x){setTimeout(function(){each(x)},0)})}` +
  `if(!w||(s&&s.controller))return list.forEach(function(x){each(x)});w.then(g,g);setTimeout(g,${FIRST_PHOTO_WAIT_LIMIT_MS})}`

/**
 * In the head, after the language's script has set <html lang> (src/i18n/locales.ts LOCALE_PICKER): reads the list,
 * adds that language's catalogue to it, and on every page but the home page starts downloading the JS
 * (AFTER_FIRST_PHOTOS).
 */
export const HEAD_LOADER =
  `(function(){var a=JSON.parse(document.getElementById('${APP_LIST_ID}').textContent);window.__kreisApp=a;` +
  `a.preload=a.preload.concat(a.locales[document.documentElement.lang]||[]);` +
  `if(!(${IS_HOME}))(${AFTER_FIRST_PHOTOS})(a.preload.concat(a.entry),${PRELOAD_FN})})()`

/**
 * At the end of the body, once #root is parsed: runs the entry — on the home page (shown), once its first
 * contentful paint is on screen (the paint timing entry is reported after the frame was presented; where there is
 * none, the frame after the first one). The timeout only guards against a paint that is never reported.
 */
const BODY_LOADER =
  `(function(){var a=window.__kreisApp,h=${IS_HOME},d=0;function go(){if(d++)return;if(h)a.preload.forEach(${PRELOAD_FN});` +
  `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=a.entry;document.head.appendChild(s)}` +
  `if(!h)return(${AFTER_FIRST_PHOTOS})([0],go);if(document.visibilityState!=='visible')return go();` +
  `var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){` +
  `new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});setTimeout(go,${PAINT_WAIT_LIMIT_MS})}` +
  `else requestAnimationFrame(function(){requestAnimationFrame(go)})})()`

/**
 * `modules`: what main.tsx imports dynamically as part of the first route (module ids end so); `languages`: where
 * each language's catalogue is.
 */
export function appLoaderPlugin(modules: readonly string[], languages: LocaleModules): Plugin {
  return {
    name: 'kreis-app-loader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        if (!ctx.bundle || !ctx.chunk) return html
        // Vite's own tags for the entry and its static imports give way to the list (and the loaders below).
        const tags = [
          ...html.matchAll(
            /<script type="module" crossorigin src="[^"]+"><\/script>\s*|<link rel="modulepreload" crossorigin href="[^"]+">\s*/g,
          ),
        ]
        for (const [tag] of tags) html = html.replace(tag, '')
        const first = firstRouteChunks(ctx.bundle, ctx.chunk, modules)
        const [entry, ...preload] = first.map((f) => '/' + f)
        const locales = Object.fromEntries(
          Object.entries(localeChunks(ctx.bundle, ctx.chunk, languages, first)).map(([l, fs]) => [
            l,
            fs.map((f) => '/' + f),
          ]),
        )
        const list: AppList = { entry: entry!, preload, locales }
        if (!html.includes('<title>') || !html.includes('</body>'))
          throw new Error('app loader: index.html has no <title> or </body>')
        // The language's script must have set <html lang> before the list is read.
        if (!html.includes(`<script>${LOCALE_PICKER}</script>`))
          throw new Error('app loader: index.html has no language script (scripts/prerender.ts)')
        return html
          .replace(
            '<title>',
            () =>
              `<script type="application/json" id="${APP_LIST_ID}">${JSON.stringify(list)}</script>\n    <script>${HEAD_LOADER}</script>\n    <title>`,
          )
          .replace('</body>', () => `  <script>${BODY_LOADER}</script>\n  </body>`)
      },
    },
  }
}
