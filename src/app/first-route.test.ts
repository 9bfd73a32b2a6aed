/**
 * The first route's JS (docs/architecture.md §6: ≤ 120 kB gzip, measured by `npm run bench -- web`) stays small because the
 * data layer loads after the first paint: a production build's index.html must not load (as its entry or a
 * modulepreload) Dexie, the sync engine, the session or Supabase code. This builds the app the way `npm start`
 * does (without the service worker plugin) and reads the modules of every script index.html names.
 */
import path from 'node:path'
import { build, type PluginOption, type UserConfig } from 'vite'
import { describe, expect, it } from 'vitest'
import viteConfig from '../../vite.config'
import { firstRouteFiles, HEAD_LOADER } from '../../scripts/app-loader'
import { LOCALES } from '@/i18n/locales'

type Chunk = { type: 'chunk'; fileName: string; moduleIds: string[]; imports: string[]; facadeModuleId: string | null }
type Output = { output: (Chunk | { type: 'asset'; fileName: string; source: string | Uint8Array })[] }

async function buildApp(): Promise<Output['output']> {
  const config = (
    typeof viteConfig === 'function' ? await viteConfig({ mode: 'production', command: 'build' }) : viteConfig
  ) as UserConfig
  const isPwa = (p: PluginOption) =>
    !!p && typeof p === 'object' && 'name' in p && String(p.name).startsWith('vite-plugin-pwa')
  const plugins = (config.plugins ?? []).flat(2).filter((p) => !isPwa(p))
  const result = (await build({
    ...config,
    configFile: false,
    root: path.resolve(import.meta.dirname, '../..'),
    plugins,
    logLevel: 'silent',
    build: { ...config.build, write: false, sourcemap: false },
  })) as Output | Output[]
  return (Array.isArray(result) ? result[0]! : result).output
}

/** One build for the file's tests (each took ~10 s). */
let built: Promise<Output['output']> | undefined
const builtApp = () => (built ??= buildApp())

const DATA_LAYER = [
  /\/node_modules\/dexie\//,
  /\/node_modules\/dexie-react-hooks\//,
  /\/node_modules\/@supabase\//,
  /\/src\/db\/database\.ts$/,
  /\/src\/sync\/engine\.ts$/,
  /\/src\/sync\/session\.ts$/,
]

/** The modules a chunk brings with it: its own and its static imports', transitively. */
function modulesOf(output: Output['output'], start: Chunk): string[] {
  const chunks = new Map(output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])))
  const seen = new Set<string>()
  const visit = (c: Chunk | undefined) => {
    if (!c || seen.has(c.fileName)) return
    seen.add(c.fileName)
    c.imports.forEach((f) => visit(chunks.get(f)))
  }
  visit(start)
  return [...seen].flatMap((f) => chunks.get(f)!.moduleIds)
}

