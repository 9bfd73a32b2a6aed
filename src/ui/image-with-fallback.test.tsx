// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ImageWithFallback } from './image-with-fallback'

describe('<ImageWithFallback />', () => {
  afterEach(cleanup)

  it('shows the photo with its alt text, requested with CORS so the service worker can cache it', () => {
    render(<ImageWithFallback src="http://127.0.0.1:54321/storage/v1/object/public/listing-images/a.jpg" alt="Black wool coat" />)
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
})
