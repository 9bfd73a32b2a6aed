// @vitest-environment node
// sweepDiscardedUploads (D1) case by case against the memory server: which of the device's uploads go, which stay.
import { describe, expect, it } from 'vitest'
import type { Failure } from './protocol'
import { sweepDiscardedUploads } from './sweep'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { ScriptedTransport } from './testing/scripted-transport'

const U = '00000000-0000-4000-8000-00000000000a'
const L = '00000000-0000-4000-8000-0000000000aa'
const network: Failure = { ok: false, reason: 'network', message: 'Failed to fetch' }
const path = (name: string) => `${U}/${L}/${name}`

function world() {
  const server = new MemoryServer()
  server.addUser(U, 'Anna', 'X')
  const scripted = new ScriptedTransport(new MemoryTransport(server, U, createRng(1)))
  const file = (p: string) => server.storage.set(p, { size: 1, contentType: 'image/webp' })
  return { server, scripted, file }
}

async function listingWith(server: MemoryServer, images: string[]) {
  const t = new MemoryTransport(server, U, createRng(2))
  const saved = await t.saveListings([
    {
      listing_id: L,
      listing: {
        id: L,
        user_id: U,
        title: 'Wool coat',
        description: 'Warm',
        price: 80,
        condition: 'very_good',
        category: 'women',
        product_type: null,
        brand: null,
        size: null,
        fabric: null,
        location: null,
        tags: null,
        status: 'active',
        edited_at: '2025-12-01T00:00:00.000Z',
      },
      images: images.map((image_url, i) => ({
        id: `00000000-0000-4000-8000-00000000010${i}`,
        listing_id: L,
        image_url,
        image_order: i + 1,
      })),
      images_edited_at: '2025-12-01T00:00:00.000Z',
    },
  ])
  if (!saved.ok) throw new Error(saved.message)
}

describe('sweepDiscardedUploads', () => {
  it('a listing: removes the uploads its committed set does not use, once each; a used photo keeps its card image', async () => {
    const { server, scripted, file } = world()
    for (const p of ['a.webp', 'a.card.webp', 'b.webp', 'b.card.webp']) file(path(p))
    await listingWith(server, [path('a.webp')])
    const r = await sweepDiscardedUploads(scripted.transport, `listing:${L}`, [
      path('a.webp'),
      path('a.card.webp'),
      path('b.webp'),
      path('b.card.webp'),
      path('b.webp'),
    ])
    expect(r).toEqual({ ok: true, value: [path('b.webp'), path('b.card.webp')] })
    expect([...server.storage.keys()].sort()).toEqual([path('a.card.webp'), path('a.webp')])
  })

  it('a listing the server does not have (a refused create): every upload goes', async () => {
    const { server, scripted, file } = world()
    file(path('a.webp'))
    expect(await sweepDiscardedUploads(scripted.transport, `listing:${L}`, [path('a.webp')])).toEqual({
      ok: true,
      value: [path('a.webp')],
    })
    expect(server.storage.size).toBe(0)
  })

  it('a profile: removes the uploaded pictures the profile does not show', async () => {
    const { server, scripted, file } = world()
    const shown = `${U}/profile/p1.webp`
    const unused = `${U}/profile/p2.webp`
    file(shown)
    file(unused)
    server.profiles.set(U, { ...server.profiles.get(U)!, profile_picture_url: shown })
    expect(await sweepDiscardedUploads(scripted.transport, `profile:${U}`, [shown, unused])).toEqual({
      ok: true,
      value: [unused],
    })
    expect([...server.storage.keys()]).toEqual([shown])
  })

  it('a profile without a picture: every upload goes', async () => {
    const { server, scripted, file } = world()
    file(`${U}/profile/p1.webp`)
    expect(await sweepDiscardedUploads(scripted.transport, `profile:${U}`, [`${U}/profile/p1.webp`])).toEqual({
      ok: true,
      value: [`${U}/profile/p1.webp`],
    })
    expect(server.storage.size).toBe(0)
  })

  it('a profile the server does not have: every upload goes', async () => {
    const { server } = world()
    const stranger = '00000000-0000-4000-8000-0000000000ff'
    const t = new MemoryTransport(server, stranger, createRng(3))
    server.storage.set(`${stranger}/profile/p1.webp`, { size: 1, contentType: 'image/webp' })
    expect(await sweepDiscardedUploads(t, `profile:${stranger}`, [`${stranger}/profile/p1.webp`])).toEqual({
      ok: true,
      value: [`${stranger}/profile/p1.webp`],
    })
    expect(server.storage.size).toBe(0)
  })

  it('nothing unused: no delete request', async () => {
    const { server, scripted, file } = world()
    file(path('a.webp'))
    await listingWith(server, [path('a.webp')])
    expect(await sweepDiscardedUploads(scripted.transport, `listing:${L}`, [path('a.webp')])).toEqual({
      ok: true,
      value: [],
    })
    expect(scripted.count('removeFiles')).toBe(0)
  })

  it('other groups own no uploads: nothing is asked', async () => {
    const { scripted } = world()
    expect(await sweepDiscardedUploads(scripted.transport, 'conversation:c1', [path('a.webp')])).toEqual({
      ok: true,
      value: [],
    })
    expect(scripted.calls).toEqual([])
  })

  it('no answer about the row, or about the delete: the failure comes back and the files stay', async () => {
    for (const [method, group] of [
      ['fetchListing', `listing:${L}`],
      ['fetchMyProfile', `profile:${U}`],
      ['removeFiles', `listing:${L}`],
    ] as const) {
      const { server, scripted, file } = world()
      file(path('a.webp'))
      scripted.failNext(method, network)
      expect(await sweepDiscardedUploads(scripted.transport, group, [path('a.webp')])).toEqual(network)
      expect(server.storage.size).toBe(1)
    }
  })
})
