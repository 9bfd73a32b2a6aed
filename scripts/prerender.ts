/**
 * The build's prerender (vite.config.ts): index.html paints a cold visit's first screen from HTML instead of waiting
 * for the app's JS (docs/decisions.md#D-first-route-speed: the home page's LCP is its hero; /shop and /item/:id show their heading or
 * skeleton at once). src/app/prerender.tsx renders the app's first render at each page's URL in Node (a server
 * build of that one entry, with Vite's own transforms and env, run in a Node of its own). Each page becomes a
 * <template> in index.html; a tiny script in the head names the URL's page (on <html>) and one after the templates
 * moves that page into #root while the document is parsed, so the first paint shows it. main.tsx hydrates it
 * (React keeps those nodes).
 *
 * One document for every route, as before: any static host's SPA fallback to index.html and the service worker's
 * navigation fallback serve the right first screen (a /shop opened offline never shows the home page's hero), and
 * a route without a prerendered page (/contact, /profile…) starts empty and renders as it always did.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import react from '@vitejs/plugin-react'
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite'
import { LOCALE_PICKER } from '../src/i18n/locales.ts'

/**
 * The page of the URL (src/app/prerender.tsx PRERENDERED_PAGES: home /, shop /shop, item /item/:id), on <html>.
 * The pages are prerendered in English: a visitor in another language (<html lang>, set just before by
 * LOCALE_PICKER) gets none, so no English paints first and React does not hydrate English markup with another
 * language's texts; the app renders in their language as soon as its JS and their catalogue are there.
 */
export const PAGE_PICKER =
  `(function(){var p=location.pathname,e=(document.documentElement.lang||'en')==='en';document.documentElement.setAttribute('data-first-page',` +
  `!e?'':p==='/'?'home':p==='/shop'?'shop':/^\\/item\\/[^/]+\\/?$/.test(p)?'item':'')})()`

/**
 * After #root and the templates: moves the URL's page into #root (marked for main.tsx) and drops the templates.
 * Until the app has hydrated the page (main.tsx calls window.__kreisHydrated), what a visitor does on it is held:
 * text typed into its fields, taps on its buttons and submitted forms (their handlers are not attached yet, and
 * React keeps a field's text but not in its state). Then, in a task of its own (outside React's work: a held event
 * on a part React has not hydrated yet makes React hydrate it first), the text goes into the fields again as if
 * typed and the taps and submits are replayed, in order; events until then are held too. A field is first emptied
 * and announced (React starts tracking it at ''), then given the text: React sees the change. Nothing done on the
 * painted page is lost.
 */
export const PAGE_MOUNT =
  `(function(){var k=document.documentElement.getAttribute('data-first-page'),r=document.getElementById('root'),` +
  `t=k&&document.getElementById('kreis-page-'+k),q=[],v=[],d=document;if(t){r.appendChild(t.content);r.setAttribute('data-prerendered',k)}` +
  `d.querySelectorAll('template[id^="kreis-page-"]').forEach(function(e){e.remove()});if(!t)return;` +
  `function hold(e){var x=e.type==='click'?e.target.closest&&e.target.closest('button'):e.target;` +
  `if(x&&r.contains(x)){e.preventDefault();e.stopPropagation();q.indexOf(x)<0&&q.push(x)}}` +
  `function typed(e){if(r.contains(e.target))v.push([e.target,e.target.value])}` +
  `function say(i){i.dispatchEvent(new Event('input',{bubbles:true}))}` +
  `d.addEventListener('click',hold,true);d.addEventListener('submit',hold,true);d.addEventListener('input',typed,true);` +
  `window.__kreisHydrated=function(){setTimeout(function(){d.removeEventListener('click',hold,true);d.removeEventListener('submit',hold,true);` +
  `d.removeEventListener('input',typed,true);var a=q,b=v;q=[];v=[];b.forEach(function(p){var i=p[0];` +
  `if(i.isConnected){i.value='';say(i);Object.getOwnPropertyDescriptor(Object.getPrototypeOf(i),'value').set.call(i,p[1]);say(i)}});` +
  `a.forEach(function(x){x.isConnected&&(x.tagName==='FORM'?x.requestSubmit():x.click())})})}})()`