describe('the first route', () => {
  it('zod (the listing check, forms) loads with a write or a form, not with the data layer or the shop’s and item’s screens', async () => {
    const output = await builtApp()
    const chunk = (source: string) =>
      output.find((o): o is Chunk => o.type === 'chunk' && !!o.facadeModuleId?.endsWith(source))!
    const zod = /\/node_modules\/zod\//
    // Not vacuous: the sell flow's chunk brings it.
    expect(modulesOf(output, chunk('src/features/sell/details-page.tsx')).some((id) => zod.test(id))).toBe(true)
    for (const source of [
      'src/app/live/live-services.tsx',
      'src/features/shop/shop-page.tsx',
      'src/features/item/item-page.tsx',
    ]) {
      expect(
        modulesOf(output, chunk(source)).filter((id) => zod.test(id)),
        source,
      ).toEqual([])
    }
  }, 120_000)

  it('paints without the data layer: no Dexie, sync engine, session or Supabase code in what index.html loads', async () => {
    const output = await builtApp()
    const html = output.find((o) => o.fileName === 'index.html')
    expect(html?.type).toBe('asset')
    const source = html!.type === 'asset' ? String(html!.source) : ''
    const first = firstRouteFiles(source)
    const modules = output.flatMap((o) => (o.type === 'chunk' && first.includes(o.fileName) ? o.moduleIds : []))
    const everything = output.flatMap((o) => (o.type === 'chunk' ? o.moduleIds : []))

    // Not vacuous: the landing page and header are there, and the data layer exists in a later chunk.
    expect(modules.some((id) => id.endsWith('/src/features/landing/landing-page.tsx'))).toBe(true)
    expect(modules.some((id) => id.endsWith('/src/app/layout/site-header.tsx'))).toBe(true)
    for (const pattern of DATA_LAYER.slice(0, 2)) expect(everything.some((id) => pattern.test(id))).toBe(true)

    expect(modules.filter((id) => DATA_LAYER.some((p) => p.test(id)))).toEqual([])
    // The trial modal (its form, dialog and sign-up call) loads on the click of "Start Free Trial".
    const trialModal = /\/src\/features\/landing\/components\/trial-signup-(modal|form)\.tsx$/
    expect(everything.filter((id) => trialModal.test(id))).toHaveLength(2)
    expect(modules.filter((id) => trialModal.test(id))).toEqual([])
    // So do the static pages' long texts, with those pages.
    const longTexts = /\/src\/i18n\/en\/static-pages\.ts$/
    expect(everything.filter((id) => longTexts.test(id))).toHaveLength(1)
    expect(modules.filter((id) => longTexts.test(id))).toEqual([])
  }, 120_000)

  it('each language’s first route carries its own catalogue and no other (English’s is not built in for everyone)', async () => {
    const output = await builtApp()
    const html = output.find((o) => o.fileName === 'index.html')
    const source = html?.type === 'asset' ? String(html.source) : ''
    const catalogueOf = (id: string) => /\/src\/i18n\/(en|de-CH|fr-CH|it-CH)\/index\.ts$/.exec(id)?.[1] ?? []
    // English's texts, its catalogue's parts (the product's name is shared by every catalogue).
    const englishText = /\/src\/i18n\/en\/(?!product\.ts$)[^/]+\.ts$/
    const modulesOf = (files: string[]) =>
      output.flatMap((o) => (o.type === 'chunk' && files.includes(o.fileName) ? o.moduleIds : []))
    // Without a language: the app's own first route holds no catalogue at all.
    expect(modulesOf(firstRouteFiles(source)).flatMap(catalogueOf)).toEqual([])
    for (const locale of LOCALES) {
      const modules = modulesOf(firstRouteFiles(source, locale))
      expect(modules.flatMap(catalogueOf), locale).toEqual([locale])
      expect(modules.filter((id) => englishText.test(id)).length > 0, locale).toBe(locale === 'en')
      expect(
        modules.some((id) => id.endsWith('/src/i18n/load-locale.ts')),
        locale,
      ).toBe(true)
    }
  }, 120_000)

  it('the shop’s and item’s pages bring no catalogue of their own (a German visitor’s item page loads no English)', async () => {
    const output = await builtApp()
    const chunk = (source: string) =>
      output.find((o): o is Chunk => o.type === 'chunk' && !!o.facadeModuleId?.endsWith(source))!
    const catalogue = /\/src\/i18n\/(en|de-CH|fr-CH|it-CH)\/index\.ts$/
    // Not vacuous: the build holds the four catalogues.
    expect(
      output.flatMap((o) => (o.type === 'chunk' ? o.moduleIds.filter((id) => catalogue.test(id)) : [])),
    ).toHaveLength(4)
    for (const source of [
      'src/features/shop/shop-page.tsx',
      'src/features/item/item-page.tsx',
      'src/features/messages/messages-page.tsx',
    ]) {
      expect(
        modulesOf(output, chunk(source)).filter((id) => catalogue.test(id)),
        source,
      ).toEqual([])
    }
  }, 120_000)

  it('index.html’s head preloads the language of <html lang> with the app’s JS, and only that one', async () => {
    const output = await builtApp()
    const html = output.find((o) => o.fileName === 'index.html')
    const source = html?.type === 'asset' ? String(html.source) : ''
    const list = /<script type="application\/json" id="kreis-app">([^<]*)<\/script>/.exec(source)![1]!
    // The built page runs the same loader.
    expect(source).toContain(`<script>${HEAD_LOADER}</script>`)
    const preloadsFor = (lang: string) => {
      const links: string[] = []
      const document = {
        documentElement: { lang, getAttribute: () => '' },
        getElementById: () => ({ textContent: list }),
        createElement: () => ({}),
        head: { appendChild: (l: { href: string }) => void links.push(l.href.replace(/^\//, '')) },
      }
      new Function('document', 'window', 'navigator', HEAD_LOADER)(document, {}, {})
      return links
    }
    for (const locale of LOCALES)
      expect(preloadsFor(locale).sort(), locale).toEqual(firstRouteFiles(source, locale).sort())
    // A language without a catalogue chunk of its own (the pseudo-locale loads on demand) preloads the app alone.
    expect(preloadsFor('en-XA').sort()).toEqual(firstRouteFiles(source).sort())
  }, 120_000)

  it('React DOM’s CommonJS factories are parenthesised function expressions, which V8 compiles while the chunk streams', async () => {
    const output = await builtApp()
    const reactDom = output.find(
      (o): o is Chunk & { code: string } =>
        o.type === 'chunk' && o.moduleIds.some((id) => /\/react-dom\/cjs\/react-dom-client\.\w+\.js$/.test(id)),
    )
    expect(reactDom).toBeDefined()
    // scheduler, react-dom, react-dom/client and their index files: each wrapper eager, none left as a lazy arrow.
    expect(reactDom!.code.match(/\(\(function\([\w$,]*\)\{/g)?.length).toBeGreaterThanOrEqual(3)
    expect(reactDom!.code).not.toMatch(/\(\(\(?[\w$]+(,[\w$]+)*\)?=>\{/)
  }, 120_000)
})
