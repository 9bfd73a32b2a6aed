/**
 * The offline round trip of docs/decisions.md#D-offline-roundtrip, against the real local stack with the real supabase-js: a
 * buyer's device with no network queues 200 messages to a seller and lists a jacket of its own with 3 photos; the
 * app is closed and opened again (a new engine on the same Dexie); the network returns, but the answers to the
 * first message insert and the first photo upload are lost after the server committed them. Then the server is
 * read back by other users: every message once and in order, the listing once, its 3 images in order with the
 * exact bytes that were queued.
 *
 * Run by `npm run demo:offline` (prints the report) and by offline-roundtrip.integration.ts (asserts it).
 */
import type { KreisDatabase } from '@/db/database'
import { SyncEngine } from '../engine'
import { saveListing, type ListingFields } from '../kinds/listing-save'
import { sendMessage } from '../kinds/message-send'
import { stackDevice, type StackHandle } from './stack-devices'

export interface RoundtripOptions {
  messages?: number
  photos?: number
}

export interface RoundtripReport {
  queuedOffline: { messages: number; photos: number; outboxEntries: number }
  /** Answers thrown away after the server had committed the request. */
  lostAnswers: string[]
  /** Sync cycles until the outbox was empty, and the HTTP requests they made. */
  cycles: number
  requests: number
  server: {
    messages: number
    distinctMessages: number
    messagesInOrder: boolean
    conversations: number
    listings: number
    imageOrders: number[]
    imageBytesMatch: boolean[]
  }
  /** `failures` lists the outbox entries that failed for good, with the reason the user would see. */
  device: { outboxLeft: number; notSynced: number; failures: string[] }
  ms: number
}

const JACKET: ListingFields = {
  title: 'Waxed field jacket',
  description: 'Bought in Bern, worn on many autumn walks',
  price: 85,
  condition: 'very_good',
  category: 'men',
  product_type: 'jacket',
  brand: 'Barbour',
  size: 'M',
  fabric: 'waxed cotton',
  location: 'Bern',
  tags: ['outdoor'],
}

/** A small JPEG-shaped file (the storage API checks the magic bytes) whose body says which photo it is. */
function photoBytes(n: number): Uint8Array {
  const body = new TextEncoder().encode(`kreis photo ${n} `.repeat(40 + n))
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...body, 0xff, 0xd9])
}

/** Waits out the backoff of the outbox entry due soonest (the engine's timer would do this in the app). */
async function untilDue(db: KreisDatabase): Promise<void> {
  const queued = await db.outbox.where('state').equals('queued').toArray()
  if (queued.length === 0) return
  const wait = Math.min(...queued.map((e) => e.not_before)) - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, MAX_BACKOFF_WAIT_MS)))
}

const MAX_BACKOFF_WAIT_MS = 5_000

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i])