const ROOT_ELEMENT = '<div id="root"></div>'
const run = promisify(execFile)

/** Builds src/app/prerender.tsx for Node and renders its pages. */
export async function renderPages(root: string, mode: string): Promise<Record<string, string>> {
  // Inside the project, so the server build's bare imports (react, react-router-dom…) resolve from node_modules;
  // a directory of its own, since builds into other directories run side by side (e2e, bench).
  const cache = path.join(root, 'node_modules', '.cache')
  fs.mkdirSync(cache, { recursive: true })
  const outDir = fs.mkdtempSync(path.join(cache, 'kreis-prerender-'))
  try {
    const result = (await build({
      configFile: false,
      root,
      mode,
      logLevel: 'warn',
      resolve: { alias: { '@': path.join(root, 'src') } },
      plugins: [react()],
      build: {
        ssr: path.join(root, 'src/app/prerender.tsx'),
        outDir,
        emptyOutDir: true,
        minify: false,
        sourcemap: false,
        copyPublicDir: false,
      },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[]
    const output = (Array.isArray(result) ? result[0]! : result).output
    const entry = output.find((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry)
    if (!entry) throw new Error('prerender: the server build has no entry chunk')
    // Rendered in a Node of its own: no browser globals a test environment (or Vite's process) may have defined,
    // and the app's modules start from their first state.
    const url = pathToFileURL(path.join(outDir, entry.fileName)).href
    const render = `import(${JSON.stringify(url)}).then((m) => process.stdout.write(JSON.stringify(m.prerenderPages())))`
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', render], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    })
    return JSON.parse(stdout) as Record<string, string>
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true })
  }
}

/** index.html with each page as a template after #root, and the scripts that pick and mount the URL's page. */
export function withPrerenderedPages(html: string, pages: Record<string, string>): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`prerender: index.html has no ${ROOT_ELEMENT}`)
  if (!html.includes('<title>')) throw new Error('prerender: index.html has no <title>')
  const templates = Object.entries(pages).map(
    ([key, markup]) => `<template id="kreis-page-${key}">${markup}</template>`,
  )
  return html
    .replace('<title>', () => `<script>${LOCALE_PICKER}</script>\n    <script>${PAGE_PICKER}</script>\n    <title>`)
    .replace(ROOT_ELEMENT, () => [ROOT_ELEMENT, ...templates, `<script>${PAGE_MOUNT}</script>`].join('\n    '))
}

/**
 * The app's one stylesheet goes inline: the page paints as soon as the document is parsed, without a second request
 * (a round trip and its download on a phone's network) and before any script has arrived, so the first paint
 * never waits on the JS (Lighthouse counts a script that finished loading before the first paint as needed for it).
 */
export function inlineCssPlugin(): Plugin {
  const inlined: string[] = []
  return {
    name: 'kreis-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        if (!ctx.bundle) return html
        const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)]
        for (const [tag, file] of links) {
          const asset = ctx.bundle[file!]
          if (asset?.type !== 'asset') throw new Error(`inline css: ${file} is not in the bundle`)
          html = html.replace(tag, () => `<style>${String(asset.source)}</style>`)
          // Nothing else may load it (vite.config.ts cssCodeSplit: false): the service worker need not precache it.
          delete ctx.bundle[file!]
          inlined.push(file!)
        }
        return html
      },
    },
    generateBundle: {
      // After Vite wrote each lazy import's list of files to load first: none may name the file that is gone.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          const file = chunk.type === 'chunk' ? inlined.find((f) => chunk.code.includes(f)) : undefined
          if (file) this.error(`inline css: ${chunk.fileName} loads ${file}, which is inlined in index.html`)
        }
      },
    },
  }
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'kreis-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      handler: async (html) =>
        config.build.ssr ? html : withPrerenderedPages(html, await renderPages(config.root, config.mode)),
    },
  }
}
