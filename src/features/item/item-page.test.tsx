// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DatabaseProvider } from '@/db/database-context'
import { KreisDatabase } from '@/db/database'
import { recordListingNotice } from '@/db/repositories/listing-notices'
import { applyListingBundle } from '@/db/repositories/mirror'
import type { ListingImageRecord, ListingRecord, PublicProfileRecord } from '@/db/records'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { Toaster } from '@/ui/toast/toaster'
import { ItemPage } from './item-page'

const request = vi.hoisted(() => ({ answer: vi.fn<(id: string) => Promise<'found' | 'missing' | 'failed'>>() }))
vi.mock('@/sync/app-sync', () => ({
  requestListing: (id: string) => request.answer(id),
  pokeSync: () => {},
}))

const T = '2026-11-20T10:00:00.000000Z'
const SELLER = 'u-seller'
const listing = (over: Partial<ListingRecord> = {}): ListingRecord => ({
  id: 'l1',
  user_id: SELLER,
  title: 'Arket sage midi skirt',
  description: 'Pleated, barely worn.',
  price: 69.9,
  condition: 'new_with_tags',
  category: 'women',
  product_type: 'skirt',
  brand: 'Arket',
  size: 'M',
  fabric: null,
  location: null,
  tags: null,
  status: 'active',
  created_at: T,
  updated_at: T,
  edited_at: T,
  ...over,
})
const image = (id: string, order: number): ListingImageRecord => ({
  id,
  listing_id: 'l1',
  image_url: `${SELLER}/l1/${id}.webp`,
  image_order: order,
  created_at: T,
  updated_at: T,
})
const seller: PublicProfileRecord = {
  id: SELLER,
  first_name: 'Anna',
  last_name: 'Müller',
  location: 'Zurich',
  profile_picture_url: null,
  created_at: T,
  updated_at: T,
}

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  request.answer.mockReset().mockResolvedValue('missing')
  sessionStore.setState({ status: 'signed-out' }, true)
  setOnline(true)
})
afterEach(async () => {
  cleanup()
  useToastStore.getState().dismiss()
  db.close()
  await db.delete()
})

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true })
}

function renderItem(id = 'l1', search = '') {
  return render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={[`/item/${id}${search}`]}>
        <Routes>
          <Route path="/item/:id" element={<ItemPage />} />
          <Route path="/sell/edit/:id" element={<p>edit screen</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </DatabaseProvider>,
  )
}

const store = (over: Partial<ListingRecord> = {}, images = [image('a', 1), image('b', 2), image('c', 3)]) =>
  applyListingBundle(db, { listings: [listing(over)], images, sellers: [seller] })

