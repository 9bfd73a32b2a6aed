import { describe, expect, it } from 'vitest'
import { bundleOf, LISTING_BUNDLE_SELECT } from './transport/bundles'

const listing = (id: string, user: string, images: unknown, profiles: unknown) => ({
  id,
  user_id: user,
  title: id,
  price: '12.50',
  updated_at: '2026-11-23T10:00:00+00:00',
  created_at: '2026-11-23T10:00:00+00:00',
  listing_images: images,
  profiles,
})
const image = (id: string, listing: string, order: number) => ({
  id,
  listing_id: listing,
  image_url: `u/${id}.jpg`,
  image_order: order,
  created_at: '2026-11-23T10:00:00+00:00',
})
const seller = (id: string) => ({
  id,
  first_name: 'Anna',
  last_name: 'K',
  location: 'Bern',
  profile_picture_url: null,
  created_at: '2026-11-23T10:00:00+00:00',
  updated_at: '2026-11-23T10:00:00+00:00',
})

describe('one request per page of listings: embedded images and sellers → the mirror bundle', () => {
  it('asks for the images and the seller in the same select', () => {
    expect(LISTING_BUNDLE_SELECT).toMatch(/^\*, listing_images\(\*\), profiles\(id, first_name/)
  })

  it('strips the embedded keys from the listing records and keeps their fields', () => {
    const b = bundleOf([listing('l1', 'u1', [], seller('u1'))])
    expect(b.listings).toHaveLength(1)
    expect(b.listings[0]).not.toHaveProperty('listing_images')
    expect(b.listings[0]).not.toHaveProperty('profiles')
    expect(b.listings[0]).toMatchObject({ id: 'l1', price: 12.5, updated_at: '2026-11-23T10:00:00.000000Z' })
  })

  it('gathers every listing’s images in image order (id breaks ties)', () => {
    const b = bundleOf([
      listing('l1', 'u1', [image('c', 'l1', 2), image('b', 'l1', 0), image('a', 'l1', 0)], seller('u1')),
      listing('l2', 'u1', [image('d', 'l2', 1)], seller('u1')),
    ])
    expect(b.images.map((i) => i.id)).toEqual(['a', 'b', 'c', 'd'])
    expect(b.images[0]!.created_at).toBe('2026-11-23T10:00:00.000000Z')
  })

  it('lists each seller once, and none for a profile the caller may not see', () => {
    const b = bundleOf([
      listing('l1', 'u1', [], seller('u1')),
      listing('l2', 'u1', [], seller('u1')),
      listing('l3', 'u2', null, null),
    ])
    expect(b.sellers.map((s) => s.id)).toEqual(['u1'])
    expect(b.listings.map((l) => l.id)).toEqual(['l1', 'l2', 'l3'])
  })
})
