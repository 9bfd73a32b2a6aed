/**
 * One seeded scenario that runs unchanged against either server (backends.ts): the seller on two devices lists
 * things with photos (one to three, so a reorder of an existing set is common), edits them (titles, status, photo order), edits the profile and reads; the buyer writes
 * messages, marks favourites and reads; devices go offline and their requests meet faults; then the queues drain
 * with the faults on, and again with them off until nothing moves. The oracle expects what the people did, taken
 * from their actions alone (the title typed, the status chosen or shown, the photo order set, the heart tapped,
 * the newest message read), never from the engine's outbox or the mirror after the write. The actions draw from
 * the seed's own generator (ids too), the faults from each backend's, so the same seed does the same things on
 * both servers as long as the devices hold the same rows when it acts (`log` says what was done).
 */
import { sameSyncFailure } from '@/domain/errors'
import { markConversationRead } from '../../kinds/conversation-read'
import { toggleFavourite } from '../../kinds/favourite-set'
import { saveListing, setListingStatus } from '../../kinds/listing-save'
import { sendMessage } from '../../kinds/message-send'
import { updateMyProfile } from '../../kinds/profile-update'
import { IntentOracle } from '../../testing/intent-oracle'
import { createRng, type Rng } from '../../testing/prng'
import type { Backend, SimDevice, Snapshot } from './backends'

const TRACE = Boolean(
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.FAULT_TRACE,
)

export const REAL_SCENARIO_STEPS = 20
const FAULTY_DRAIN_ROUNDS = 3
const QUIESCENCE_ROUNDS = 8

interface ListingEdit {
  at: number
  title: string
  status: string
}
interface PhotoSet {
  at: number
  ids: string[]
}

export interface ScenarioOutcome {
  /** What each step did (the same on both servers when the devices held the same rows). */
  log: string[]
  writesChecked: number
  /** The server's final state in the terms of the actions (ids, titles, order, marks), for comparing servers. */
  projection: string
}

type Action =
  'create' | 'edit' | 'status' | 'photos' | 'profile' | 'read' | 'message' | 'favourite' | 'flip' | 'deliver' | 'sync'
const SELLER: [Action, number][] = [
  ['create', 2],
  ['edit', 2],
  ['status', 1],
  ['photos', 3],
  ['profile', 1],
  ['read', 1.5],
  ['flip', 1],
  ['deliver', 1],
  ['sync', 2],
]
const BUYER: [Action, number][] = [
  ['message', 4],
  ['favourite', 3],
  ['read', 2],
  ['profile', 1],
  ['flip', 1],
  ['deliver', 1],
  ['sync', 3],
]

function pick(rng: Rng, table: [Action, number][]): Action {
  let r = rng.next() * table.reduce((n, [, w]) => n + w, 0)
  for (const [a, w] of table) if ((r -= w) < 0) return a
  return table[table.length - 1]![0]
}

/** A small file the storage takes as a JPEG (its magic bytes), distinct per photo. */
const jpeg = (id: string) =>
  new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode(id)])], { type: 'image/jpeg' })

const latest = <T extends { at: number }>(xs: T[]) => [...xs].sort((a, b) => a.at - b.at).at(-1)!

