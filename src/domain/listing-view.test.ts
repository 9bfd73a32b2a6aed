import { describe, expect, it } from 'vitest'
import { DAY_MS } from './constants'
import type { StoredListing } from './listing-fields'
import {
  firstImageUrls,
  formatPrice,
  homeGrid,
  isNew,
  isShownPublicly,
  isVerifiedSeller,
  joinName,
  listingLocation,
  resolveImageUrl,
  toListingCard,
} from './listing-view'

const now = new Date('2026-11-22T12:00:00.000Z')
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()
const BASE = 'http://127.0.0.1:54321'

describe('docs/product.md §4 listing status: the "New" badge', () => {
  it.each([
    [0, false, true],
    [6.99, false, true],
    [7, false, false],
    [1, true, false],
  ])('created %f days ago, sold %s → new %s', (days, sold, expected) => {
    expect(isNew(ago(days), sold, now)).toBe(expected)
  })

  it('only active listings are shown publicly', () => {
    expect([isShownPublicly({ status: 'active' }), isShownPublicly({ status: 'sold' })]).toEqual([true, false])
  })
})

describe('docs/product.md §9 currency: CHF with 2 decimals', () => {
  it.each([
    [45, 'CHF 45.00'],
    [12.5, 'CHF 12.50'],
    ['19.9', 'CHF 19.90'],
    [0.1 + 0.2, 'CHF 0.30'],
    [1250, 'CHF 1250.00'],
    ['n/a', 'CHF 0.00'],
  ])('%j → %s', (price, text) => {
    expect(formatPrice(price)).toBe(text)
  })
})

describe('docs/product.md §3 display name and location fallback', () => {
  it.each([
    [{ first_name: 'Anna', last_name: 'Müller' }, 'Anna Müller'],
    [{ first_name: ' Anna ', last_name: null }, 'Anna'],
    [{ first_name: '', last_name: 'Rossi' }, 'Rossi'],
    [{ first_name: ' ', last_name: null }, null],
    [null, null],
  ])('%j → %j', (profile, name) => {
    expect(joinName(profile)).toBe(name)
  })

  it.each([
    ['Zurich', 'Zurich'],
    ['  ', null],
    [null, null],
  ])('location %j → %j', (location, shown) => {
    expect(listingLocation(location)).toBe(shown)
  })
})

describe('docs/product.md §7.2 feed images: non-http paths become public URLs of bucket listing-images', () => {
  it.each([
    ['u/l/i.jpg', `${BASE}/storage/v1/object/public/listing-images/u/l/i.jpg`],
    ['/u/l/i.jpg', `${BASE}/storage/v1/object/public/listing-images/u/l/i.jpg`],
    ['u/my photo.jpg', `${BASE}/storage/v1/object/public/listing-images/u/my%20photo.jpg`],
    ['https://cdn.example.ch/a.jpg', 'https://cdn.example.ch/a.jpg'],
    ['HTTP://cdn.example.ch/a.jpg', 'HTTP://cdn.example.ch/a.jpg'],
  ])('%s → %s', (path, url) => {
    expect(resolveImageUrl(path, `${BASE}/`)).toBe(url)
  })

  it('uses the first image (lowest image_order) of each listing', () => {
    const urls = firstImageUrls(
      [
        { listing_id: 'a', image_url: 'a2.jpg', image_order: 2 },
        { listing_id: 'a', image_url: 'a1.jpg', image_order: 1 },
        { listing_id: 'b', image_url: 'https://x.ch/b.jpg', image_order: 3 },
      ],
      BASE,
    )
    expect(Object.fromEntries(urls)).toEqual({
      a: `${BASE}/storage/v1/object/public/listing-images/a1.jpg`,
      b: 'https://x.ch/b.jpg',
    })
  })
})

