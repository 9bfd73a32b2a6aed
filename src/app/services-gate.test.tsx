// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LandingPage } from '@/features/landing/landing-page'
import { useServicesGate } from './provider'

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
