// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ListingCard, type ListingCardProps } from './listing-card'

afterEach(cleanup)

const base: ListingCardProps = {
  title: 'Wool coat', price: 45, imageUrl: 'https://img.test/a.jpg', brand: 'Akris', size: 'M', location: 'Zurich', seller: 'Anna Müller',
  isSold: false, isNew: true, href: '/item/1', liked: false, onToggleLike: () => {},
}
const renderCard = (props: Partial<ListingCardProps> = {}) =>
  render(
    <MemoryRouter>
      <ListingCard {...base} {...props} />
    </MemoryRouter>,
  )

describe('<ListingCard /> (spec §2.2, §2.6, §3)', () => {
  it('shows photo, price in CHF, title as the link, brand · size, location · seller, the New badge and the heart', () => {
    const toggle = vi.fn()
    renderCard({ onToggleLike: toggle })
    expect(screen.getByRole('link', { name: 'Wool coat' })).toHaveAttribute('href', '/item/1')
    expect(screen.getByText('CHF 45.00')).not.toHaveClass('line-through')
    expect(screen.getByText('Akris · Size M')).toBeInTheDocument()
    expect(screen.getByText('Zurich · Anna Müller')).toBeInTheDocument()
    expect(screen.getByText('New')).toBeInTheDocument()
    const img = screen.getByRole('img', { name: 'Wool coat' })
    expect(img).toHaveAttribute('crossorigin', 'anonymous')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '500'])
    fireEvent.click(screen.getByRole('button', { name: 'Add Wool coat to favorites' }))
    expect(toggle).toHaveBeenCalledOnce()
  })

  it('a sold card cannot be clicked or liked: SOLD overlay, greyed photo, struck price, no New badge', () => {
    renderCard({ isSold: true })
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByText('SOLD')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Wool coat' })).toHaveClass('grayscale')
    expect(screen.getByText('CHF 45.00', { exact: false }).closest('p')).toHaveClass('line-through')
    expect(screen.queryByText('New')).toBeNull()
  })

  it('a liked heart is pressed; the first row loads its photo eagerly; no photo shows the placeholder', () => {
    renderCard({ liked: true, eager: true })
    expect(screen.getByRole('button', { name: 'Remove Wool coat from favorites' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('img', { name: 'Wool coat' })).toHaveAttribute('loading', 'eager')
    cleanup()
    renderCard({ imageUrl: null })
    expect(screen.getByRole('img', { name: 'Wool coat: No image available' })).toBeInTheDocument()
  })
})
