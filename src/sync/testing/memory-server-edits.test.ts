// The memory server's last-edit rule (editOrder) as the triggers of migration 20261125150100 decide it: the fault
// suite's server must order edits exactly as Postgres does (supabase/tests/edits-ahead-of-server.test.ts).
import { describe, expect, it } from 'vitest'
import { editOrder, MemoryServer } from './memory-server'

const NOW = '2026-01-01T00:10:00.000Z'
const AHEAD_5 = '2026-02-01T00:00:05.000Z'
const AHEAD_2 = '2026-02-01T00:00:02.000Z'

describe('editOrder', () => {
  it.each([
    ['a first edit, clamped', undefined, AHEAD_5, { at: NOW, ahead: false }],
    [
      'a first edit behind the server, as sent',
      undefined,
      '2025-06-01T00:00:00.000Z',
      { at: '2025-06-01T00:00:00.000Z', ahead: false },
    ],
    [
      'a later edit behind the server',
      { at: '2025-06-01T00:00:00.000Z', sent: '2025-06-01T00:00:00.000Z' },
      '2025-06-01T00:00:01.000Z',
      { at: '2025-06-01T00:00:01.000Z', ahead: false },
    ],
    [
      'an older edit behind the server: stale',
      { at: '2025-06-01T00:00:01.000Z', sent: '2025-06-01T00:00:01.000Z' },
      '2025-06-01T00:00:00.000Z',
      null,
    ],
    [
      'an equal edit time: the later arrival',
      { at: '2025-06-01T00:00:01.000Z', sent: '2025-06-01T00:00:01.000Z' },
      '2025-06-01T00:00:01.000Z',
      { at: '2025-06-01T00:00:01.000Z', ahead: false },
    ],
    ['both ahead, the older stamp last: stale', { at: '2026-01-01T00:05:00.000Z', sent: AHEAD_5 }, AHEAD_2, null],
    [
      'both ahead, the newer stamp last: wins at now',
      { at: '2026-01-01T00:05:00.000Z', sent: AHEAD_2 },
      AHEAD_5,
      { at: NOW, ahead: true },
    ],
    [
      'both ahead, a late commit older than the stored time: the time does not go back',
      { at: '2026-01-01T00:20:00.000Z', sent: AHEAD_2 },
      AHEAD_5,
      { at: '2026-01-01T00:20:00.000Z', ahead: true },
    ],
    [
      'ahead over an edit that was not: by the clamped times',
      { at: '2025-06-01T00:00:00.000Z', sent: '2025-06-01T00:00:00.000Z' },
      AHEAD_2,
      { at: NOW, ahead: false },
    ],
    [
      'a right clock after an ahead edit arrived: by the clamped times',
      { at: '2026-01-01T00:05:00.000Z', sent: AHEAD_5 },
      '2026-01-01T00:06:00.000Z',
      { at: '2026-01-01T00:06:00.000Z', ahead: false },
    ],
    [
      'a right clock before an ahead edit arrived: stale',
      { at: '2026-01-01T00:05:00.000Z', sent: AHEAD_5 },
      '2026-01-01T00:04:00.000Z',
      null,
    ],
    [
      'a stored edit without a stamp is not ahead',
      { at: '2026-01-01T00:05:00.000Z', sent: null },
      AHEAD_2,
      { at: NOW, ahead: false },
    ],
  ] as const)('%s', (_, stored, sent, expected) => {
    expect(editOrder(stored, sent, NOW)).toEqual(expected)
  })
})

describe('the memory server keeps the newer of two edits from a clock ahead', () => {
  it('for listing fields, photo sets and profiles', () => {
    const server = new MemoryServer()
    server.addUser('u', 'Ada', 'Ahead')
    const listing = (title: string, edited_at: string) => ({
      id: 'l',
      user_id: 'u',
      title,
      description: 'd',
      price: 10,
      condition: 'very_good' as const,
      category: 'men' as const,
      product_type: null,
      brand: null,
      size: null,
      fabric: null,
      location: null,
      tags: null,
      status: 'active' as const,
      edited_at,
    })
    const set = (name: string) => [
      { id: name, listing_id: 'l', image_url: `https://img.example/${name}.jpg`, image_order: 1 },
    ]
    server.saveListings('u', [
      { listing_id: 'l', listing: listing('Five', AHEAD_5), images: set('five'), images_edited_at: AHEAD_5 },
    ])
    server.saveListings('u', [
      { listing_id: 'l', listing: listing('Two', AHEAD_2), images: set('two'), images_edited_at: AHEAD_2 },
    ])
    expect(server.listings.get('l')!.title).toBe('Five')
    expect(server.imagesOf('l').map((i) => i.id)).toEqual(['five'])
    server.updateProfile('u', { id: 'u', first_name: 'Five', last_name: 'A', location: null, edited_at: AHEAD_5 })
    server.updateProfile('u', { id: 'u', first_name: 'Two', last_name: 'A', location: null, edited_at: AHEAD_2 })
    expect(server.profiles.get('u')!.first_name).toBe('Five')
  })
})