describe('item page (docs/product.md §2.11)', () => {
  it('shows the skeleton while a listing the device lacks is fetched, then the item once it lands in the mirror', async () => {
    let answer!: (a: 'found') => void
    request.answer.mockReturnValue(new Promise((r) => (answer = r)))
    renderItem()
    await waitFor(() => expect(request.answer).toHaveBeenCalledWith('l1'))
    expect(screen.getByText('Loading item').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true')
    await act(async () => {
      await store()
      answer('found')
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Arket sage midi skirt' })).toBeVisible()
    expect(request.answer).toHaveBeenCalledTimes(1)
  })

  it('shows a mirrored listing without asking the server: badge, price with 2 decimals, default location, size, details, seller', async () => {
    await store()
    renderItem()
    expect(await screen.findByRole('heading', { level: 1, name: 'Arket sage midi skirt' })).toBeVisible()
    expect(screen.getByText('CHF 69.90')).toBeVisible()
    expect(screen.getByText('Switzerland')).toBeVisible()
    expect(screen.getByText('Size M')).toBeVisible()
    expect(screen.getAllByText('New with Tags')).toHaveLength(2) // the badge and the details row
    const details = screen.getByRole('region', { name: 'Product details' })
    expect(within(details).getByText('Arket')).toBeVisible()
    const sellerCard = screen.getByRole('region', { name: 'Seller' })
    expect(within(sellerCard).getByText('Anna Müller')).toBeVisible()
    expect(within(sellerCard).getByText('Active seller')).toBeVisible()
    expect(screen.getByText('Pleated, barely worn.')).toBeVisible()
    expect(request.answer).not.toHaveBeenCalled()
  })

  it('a cold visit: the photo index.html painted shows in the skeleton, then behind the gallery’s first photo (no blink)', async () => {
    const global = window as unknown as Record<string, unknown>
    global.__kreisFirstPhotos = { href: location.href, photos: ['blob:first'], ids: ['l1'] }
    try {
      let answer!: (a: 'found') => void
      request.answer.mockReturnValue(new Promise((r) => (answer = r)))
      renderItem()
      await waitFor(() => expect(request.answer).toHaveBeenCalledWith('l1'))
      const slot = document.querySelector<HTMLElement>('[data-first-photo]')!
      expect([slot.dataset.firstPhoto, slot.style.backgroundImage]).toEqual(['painted', 'url("blob:first")'])
      await act(async () => {
        await store()
        answer('found')
      })
      const slides = await screen.findAllByRole('group', { hidden: true })
      expect(slides.map((s) => s.style.backgroundImage)).toEqual(['url("blob:first")', '', ''])
    } finally {
      delete global.__kreisFirstPhotos
    }
  })

  it('generates a sentence when the description is empty, and says "Anonymous" for a seller without a name', async () => {
    await applyListingBundle(db, {
      listings: [listing({ description: '  ' })],
      images: [],
      sellers: [{ ...seller, first_name: null, last_name: null }],
    })
    renderItem()
    expect(
      await screen.findByText(
        'A pre-loved Arket sage midi skirt in new with tags condition, looking for its next story.',
      ),
    ).toBeVisible()
    expect(screen.getByText('Anonymous')).toBeVisible()
    expect(screen.getByRole('img', { name: 'Arket sage midi skirt: No image available' })).toBeInTheDocument()
  })

  it.each([
    ['an id the server does not know', 'missing'],
    ['a failed load', 'failed'],
  ] as const)('says "Item not found" for %s', async (_name, answer) => {
    request.answer.mockResolvedValue(answer)
    renderItem('nope')
    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeVisible()
    expect(screen.getByText("The item you're looking for doesn't exist.")).toBeVisible()
    expect(screen.queryByText(/You are offline/)).toBeNull()
  })

  it('offline, opens a mirrored listing, and says "Item not found" (with why) for one the device lacks', async () => {
    setOnline(false)
    await store({ location: 'Zurich' })
    renderItem()
    expect(await screen.findByText('Zurich')).toBeVisible()
    cleanup()
    renderItem('other')
    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeVisible()
    expect(screen.getByText('You are offline, and this item is not saved on this device yet.')).toBeVisible()
    expect(request.answer).not.toHaveBeenCalled()
  })

  it('shows a sold listing the device holds as sold: no "Message Seller" for others, the owner’s note for the owner', async () => {
    await store({ status: 'sold' })
    sessionStore.setState({ status: 'signed-in', userId: 'u-buyer', email: 'b@x.ch' }, true)
    renderItem()
    expect(await screen.findByRole('heading', { level: 1, name: 'Arket sage midi skirt' })).toBeVisible()
    expect(screen.getByText('Item sold')).toBeVisible()
    expect(screen.getByText('This item is no longer available.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Message Seller' })).toBeNull()
    expect(screen.queryByText('This item is sold. Only you can still see it.')).toBeNull()
    cleanup()
    sessionStore.setState({ status: 'signed-in', userId: SELLER, email: 'anna@x.ch' }, true)
    renderItem()
    expect(await screen.findByRole('heading', { level: 1, name: 'Arket sage midi skirt' })).toBeVisible()
    expect(screen.getByText('This item is sold. Only you can still see it.')).toBeVisible()
  })

  it('an item that sells while its page is open says so; one that leaves the device then says it is no longer available', async () => {
    await store()
    renderItem()
    expect(await screen.findByRole('button', { name: 'Message Seller' })).toBeVisible()
    await db.listings.update('l1', { status: 'sold' }) // as the pull or realtime applies the sale
    expect(await screen.findByText('Item sold')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Message Seller' })).toBeNull()
    await db.listings.delete('l1') // the reconcile drops what this visitor may no longer see
    expect(await screen.findByRole('heading', { level: 1, name: 'Item sold' })).toBeVisible()
    expect(screen.queryByText('Item not found')).toBeNull()
  })

  it('keeps the opened listing in the device’s recently opened list', async () => {
    await store()
    renderItem()
    await screen.findByRole('heading', { level: 1, name: 'Arket sage midi skirt' })
    await waitFor(async () => expect((await db.meta.get('recent-listings'))?.value).toEqual(['l1']))
  })

  it('gives the owner "Edit listing" instead of "Message Seller", and no heart for their own listing', async () => {
    await store()
    sessionStore.setState({ status: 'signed-in', userId: SELLER, email: 'anna@x.ch' }, true)
    renderItem()
    const edit = await screen.findByRole('link', { name: 'Edit listing' })
    expect(edit).toHaveAttribute('href', '/sell/edit/l1')
    expect(screen.queryByRole('button', { name: 'Message Seller' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add to favorites' })).toBeNull()
  })

  it('asks a visitor to log in before messaging; opens the message dialog for a signed-in buyer', async () => {
    await store()
    renderItem()
    fireEvent.click(await screen.findByRole('button', { name: 'Message Seller' }))
    expect(await screen.findByText('You need to be logged in to message sellers.')).toBeVisible()
    expect(screen.getByText('Please log in')).toBeVisible()
    expect(screen.queryByRole('dialog')).toBeNull()
    act(() => sessionStore.setState({ status: 'signed-in', userId: 'u-buyer', email: 'b@x.ch' }, true))
    fireEvent.click(screen.getByRole('button', { name: 'Message Seller' }))
    expect(await screen.findByRole('dialog')).toBeVisible()
  })

  it('toggles the heart with the docs/product.md §8 toasts, and the favourite stays on the device', async () => {
    await store()
    renderItem()
    fireEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }))
    expect(await screen.findByText('Added to favorites')).toBeVisible()
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true')
    expect(await db.favourites.get('l1')).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: 'Remove from favorites' }))
    expect(await screen.findByText('Removed from favorites')).toBeVisible()
    expect(await db.favourites.get('l1')).toBeUndefined()
  })
})

