import { describe, expect, it } from 'vitest'
import { firstScreenBundle } from './first-screen-bundle'
import { followFirstScreen } from './first-screen'
import { bundleOf } from './transport/bundles'

describe('the page’s view of the first-screen request', () => {
  it('without a request: not asked, no rows', async () => {
    const s = followFirstScreen(undefined)
    expect(s.asked).toBe(false)
    await expect(s.rows).resolves.toBeNull()
    expect(s.arrived()).toBeUndefined()
  })

  it('knows when the rows are here, synchronously after they arrived', async () => {
    let answer!: (rows: unknown) => void
    const s = followFirstScreen(new Promise((r) => (answer = r)))
    expect(s.asked).toBe(true)
    expect(s.arrived()).toBeUndefined()
    answer([{ id: 'l1' }])
    await expect(s.rows).resolves.toEqual([{ id: 'l1' }])
    expect(s.arrived()).toEqual([{ id: 'l1' }])
  })

  it('a failure or an answer that is not a list is no rows', async () => {
    await expect(followFirstScreen(Promise.reject(new Error('x'))).rows).resolves.toBeNull()
    await expect(followFirstScreen(Promise.resolve({ message: 'JWT expired' })).rows).resolves.toBeNull()
    await expect(followFirstScreen(Promise.resolve(null)).rows).resolves.toBeNull()
  })
})

const at = '2026-11-23T10:00:00+00:00'
const listing = (id: string, user: string, images: unknown, profiles: unknown) => ({
  id,
  user_id: user,
  title: id,
  price: '12.50',
  status: 'active',
  updated_at: at,
  created_at: at,
  listing_images: images,
  profiles,
})
const image = (id: string, l: string, order: number) => ({
  id,
  listing_id: l,
  image_url: `u/${id}.jpg`,
  image_order: order,
  created_at: at,
})
const seller = (id: string) => ({
  id,
  first_name: 'Anna',
  last_name: 'K',
  location: 'Bern',
  profile_picture_url: null,
  created_at: at,
  updated_at: at,
})

describe('the first screen’s rows → the mirror bundle', () => {
  it('maps exactly as the transport’s bundleOf does (listings, images in order, each seller once)', () => {
    const rows = [
      listing('l1', 'u1', [image('i2', 'l1', 1), image('i1', 'l1', 0)], seller('u1')),
      listing('l2', 'u1', [], seller('u1')),
      listing('l3', 'u2', null, null),
    ]
    const b = firstScreenBundle(rows)
    expect(b).toEqual(bundleOf(rows))
    expect(b.images.map((i) => i.id)).toEqual(['i1', 'i2'])
    expect(b.sellers.map((s) => s.id)).toEqual(['u1'])
    expect(b.listings[0]).toMatchObject({ price: 12.5, updated_at: '2026-11-23T10:00:00.000000Z' })
  })

  it('skips anything that is not a row', () => {
    expect(firstScreenBundle([null, 3, 'x']).listings).toEqual([])
  })
})