export async function runRealScenario(
  seed: number,
  backend: Backend,
  actions: Rng = createRng(seed),
): Promise<ScenarioOutcome> {
  const rng = actions
  const { devices, users } = backend
  const log: string[] = []
  const listings = new Map<string, ListingEdit[]>()
  const photoSets = new Map<string, PhotoSet[]>()
  const profiles = new Map<string, { at: number; first_name: string }[]>()
  const messages = new Map<string, SimDevice>()
  const intent = new IntentOracle([users.seller, users.buyer])
  const created: string[] = []
  let n = 0

  for (const d of devices) await d.sync()
  for (const d of devices) d.faultRate = rng.pick([0.2, 0.35, 0.5])

  for (let step = 0; step < REAL_SCENARIO_STEPS; step++) {
    for (const d of devices) d.clock.advance(1_000)
    const d = rng.pick(devices)
    const action = pick(rng, d.role === 'seller' ? SELLER : BUYER)
    // A listing this device holds (created here, or pulled), or none.
    const held = (await d.db.listings.bulkGet(created)).filter((l) => l !== undefined).map((l) => l.id)
    const target = held.length ? held[rng.int(held.length)]! : null
    const row = target ? await d.db.listings.get(target) : undefined
    const at = d.clock.now()
    if (action === 'create') {
      const id = rng.uuid()
      const photos = Array.from({ length: 1 + rng.int(3) }, () => rng.uuid())
      const title = `L${seed}-${++n}`
      await saveListing(
        d.db,
        users.seller,
        {
          id,
          fields: {
            title,
            description: 'a lovely thing',
            price: 10 + rng.int(90),
            condition: 'very_good',
            category: 'women',
            product_type: null,
            brand: null,
            size: 'M',
            fabric: 'wool',
            location: 'Zurich',
            tags: null,
          },
          images: photos.map((p) => ({ id: p, blob: jpeg(p), content_type: 'image/jpeg', ext: 'jpg' })),
        },
        at,
      )
      created.push(id)
      listings.set(id, [{ at, title, status: 'active' }])
      if (photos.length) photoSets.set(id, [{ at, ids: photos }])
      log.push(`${d.name} creates ${id} with ${photos.length} photos`)
    } else if (
      (action === 'edit' || action === 'photos' || action === 'status') &&
      target &&
      row &&
      row.sync_state !== 'failed'
    ) {
      const shown = (await d.db.listing_images.where('listing_id').equals(target).sortBy('image_order')).map((i) => ({
        id: i.id,
        image_url: i.image_url,
      }))
      if (action === 'status') {
        const status = row.status === 'active' ? 'sold' : 'active'
        await setListingStatus(d.db, target, status, at)
        listings.get(target)!.push({ at, title: row.title, status })
        log.push(`${d.name} marks ${target} ${status}`)
      } else {
        const images = action === 'photos' && shown.length > 1 ? [shown.at(-1)!, ...shown.slice(0, -1)] : shown
        const title = action === 'edit' ? `E${seed}-${++n}` : row.title
        const {
          id: _i,
          user_id: _u,
          edited_at: _e,
          status: _s,
          created_at: _c,
          updated_at: _up,
          sync_state: _st,
          sync_error: _se,
          ...fields
        } = row
        await saveListing(d.db, users.seller, { id: target, fields: { ...fields, title }, images }, at)
        // An edit keeps the status the screen showed; a new photo order is a choice of the set.
        listings.get(target)!.push({ at, title, status: row.status })
        if (images !== shown) {
          const sets = photoSets.get(target) ?? []
          sets.push({ at, ids: images.map((i) => i.id) })
          photoSets.set(target, sets)
        }
        log.push(
          `${d.name} ${action === 'edit' ? `retitles ${target} ${title}` : `moves the last photo of ${target} first`}`,
        )
      }
    } else if (action === 'profile') {
      const first = `F${seed}-${++n}`
      await updateMyProfile(d.db, d.userId, { first_name: first, last_name: 'X', location: 'Bern' }, at)
      const edits = profiles.get(d.userId) ?? []
      edits.push({ at, first_name: first })
      profiles.set(d.userId, edits)
      log.push(`${d.name} names itself ${first}`)
    } else if (action === 'read') {
      const convs = (await d.db.conversations.toArray())
        .filter((c) => c.sync_state === 'synced')
        .sort((a, b) => (a.id < b.id ? -1 : 1))
      if (convs.length) {
        const c = convs[rng.int(convs.length)]!
        await intent.read(d.db, d.userId, c.id, () => markConversationRead(d.db, d.userId, c.id, at))
        log.push(`${d.name} reads ${c.id}`)
      }
    } else if (action === 'message' && target && row?.status === 'active' && row.sync_state === 'synced') {
      const content = `M${seed}-${++n}`
      await sendMessage(
        d.db,
        {
          listingId: target,
          sellerId: users.seller,
          buyerId: users.buyer,
          senderId: users.buyer,
          content,
          messageId: rng.uuid(),
          newConversationId: rng.uuid(),
        },
        at,
      )
      messages.set(content, d)
      log.push(`${d.name} writes ${content} about ${target}`)
    } else if (action === 'favourite' && target && row) {
      await intent.favourite(d.db, d.name, d.userId, target, at)
      await toggleFavourite(d.db, d.userId, target, at)
      log.push(`${d.name} taps the heart of ${target}`)
    } else if (action === 'flip') {
      d.online = !d.online
      log.push(`${d.name} ${d.online ? 'online' : 'offline'}`)
    } else if (action === 'deliver') {
      await d.deliver()
    } else if (action === 'sync') {
      await d.sync()
    }
    // Meanwhile another device's timer fires (what the seller sent reaches the buyer, faults meet the writes).
    if (rng.chance(0.5)) await rng.pick(devices).sync()
  }

  // Crossed edits: an older profile edit and heart tap arrive after newer ones (L1).
  const crossed = await crossEdits(seed, devices, created, intent)
  if (crossed) {
    const edits = profiles.get(crossed.userId) ?? []
    edits.push(...crossed.profiles)
    profiles.set(crossed.userId, edits)
    log.push(...crossed.log)
  }

  // The queues drain with the faults still on, then without them until nothing moves.
  for (let round = 0; round < FAULTY_DRAIN_ROUNDS; round++) {
    for (const d of devices) {
      d.clock.advance(30_000)
      d.online = true
      await d.sync()
      await d.deliver()
    }
  }
  for (const d of devices) {
    d.faultRate = 0
    d.online = true
    await d.deliver()
  }
  let before = ''
  for (let round = 0; ; round++) {
    for (const d of devices) {
      d.clock.advance(60_000)
      await d.sync()
    }
    const now = JSON.stringify(await backend.snapshot())
    const queued = (await Promise.all(devices.map(sendable))).reduce((a, b) => a + b, 0)
    if (queued === 0 && now === before) break
    if (round >= QUIESCENCE_ROUNDS)
      throw new Error(`no quiescence after ${round} rounds: ${queued} entries still queued`)
    before = now
  }

  const server = await backend.snapshot()
  if (TRACE)
    console.log(
      backend.kind,
      log.join('\n'),
      JSON.stringify(
        await Promise.all(devices.map(async (d) => [d.name, await d.db.listings.count(), await d.db.outbox.count()])),
      ),
    )
  const problems: string[] = []
  const fail = (m: string) => problems.push(m)
  for (const [id, edits] of listings) {
    const want = latest(edits)
    const got = server.listings.find((l) => l.id === id)
    if (!got) fail(`listing ${id} (${want.title}) is not on the server`)
    else if (got.title !== want.title || got.status !== want.status)
      fail(`listing ${id}: the server has ${got.title}/${got.status}, the last edit was ${want.title}/${want.status}`)
  }
  for (const [id, sets] of photoSets) {
    const want = latest(sets).ids
    const got = server.images
      .filter((i) => i.listing_id === id)
      .sort((a, b) => a.image_order - b.image_order)
      .map((i) => i.id)
    if (got.join() !== want.join())
      fail(`listing ${id}: photos ${JSON.stringify(got)}, the last order set was ${JSON.stringify(want)}`)
  }
  for (const [userId, edits] of profiles) {
    const want = latest(edits).first_name
    const got = server.profiles.find((p) => p.id === userId)?.first_name
    if (got !== want) fail(`profile ${userId}: the server has ${got}, the last edit was ${want}`)
  }
  for (const [content, d] of messages) {
    const count = server.messages.filter((m) => m.content === content).length
    if (count > 1) fail(`message ${content} is on the server ${count} times`)
    if (count === 0) {
      const local = await d.db.messages.filter((m) => m.content === content).first()
      if (local?.sync_state !== 'failed' || !sameSyncFailure(local.sync_error, { code: 'message_send_failed' }))
        fail(`message ${content} lost (on the device: ${local?.sync_state})`)
    }
  }
  problems.push(...intent.check(marksOf(server)))
  for (const d of devices) {
    const left = await sendable(d)
    if (left) fail(`${d.name}: ${left} writes still queued`)
    // Only a message about a listing sold meanwhile may be refused; any other refusal is a write lost.
    for (const e of await d.db.outbox.where('state').equals('failed').toArray()) {
      if (e.op.kind !== 'message.send' && e.op.kind !== 'conversation.create')
        fail(`${d.name}: ${e.op.kind} refused: ${JSON.stringify(e.error ?? e)}`)
    }
    for (const l of server.listings) {
      const mine = await d.db.listings.get(l.id)
      if (l.status === 'active' && (mine?.title !== l.title || mine.status !== l.status))
        fail(`${d.name}: listing ${l.id} shows ${mine?.title}/${mine?.status}, the server ${l.title}/${l.status}`)
    }
  }
  if (problems.length) throw new Error(problems.join('\n'))
  const writesChecked =
    [...listings.values()].reduce((a, e) => a + e.length, 0) +
    [...photoSets.values()].reduce((a, s) => a + s.length, 0) +
    [...profiles.values()].reduce((a, e) => a + e.length, 0) +
    messages.size +
    intent.favouriteChoices +
    intent.readActions
  return { log, writesChecked, projection: project(server, users) }
}

