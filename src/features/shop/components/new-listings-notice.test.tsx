// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearNewListings, noteNewListing } from '@/sync/new-listings'
import { NewListingsNotice } from './new-listings-notice'

afterEach(() => {
  cleanup()
  clearNewListings()
})

describe('the feed’s "N new listings" notice', () => {
  it('shows nothing without new listings, counts each announced listing once, and clears when tapped', () => {
    const onShow = vi.fn()
    render(<NewListingsNotice onShow={onShow} />)
    expect(screen.queryByRole('button')).toBeNull()
    act(() => noteNewListing('a'))
    expect(screen.getByRole('button', { name: '1 new listing' })).toBeVisible()
    act(() => {
      noteNewListing('b')
      noteNewListing('a')
    })
    fireEvent.click(screen.getByRole('button', { name: '2 new listings' }))
    expect(onShow).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button')).toBeNull()
  })
})
