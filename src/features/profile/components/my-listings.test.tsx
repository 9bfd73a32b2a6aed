// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { recordListingNotice } from '@/db/repositories/listing-notices'
import type { ListingRow } from '@/db/rows'
import { saveListing } from '@/sync/kinds/listing-save'
import { setEntityState } from '@/sync/outbox'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { MyListings } from './my-listings'

const discard = vi.fn(async (_group: string) => {})
vi.mock('@/sync/app-sync', async (original) => ({
  ...(await original<typeof import('@/sync/app-sync')>()),
  getAppSync: () => ({ discard }),
}))

const ME = 'u-anna'
let db: KreisDatabase
const renderIt = () =>
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter>
        <MyListings userId={ME} />
      </MemoryRouter>
    </DatabaseProvider>,
  )
const toasts = () => useToastStore.getState().toasts.map((x) => x.title)

const row = (id: string, over: Partial<ListingRow> = {}): ListingRow =>
  ({
    id,
    user_id: ME,
    title: `Listing ${id}`,
    description: 'A fine thing, barely worn.',
    price: 40,
    condition: 'very_good',
    category: 'women',
    product_type: 'coat',
    brand: 'COS',
    size: 'M',
    fabric: null,
    location: 'Zurich',
    tags: null,
    status: 'active',
    edited_at: '2026-11-20T10:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    sync_state: 'synced',
    cover_image_url: null,
    seller_first_name: 'Anna',
    seller_last_name: 'Müller',
    ...over,
  }) as ListingRow

const fields = {
  title: 'Queued jacket',
  description: 'Published at the flea market.',
  price: 25,
  condition: 'very_good',
  category: 'women',
  product_type: 'coat',
  brand: null,
  size: 'S',
  fabric: null,
  location: 'Bern',
  tags: null,
} as const

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  sessionStore.setState({ status: 'signed-in', userId: ME, email: 'anna@demo.kreis.ch' }, true)
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
  discard.mockClear()
})
afterEach(async () => {
  cleanup()
  useToastStore.getState().dismiss()
  db.close()
  await db.delete()
})

