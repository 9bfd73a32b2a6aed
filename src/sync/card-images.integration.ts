// @vitest-environment node
// docs/decisions.md#D-card-images: each listing photo has a card image beside it on the server ({stem}.card.webp). When a photo leaves a
// listing (an edit drops it) or the listing is deleted — even from a device that never held the photos — its card
// file goes with the full file (src/remote/transport/listings.ts withCardImages), against the local stack.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardImagePath } from '@/domain/photos'
import { deleteListing } from './kinds/listing-delete'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

let stack: StackHandle
let phone: StackDevice
let laptop: StackDevice
const devices: StackDevice[] = []

const fields: ListingFields = {
  title: 'Linen shirt',
  description: 'Washed linen, bought last summer',
  price: 30,
  condition: 'very_good',
  category: 'men',
  product_type: 'shirt',
  brand: 'COS',
  size: 'M',
  fabric: 'linen',
  location: 'Bern',
  tags: null,
}
// The stack checks the type against the file's first bytes (RIFF….WEBP), not the rest.
const webp = (n: number) =>
  new Blob([new TextEncoder().encode('RIFF'), new Uint8Array([n, 0, 0, 0]), new TextEncoder().encode('WEBPVP8 ')], {
    type: 'image/webp',
  })
const photo = (n: number) => ({ blob: webp(n), content_type: 'image/webp', ext: '.webp', card: webp(n + 100) })
const now = () => Date.now() - 60_000
const status = (path: string) =>
  fetch(`${stack.url}/storage/v1/object/public/listing-images/${path}`).then(
    async (r) => (await r.arrayBuffer(), r.status),
  )
const filesOf = (path: string) => [path, cardImagePath(path)!]

async function serverImages(device: StackDevice, listingId: string): Promise<string[]> {
  const { data } = await device.client
    .from('listing_images')
    .select('image_url, image_order')
    .eq('listing_id', listingId)
    .order('image_order')
  return (data ?? []).map((r) => String(r.image_url))
}

beforeAll(async () => {
  stack = await startStack()
  const user = await stack.newUser({ firstName: 'Cara', lastName: 'Cards' })
  phone = await stackDevice(stack, user)
  laptop = await stackDevice(stack, user)
  devices.push(phone, laptop)
})

afterAll(async () => {
  for (const d of devices) await d.close()
  await stack?.stop()
})

describe('card images on the server follow their photos', () => {
  it('are uploaded beside each photo; an edit that drops a photo removes its card too; deleting the listing from another device removes every card', async () => {
    const id = await saveListing(phone.db, phone.userId, { fields, images: [photo(1), photo(2)] }, now())
    expect((await phone.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    const [first, second] = await serverImages(phone, id)
    for (const f of [...filesOf(first!), ...filesOf(second!)]) expect(await status(f), f).toBe(200)

    // Edit: keep the second photo only.
    const { data: rows } = await phone.client
      .from('listing_images')
      .select('id, image_url')
      .eq('listing_id', id)
      .eq('image_url', second!)
    await saveListing(
      phone.db,
      phone.userId,
      { id, fields, images: [{ id: rows![0]!.id as string, image_url: second! }] },
      now() + 1000,
    )
    expect((await phone.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    expect(await serverImages(phone, id)).toEqual([second])
    for (const f of filesOf(first!)) expect(await status(f), f).toBe(404)
    for (const f of filesOf(second!)) expect(await status(f), f).toBe(200)

    // Deleted from the laptop, which only knows the image rows (no photo files on that device).
    await laptop.engine.sync('start')
    expect(await laptop.db.photo_blobs.count()).toBe(0)
    expect(await laptop.db.listing_images.where('listing_id').equals(id).count()).toBe(1)
    await deleteListing(laptop.db, id, now() + 2000)
    expect((await laptop.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    expect((await laptop.client.from('listings').select('id').eq('id', id)).data).toEqual([])
    for (const f of filesOf(second!)) expect(await status(f), f).toBe(404)
  })
})
