import { describe, expect, it } from 'vitest'
import { DAY_MS } from './constants'
import { cardView, type CardSource } from './listing-card-view'

const now = new Date('2026-11-23T12:00:00.000Z')
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()
const row: CardSource = {
  id: 'l1',
  user_id: 'seller',
  title: 'Wool coat',
  price: '45.5',
  brand: ' Akris ',
  size: 'M',
  location: '8001 Zürich',
  status: 'active',
  created_at: ago(DAY_MS),
  cover_image_url: 'seller/l1/a.jpg',
  seller_first_name: 'Anna',
  seller_last_name: 'Müller',
}

describe('the listing card (docs/product.md §2.6, §3) and its New badge (docs/product.md §9: under 7 days old and not sold)', () => {
  it.each<[string, string, string, boolean]>([
    ['created a minute ago', ago(60_000), 'active', true],
    ['created 6 days 23 hours ago', ago(7 * DAY_MS - 3_600_000), 'active', true],
    ['created exactly 7 days ago', ago(7 * DAY_MS), 'active', false],
    ['created 30 days ago', ago(30 * DAY_MS), 'active', false],
    ['new but sold', ago(60_000), 'sold', false],
    ['an unreadable date', 'yesterday-ish', 'active', false],
  ])('%s → New %s', (_name, created_at, status, expected) => {
    expect(cardView({ ...row, created_at, status }, now, null).isNew).toBe(expected)
  })

  it('maps a mirror row to what the card shows', () => {
    expect(cardView(row, now, null)).toEqual({
      id: 'l1',
      title: 'Wool coat',
      price: 45.5,
      brand: 'Akris',
      size: 'M',
      location: '8001 Zürich',
      sellerName: 'Anna Müller',
      imagePath: 'seller/l1/a.jpg',
      isSold: false,
      isNew: true,
      isOwn: false,
    })
  })

  it.each<[string, Partial<CardSource>, Partial<ReturnType<typeof cardView>>]>([
    [
      'blank brand, size and location become null (the screen shows "Switzerland")',
      { brand: ' ', size: '', location: '  ' },
      { brand: null, size: null, location: null },
    ],
    ['a missing brand and size stay null', { brand: null, size: null }, { brand: null, size: null }],
    ['brand and size are shown trimmed', { brand: ' Akris ', size: ' 38 EU ' }, { brand: 'Akris', size: '38 EU' }],
    [
      'no seller name becomes null (the screen shows "Anonymous")',
      { seller_first_name: null, seller_last_name: ' ' },
      { sellerName: null },
    ],
    ['a sold listing is sold and not new', { status: 'sold' }, { isSold: true, isNew: false }],
    ['an unreadable price shows as 0', { price: 'n/a' }, { price: 0 }],
  ])('%s', (_name, change, expected) => {
    expect(cardView({ ...row, ...change }, now, null)).toMatchObject(expected)
  })

  it.each<[string | null | undefined, boolean]>([
    ['seller', true],
    ['someone else', false],
    [null, false],
    [undefined, false],
  ])('viewer %j owns it: %s (Edit instead of a message button)', (viewer, own) => {
    expect(cardView(row, now, viewer).isOwn).toBe(own)
  })
})