describe('My listings (docs/decisions.md#D-my-listings)', () => {
  it('loading, then empty: the text and a Sell link', async () => {
    renderIt()
    expect(screen.getByText('Loading your listings...')).toBeInTheDocument()
    expect(await screen.findByText("You haven't listed anything yet")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sell an item' })).toHaveAttribute('href', '/sell')
  })

  it('groups the seller’s listings: not published, waiting to sync, active, sold — and only the seller’s', async () => {
    await db.listings.bulkPut([
      row('a1'),
      row('s1', { status: 'sold' }),
      row('f1', { sync_state: 'failed', sync_error: 'Price must be greater than 0.' }),
      row('other', { user_id: 'u-luca', title: 'Not mine' }),
    ])
    await saveListing(db, ME, { fields, images: [] }, Date.now())
    renderIt()
    const headings = await screen.findAllByRole('heading', { level: 3 })
    expect(headings.map((h) => h.textContent)).toEqual([
      'Not published (1)',
      'Waiting to sync (1)',
      'Active (1)',
      'Sold (1)',
    ])
    expect(screen.queryByText('Not mine')).toBeNull()
    const failed = screen.getByText('Listing f1').closest('li')!
    expect(within(failed).getByRole('alert')).toHaveTextContent('Price must be greater than 0.')
    expect(within(failed).getByRole('button', { name: /^Retry: / })).toBeInTheDocument()
    expect(within(failed).getByRole('button', { name: /^Discard: / })).toBeInTheDocument()
    const queued = screen.getByText('Queued jacket').closest('li')!
    expect(
      within(queued).getByText('Saved on this device. It is sent as soon as there is a connection.'),
    ).toBeInTheDocument()
    const sold = screen.getByText('Listing s1').closest('li')!
    expect(within(sold).getByRole('button', { name: /^Mark as available again: / })).toBeInTheDocument()
    expect(
      within(screen.getByText('Listing a1').closest('li')!).getByRole('link', { name: 'Edit Listing a1' }),
    ).toHaveAttribute('href', '/sell/edit/a1')
  })

  it("each row's buttons name their listing, so no two buttons on the page share a name", async () => {
    await db.listings.bulkPut([row('a1'), row('a2'), row('s1', { status: 'sold' }), row('s2', { status: 'sold' })])
    renderIt()
    await screen.findByRole('button', { name: 'Mark as sold: Listing a1' })
    expect(screen.getByRole('button', { name: 'Mark as sold: Listing a2' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark as available again: Listing s1' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete listing: Listing s2' })).toHaveTextContent(/^Delete$/)
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)
    expect(new Set(names).size).toBe(names.length)
  })

  it('mark as sold: a local write queued for the server; the listing waits to sync, marked sold', async () => {
    await db.listings.put(row('a1'))
    renderIt()
    await userEvent.click(await screen.findByRole('button', { name: /^Mark as sold: / }))
    await waitFor(async () => expect((await db.listings.get('a1'))?.status).toBe('sold'))
    expect(await db.outbox.where('group').equals('listing:a1').count()).toBeGreaterThan(0)
    expect(await screen.findByRole('heading', { name: 'Waiting to sync (1)' })).toBeInTheDocument()
    expect(toasts()).toContain('Marked as sold')
  })

  it('delete asks first; cancelled, nothing happens; confirmed, the listing leaves the device and its delete is queued', async () => {
    await db.listings.put(row('a1'))
    renderIt()
    // Short on the row ("Delete", so the three actions fit a phone's row), named in full for screen readers.
    expect(await screen.findByRole('button', { name: /^Delete listing: / })).toHaveTextContent(/^Delete$/)
    await userEvent.click(screen.getByRole('button', { name: /^Delete listing: / }))
    expect(screen.getByRole('dialog', { name: 'Delete this listing?' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await db.listings.get('a1')).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: /^Delete listing: / }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(async () => expect(await db.listings.get('a1')).toBeUndefined())
    expect((await db.outbox.toArray()).map((e) => e.op.kind)).toEqual(['listing.delete'])
    expect(await screen.findByText("You haven't listed anything yet")).toBeInTheDocument()
  })

  it('a refused listing: Retry queues it again; Discard goes through the sync engine', async () => {
    const id = await saveListing(db, ME, { fields, images: [] }, Date.now())
    await db.transaction('rw', db.outbox, db.listings, async () => {
      await db.outbox.where('group').equals(`listing:${id}`).modify({ state: 'failed', error: 'refused' })
      await setEntityState(db, `listing:${id}`, 'failed', 'Failed to create listing. Please try again.')
    })
    renderIt()
    await userEvent.click(await screen.findByRole('button', { name: /^Discard: / }))
    expect(discard).toHaveBeenCalledWith(`listing:${id}`)
    await userEvent.click(screen.getByRole('button', { name: /^Retry: / }))
    await waitFor(async () => expect((await db.listings.get(id))?.sync_state).toBe('pending'))
    expect((await db.outbox.where('group').equals(`listing:${id}`).toArray()).every((e) => e.state === 'queued')).toBe(
      true,
    )
    expect(await screen.findByRole('heading', { name: 'Waiting to sync (1)' })).toBeInTheDocument()
  })

  it('a long group shows its first rows and a button for all of them', async () => {
    await db.listings.bulkPut(
      Array.from({ length: 7 }, (_, i) => row(`a${i}`, { edited_at: `2026-11-1${i}T10:00:00Z` })),
    )
    renderIt()
    const active = await screen.findByRole('region', { name: 'Active (7)' })
    expect(within(active).getAllByRole('listitem')).toHaveLength(5)
    expect(within(active).getAllByRole('listitem')[0]).toHaveTextContent('Listing a6') // newest edit first
    await userEvent.click(within(active).getByRole('button', { name: 'Show all 7 (Active)' }))
    expect(within(active).getAllByRole('listitem')).toHaveLength(7)
    expect(within(active).queryByRole('button', { name: /Show all/ })).toBeNull()
  })

  it('offline: says the list is the device’s and changes are sent later', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true })
    renderIt()
    expect(screen.getByText(/You're offline/)).toBeInTheDocument()
  })

  it('says what happened to saves the server did not keep (docs/product.md#R-listing-notices), until dismissed, across a reload', async () => {
    await db.listings.bulkPut([row('a1', { title: 'Linen shirt' })])
    await recordListingNotice(db, {
      listing_id: 'gone1',
      user_id: ME,
      kind: 'deleted',
      title: 'Wool coat',
      at: '2026-11-27T10:00:00Z',
    })
    await recordListingNotice(db, {
      listing_id: 'a1',
      user_id: ME,
      kind: 'overwritten',
      title: 'Linen shirt',
      at: '2026-11-27T11:00:00Z',
    })
    await recordListingNotice(db, {
      listing_id: 'x',
      user_id: 'u-luca',
      kind: 'deleted',
      title: 'Not mine',
      at: '2026-11-27T11:00:00Z',
    })
    const first = renderIt()
    const notices = await screen.findByRole('list', { name: 'What happened to your listings' })
    expect(
      within(notices)
        .getAllByRole('status')
        .map((n) => n.textContent),
    ).toEqual([
      'Linen shirt: A newer edit from another device was keptDismiss',
      'Wool coat: This listing was deleted on another deviceDismiss',
    ])
    first.unmount()
    renderIt() // a reload reads them again from the device
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss the notice about Wool coat' }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'What happened to your listings' }))
          .getAllByRole('status')
          .map((n) => n.textContent),
      ).toEqual(['Linen shirt: A newer edit from another device was keptDismiss']),
    )
    expect(await db.meta.get('listing-notice:gone1')).toBeUndefined()
  })
})
