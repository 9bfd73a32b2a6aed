import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { currentTab, type TabPath } from '@/domain/nav-tabs'
import { cx } from '@/ui/cx'
import { t, type CatalogueKey } from '@/i18n'

const ICON = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  'aria-hidden': true,
} as const

const TABS: { to: TabPath; label: CatalogueKey; icon: ReactNode }[] = [
  {
    to: '/',
    label: 'nav.discover',
    icon: (
      <svg {...ICON}>
        <circle cx="12" cy="12" r="9" />
        <path d="M15.5 8.5l-2 5-5 2 2-5z" strokeLinejoin="round" />
      </svg>
    ),
  },
  {
    to: '/favorites',
    label: 'nav.favorites',
    icon: (
      <svg {...ICON}>
        <path d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z" strokeLinejoin="round" />
      </svg>
    ),
  },
  {
    to: '/sell',
    label: 'nav.sell',
    icon: (
      <svg {...ICON}>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 8v8M8 12h8" strokeLinecap="round" />
      </svg>
    ),
  },
  {
    to: '/profile',
    label: 'nav.profile',
    icon: (
      <svg {...ICON}>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
      </svg>
    ),
  },
]

/**
 * The tab bar of docs/product.md §2.4: at the bottom on phones and tablets, in the header beside the account links
 * on wide screens (docs/product.md#R-current-tab), where a bar at the bottom would sit far from everything else.
 * The current tab (by the page's place, not only the tab's own path) carries aria-current="page".
 */
export function TabBar({ placement = 'bottom' }: { placement?: 'bottom' | 'header' }) {
  const current = currentTab(useLocation().pathname)
  const header = placement === 'header'
  return (
    <nav
      aria-label={t('nav.main')}
      className={
        header
          ? 'hidden lg:block'
          : 'fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden'
      }
    >
      <ul className={header ? 'flex h-16 items-stretch gap-1' : 'mx-auto grid h-16 max-w-lg grid-cols-4'}>
        {TABS.map((tab) => {
          const active = current === tab.to
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  'flex h-full items-center justify-center font-medium focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-green-700',
                  header ? 'gap-1.5 px-1.5 text-sm xl:px-2' : 'flex-col gap-0.5 text-xs',
                  active ? 'text-green-800' : 'text-stone-700 hover:text-stone-900',
                  active && header && 'shadow-[inset_0_-3px_0_currentColor]',
                )}
              >
                <span className={header ? 'h-5 w-5' : 'h-6 w-6'}>{tab.icon}</span>
                {t(tab.label)}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
