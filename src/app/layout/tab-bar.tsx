import type { ReactNode } from 'react'
import { NavLink } from 'react-router-dom'
import { cx } from '@/ui/cx'
import { t, type CatalogueKey } from '@/i18n'

const ICON = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, 'aria-hidden': true } as const

const TABS: { to: string; label: CatalogueKey; icon: ReactNode }[] = [
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

/** The bottom tab bar of docs/product.md §2.4; the current tab carries aria-current="page". */
export function TabBar() {
  return (
    <nav aria-label={t('nav.main')} className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)]">
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-4">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.to === '/'}
              className={({ isActive }) =>
                cx(
                  'flex h-full flex-col items-center justify-center gap-0.5 text-xs font-medium focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-green-700',
                  isActive ? 'text-green-800' : 'text-stone-700 hover:text-stone-900',
                )
              }
            >
              <span className="h-6 w-6">{tab.icon}</span>
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
