import { describe, expect, it, vi } from 'vitest'
import { PAGE_SIZE, STORAGE_BUCKET } from '@/domain/constants'
import { resolveImageUrl } from '@/domain/listing-view'
import { FIRST_SCREEN_GLOBAL } from './first-screen'
import { FIRST_PHOTOS, FIRST_SCREEN_SELECT, PHOTO_FILES, firstPhotoSources, firstScreenScript, firstScreenUrl } from './first-screen-request'
import { LISTING_BUNDLE_SELECT } from './supabase-transport'

const API = 'https://abc.supabase.co'
const ITEM = '7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af'
const url = (pathname: string, search = '') => firstScreenUrl(API, pathname, search, FIRST_SCREEN_SELECT, PAGE_SIZE)

describe('which pages ask for their first screen before the app runs', () => {
  it('asks with the engine’s own embedded select, so the mirror stores the same rows', () => {
    expect(FIRST_SCREEN_SELECT).toBe(LISTING_BUNDLE_SELECT)
  })

  it('/shop in its default view: the newest active listings, one feed page', () => {
    const u = new URL(url('/shop')!)
    expect(u.origin + u.pathname).toBe(`${API}/rest/v1/listings`)
    expect(u.searchParams.get('select')).toBe(FIRST_SCREEN_SELECT)
    expect(u.searchParams.get('status')).toBe('eq.active')
    expect(u.searchParams.get('order')).toBe('created_at.desc,id.desc')
    expect(u.searchParams.get('limit')).toBe(String(PAGE_SIZE))
  })

  it('/item/:id: that listing', () => {
    const u = new URL(url(`/item/${ITEM}`)!)
    expect(u.searchParams.get('id')).toBe(`eq.${ITEM}`)
    expect(u.searchParams.get('limit')).toBe('1')
  })

  it.each([
    ['/shop', '?category=women'],
    ['/shop', '?q=coat'],
    ['/shop', '?page=2'],
    ['/', ''],
    ['/favorites', ''],
    ['/item/not-a-uuid', ''],
    [`/item/${ITEM}/edit`, ''],
    [`/item/${ITEM}&limit=1000`, ''],
  ])('nothing for %s%s (a filtered view, another page, or an id that is not one)', (pathname, search) => {
    expect(url(pathname, search)).toBeNull()
  })
})

/** Runs index.html's inline script against a fake page. */
function runScript(pathname: string, online = true) {
  const fetch = vi.fn(async () => ({ ok: true, json: async () => [{ id: 'l1' }] }))
  const window: Record<string, unknown> = {}
  new Function('window', 'location', 'navigator', 'fetch', firstScreenScript(API, 'anon-key-of-the-project'))(
    window, { pathname, search: '' }, { onLine: online }, fetch,
  )
  return { fetch, answer: window[FIRST_SCREEN_GLOBAL] as Promise<unknown> | undefined }
}

describe('index.html’s inline script', () => {
  it('starts the request with the anon key and leaves its answer for the app', async () => {
    const { fetch, answer } = runScript('/shop')
    expect(fetch).toHaveBeenCalledWith(url('/shop'), { headers: { apikey: 'anon-key-of-the-project' } })
    await expect(answer).resolves.toEqual([{ id: 'l1' }])
  })

  it('asks nothing offline (the mirror answers) or on a page without a first screen', () => {
    expect(runScript('/shop', false).fetch).not.toHaveBeenCalled()
    const home = runScript('/')
    expect(home.fetch).not.toHaveBeenCalled()
    expect(home.answer).toBeUndefined()
  })

  it('answers null, never throws, when the request fails or is refused', async () => {
    const window: Record<string, unknown> = {}
    const run = (fetch: unknown) =>
      new Function('window', 'location', 'navigator', 'fetch', firstScreenScript(API, 'k'))(window, { pathname: '/shop', search: '' }, { onLine: true }, fetch)
    run(async () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(window[FIRST_SCREEN_GLOBAL]).resolves.toBeNull()
    run(async () => ({ ok: false, json: async () => ({ message: 'nope' }) }))
    await expect(window[FIRST_SCREEN_GLOBAL]).resolves.toBeNull()
    expect(() => run(() => { throw new Error('no fetch here') })).not.toThrow()
  })
})

describe('the first photos index.html preloads are the files the page’s <img> picks', () => {
  it('same sizes as the cards and the gallery, same file names and widths as the app’s srcset', async () => {
    const { CARD_IMAGE_SIZES } = await import('@/ui/listing-card')
    const { GALLERY_SIZES } = await import('@/features/item/components/item-gallery')
    const photos = await import('@/domain/photos')
    expect(FIRST_PHOTOS.shop.sizes).toBe(CARD_IMAGE_SIZES)
    expect(FIRST_PHOTOS.item.sizes).toBe(GALLERY_SIZES)
    expect(PHOTO_FILES).toEqual({ bucket: STORAGE_BUCKET, cardSuffix: `.card${photos.PHOTO_OUTPUT_EXTENSION}`, cardWidth: photos.CARD_MAX_EDGE_PX, photoWidth: photos.PHOTO_MAX_EDGE_PX })
  })

  it('each listing’s photo with the lowest image_order, as cardSrcSet builds it; an http URL as it is', async () => {
    const { cardSrcSet } = await import('@/domain/photos')
    const rows = [
      { listing_images: [{ id: 'b', image_order: 1, image_url: 'u1/b.jpg' }, { id: 'a', image_order: 0, image_url: 'u1/a b.jpg' }] },
      { listing_images: [{ id: 'c', image_order: 0, image_url: 'https://cdn.example/c.jpg' }] },
      { listing_images: [] },
      { listing_images: [{ id: 'd', image_order: 0, image_url: 'u2/d.jpg' }] },
    ]
    expect(firstPhotoSources(rows, 3, `${API}/`, PHOTO_FILES)).toEqual([
      { srcset: cardSrcSet('u1/a b.jpg', (p) => resolveImageUrl(p, API)) },
      { href: 'https://cdn.example/c.jpg' },
    ])
    expect(firstPhotoSources(null, 2, API, PHOTO_FILES)).toEqual([])
  })

  it('the script preloads them once the answer is here, as images with the same CORS mode as the <img>', async () => {
    const links: Record<string, unknown>[] = []
    const document = {
      createElement: () => {
        const l: Record<string, unknown> = { setAttribute: (k: string, v: string) => (l[k] = v) }
        return l
      },
      head: { appendChild: (l: Record<string, unknown>) => links.push(l) },
    }
    const rows = [{ listing_images: [{ id: 'a', image_order: 0, image_url: 'u1/a.jpg' }] }]
    const window: Record<string, unknown> = {}
    new Function('window', 'location', 'navigator', 'fetch', 'document', firstScreenScript(API, 'k'))(
      window, { pathname: `/item/${ITEM}`, search: '' }, { onLine: true }, async () => ({ ok: true, json: async () => rows }), document,
    )
    await expect(window[FIRST_SCREEN_GLOBAL]).resolves.toEqual(rows)
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({ rel: 'preload', as: 'image', crossOrigin: 'anonymous', imagesizes: FIRST_PHOTOS.item.sizes, imagesrcset: firstPhotoSources(rows, 1, API, PHOTO_FILES)[0]!.srcset })
  })
})
