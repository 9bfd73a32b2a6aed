// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SCROLL_TO_TOP_THRESHOLD_PX } from '@/domain/constants'
import { ScrollToTopButton } from './scroll-to-top-button'

function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })
}

describe('<ScrollToTopButton /> (docs/product.md §2.4)', () => {
  afterEach(() => {
    cleanup()
    scrollWindowTo(0)
    vi.restoreAllMocks()
  })

  it('is hidden at the top and up to 300 px of scroll', () => {
    render(<ScrollToTopButton />)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
    scrollWindowTo(SCROLL_TO_TOP_THRESHOLD_PX)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
  })

  it('appears past 300 px and hides again when back near the top', () => {
    render(<ScrollToTopButton />)
    scrollWindowTo(SCROLL_TO_TOP_THRESHOLD_PX + 1)
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument()
    scrollWindowTo(100)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
  })

  it('shows at once on a page that is already scrolled when it mounts', () => {
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true })
    render(<ScrollToTopButton />)
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument()
  })

  it('scrolls smoothly to the top when pressed', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    render(<ScrollToTopButton />)
    scrollWindowTo(1200)
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }))
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
  })
  it('on a phone it shows while scrolling back up, not while scrolling down over the content (docs/product.md#R-scroll-top-phone)', () => {
    const matchMedia = vi.fn(
      (query: string) => ({ matches: query.includes('max-width'), media: query }) as unknown as MediaQueryList,
    )
    const before = window.matchMedia
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true })
    try {
      render(<ScrollToTopButton />)
      scrollWindowTo(800)
      expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
      scrollWindowTo(1400)
      expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
      scrollWindowTo(1100)
      expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument()
      scrollWindowTo(1300)
      expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
    } finally {
      Object.defineProperty(window, 'matchMedia', { value: before, configurable: true, writable: true })
    }
  })
})
