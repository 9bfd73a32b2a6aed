/**
 * The document's title and meta description for each route, in the active language: what a browser tab, a
 * bookmark, a shared link's preview and a search result show. Screens with a title of their own (an item's listing
 * title) set it after this, in their own effect.
 */
import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { activeLocale, t, type CatalogueKey } from '@/i18n'

export interface PageHead {
  readonly title: string
  readonly description: string
}

interface RouteHead {
  /** The page's name before " · Kreis"; none: the home page's "Kreis · tagline". */
  readonly title?: CatalogueKey
  readonly description?: CatalogueKey
}

/** Exact paths first; then the routes with an id, by prefix. */
const EXACT: Readonly<Record<string, RouteHead>> = {
  '/': {},
  '/shop': { title: 'shop.title', description: 'head.shopDescription' },
  '/auth': { title: 'head.signIn' },
  '/auth/reset-password': { title: 'resetScreen.title' },
  '/messages': { title: 'inbox.title' },
  '/favorites': { title: 'favorites.title' },
  '/profile': { title: 'profileScreen.title' },
  '/sell': { title: 'sell.title', description: 'head.sellDescription' },
  '/sell/upload': { title: 'upload.title', description: 'head.sellDescription' },
  '/sell/details': { title: 'details.title', description: 'head.sellDescription' },
  '/sell/preview': { title: 'head.sellPreview' },
  '/subscription': { title: 'head.subscription', description: 'head.subscriptionDescription' },
  '/subscription-success': { title: 'subscriptionSuccess.title' },
  '/payment-success': { title: 'head.paymentSuccess' },
  '/payment-failed': { title: 'head.paymentFailed' },
  '/our-story': { title: 'ourStory.title' },
  '/join-movement': { title: 'joinMovement.title' },
  '/contact': { title: 'contact.title' },
  '/terms': { title: 'terms.title' },
  '/privacy-policy': { title: 'privacy.title' },
}

const BY_PREFIX: readonly (readonly [string, RouteHead])[] = [
  ['/item/', { title: 'head.item' }],
  ['/sell/success/', { title: 'head.sellSuccess' }],
  ['/sell/edit/', { title: 'edit.title' }],
]

const NOT_FOUND: RouteHead = { title: 'notFound.title' }

function routeHeadOf(pathname: string): RouteHead {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  if (Object.hasOwn(EXACT, path)) return EXACT[path]!
  const prefixed = BY_PREFIX.find(([prefix]) => path.startsWith(prefix) && path.length > prefix.length)
  return prefixed ? prefixed[1] : NOT_FOUND
}

/** A page's title with the product's name, as the tab shows it. */
export const documentTitle = (page: string): string => `${page} · ${t('app.name')}`

export function pageHeadOf(pathname: string): PageHead {
  const route = routeHeadOf(pathname)
  return {
    title: route.title ? documentTitle(t(route.title)) : `${t('app.name')} · ${t('app.tagline')}`,
    description: t(route.description ?? 'head.description'),
  }
}

/** Writes `head` into the document (the description's meta element is index.html's, or made here). */
export function applyPageHead(head: PageHead, doc: Document = document): void {
  doc.title = head.title
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!meta) {
    meta = doc.createElement('meta')
    meta.name = 'description'
    doc.head.append(meta)
  }
  meta.content = head.description
}

/** Keeps the document's title and description on the current route's (before any screen's own effects run). */
export function usePageHead(): void {
  const { pathname } = useLocation()
  const locale = activeLocale()
  useLayoutEffect(() => applyPageHead(pageHeadOf(pathname)), [pathname, locale])
}
