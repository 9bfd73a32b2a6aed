// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PartBoundary } from './error-boundary'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('<PartBoundary /> (a lazy part of the shell whose chunk cannot load, offline before the service worker)', () => {
  it('shows its fallback in the part’s place, and the rest of the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const Unloadable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
    render(
      <main>
        <p>The profile form</p>
        <PartBoundary fallback="Offline. Showing what this device has.">
          <Suspense fallback="…">
            <Unloadable />
          </Suspense>
        </PartBoundary>
      </main>,
    )
    expect(await screen.findByText('Offline. Showing what this device has.')).toBeInTheDocument()
    expect(screen.getByText('The profile form')).toBeInTheDocument()
  })

  it('renders the part itself when it loads', async () => {
    const Loadable = lazy(async () => ({ default: () => <span>updated 5 min ago</span> }))
    render(
      <PartBoundary fallback="fallback">
        <Suspense fallback="…">
          <Loadable />
        </Suspense>
      </PartBoundary>,
    )
    expect(await screen.findByText('updated 5 min ago')).toBeInTheDocument()
    expect(screen.queryByText('fallback')).toBeNull()
  })
})
