// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DatabaseProvider } from '@/db/database-context'
import { KreisDatabase } from '@/db/database'
import type { FavouriteRow, ListingRow } from '@/db/rows'
import { getAppSync } from '@/sync/app-sync'
import { initialSyncStatus } from '@/sync/status-store'
import { dismissToast } from '@/ui/toast/toast-store'
import { Toaster } from '@/ui/toast/toaster'
import { FavoritesPage } from './favorites-page'

configure({ asyncUtilTimeout: 4000 })

let db: KreisDatabase
beforeEach(async () => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  await db.open()
  getAppSync().status.setState(initialSyncStatus(true))
})
afterEach(async () => {
  cleanup()
  dismissToast()
  db.close()
  await db.delete()
})

function listing(i: number, over: Partial<ListingRow> = {}): ListingRow {
  const t = '2026-01-01T00:00:00.000Z'
  return {
    id: `l${i}`,
    user_id: 'seller',
    title: `Item ${i}`,
    description: 'A fine item.',
    price: 10 + i,
    condition: 'very_good',
    category: 'women',
    product_type: null,
    brand: null,
    size: 'M',
    fabric: null,
    location: 'Zurich',
    tags: null,
    status: 'active',
    created_at: t,
    updated_at: t,
    edited_at: t,
    sync_state: 'synced',
    cover_image_url: null,
    seller_first_name: null,
    seller_last_name: null,
    ...over,
  }
}
const fav = (id: string, created_at: number, extra: Partial<FavouriteRow> = {}): FavouriteRow => ({
  listing_id: id,
  created_at,
  ...extra,
})

const renderPage = () =>
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter>
        <FavoritesPage />
        <Toaster />
      </MemoryRouter>
    </DatabaseProvider>,
  )

describe('<FavoritesPage /> (docs/product.md §2.8; docs/decisions.md#D-favourites)', () => {
  it('says how to collect favourites when there are none', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeInTheDocument()
    expect(await screen.findByText('No favorites yet')).toBeInTheDocument()
    expect(screen.getByText('Mark items with ♡ to collect them here')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop')
  })

  it('lists favourites newest first; a sold one shows as sold and one gone from the device as no longer available', async () => {
    await db.listings.bulkPut([listing(1), listing(2, { status: 'sold' })])
    await db.favourites.bulkPut([
      fav('l1', 3),
      fav('l2', 2),
      fav('l3', 1, {
        card: {
          title: 'Deleted scarf',
          price: 25,
          brand: 'Akris',
          size: null,
          cover_image_url: null,
          status: 'active',
        },
      } as never),
    ])
    renderPage()
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3))
    const [active, sold, gone] = screen.getAllByRole('article')
    expect(within(active!).getByRole('link', { name: 'Item 1' })).toHaveAttribute('href', '/item/l1')
    expect(within(active!).getByRole('button', { name: 'Remove Item 1 from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(within(sold!).getByText('SOLD')).toBeInTheDocument()
    expect(within(sold!).queryByRole('link')).toBeNull()
    expect(within(gone!).getByText('No longer available')).toBeInTheDocument()
    expect(within(gone!).getByText('Deleted scarf')).toBeInTheDocument()
    expect(within(gone!).getByText('CHF 25.00')).toBeInTheDocument()
  })

  it('removing a favourite confirms with the spec toast and the item leaves the list', async () => {
    await db.listings.bulkPut([listing(1), listing(2, { status: 'sold' })])
    await db.favourites.bulkPut([fav('l1', 2), fav('l2', 1)])
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Item 2 from favorites' }))
    expect(await screen.findByText('Removed from favorites')).toBeInTheDocument()
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Remove Item 1 from favorites' }))
    expect(await screen.findByText('No favorites yet')).toBeInTheDocument()
  })

  it('offline, lists the favourites the device has (the shell says it is offline; no second note here)', async () => {
    act(() => getAppSync().status.setState({ online: false }))
    await db.listings.bulkPut([listing(1)])
    await db.favourites.bulkPut([fav('l1', 1)])
    renderPage()
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    expect(screen.queryByText(/Offline/)).toBeNull()
  })
})
