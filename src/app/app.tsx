import { BrowserRouter } from 'react-router-dom'
import { AppProvider } from './provider'
import { PwaPrompts } from './pwa/pwa-prompts'
import { AppRoutes } from './routes'

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <PwaPrompts />
    </AppProvider>
  )
}