/**
 * The seller edits the profile and taps a listing's heart on one device while it is offline, then does both again,
 * later, on the other device, online (choosing the other heart state, tapping twice if need be); the first device
 * comes back and its older edits arrive last. The later edits must stay: a profile update or `set_favourite` that
 * lets the later arrival win (an edit time dropped on the way, a stamp ignored) fails here. The faults are off for
 * it, so the order of arrival is the one described; drawn from its own generator, so the seed's other draws stay.
 */
async function crossEdits(seed: number, devices: SimDevice[], created: string[], intent: IntentOracle) {
  const sellers = devices.filter((d) => d.role === 'seller')
  if (sellers.length < 2) return null
  const rng = createRng(seed ^ 0xc2055)
  const [early, late] = rng.chance(0.5) ? [sellers[0]!, sellers[1]!] : [sellers[1]!, sellers[0]!]
  const rates = devices.map((d) => d.faultRate)
  const online = devices.map((d) => d.online)
  for (const d of devices) d.faultRate = 0
  early.online = true
  late.online = true
  await early.sync()
  await late.sync()
  const heldBy = async (d: SimDevice) => (await d.db.listings.bulkGet(created)).filter((l) => l !== undefined)
  const lateHolds = new Set((await heldBy(late)).map((l) => l.id))
  const shared = (await heldBy(early)).map((l) => l.id).filter((id) => lateHolds.has(id))
  const listing = shared.length ? shared[rng.int(shared.length)]! : null
  const log: string[] = []
  const profiles: { at: number; first_name: string }[] = []
  const edit = async (d: SimDevice, at: number, name: string) => {
    await updateMyProfile(d.db, d.userId, { first_name: name, last_name: 'X', location: 'Bern' }, at)
    profiles.push({ at, first_name: name })
    log.push(`${d.name} names itself ${name}`)
  }
  const tap = async (d: SimDevice, at: number) => {
    await intent.favourite(d.db, d.name, d.userId, listing!, at)
    await toggleFavourite(d.db, d.userId, listing!, at)
    log.push(`${d.name} taps the heart of ${listing}`)
  }
  early.online = false
  early.clock.advance(1_000)
  const atEarly = early.clock.now()
  await edit(early, atEarly, `C${seed}-early`)
  const chosenEarly = listing ? !(await early.db.favourites.get(listing)) : null
  if (listing) await tap(early, atEarly)
  // The other device's edits come later by its own clock.
  late.clock.advance(Math.max(1_000, atEarly - late.clock.now() + 1_000))
  const atLate = late.clock.now()
  await edit(late, atLate, `C${seed}-late`)
  if (listing) {
    await tap(late, atLate)
    if (Boolean(await late.db.favourites.get(listing)) === chosenEarly) await tap(late, atLate + 1)
  }
  await late.sync()
  early.online = true
  await early.sync()
  await late.sync()
  devices.forEach((d, i) => {
    d.faultRate = rates[i]!
    d.online = online[i]!
  })
  return { userId: early.userId, profiles, log }
}