describe('item gallery (docs/product.md §2.11)', () => {
  const counter = () => screen.getByText(/^\d+ \/ 3$/)

  it('turns with the arrows, the dots and the ← / → keys, wrapping at both ends', async () => {
    await store()
    renderItem()
    const gallery = await screen.findByRole('region', { name: 'Photos of Arket sage midi skirt' })
    expect(counter()).toHaveTextContent('1 / 3')
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }))
    expect(counter()).toHaveTextContent('2 / 3')
    fireEvent.keyDown(gallery, { key: 'ArrowRight' })
    expect(counter()).toHaveTextContent('3 / 3')
    fireEvent.keyDown(gallery, { key: 'ArrowRight' })
    expect(counter()).toHaveTextContent('1 / 3')
    fireEvent.keyDown(gallery, { key: 'ArrowLeft' })
    expect(counter()).toHaveTextContent('3 / 3')
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }))
    expect(counter()).toHaveTextContent('2 / 3')
    fireEvent.click(screen.getByRole('button', { name: 'Show image 1' }))
    expect(counter()).toHaveTextContent('1 / 3')
    expect(screen.getByRole('button', { name: 'Show image 1' })).toHaveAttribute('aria-current', 'true')
  })

  it('turns on a horizontal swipe, not on a tap or a vertical scroll', async () => {
    await store()
    renderItem()
    await screen.findByRole('region', { name: 'Photos of Arket sage midi skirt' })
    const track = (await screen.findByAltText('Arket sage midi skirt, photo 1 of 3')).closest(
      '[role=group]',
    )!.parentElement!
    const drag = (x0: number, y0: number, x1: number, y1: number) => {
      fireEvent.pointerDown(track, { pointerId: 1, clientX: x0, clientY: y0 })
      fireEvent.pointerUp(track, { pointerId: 1, clientX: x1, clientY: y1 })
    }
    drag(300, 100, 200, 110)
    expect(counter()).toHaveTextContent('2 / 3')
    drag(200, 100, 205, 100)
    drag(200, 100, 150, 300)
    expect(counter()).toHaveTextContent('2 / 3')
    drag(100, 100, 250, 100)
    expect(counter()).toHaveTextContent('1 / 3')
  })

  it('shows "No image available" for a photo that fails to load', async () => {
    await store()
    renderItem()
    const img = await screen.findByAltText('Arket sage midi skirt, photo 2 of 3')
    expect(img).toHaveAttribute('crossorigin', 'anonymous')
    // Like a card: the small card image in srcset first; when it fails, the full photo alone; then the fallback.
    expect(img.getAttribute('srcset')).toMatch(/\.card\.webp 480w, .* 1600w$/)
    fireEvent.error(img)
    expect(screen.getByAltText('Arket sage midi skirt, photo 2 of 3')).not.toHaveAttribute('srcset')
    fireEvent.error(screen.getByAltText('Arket sage midi skirt, photo 2 of 3'))
    expect(
      screen.getByRole('img', { name: 'Arket sage midi skirt, photo 2 of 3: No image available', hidden: true }),
    ).toBeInTheDocument()
  })

  it('arrived by a feed card’s Message (?message=1): the Message Seller dialog opens for a buyer; a visitor is asked to log in', async () => {
    await store()
    sessionStore.setState({ status: 'signed-in', userId: 'u-buyer', email: 'b@x.ch' }, true)
    const first = renderItem('l1', '?message=1')
    expect(await screen.findByRole('dialog', { name: 'Message Seller' })).toBeVisible()
    first.unmount()
    sessionStore.setState({ status: 'signed-out' }, true)
    renderItem('l1', '?message=1')
    await screen.findByRole('heading', { name: 'Arket sage midi skirt' })
    await waitFor(() => expect(useToastStore.getState().toasts.map((x) => x.title)).toContain('Please log in'))
    expect(screen.queryByRole('dialog', { name: 'Message Seller' })).toBeNull()
  })

  it('without ?message the dialog stays closed', async () => {
    await store()
    sessionStore.setState({ status: 'signed-in', userId: 'u-buyer', email: 'b@x.ch' }, true)
    renderItem()
    await screen.findByRole('button', { name: 'Message Seller' })
    expect(screen.queryByRole('dialog', { name: 'Message Seller' })).toBeNull()
  })

  describe('the seller’s notice about this listing (docs/product.md#R-listing-notices)', () => {
    const notices = () => screen.queryAllByRole('status').map((n) => n.textContent)

    it('an edit that lost to a newer one: said above the listing, dismissable', async () => {
      sessionStore.setState({ status: 'signed-in', userId: SELLER, email: 'anna@demo.kreis.ch' }, true)
      await store()
      await recordListingNotice(db, {
        listing_id: 'l1',
        user_id: SELLER,
        kind: 'overwritten',
        title: 'Arket sage midi skirt',
        at: T,
      })
      await recordListingNotice(db, {
        listing_id: 'l2',
        user_id: SELLER,
        kind: 'deleted',
        title: 'Another listing',
        at: T,
      })
      renderItem()
      await screen.findByRole('heading', { name: 'Arket sage midi skirt' })
      await waitFor(() =>
        expect(notices()).toContain('Arket sage midi skirt: A newer edit from another device was keptDismiss'),
      )
      expect(notices().some((n) => n?.includes('Another listing'))).toBe(false)
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss the notice about Arket sage midi skirt' }))
      await waitFor(() => expect(notices().some((n) => n?.includes('A newer edit'))).toBe(false))
    })

    it('a listing deleted on another device: its page says so beside "not found"', async () => {
      sessionStore.setState({ status: 'signed-in', userId: SELLER, email: 'anna@demo.kreis.ch' }, true)
      await recordListingNotice(db, {
        listing_id: 'l1',
        user_id: SELLER,
        kind: 'deleted',
        title: 'Arket sage midi skirt',
        at: T,
      })
      renderItem()
      await screen.findByRole('heading', { name: 'Item not found' })
      await waitFor(() =>
        expect(notices()).toContain('Arket sage midi skirt: This listing was deleted on another deviceDismiss'),
      )
    })

    it('nobody else sees it', async () => {
      await store()
      await recordListingNotice(db, {
        listing_id: 'l1',
        user_id: SELLER,
        kind: 'overwritten',
        title: 'Arket sage midi skirt',
        at: T,
      })
      renderItem()
      await screen.findByRole('heading', { name: 'Arket sage midi skirt' })
      expect(notices().some((n) => n?.includes('A newer edit'))).toBe(false)
    })
  })
})
