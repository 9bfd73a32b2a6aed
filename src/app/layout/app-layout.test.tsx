// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { initialShellLiveState, shellLiveStore } from '../live/shell-state'
import { AppLayout } from './app-layout'

// The footer as it is, counting its renders (a seam of our own: the layout's children).
const footer = vi.hoisted(() => ({ renders: 0 }))
vi.mock('./site-footer', async (actual) => {
  const { SiteFooter } = await actual<typeof import('./site-footer')>()
  return {
    SiteFooter: () => {
      footer.renders++
      return <SiteFooter />
    },
  }
})

afterEach(() => {
  cleanup()
  shellLiveStore.setState(initialShellLiveState(), true)
})

describe('the app’s layout', () => {
  it('a change of session re-renders the header, not the parts that read none (the footer’s links: TBT)', () => {
    render(
      <MemoryRouter>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/" element={<p>the screen</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    )
    expect(screen.getByText('the screen')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull()
    const before = footer.renders
    act(() => shellLiveStore.setState({ live: true, session: { status: 'signed-out' } }))
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument()
    expect(footer.renders).toBe(before)
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
  })
  it.each([
    ['/shop', 'Discover'],
    ['/item/4f7c', 'Discover'],
    ['/sell/details', 'Sell'],
  ])(
    'on %s the %s tab is the current one, in the bottom bar and in the header’s (docs/product.md#R-current-tab)',
    (url, tab) => {
      render(
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path="*" element={<p>the screen</p>} />
            </Route>
          </Routes>
        </MemoryRouter>,
      )
      const navs = screen.getAllByRole('navigation', { name: 'Main' })
      expect(navs).toHaveLength(2) // one shows on phones, the other on wide screens (CSS: lg:hidden / hidden lg:block)
      expect(navs.map((n) => n.className.includes('lg:hidden'))).toEqual([false, true]) // the header's comes first
      for (const nav of navs) {
        const current = nav.querySelectorAll('[aria-current="page"]')
        expect([...current].map((a) => a.textContent)).toEqual([tab])
      }
    },
  )
  it('offline: one note under the header, none on the sell flow, which says it itself (docs/product.md#R-one-offline-note)', () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true })
    try {
      for (const [url, shown] of [
        ['/shop', true],
        ['/sell/details', false],
        ['/sell', false],
        ['/seller-tips', true],
      ] as const) {
        const { unmount } = render(
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route element={<AppLayout />}>
                <Route path="*" element={<p>the screen</p>} />
              </Route>
            </Routes>
          </MemoryRouter>,
        )
        expect([url, screen.queryByText('Offline. Showing what this device has.') !== null]).toEqual([url, shown])
        unmount()
      }
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
    }
  })
})
