// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DatabaseProvider } from '@/db/database-context'
import { KreisDatabase } from '@/db/database'
import type { ListingRow } from '@/db/rows'
import { storeServerPage } from '@/db/repositories/server-pages'
import { searchPageKey } from '@/domain/search-query'
import { getAppSync } from '@/sync/app-sync'
import { initialSyncStatus } from '@/sync/status-store'
import { sessionStore } from '@/sync/signed-in-user'
import { dismissToast } from '@/ui/toast/toast-store'
import { Toaster } from '@/ui/toast/toaster'
import { ShopPage } from './shop-page'

// The seam: asking the server a search page (sync/server-search.ts, tested against the local stack). By default the
// server does not answer, so the screen answers from the device; a test may store an answer as the sync layer does.
const server = vi.hoisted(() => ({
  answer: async (..._args: unknown[]): Promise<'stored' | 'failed' | 'unreachable'> => 'failed',
  asked: [] as unknown[][],
}))
vi.mock('@/sync/app-sync', async (actual) => ({
  ...(await actual<typeof import('@/sync/app-sync')>()),
  requestServerPage: (...args: unknown[]) => {
    server.asked.push(args)
    return server.answer(...args)
  },
}))

// Each screen reads a fresh IndexedDB (fake) on a shared 2-core machine: give reads time, not a race.
configure({ asyncUtilTimeout: 4000 })

let db: KreisDatabase
beforeEach(async () => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  await db.open()
  getAppSync().status.setState(initialSyncStatus(true))
  server.answer = async () => 'failed'
  server.asked = []
})
afterEach(async () => {
  cleanup()
  dismissToast()
  vi.useRealTimers()
  db.close()
  await db.delete()
})

const day = 24 * 60 * 60 * 1000
function listing(i: number, over: Partial<ListingRow> = {}): ListingRow {
  const t = new Date(Date.now() - (i + 1) * day).toISOString()
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    user_id: 'seller',
    title: `Item ${i}`,
    description: 'A fine item.',
    price: 10 + i,
    condition: 'very_good',
    category: i % 2 ? 'men' : 'women',
    product_type: null,
    brand: 'COS',
    size: 'M',
    fabric: null,
    location: '8001 Zürich',
    tags: null,
    status: 'active',
    created_at: t,
    updated_at: t,
    edited_at: t,
    sync_state: 'synced',
    cover_image_url: null,
    seller_first_name: 'Anna',
    seller_last_name: 'Müller',
    ...over,
  }
}

function Where() {
  const l = useLocation()
  return <output data-testid="url">{l.pathname + l.search}</output>
}

function renderShop(url = '/shop') {
  return render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={[url]}>
        <ShopPage />
        <Where />
        <Toaster />
      </MemoryRouter>
    </DatabaseProvider>,
  )
}
const url = () => screen.getByTestId('url').textContent
const cards = () => screen.queryAllByRole('article')

