import { Suspense } from 'react'
import { lazyRetrying } from '@/ui/lazy-retrying'
import { Link } from 'react-router-dom'
import { buttonClasses } from '@/ui/button'
import { cx } from '@/ui/cx'
import { KreisMark } from '@/ui/kreis-logo'
import { LanguageSwitch } from '@/ui/language-switch'
import { paths } from '@/config/paths'
import { PartBoundary } from '../error-boundary'
import type { HeaderSession } from '../header-account'
import { OfflineNotice, StorageAlert } from './offline-notice'
import { SearchBox } from './search-box'
import { SyncIndicator } from './sync-indicator'
import { useShellSync } from './use-shell-sync'
import { t } from '@/i18n'
import { TabBar } from './tab-bar'

// Signed in only (messages link with unread counts, avatar, Sign Out with its dialog): a chunk of its own, loaded
// with the data layer, since a signed-in session is known only once that has read the device's cached session.
const SignedInActions = lazyRetrying(() => import('./signed-in-actions').then((m) => ({ default: m.SignedInActions })))

function AccountActions({ session }: { session: HeaderSession }) {
  const placeholder = <span className="h-11 w-36" aria-hidden="true" />
  if (session.status === 'loading') return placeholder
  if (session.status === 'signed-in') {
    return (
      <PartBoundary fallback={placeholder}>
        <Suspense fallback={placeholder}>
          <SignedInActions session={session} />
        </Suspense>
      </PartBoundary>
    )
  }
  return (
    <div className="flex items-center gap-1">
      <Link
        to={paths.auth('signin')}
        className={cx(buttonClasses({ variant: 'ghost', size: 'sm' }), 'whitespace-nowrap')}
      >
        {t('header.signIn')}
      </Link>
      <Link
        to={paths.auth('signup')}
        className={cx(buttonClasses({ variant: 'primary', size: 'sm' }), 'whitespace-nowrap')}
      >
        {t('header.signUp')}
      </Link>
    </div>
  )
}

/**
 * Logo, search and account links. The header keeps one fixed height per breakpoint so nothing shifts; the landing
 * page scrolls sections to just below its measured height.
 */
export function SiteHeader({ session }: { session: HeaderSession }) {
  const sync = useShellSync()
  return (
    <header id="site-header" className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      {/* Small screens: logo and account on the first row, search on the second. From md: one 64 px row. */}
      <div className="mx-auto grid max-w-6xl grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 px-4 py-3 md:h-16 md:grid-cols-[auto_minmax(7.5rem,28rem)_1fr] md:py-0">
        <Link
          to="/"
          className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700"
        >
          <KreisMark />
          <span className="text-xl font-bold tracking-tight text-green-900">{t('app.name')}</span>
        </Link>
        <SearchBox className="order-last col-span-2 md:order-none md:col-span-1" />
        <div className="flex items-center justify-end gap-1 sm:gap-2">
          <TabBar placement="header" />
          <LanguageSwitch compact className="hidden sm:block" />
          <SyncIndicator sync={sync} />
          <AccountActions session={session} />
        </div>
      </div>
      <OfflineNotice sync={sync} />
      <StorageAlert sync={sync} />
    </header>
  )
}
