// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, configure, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DatabaseProvider } from '@/db/database-context'
import { KreisDatabase } from '@/db/database'
import type { ListingRow } from '@/db/rows'
import { getAppSync } from '@/sync/app-sync'
import { initialSyncStatus } from '@/sync/status-store'
import { ShopPage } from './shop-page'

configure({ asyncUtilTimeout: 4000 })

// The seam: whether index.html's first-screen answer is here, and storing it (sync/app-sync.ts, tested there).
const firstScreen = vi.hoisted(() => ({ pending: false, ids: [] as string[], store: async () => {} }))
vi.mock('@/sync/app-sync', async (actual) => ({
  ...(await actual<typeof import('@/sync/app-sync')>()),
  firstScreenPending: () => firstScreen.pending,
  adoptFirstScreen: async () => {
    await firstScreen.store()
    firstScreen.pending = false
    return new Set(firstScreen.ids)
  },
}))

let db: KreisDatabase
beforeEach(async () => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  await db.open()
  getAppSync().status.setState(initialSyncStatus(true))
})
afterEach(async () => {
  cleanup()
  db.close()
  await db.delete()
})

const t = new Date().toISOString()
const listing = (i: number): ListingRow => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  user_id: 'seller',
  title: `Item ${i}`,
  description: 'A fine item.',
  price: 10,
  condition: 'very_good',
  category: 'women',
  product_type: null,
  brand: 'COS',
  size: 'M',
  fabric: null,
  location: 'Bern',
  tags: null,
  status: 'active',
  created_at: t,
  updated_at: t,
  edited_at: t,
  sync_state: 'synced',
  cover_image_url: null,
  seller_first_name: 'Anna',
  seller_last_name: 'K',
})

/** Renders the shop on an empty, online device and records whether the skeleton grid ever showed. */
async function coldShop() {
  let skeleton = false
  const seen = new MutationObserver(() => (skeleton ||= !!document.querySelector('[role="status"][aria-label]')))
  seen.observe(document.body, { childList: true, subtree: true })
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={['/shop']}>
        <ShopPage />
      </MemoryRouter>
    </DatabaseProvider>,
  )
  return {
    skeletonShown: () => skeleton || !!document.querySelector('[role="status"][aria-label]'),
    stop: () => seen.disconnect(),
  }
}

describe('a cold /shop whose first page index.html already fetched', () => {
  it('shows that page from the mirror once stored, with no skeletons before it (they would stay 200 ms in front of it)', async () => {
    firstScreen.pending = true
    firstScreen.ids = ['00000000-0000-4000-8000-000000000000']
    // Storing takes longer than the page's first read of the (empty) mirror.
    firstScreen.store = async () => {
      await new Promise((r) => setTimeout(r, 150))
      await db.listings.bulkPut(Array.from({ length: 3 }, (_, i) => listing(i)))
    }
    const shop = await coldShop()
    expect(await screen.findAllByRole('article')).toHaveLength(3)
    expect(shop.skeletonShown()).toBe(false)
    shop.stop()
  })

  it('keeps the photos index.html painted on screen (in the skeleton grid) until the cards are there; not on another URL', async () => {
    const ids = [listing(0).id, listing(1).id, listing(2).id]
    const painted = (href: string) =>
      ((window as unknown as Record<string, unknown>).__kreisFirstPhotos = {
        href,
        photos: ['blob:a', null, 'blob:c'],
        ids,
      })
    const storeSlowly = async () => {
      await new Promise((r) => setTimeout(r, 150))
      await db.listings.bulkPut(Array.from({ length: 3 }, (_, i) => listing(i)))
    }
    try {
      painted(location.href)
      Object.assign(firstScreen, { pending: true, ids: ['00000000-0000-4000-8000-000000000000'], store: storeSlowly })
      const shop = await coldShop()
      await vi.waitFor(() => expect(document.querySelectorAll('[data-first-photo="painted"]')).toHaveLength(2))
      const shown = [...document.querySelectorAll<HTMLElement>('[data-first-photo]')]
        .slice(0, 3)
        .map((e) => e.style.backgroundImage)
      expect(shown).toEqual(['url("blob:a")', '', 'url("blob:c")'])
      expect(await screen.findAllByRole('article')).toHaveLength(3)
      // Each card keeps its listing's painted photo behind its own (no blink while its <img> resolves and decodes).
      const behind = (id: string) =>
        (document.querySelector(`article:has(a[href="/item/${id}"]) > div`) as HTMLElement).style.backgroundImage
      expect(ids.map(behind)).toEqual(['url("blob:a")', '', 'url("blob:c")'])
      shop.stop()
      cleanup()

      painted(`${location.href}?category=women`)
      Object.assign(firstScreen, { pending: true, store: storeSlowly })
      await db.listings.clear()
      const other = await coldShop()
      expect(await screen.findAllByRole('article')).toHaveLength(3)
      expect(other.skeletonShown()).toBe(false)
      expect(
        ids.map(
          (id) =>
            (document.querySelector(`article:has(a[href="/item/${id}"]) > div`) as HTMLElement).style.backgroundImage,
        ),
      ).toEqual(['', '', ''])
      other.stop()
    } finally {
      delete (window as unknown as Record<string, unknown>).__kreisFirstPhotos
    }
  })

  it('without it (or still on its way), the empty device shows the skeletons as before', async () => {
    firstScreen.pending = false
    firstScreen.store = async () => {}
    firstScreen.ids = []
    const shop = await coldShop()
    await vi.waitFor(() => expect(shop.skeletonShown()).toBe(true))
    shop.stop()
  })
})
