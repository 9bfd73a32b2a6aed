// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LandingPage } from '@/features/landing/landing-page'
import { followFirstScreen } from '@/remote/first-screen'
import { firstScreenShown, useServicesGate } from './provider'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the data layer on a cold home page waits for load and an idle moment', () => {
  it('opens only when the browser is idle after load (the hero paints without the data layer)', () => {
    let idle: (() => void) | null = null
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => ((idle = cb), 1))
    const { result } = renderHook(() => useServicesGate(true))
    expect(document.readyState).toBe('complete')
    expect(result.current).toBe(false)
    expect(idle).not.toBeNull()
    act(() => idle!())
    expect(result.current).toBe(true)
  })

  it('waits for the load event when the page is still loading', () => {
    let idle: (() => void) | null = null
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => ((idle = cb), 1))
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    const { result } = renderHook(() => useServicesGate(true))
    expect(idle).toBeNull()
    readyState.mockRestore()
    act(() => void window.dispatchEvent(new Event('load')))
    act(() => idle!())
    expect(result.current).toBe(true)
  })

  it('is open at once on every other route', () => {
    const { result } = renderHook(() => useServicesGate(false))
    expect(result.current).toBe(true)
  })

  it('is closed in the build’s prerender on every route, as hydration then finds it', () => {
    const Gate = ({ deferred }: { deferred: boolean }) => <>{useServicesGate(deferred) ? 'open' : 'closed'}</>
    expect(renderToString(<Gate deferred={false} />)).toBe('closed')
    expect(renderToString(<Gate deferred />)).toBe('closed')
  })

  it('the home page holds the fresh grid’s space with skeletons until the data layer is there', () => {
    const { container } = render(
      <MemoryRouter>
        <LandingPage signedIn={false} cardsReady={false} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy()
    const products = container.querySelector('#products-section, [aria-labelledby="products-title"]')!
    expect(products.querySelectorAll('[aria-hidden="true"] > *').length).toBeGreaterThan(0)
    expect(products.querySelector('ul')).toBeNull()
  })
})

describe('a page whose first screen index.html asked for starts the rest of the data layer after its photo painted', () => {
  it('opens once `waitFor` resolved and the browser is idle, not at load', async () => {
    let idle: (() => void) | null = null
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => ((idle = cb), 1))
    let painted!: () => void
    const shown = new Promise<void>((r) => (painted = r))
    const { result } = renderHook(() => useServicesGate(true, () => shown))
    expect(idle).toBeNull()
    await act(async () => painted())
    expect(result.current).toBe(false)
    act(() => idle!())
    expect(result.current).toBe(true)
  })

  it('the first screen counts as shown when an image became the largest paint', async () => {
    let report: ((list: { getEntries(): unknown[] }) => void) | null = null
    const disconnect = vi.fn()
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(cb: (list: { getEntries(): unknown[] }) => void) {
          report = cb
        }
        observe() {}
        disconnect = disconnect
      },
    )
    let done = false
    const shown = firstScreenShown(followFirstScreen(Promise.resolve([{ id: 'l1' }])), 60_000).then(() => (done = true))
    await vi.waitFor(() => expect(report).not.toBeNull())
    report!({ getEntries: () => [{ element: document.createElement('h1') }] })
    await Promise.resolve()
    expect(done).toBe(false)
    report!({ getEntries: () => [{ element: document.createElement('img') }] })
    await shown
    expect(disconnect).toHaveBeenCalled()
  })

  it('where index.html painted the photo itself, waits for that paint instead of an image’s paint entry', async () => {
    const observe = vi.fn()
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        observe = observe
        disconnect() {}
      },
    )
    let painted!: () => void
    let done = false
    const shown = firstScreenShown(
      followFirstScreen(Promise.resolve([{ id: 'l1' }]), new Promise<void>((r) => (painted = r))),
      60_000,
    ).then(() => (done = true))
    await new Promise((r) => setTimeout(r, 10))
    expect(done).toBe(false)
    painted()
    await shown
    expect(observe).not.toHaveBeenCalled()
  })

  it('does not wait when the request brought nothing (the page needs the engine), and at most the time limit', async () => {
    await firstScreenShown(followFirstScreen(Promise.resolve(null)), 60_000)
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        observe() {}
        disconnect() {}
      },
    )
    const started = Date.now()
    await firstScreenShown(followFirstScreen(Promise.resolve([{ id: 'l1' }])), 20)
    // A request that never answers does not hold the data layer either.
    await firstScreenShown(followFirstScreen(new Promise(() => {})), 20)
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