describe('docs/product.md §4 "Verified" placeholder: about 30 %, stable per seller', () => {
  const ids = Array.from({ length: 2000 }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`)

  it('is the same for a seller every time', () => {
    expect(ids.slice(0, 50).map(isVerifiedSeller)).toEqual(ids.slice(0, 50).map(isVerifiedSeller))
  })

  it('marks between 25 % and 35 % of sellers', () => {
    const share = ids.filter(isVerifiedSeller).length / ids.length
    expect(share).toBeGreaterThan(0.25)
    expect(share).toBeLessThan(0.35)
  })
})

const row: StoredListing = {
  id: 'L1',
  user_id: 'U1',
  title: 'Wool coat',
  description: '  ',
  price: '45.00',
  condition: 'very_good',
  category: 'women',
  product_type: 'coat',
  brand: null,
  size: 'M',
  fabric: 'Wool',
  location: null,
  tags: null,
  status: 'active',
  created_at: ago(2),
  updated_at: ago(2),
}

describe('docs/product.md §3 UI listing model', () => {
  it('maps a row with its image and seller', () => {
    expect(
      toListingCard(row, { now, imageUrl: 'http://img/1.jpg', seller: { first_name: 'Anna', last_name: 'Müller' } }),
    ).toEqual({
      id: 'L1',
      title: 'Wool coat',
      price: 45,
      location: null,
      imageUrl: 'http://img/1.jpg',
      isLiked: false,
      seller: { id: 'U1', name: 'Anna Müller', rating: 5, avatarUrl: null, isVerified: isVerifiedSeller('U1') },
      category: 'women',
      condition: 'very_good',
      description: '',
      brand: null,
      size: 'M',
      tags: [],
      isSold: false,
      isNew: true,
    })
  })

  it('a sold listing is never new; no image and no seller stay null', () => {
    const card = toListingCard({ ...row, status: 'sold' }, { now })
    expect([card.isSold, card.isNew, card.imageUrl, card.seller.name]).toEqual([true, false, null, null])
  })

  it('the home grid takes at most 8 unsold listings in the given order', () => {
    const cards = Array.from({ length: 12 }, (_, i) => ({ id: i, isSold: i % 3 === 0 }))
    expect(homeGrid(cards).map((c) => c.id)).toEqual([1, 2, 4, 5, 7, 8, 10, 11])
    expect(homeGrid(cards.slice(0, 4)).map((c) => c.id)).toEqual([1, 2])
  })
})

describe('docs/product.md §7.2 feed images: paths and base URLs with extra slashes', () => {
  it.each([
    ['//u/l/i.jpg', `${BASE}/`],
    ['u/l/i.jpg', `${BASE}//`],
    ['///u/l/i.jpg', BASE],
  ])('%s on %s', (path, base) => {
    expect(resolveImageUrl(path, base)).toBe(`${BASE}/storage/v1/object/public/listing-images/u/l/i.jpg`)
  })

  it('the lowest image_order wins whatever the row order', () => {
    const rows = [
      { listing_id: 'a', image_url: 'a0.jpg', image_order: 0 },
      { listing_id: 'a', image_url: 'a1.jpg', image_order: 1 },
      { listing_id: 'a', image_url: 'a2.jpg', image_order: 2 },
    ]
    for (const order of [rows, [...rows].reverse(), [rows[1]!, rows[0]!, rows[2]!]]) {
      expect(firstImageUrls(order, BASE).get('a')).toBe(`${BASE}/storage/v1/object/public/listing-images/a0.jpg`)
    }
  })
})

describe('docs/product.md §3 UI listing model: description and the home grid limit', () => {
  it.each([
    [null, ''],
    ['  Warm coat ', 'Warm coat'],
  ])('description %j → %j', (description, shown) => {
    expect(toListingCard({ ...row, description }, { now }).description).toBe(shown)
  })

  it('the home grid stops at 8 even when more are unsold', () => {
    const cards = Array.from({ length: 20 }, (_, i) => ({ id: i, isSold: i === 3 }))
    expect(homeGrid(cards).map((c) => c.id)).toEqual([0, 1, 2, 4, 5, 6, 7, 8])
    expect(homeGrid(cards, 2).map((c) => c.id)).toEqual([0, 1])
  })
})
