// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListingRow } from '@/db/rows'
import { FeedCard, type FeedCardProps } from './feed-card'

const cardRenders = vi.hoisted(() => vi.fn((_props: unknown) => null))
vi.mock('@/shared/listing-row-card', async (original) => ({
  ...(await original<typeof import('@/shared/listing-row-card')>()),
  ListingRowCard: (props: unknown) => cardRenders(props),
}))

afterEach(() => {
  cleanup()
  cardRenders.mockClear()
})

const row = {
  id: 'l1',
  user_id: 'u1',
  title: 'Wool coat',
  price: 45,
  status: 'active',
  tags: ['wool'],
  updated_at: '2026-11-23T10:00:00.000000Z',
} as unknown as ListingRow
const now = new Date('2026-11-23T12:00:00Z')
const toggle = () => {}
const props = (over: Partial<FeedCardProps> = {}): FeedCardProps => ({
  row,
  now,
  viewerId: null,
  liked: false,
  onToggleLike: toggle,
  eager: false,
  ...over,
})

describe('<FeedCard /> re-renders only when what it shows changed (a first pull re-reads the page many times)', () => {
  it('skips a re-read that brings equal rows as new objects', () => {
    const { rerender } = render(<FeedCard {...props()} />)
    rerender(<FeedCard {...props({ row: { ...row, tags: ['wool'] } as ListingRow })} />)
    expect(cardRenders).toHaveBeenCalledTimes(1)
  })

  it('renders again for a changed field, heart, viewer or handler', () => {
    const { rerender } = render(<FeedCard {...props()} />)
    rerender(<FeedCard {...props({ row: { ...row, price: 40 } as ListingRow })} />)
    expect(cardRenders).toHaveBeenCalledTimes(2)
    rerender(<FeedCard {...props({ row: { ...row, price: 40 } as ListingRow, liked: true })} />)
    expect(cardRenders).toHaveBeenCalledTimes(3)
    rerender(<FeedCard {...props({ row: { ...row, price: 40 } as ListingRow, liked: true, viewerId: 'u1' })} />)
    expect(cardRenders).toHaveBeenCalledTimes(4)
    rerender(
      <FeedCard
        {...props({ row: { ...row, price: 40 } as ListingRow, liked: true, viewerId: 'u1', onToggleLike: () => {} })}
      />,
    )
    expect(cardRenders).toHaveBeenCalledTimes(5)
  })
})
