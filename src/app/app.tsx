import { Suspense, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'
import { BrowserRouter } from 'react-router-dom'
import { lazyRetrying } from '@/ui/lazy-retrying'
import { AppProvider } from './provider'
import { AppRoutes } from './routes'

// The install and update prompts (with the service worker's registration) come after the first render: none of
// them can show before the page's start-up is over, and they kept ~1 kB out of the first route's JS.
const PwaPrompts = lazyRetrying(() => import('./pwa/pwa-prompts').then((m) => ({ default: m.PwaPrompts })))

/**
 * `Router`: the build's prerender (./prerender.tsx) renders a page at a given URL with a static router.
 * `onMounted`: once the first render (or the hydration of the prerendered page) has committed (main.tsx).
 */
export function App({
  Router = BrowserRouter,
  onMounted,
}: {
  Router?: ComponentType<{ children: ReactNode }>
  onMounted?: () => void
}) {
  return (
    <AppProvider>
      <Router>
        <AppRoutes />
      </Router>
      <LatePwaPrompts />
      <Mounted onMounted={onMounted} />
    </AppProvider>
  )
}

function Mounted({ onMounted }: { onMounted?: () => void }) {
  useEffect(() => onMounted?.(), [onMounted])
  return null
}

const subscribeToNothing = () => () => {}

/** PwaPrompts on the client, after hydrating: neither the prerendered page nor its hydration holds them. */
function LatePwaPrompts() {
  const onClient = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
  return onClient ? (
    <Suspense fallback={null}>
      <PwaPrompts />
    </Suspense>
  ) : null
}
