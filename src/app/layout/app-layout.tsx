import { memo, Suspense, useEffect, useRef } from 'react'
import { lazyRetrying } from '@/ui/lazy-retrying'
import { Outlet, useLocation } from 'react-router-dom'
import { t } from '@/i18n'
import { Toaster } from '@/ui/toast/toaster'
import { PartBoundary, ScreenErrorBoundary } from '../error-boundary'
import { useShellSession } from '../live/shell-state'
import { usePageHead } from './page-head'
import { ScrollToTopButton } from './scroll-to-top-button'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { TabBar } from './tab-bar'

/**
 * A new screen starts at its top, unless the link points at an anchor on it. Not the page the app started on: the
 * browser placed it (a reload keeps its place), and a visitor may have scrolled its prerendered markup already.
 */
function useScrollResetOnNavigate(): string {
  const { pathname, hash } = useLocation()
  const shown = useRef<string | null>(null)
  useEffect(() => {
    const screen = pathname + hash
    if (shown.current !== null && shown.current !== screen && !hash) window.scrollTo(0, 0)
    shown.current = screen
  }, [pathname, hash])
  return pathname
}

// Only for signed-in users, in its own chunk: the first route of a visitor does not carry messaging code.
const NewMessageToaster = lazyRetrying(() =>
  import('@/features/messages/new-message-toaster').then((m) => ({ default: m.NewMessageToaster })),
)

// The parts that read no session: when it changes (loading → signed out once the data layer is up, a sign-in) the
// layout re-renders its header only, not every link of the footer and tab bar in the same long task (TBT).
const Footer = memo(SiteFooter)
const Tabs = memo(TabBar)
const ScrollButton = memo(ScrollToTopButton)
const Toasts = memo(Toaster)

function ScreenFallback() {
  // Holds the space a screen takes while its chunk loads, so the footer does not jump.
  return <div className="min-h-[60vh]" aria-busy="true" />
}

export function AppLayout() {
  const session = useShellSession()
  const pathname = useScrollResetOnNavigate()
  usePageHead()
  return (
    <div className="flex min-h-dvh flex-col pb-16 lg:pb-0">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3 focus:font-semibold"
      >
        {t('nav.skipToContent')}
      </a>
      <SiteHeader session={session} />
      <main id="main" className="flex-1">
        <ScreenErrorBoundary key={pathname}>
          <Suspense fallback={<ScreenFallback />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <Footer />
      <Tabs />
      <ScrollButton />
      <Toasts />
      {session.status === 'signed-in' && (
        <PartBoundary fallback={null}>
          <Suspense fallback={null}>
            <NewMessageToaster />
          </Suspense>
        </PartBoundary>
      )}
    </div>
  )
}
