import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGE_SIZE, STORAGE_BUCKET } from '@/domain/constants'
import { resolveImageUrl } from '@/domain/listing-view'
import { FIRST_PAINT_GLOBAL, FIRST_PHOTOS_GLOBAL, FIRST_SCREEN_GLOBAL } from './first-screen'
import {
  FIRST_PHOTOS,
  FIRST_PHOTO_SLOT,
  FIRST_SCREEN_SELECT,
  PHOTO_FILES,
  firstPhotoSources,
  firstScreenScript,
  firstScreenUrl,
  type FirstPhotoSource,
} from './first-screen-request'
import { LISTING_BUNDLE_SELECT } from './transport/bundles'

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
    window,
    { pathname, search: '' },
    { onLine: online },
    fetch,
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
      new Function('window', 'location', 'navigator', 'fetch', firstScreenScript(API, 'k'))(
        window,
        { pathname: '/shop', search: '' },
        { onLine: true },
        fetch,
      )
    run(async () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(window[FIRST_SCREEN_GLOBAL]).resolves.toBeNull()
    run(async () => ({ ok: false, json: async () => ({ message: 'nope' }) }))
    await expect(window[FIRST_SCREEN_GLOBAL]).resolves.toBeNull()
    expect(() =>
      run(() => {
        throw new Error('no fetch here')
      }),
    ).not.toThrow()
  })
})

