/**
 * Build time only (scripts/prerender.ts): the markup of the pages a cold visit paints from index.html before any JS
 * has run — the home page (its hero is that page's largest paint), and /shop and /item/:id as they show until their
 * chunk and data are there, each with the shell around it. Each is the app's own first render at that URL, the one
 * main.tsx hydrates: the session still loading, the data layer closed, no route chunk loaded.
 */
import { StrictMode, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { applyLocale } from '@/i18n'
import { en } from '@/i18n/en'
import { App } from './app'

// The pages are prerendered in English (scripts/prerender.ts), whose catalogue the browser loads on demand: here,
// at build time, it is simply there.
applyLocale('en', en, null)

/** The prerendered pages and a URL each is rendered at (scripts/prerender.ts PAGE_PICKER matches the real path). */
export const PRERENDERED_PAGES = {
  home: '/',
  shop: '/shop',
  item: '/item/00000000-0000-4000-8000-000000000000',
} as const

export type PageKey = keyof typeof PRERENDERED_PAGES

/** The page's markup; throws if any part of it suspended (it would not be the first render's markup). */
export function prerender(page: PageKey): string {
  const url = PRERENDERED_PAGES[page]
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>
  const html = renderToString(
    <StrictMode>
      <App Router={Router} />
    </StrictMode>,
  )
  // A Suspense boundary the server could not finish: the browser would throw its markup away and render it anew.
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->'))
    throw new Error(`prerender ${url}: a part of the page suspended`)
  return html
}

/** Every page's markup, by page. */
export function prerenderPages(): Record<PageKey, string> {
  return { home: prerender('home'), shop: prerender('shop'), item: prerender('item') }
}
