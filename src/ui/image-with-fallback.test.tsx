// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ImageWithFallback } from './image-with-fallback'

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true })
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

describe('<ImageWithFallback />', () => {
  afterEach(() => {
    cleanup()
    setOnline(true)
  })

  it('shows the photo with its alt text, requested with CORS so the service worker can cache it', () => {
    render(
      <ImageWithFallback
        src="http://127.0.0.1:54321/storage/v1/object/public/listing-images/a.jpg"
        alt="Black wool coat"
      />,
    )
    const img = screen.getByRole('img', { name: 'Black wool coat' })
    expect(img.tagName).toBe('IMG')
    expect(img).toHaveAttribute('crossorigin', 'anonymous')
  })

  it('shows the labelled placeholder when there is no source', () => {
    render(<ImageWithFallback src={null} alt="Black wool coat" />)
    expect(screen.getByRole('img', { name: 'Black wool coat: No image available' }).tagName).toBe('DIV')
  })

  it('falls back to the placeholder when the image fails to load', () => {
    render(<ImageWithFallback src="/missing.jpg" alt="Red scarf" fallbackLabel="No photo" />)
    fireEvent.error(screen.getByRole('img', { name: 'Red scarf' }))
    expect(screen.getByRole('img', { name: 'Red scarf: No photo' }).tagName).toBe('DIV')
  })

  it('tries again when given a new source after a failure', () => {
    const { rerender } = render(<ImageWithFallback src="/missing.jpg" alt="Red scarf" />)
    fireEvent.error(screen.getByRole('img', { name: 'Red scarf' }))
    rerender(<ImageWithFallback src="/other.jpg" alt="Red scarf" />)
    expect(screen.getByRole('img', { name: 'Red scarf' }).tagName).toBe('IMG')
  })
  it('offline, a photo that does not load says it is not on this device (docs/product.md#R-photo-offline), and loads once online', () => {
    act(() => setOnline(false))
    render(<ImageWithFallback src="/storage/a.webp" alt="Red scarf" fallbackLabel="No image available" />)
    fireEvent.error(screen.getByRole('img', { name: 'Red scarf' }))
    expect(screen.getByRole('img', { name: 'Red scarf: Photo not on this device' }).tagName).toBe('DIV')
    act(() => setOnline(true))
    expect(screen.getByRole('img', { name: 'Red scarf' }).tagName).toBe('IMG')
  })

  it('offline, a listing without a photo still says there is no image', () => {
    act(() => setOnline(false))
    render(<ImageWithFallback src={null} alt="Red scarf" />)
    expect(screen.getByRole('img', { name: 'Red scarf: No image available' })).toBeInTheDocument()
  })
})