export async function runOfflineRoundtrip(stack: StackHandle, opts: RoundtripOptions = {}): Promise<RoundtripReport> {
  const messageCount = opts.messages ?? 200
  const photoCount = opts.photos ?? 3
  const started = performance.now()
  const sellerUser = await stack.newUser({ firstName: 'Lea', lastName: 'Seller' })
  const buyerUser = await stack.newUser({ firstName: 'Noah', lastName: 'Buyer' })
  const seller = await stackDevice(stack, sellerUser)
  const buyer = await stackDevice(stack, buyerUser)
  const reopened: SyncEngine[] = []
  try {
    // Online beforehand: the seller lists a scarf and the buyer's device has pulled the feed.
    const scarf = await saveListing(
      seller.db,
      seller.userId,
      { fields: { ...JACKET, title: 'Wool scarf', category: 'women' }, images: [] },
      Date.now(),
    )
    await seller.engine.sync('write')
    await buyer.engine.sync('start')

    // Offline: 200 messages about the scarf, and a listing of the buyer's own with its photos.
    buyer.net.offline = true
    const contents = Array.from(
      { length: messageCount },
      (_, i) => `Message ${i + 1} of ${messageCount} about the scarf`,
    )
    for (const content of contents) {
      await sendMessage(
        buyer.db,
        { listingId: scarf, sellerId: seller.userId, buyerId: buyer.userId, senderId: buyer.userId, content },
        Date.now(),
      )
    }
    const photos = Array.from({ length: photoCount }, (_, i) => photoBytes(i + 1))
    const images = photos.map((bytes) => ({
      blob: new Blob([bytes as BlobPart], { type: 'image/jpeg' }),
      content_type: 'image/jpeg',
      ext: 'jpg',
    }))
    const jacket = await saveListing(buyer.db, buyer.userId, { fields: JACKET, images }, Date.now())
    await buyer.engine.sync('write') // finds no network; everything stays queued
    const outboxEntries = await buyer.db.outbox.count()

    // The app is closed and opened again, then the network returns with two answers lost after commit.
    await buyer.engine.stop()
    const engine = new SyncEngine({ db: buyer.db, transport: buyer.transport, locks: null })
    reopened.push(engine)
    const lost = new Set<string>()
    const lostAnswers: string[] = []
    buyer.net.loseAnswer = {
      times: 2,
      match: (url, method) => {
        const kind =
          method !== 'POST'
            ? null
            : url.includes('/rest/v1/messages')
              ? 'message insert'
              : url.includes('/storage/v1/object/listing-images/')
                ? 'photo upload'
                : null
        if (!kind || lost.has(kind)) return false
        lost.add(kind)
        lostAnswers.push(`${kind}: ${method} ${new URL(url).pathname}`)
        return true
      },
    }
    buyer.net.offline = false
    const requestsBefore = buyer.net.log.length
    let cycles = 0
    do {
      await engine.sync(cycles === 0 ? 'online' : 'retry')
      await untilDue(buyer.db)
      cycles++
    } while ((await buyer.db.outbox.count()) > 0 && cycles < 20)
    const requests = buyer.net.log.length - requestsBefore

    // Read back as the other users would see it.
    const { data: messages, error: mErr } = await seller.client
      .from('messages')
      .select('id, content, created_at')
      .eq('listing_id', scarf)
      .order('created_at')
      .order('id')
    if (mErr) throw new Error(mErr.message)
    const { count: conversations } = await seller.client
      .from('conversations')
      .select('id', { count: 'exact', head: true })
      .eq('listing_id', scarf)
    const { data: listings } = await seller.client.from('listings').select('id').eq('id', jacket)
    const { data: imageRows } = await seller.client
      .from('listing_images')
      .select('image_url, image_order')
      .eq('listing_id', jacket)
      .order('image_order')
    const imageBytesMatch: boolean[] = []
    for (const [i, row] of (imageRows ?? []).entries()) {
      const res = await fetch(`${stack.url}/storage/v1/object/public/listing-images/${row.image_url}`)
      imageBytesMatch.push(
        res.ok && photos[i] !== undefined && sameBytes(new Uint8Array(await res.arrayBuffer()), photos[i]),
      )
    }
    const notSynced =
      (await buyer.db.messages.filter((m) => m.sync_state !== 'synced').count()) +
      (await buyer.db.listings.filter((l) => l.sync_state !== 'synced').count()) +
      (await buyer.db.listing_images.filter((l) => l.sync_state !== 'synced').count())

    return {
      queuedOffline: { messages: messageCount, photos: photoCount, outboxEntries },
      lostAnswers,
      cycles,
      requests,
      server: {
        messages: messages?.length ?? 0,
        distinctMessages: new Set(messages?.map((m) => m.content)).size,
        messagesInOrder: JSON.stringify(messages?.map((m) => m.content)) === JSON.stringify(contents),
        conversations: conversations ?? 0,
        listings: listings?.length ?? 0,
        imageOrders: (imageRows ?? []).map((r) => r.image_order),
        imageBytesMatch,
      },
      device: {
        outboxLeft: await buyer.db.outbox.count(),
        notSynced,
        failures: (await buyer.db.outbox.where('state').equals('failed').toArray()).map(
          (e) => `${e.op.kind}: ${e.error}`,
        ),
      },
      ms: Math.round(performance.now() - started),
    }
  } finally {
    for (const e of reopened) await e.stop()
    await buyer.close()
    await seller.close()
  }
}