describe('the first photos index.html preloads are the files the page’s <img> picks', () => {
  it('same sizes as the cards and the gallery, same file names and widths as the app’s srcset', async () => {
    const { CARD_IMAGE_SIZES } = await import('@/shared/listing-card')
    const { GALLERY_SIZES } = await import('@/features/item/components/item-gallery')
    const photos = await import('@/domain/photos')
    expect(FIRST_PHOTOS.shop.sizes).toBe(CARD_IMAGE_SIZES)
    expect(FIRST_PHOTOS.item.sizes).toBe(GALLERY_SIZES)
    expect(PHOTO_FILES).toEqual({
      bucket: STORAGE_BUCKET,
      cardSuffix: `.card${photos.PHOTO_OUTPUT_EXTENSION}`,
      cardWidth: photos.CARD_MAX_EDGE_PX,
      photoWidth: photos.PHOTO_MAX_EDGE_PX,
    })
  })

  it('each listing’s photo with the lowest image_order, as cardSrcSet builds it; an http URL as it is; null for none', async () => {
    const { cardSrcSet } = await import('@/domain/photos')
    const rows = [
      {
        listing_images: [
          { id: 'b', image_order: 1, image_url: 'u1/b.jpg' },
          { id: 'a', image_order: 0, image_url: 'u1/a b.jpg' },
        ],
      },
      { listing_images: [{ id: 'c', image_order: 0, image_url: 'https://cdn.example/c.jpg' }] },
      { listing_images: [] },
      { listing_images: [{ id: 'd', image_order: 0, image_url: 'u2/d.jpg' }] },
    ]
    expect(firstPhotoSources(rows, 3, `${API}/`, PHOTO_FILES)).toEqual([
      { srcset: cardSrcSet('u1/a b.jpg', (p) => resolveImageUrl(p, API)) },
      { href: 'https://cdn.example/c.jpg' },
      null,
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
      window,
      { pathname: `/item/${ITEM}`, search: '' },
      { onLine: true },
      async () => ({ ok: true, json: async () => rows }),
      document,
    )
    await expect(window[FIRST_SCREEN_GLOBAL]).resolves.toEqual(rows)
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({
      rel: 'preload',
      as: 'image',
      crossOrigin: 'anonymous',
      imagesizes: FIRST_PHOTOS.item.sizes,
      imagesrcset: firstPhotoSources(rows, 1, API, PHOTO_FILES)[0]!.srcset,
    })
  })
})

/** A prerendered page's photo placeholders, as paintFirstPhotos sees them (layout given per slot). */
function fakePage(slots: { top: number; height?: number }[], load: (img: FakeImage) => Promise<void> = async () => {}) {
  const images: FakeImage[] = []
  const elements = slots.map(({ top, height = 200 }) => {
    const el = {
      isConnected: true,
      style: { backgroundImage: '' },
      attributes: { [FIRST_PHOTO_SLOT]: '' } as Record<string, string>,
      setAttribute: (k: string, v: string) => (el.attributes[k] = v),
      getAttribute: (k: string) => el.attributes[k] ?? null,
      getBoundingClientRect: () => ({ top, height }),
    }
    return el
  })
  const document = {
    querySelectorAll: (selector: string) => (selector === `#root [${FIRST_PHOTO_SLOT}]` ? elements : []),
    createElement: (tag: string) => {
      if (tag === 'link') return { setAttribute: () => {} }
      const img: FakeImage = {
        tag,
        crossOrigin: null,
        sizes: '',
        srcset: '',
        src: '',
        get currentSrc() {
          return this.srcset ? this.srcset.split(' ')[0]! : this.src
        },
        decode: () => load(img),
      }
      images.push(img)
      return img
    },
  }
  return { document, elements, images }
}

/** Largest-contentful-paint entries, as the browser reports a presented paint: `PaintEntries.report(element)`. */
class PaintEntries {
  static live: PaintEntries[] = []
  static reset() {
    PaintEntries.live = []
  }
  static report(element: unknown) {
    PaintEntries.live.forEach((o) => o.callback({ getEntries: () => [{ element }] }))
  }
  constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
  observe() {
    PaintEntries.live.push(this)
  }
  disconnect() {
    PaintEntries.live = PaintEntries.live.filter((o) => o !== this)
  }
}

/** The browser's answer for a fake page: a placeholder is on screen when it has a height and starts above 800 px. */
class ScreenObserver {
  private targets: { getBoundingClientRect(): { top: number; height: number } }[] = []
  constructor(private readonly report: (entries: { target: unknown; isIntersecting: boolean }[]) => void) {}
  observe(target: { getBoundingClientRect(): { top: number; height: number } }) {
    if (this.targets.push(target) === 1) {
      setTimeout(
        () =>
          this.report(
            this.targets.map((t) => ({
              target: t,
              isIntersecting: t.getBoundingClientRect().height > 0 && t.getBoundingClientRect().top < 800,
            })),
          ),
        0,
      )
    }
  }
  disconnect() {}
}

interface FakeImage {
  tag: string
  crossOrigin: string | null
  sizes: string
  srcset: string
  src: string
  readonly currentSrc: string
  decode(): Promise<void>
}

async function paint(
  page: ReturnType<typeof fakePage>,
  sources: (FirstPhotoSource | null)[],
  entryWaitMs = 0,
): Promise<(string | null)[]> {
  const { paintFirstPhotos } = await import('./first-screen-request')
  return new Promise((done) =>
    paintFirstPhotos(
      page.document as unknown as Document,
      sources,
      FIRST_PHOTOS.shop.sizes,
      FIRST_PHOTO_SLOT,
      done,
      entryWaitMs,
    ),
  )
}

describe('the photos index.html paints before the app’s JS', () => {
  const frames = vi.fn((cb: () => void) => setTimeout(cb, 0))
  /** The photo's bytes, from the cache the `<img>` filled (a fetch in the same CORS mode), named by their URL. */
  const photoFetch = async (url: string) => ({ ok: true, blob: async () => Object.assign(new Blob([]), { from: url }) })
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', frames)
    vi.stubGlobal('IntersectionObserver', ScreenObserver)
    vi.stubGlobal('PerformanceObserver', PaintEntries)
    PaintEntries.reset()
    vi.stubGlobal('fetch', vi.fn(photoFetch))
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => `blob:${(blob as Blob & { from: string }).from}`)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('the placeholder’s attribute is the one the skeletons carry', async () => {
    const { PHOTO_SLOT_ATTRIBUTE } = await import('@/ui/skeleton')
    expect(FIRST_PHOTO_SLOT).toBe(PHOTO_SLOT_ATTRIBUTE)
  })

  it('paints each on-screen placeholder, in page order, with the file the app’s srcset and sizes pick; below the fold, hidden or photo-less ones stay', async () => {
    const page = fakePage([{ top: 300 }, { top: 300 }, { top: 300, height: 0 }, { top: 600 }, { top: 900 }])
    const sources = [
      { srcset: 'https://x/a.card.webp 480w, https://x/a.jpg 1600w' },
      null,
      { href: 'https://x/c.jpg' },
      { href: 'https://cdn.example/d"e.jpg' },
      { href: 'https://x/e.jpg' },
    ]
    const painted = await paint(page, sources)
    expect([...painted]).toEqual([
      'blob:https://x/a.card.webp',
      undefined,
      undefined,
      'blob:https://cdn.example/d"e.jpg',
    ])
    expect(page.images).toMatchObject([
      { tag: 'img', crossOrigin: 'anonymous', sizes: FIRST_PHOTOS.shop.sizes, srcset: sources[0]!.srcset },
      { tag: 'img', crossOrigin: 'anonymous', src: 'https://cdn.example/d"e.jpg' },
    ])
    expect(page.elements.map((e) => e.style.backgroundImage)).toEqual([
      'url("blob:https://x/a.card.webp")',
      '',
      '',
      'url("blob:https://cdn.example/d"e.jpg")',
      '',
    ])
    expect(fetch).toHaveBeenCalledWith('https://x/a.card.webp', { credentials: 'same-origin' })
    expect(page.elements.map((e) => e.attributes[FIRST_PHOTO_SLOT])).toEqual(['painted', '', '', 'painted', ''])
  })

  it('settles once every on-screen photo has painted or failed, and two frames later (the paint is on screen)', async () => {
    let fail!: () => void
    const failed = new Promise<void>((_, reject) => (fail = () => reject(new Error('broken image'))))
    let settled = false
    const page = fakePage([{ top: 0 }, { top: 0 }], (img) => (img.src ? failed : Promise.resolve()))
    const painting = paint(page, [{ srcset: 'https://x/a.card.webp 480w' }, { href: 'https://x/broken.jpg' }]).then(
      () => (settled = true),
    )
    await new Promise((r) => setTimeout(r, 5))
    expect(settled).toBe(false)
    frames.mockClear()
    fail()
    await painting
    expect(frames).toHaveBeenCalledTimes(2)
    expect(page.elements.map((e) => e.attributes[FIRST_PHOTO_SLOT])).toEqual(['painted', ''])
  })

  it('settles when a painted photo’s paint entry says it is on screen, not at two frames (a busy device presents later)', async () => {
    const page = fakePage([{ top: 0 }])
    let settled = false
    const painting = paint(page, [{ href: 'https://x/a.jpg' }], 60_000).then(() => (settled = true))
    await vi.waitFor(() => expect(page.elements[0]!.attributes[FIRST_PHOTO_SLOT]).toBe('painted'))
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
    PaintEntries.report({ getAttribute: () => null }) // the heading's paint: not the photo
    await new Promise((r) => setTimeout(r, 5))
    expect(settled).toBe(false)
    PaintEntries.report(page.elements[0])
    await painting
    expect(PaintEntries.live).toEqual([])
  })

  it('leaves a placeholder the app has replaced meanwhile; with nothing to paint it settles at once', async () => {
    const page = fakePage([{ top: 0 }])
    page.elements[0]!.isConnected = false
    await paint(page, [{ href: 'https://x/a.jpg' }])
    expect(page.elements[0]!.style.backgroundImage).toBe('')
    await paint(fakePage([]), [{ href: 'https://x/a.jpg' }])
    await paint(fakePage([{ top: 0 }]), [])
  })

  it('the script settles its paint promise after painting, without painting when the visitor has moved on, and when the request fails', async () => {
    const rows = [{ id: 'l1', listing_images: [{ id: 'a', image_order: 0, image_url: 'u1/a.jpg' }] }]
    const run = async (
      page: ReturnType<typeof fakePage>,
      location: { pathname: string; search: string; href: string },
      fetch: unknown,
    ) => {
      const window: Record<string, unknown> = {}
      const document = { ...page.document, readyState: 'complete', head: { appendChild: () => {} } }
      new Function('window', 'location', 'navigator', 'fetch', 'document', firstScreenScript(API, 'k'))(
        window,
        location,
        { onLine: true },
        fetch,
        document,
      )
      await (window[FIRST_PAINT_GLOBAL] as Promise<void>)
      return window
    }
    const answer = async (url: string) =>
      url.includes('/storage/') ? photoFetch(url) : { ok: true, json: async () => rows }
    const shown = fakePage([{ top: 0 }])
    const shownWindow = await run(shown, { pathname: '/shop', search: '', href: 'http://app/shop' }, answer)
    expect(shown.elements[0]!.attributes[FIRST_PHOTO_SLOT]).toBe('painted')
    // What the app's skeletons show in their place (remote/first-screen.ts paintedFirstPhotos).
    expect(shownWindow[FIRST_PHOTOS_GLOBAL]).toEqual({
      href: 'http://app/shop',
      photos: [`blob:${firstPhotoSources(rows, 1, API, PHOTO_FILES)[0]!.srcset!.split(' ')[0]}`],
      ids: ['l1'],
    })

    const moved = fakePage([{ top: 0 }])
    const location = { pathname: '/shop', search: '', href: 'http://app/shop' }
    const settled = run(moved, location, answer)
    location.href = 'http://app/shop?category=women'
    await settled
    expect(moved.images).toEqual([])

    const failed = await run(
      fakePage([{ top: 0 }]),
      { pathname: '/shop', search: '', href: 'http://app/shop' },
      async () => Promise.reject(new TypeError('offline')),
    )
    expect(failed[FIRST_PHOTOS_GLOBAL]).toEqual({ href: 'http://app/shop', photos: [], ids: [] })
  })
})
