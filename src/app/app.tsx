import { useEffect, type ComponentType, type ReactNode } from 'react'
import { BrowserRouter } from 'react-router-dom'
import { AppProvider } from './provider'
import { PwaPrompts } from './pwa/pwa-prompts'
import { AppRoutes } from './routes'

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
      <PwaPrompts />
      <Mounted onMounted={onMounted} />
    </AppProvider>
  )
}

function Mounted({ onMounted }: { onMounted?: () => void }) {
  useEffect(() => onMounted?.(), [onMounted])
  return null
}