function marksOf(server: Snapshot) {
  return {
    favouritesOf: (userId: string) => server.favourites.filter((f) => f.user_id === userId).map((f) => f.listing_id),
    readMarkOf: (conversationId: string, userId: string) => {
      const c = server.conversations.find((x) => x.id === conversationId)
      if (!c) return undefined
      return c.buyer_id === userId ? c.buyer_last_read_at : c.seller_last_read_at
    },
  }
}

/** The final state in the actions' own terms (user ids replaced by roles; server times left out). */
function project(server: Snapshot, users: Record<'seller' | 'buyer', string>): string {
  const role = (id: string) => (id === users.seller ? 'seller' : id === users.buyer ? 'buyer' : id)
  return JSON.stringify({
    listings: server.listings.map((l) => [
      l.id,
      l.title,
      l.status,
      server.images
        .filter((i) => i.listing_id === l.id)
        .sort((a, b) => a.image_order - b.image_order)
        .map((i) => i.id),
    ]),
    favourites: server.favourites.map((f) => [role(f.user_id), f.listing_id]).sort(),
    messages: server.messages.map((m) => m.content).sort(),
    read: server.conversations.map((c) => [c.id, c.buyer_last_read_at !== null, c.seller_last_read_at !== null]),
    names: server.profiles.map((p) => [role(p.id), p.first_name]).sort(),
  })
}

async function sendable(d: SimDevice): Promise<number> {
  const all = await d.db.outbox.toArray()
  const blocked = new Set(all.filter((e) => e.state === 'failed').map((e) => e.group))
  return all.filter((e) => e.state === 'queued' && !blocked.has(e.group)).length
}
