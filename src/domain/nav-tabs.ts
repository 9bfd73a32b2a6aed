// Which tab of the shell is the current one (docs/product.md#R-current-tab): the tab whose screens the page
// belongs to, not only the tab's own path — browsing (the shop and an item's page) belongs to Discover, every
// step of the sell flow to Sell.

export const TAB_PATHS = ['/', '/favorites', '/sell', '/profile'] as const
export type TabPath = (typeof TAB_PATHS)[number]

const under = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`)

/** The tab that is current on `pathname`, or null when the page belongs to none (messages, static pages). */
export function currentTab(pathname: string): TabPath | null {
  if (pathname === '/' || under(pathname, '/shop') || under(pathname, '/item')) return '/'
  if (under(pathname, '/favorites')) return '/favorites'
  if (under(pathname, '/sell')) return '/sell'
  if (under(pathname, '/profile')) return '/profile'
  return null
}