describe('<ShopPage /> (docs/product.md §2.6)', () => {
  it('shows 12 cards a page with the count, and pages through the query string', async () => {
    await db.listings.bulkPut(Array.from({ length: 30 }, (_, i) => listing(i)))
    renderShop()
    expect(await screen.findByText('30 items')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Marketplace Feed' })).toBeInTheDocument()
    await vi.waitFor(() => expect(cards()).toHaveLength(12))
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    await vi.waitFor(() => expect(cards()).toHaveLength(6))
    expect(url()).toBe('/shop?page=3')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it("shows active listings only (docs/product.md §4), and the owner's card has Edit instead of a message button", async () => {
    sessionStore.setState({ status: 'signed-in', userId: 'seller', email: 'a@b.ch' } as never, true)
    await db.listings.bulkPut([
      listing(1),
      listing(2, { status: 'sold', user_id: 'other', title: 'Gone coat' }),
      listing(3, { user_id: 'other' }),
    ])
    renderShop('/shop')
    await vi.waitFor(() => expect(cards()).toHaveLength(2))
    expect(screen.queryByText('Gone coat')).toBeNull()
    expect(within(cards()[1]!).queryByRole('link', { name: /^Edit/ })).toBeNull()
    // Someone else's card: Message, to the item's page with its Message Seller dialog open (docs/product.md §2.6).
    expect(within(cards()[1]!).getByRole('link', { name: 'Message the seller of Item 3' })).toHaveAttribute(
      'href',
      '/item/00000000-0000-4000-8000-000000000003?message=1',
    )
    expect(within(cards()[0]!).queryByRole('link', { name: /^Message/ })).toBeNull()
    const card = cards()[0]!
    expect(within(card).getByRole('link', { name: 'Edit Item 1' })).toHaveAttribute(
      'href',
      '/sell/edit/00000000-0000-4000-8000-000000000001',
    )
    expect(within(card).getByRole('link', { name: 'Item 1' })).toHaveAttribute(
      'href',
      '/item/00000000-0000-4000-8000-000000000001',
    )
    sessionStore.setState({ status: 'signed-out' } as never, true)
  })

  it("the owner's cards get their Edit button once the session resolves after the feed has shown", async () => {
    sessionStore.setState({ status: 'loading' } as never, true)
    await db.listings.bulkPut([listing(1), listing(3, { user_id: 'other' })])
    renderShop('/shop')
    await vi.waitFor(() => expect(cards()).toHaveLength(2))
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull()
    act(() => sessionStore.setState({ status: 'signed-in', userId: 'seller', email: 'a@b.ch' } as never, true))
    expect(await within(cards()[0]!).findByRole('link', { name: 'Edit Item 1' })).toBeInTheDocument()
    expect(within(cards()[1]!).queryByRole('link', { name: /^Edit/ })).toBeNull()
    act(() => sessionStore.setState({ status: 'signed-out' } as never, true))
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull())
  })

  it('the heart toggles a favourite with the spec toasts', async () => {
    await db.listings.bulkPut([listing(1)])
    renderShop()
    fireEvent.click(await screen.findByRole('button', { name: 'Add Item 1 to favorites' }))
    expect(await screen.findByText('Added to favorites')).toBeInTheDocument()
    expect(screen.getAllByText('Item 1').length).toBeGreaterThan(1) // the card and the toast's description
    expect(await db.favourites.get(listing(1).id)).toBeDefined()
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Item 1 from favorites' }))
    expect(await screen.findByText('Removed from favorites')).toBeInTheDocument()
    expect(await db.favourites.get(listing(1).id)).toBeUndefined()
  })

  it('the filter sheet narrows the feed, puts the filters in the query string, and confirms with a toast', async () => {
    await db.listings.bulkPut([
      listing(1, { location: 'Basel', price: 30 }),
      listing(2, { price: 80 }),
      listing(3, { price: 20 }),
    ])
    renderShop()
    await screen.findByText('3 items')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = screen.getByRole('dialog', { name: 'Filter', hidden: true })
    fireEvent.click(within(sheet).getByRole('button', { name: 'Zurich', hidden: true }))
    fireEvent.change(within(sheet).getByLabelText('To'), { target: { value: '50' } })
    expect(await within(sheet).findByText('1 matching item')).toBeInTheDocument()
    fireEvent.click(within(sheet).getByRole('button', { name: 'Apply', hidden: true }))
    expect(await screen.findByText('Filters applied')).toBeInTheDocument()
    expect(screen.getByText('Results have been updated')).toBeInTheDocument()
    expect(url()).toBe('/shop?max=50&loc=Zurich')
    expect(await screen.findByText('1 item')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Zurich' }))
    expect(url()).toBe('/shop?max=50')
  })

  it('a "from" above "to" is refused where it is typed (docs/product.md#R-filter-price-order): marked, said, not applied', async () => {
    await db.listings.bulkPut([listing(1, { price: 30 }), listing(2, { price: 80 })])
    renderShop()
    await screen.findByText('2 items')
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = screen.getByRole('dialog', { name: 'Filter', hidden: true })
    fireEvent.change(within(sheet).getByLabelText('From'), { target: { value: '80' } })
    fireEvent.change(within(sheet).getByLabelText('To'), { target: { value: '50' } })
    const message = within(sheet).getByRole('alert', { hidden: true })
    expect(message).toHaveTextContent('"From" cannot be more than "To".')
    for (const name of ['From', 'To']) {
      expect(within(sheet).getByLabelText(name)).toHaveAttribute('aria-invalid', 'true')
      expect(within(sheet).getByLabelText(name)).toHaveAttribute('aria-describedby', message.id)
    }
    expect(within(sheet).getByRole('button', { name: 'Apply', hidden: true })).toBeDisabled()
    fireEvent.change(within(sheet).getByLabelText('To'), { target: { value: '' } }) // no upper bound: fine
    expect(within(sheet).queryByRole('alert', { hidden: true })).toBeNull()
    expect(within(sheet).getByRole('button', { name: 'Apply', hidden: true })).toBeEnabled()
    expect(within(sheet).getByLabelText('From')).not.toHaveAttribute('aria-invalid')
  })

  it('the filter panel exists only while the sheet is open, and each opening starts from the filters shown', async () => {
    await db.listings.bulkPut([listing(1, { location: 'Basel' }), listing(2)])
    renderShop('/shop?loc=Zurich')
    await screen.findByText('1 item')
    const sheet = document.querySelector('dialog')!
    // Closed: no chips, no count of matches (its live query) — nothing of the panel is built.
    expect(within(sheet).queryByRole('button', { name: 'Apply', hidden: true })).toBeNull()
    expect(within(sheet).queryByRole('status', { hidden: true })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /^Filter/ }))
    fireEvent.click(within(sheet).getByRole('button', { name: 'Basel', hidden: true }))
    expect(within(sheet).getByRole('button', { name: 'Basel', hidden: true })).toHaveAttribute('aria-pressed', 'true')
    expect(await within(sheet).findByText('2 matching items')).toBeInTheDocument()
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close', hidden: true }))
    expect(within(sheet).queryByRole('button', { name: 'Apply', hidden: true })).toBeNull()
    // Reopened: the edit was dropped; the panel shows the filters of the page (Zurich).
    fireEvent.click(screen.getByRole('button', { name: /^Filter/ }))
    expect(within(sheet).getByRole('button', { name: 'Basel', hidden: true })).toHaveAttribute('aria-pressed', 'false')
    expect(within(sheet).getByRole('button', { name: 'Zurich', hidden: true })).toHaveAttribute('aria-pressed', 'true')
    expect(url()).toBe('/shop?loc=Zurich')
  })

  it('an empty filtered result says so and Reset clears the filters but keeps the search', async () => {
    await db.listings.bulkPut([listing(1)])
    renderShop('/shop?q=item&loc=Bern&page=2')
    expect(await screen.findByRole('heading', { name: 'No items match these filters' })).toBeInTheDocument()
    fireEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!)
    expect(url()).toBe('/shop?q=item')
    await vi.waitFor(() => expect(cards()).toHaveLength(1))
  })

  it('a search that finds nothing says what was searched and offers to clear it', async () => {
    await db.listings.bulkPut([listing(1)])
    renderShop('/shop?q=hermes')
    expect(await screen.findByRole('heading', { name: 'Nothing found for “hermes”' })).toBeInTheDocument()
    expect(screen.getByText('Results for “hermes”')).toBeInTheDocument()
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear search' })[0]!)
    expect(url()).toBe('/shop')
  })

  it('with no data yet and online, shows 12 skeleton cards until the first sync (at least 200 ms)', async () => {
    renderShop()
    const loading = await screen.findByRole('status', { name: 'Loading items…' })
    expect(loading.querySelectorAll('.aspect-\\[4\\/5\\]')).toHaveLength(12)
    act(() => getAppSync().status.setState({ lastSyncAt: Date.now() }))
    expect(await screen.findByRole('heading', { name: 'No items yet' }, { timeout: 2000 })).toBeInTheDocument()
  })

  it('with nothing on the device and the server failing, says "Failed to fetch listings" with a Retry, not skeletons forever', async () => {
    const sync = vi
      .spyOn(getAppSync(), 'sync')
      .mockResolvedValue({ push: { outcome: 'drained', acknowledged: 0, failed: 0 }, pullFailure: null })
    act(() => getAppSync().status.setState({ pullFailing: true }))
    renderShop()
    expect(await screen.findByRole('heading', { name: 'Failed to fetch listings' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading items…' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(sync).toHaveBeenCalledWith('manual')
    // The retry's pull brings listings: they show.
    await act(async () => {
      await db.listings.bulkPut([listing(1)])
      getAppSync().status.setState({ pullFailing: false, lastSyncAt: Date.now() })
    })
    await vi.waitFor(() => expect(cards()).toHaveLength(1))
    expect(screen.queryByRole('heading', { name: 'Failed to fetch listings' })).toBeNull()
    sync.mockRestore()
  })

  it('with data on the device shows it at once, never skeletons', async () => {
    await db.listings.bulkPut([listing(1)])
    renderShop()
    await vi.waitFor(() => expect(cards()).toHaveLength(1))
    expect(screen.queryByRole('status', { name: 'Loading items…' })).toBeNull()
  })

  it('offline shows the cached feed (the shell says it is offline, the page adds no second note), and says so when the device has nothing', async () => {
    act(() => getAppSync().status.setState({ online: false }))
    await db.listings.bulkPut([listing(1)])
    const { unmount } = renderShop()
    await vi.waitFor(() => expect(cards()).toHaveLength(1))
    expect(screen.queryByText(/Offline/)).toBeNull()
    unmount()
    await db.listings.clear()
    renderShop()
    expect(await screen.findByRole('heading', { name: 'Offline — showing what this device has' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading items…' })).toBeNull()
  })
})

describe('<ShopPage /> asks the server when online (the whole catalogue), the device offline', () => {
  it('shows the server’s answer in its order, with its count, read from the device’s database', async () => {
    await db.listings.bulkPut(
      Array.from({ length: 5 }, (_, i) => listing(i, { title: `Genève coat ${i}`, location: 'Genève' })),
    )
    // The server knows listings the device did not hold, in its own order, and more matches than it counts.
    const fromServer = [
      listing(40, { title: 'Server coat A', location: 'Genève' }),
      listing(41, { title: 'Server coat B', location: 'Genève' }),
    ]
    server.answer = async () => {
      await db.listings.bulkPut(fromServer)
      await storeServerPage(db, {
        key: searchPageKey({ query: 'geneve' }, 'newest', 1),
        ids: [fromServer[1]!.id, fromServer[0]!.id],
        total: 1001,
        next: null,
        fetched_at: 1,
      })
      return 'stored'
    }
    renderShop('/shop?q=geneve')
    await vi.waitFor(() =>
      expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
        'Server coat B',
        'Server coat A',
      ]),
    )
    expect(screen.getByText('More than 1,000 items')).toBeInTheDocument()
    expect(screen.queryByText(/on this device/)).toBeNull()
    expect(server.asked).toEqual([[{ query: 'geneve' }, 'newest', 1, db]])
  })

  it('the plain first page stays the device’s window: the server is not asked', async () => {
    await db.listings.bulkPut([listing(1)])
    renderShop('/shop')
    await vi.waitFor(() => expect(cards()).toHaveLength(1))
    expect(server.asked).toEqual([])
  })

  it('offline, searches the device and says how many listings it searched', async () => {
    act(() => getAppSync().status.setState({ online: false }))
    await db.listings.bulkPut([
      listing(1, { title: 'Robe', location: 'Genève' }),
      listing(2, { title: 'Coat' }),
      listing(3, { status: 'sold' }),
    ])
    renderShop('/shop?q=geneve')
    expect(await screen.findByText('Offline — searching the 2 listings on this device')).toBeInTheDocument()
    await vi.waitFor(() => expect(cards()).toHaveLength(1))
    expect(server.asked).toEqual([])
  })

  it('when the server does not answer, the device answers and the page says so', async () => {
    await db.listings.bulkPut([listing(1, { title: 'Robe', location: 'Genève' }), listing(2, { title: 'Coat' })])
    renderShop('/shop?q=geneve')
    expect(
      await screen.findByText('The server did not answer — searching the 2 listings on this device'),
    ).toBeInTheDocument()
    await vi.waitFor(() => expect(cards()).toHaveLength(1))
  })

  it('a deep page opened from a link with no known cursor: the device answers under a note that says why', async () => {
    server.answer = async () => 'unreachable'
    await db.listings.bulkPut([listing(1, { title: 'Robe', location: 'Genève' }), listing(2, { title: 'Coat' })])
    renderShop('/shop?q=geneve&page=200')
    expect(
      await screen.findByText('This page opens only from the page before it — showing the 2 listings on this device'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/The server did not answer/)).toBeNull()
  })
})
