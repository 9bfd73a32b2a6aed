// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListingRow } from '@/db/rows'
import { FreshGrid } from './fresh-grid'

// The mirror's answer, handed in as a live query does (a state update outside any transition).
const mirror = vi.hoisted(() => ({ answer: (_rows: ListingRow[]) => {} }))
vi.mock('../hooks/use-fresh-listings', () => ({
  useFreshListings: () => {
    const [rows, setRows] = useState<ListingRow[] | undefined>(undefined)
    mirror.answer = setRows
    return rows
  },
}))
// A card that suspends (as one whose image source is still being resolved would), to see how the cards render.
const never = new Promise<never>(() => {})
vi.mock('@/shared/listing-row-card', () => ({
  MemoListingRowCard: () => {
    throw never
  },
}))

afterEach(cleanup)

describe('the home grid', () => {
  it('renders its cards in a background pass once the mirror answers (TBT): the skeleton stays until they are ready', () => {
    const { container } = render(
      <Suspense fallback={<p>the boundary’s fallback</p>}>
        <FreshGrid />
      </Suspense>,
    )
    const skeleton = () => container.querySelector('[aria-hidden="true"]')
    expect(skeleton()).not.toBeNull()
    act(() => mirror.answer([{ id: 'l1', status: 'active' } as ListingRow]))
    // An urgent render of the cards would have replaced the grid with the Suspense boundary's fallback.
    expect(screen.queryByText('the boundary’s fallback')).toBeNull()
    expect(skeleton()).not.toBeNull()
  })
})
