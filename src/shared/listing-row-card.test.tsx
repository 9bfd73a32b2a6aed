// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CardSource } from '@/domain/listing-card-view'
import { ListingRowCard, sameRowFields, type ListingRowCardProps } from './listing-row-card'

afterEach(cleanup)

const now = new Date('2026-11-23T12:00:00Z')
const row: CardSource = {
  id: 'l1',
  user_id: 'u1',
  title: 'Wool coat',
  price: '45',
  brand: 'Akris',
  size: 'M',
  location: null,
  status: 'active',
  created_at: '2026-11-22T12:00:00Z',
  cover_image_url: 'https://img.test/a.jpg',
  seller_first_name: null,
  seller_last_name: null,
}
const renderCard = (props: Partial<ListingRowCardProps> = {}) =>
  render(
    <MemoryRouter>
      <ListingRowCard row={row} now={now} eager={false} {...props} />
    </MemoryRouter>,
  )

describe('<ListingRowCard /> (the card the home grid, the shop and the favourites share)', () => {
  it('maps the row: link to the item, price in CHF, brand · size, the New badge; no place line or heart by default', () => {
    renderCard()
    expect(screen.getByRole('link', { name: 'Wool coat' })).toHaveAttribute('href', '/item/l1')
    expect(screen.getByText('CHF 45.00')).toBeInTheDocument()
    expect(screen.getByText('Size M').parentElement).toHaveTextContent(/^Akris · Size M$/)
    expect(screen.getByText('New')).toBeInTheDocument()
    expect(screen.queryByText(/Switzerland/)).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('with showPlace: location · seller with the spec fallbacks; the heart calls back with id and title', () => {
    const toggle = vi.fn()
    renderCard({ showPlace: true, liked: true, onToggleLike: toggle })
    expect(screen.getByText('Switzerland · Anonymous')).toBeInTheDocument()
    const heart = screen.getByRole('button', { pressed: true })
    fireEvent.click(heart)
    expect(toggle).toHaveBeenCalledWith('l1', 'Wool coat')
  })

  it('hands the card view to `actions` (the owner’s Edit); no heart on the viewer’s own listing or on a sold card', () => {
    renderCard({ viewerId: 'u1', onToggleLike: () => {}, actions: (card) => (card.isOwn ? <span>owner</span> : null) })
    expect(screen.getByText('owner')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
    cleanup()
    renderCard({ viewerId: 'someone-else', onToggleLike: () => {} })
    expect(screen.getByRole('button', { pressed: false })).toBeInTheDocument()
    cleanup()
    renderCard({ row: { ...row, status: 'sold' }, onToggleLike: () => {} })
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })
})

describe('sameRowFields (the grids’ memo: a re-read of unchanged rows renders no card)', () => {
  it('equal fields in new objects are the same row; any changed field, or a field more or less, is not', () => {
    expect(sameRowFields({ ...row, tags: ['a'] } as object, { ...row, tags: ['a'] } as object)).toBe(true)
    expect(sameRowFields(row, { ...row, price: '46' })).toBe(false)
    expect(sameRowFields({ ...row, tags: ['a'] } as object, { ...row, tags: ['b'] } as object)).toBe(false)
    expect(sameRowFields(row, { ...row, extra: 1 } as CardSource)).toBe(false)
  })
})
