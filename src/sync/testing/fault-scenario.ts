/**
 * One seeded, model-based scenario: four devices (a seller and a buyer, each on two devices) write while a
 * fault-injecting network drops requests, loses answers after commit, duplicates and reorders requests, drops and
 * reorders realtime events, flips devices offline, expires tokens and crashes engines mid-sync. After quiescence
 * it checks the oracle: no acknowledged write lost or duplicated, the documented winner of concurrent edits, and
 * every device's mirror equal to what the server shows that user.
 */
import { cardFields, cardOf } from '@/db/card-fields'
import type { ConversationRecord, ListingRecord } from '@/db/records'
import type { ListingRow, OutboxOp } from '@/db/rows'
import { storageProblemOf } from '@/db/storage-errors'
import { sameSyncFailure } from '@/domain/errors'
import { markConversationRead } from '../kinds/conversation-read'
import { toggleFavourite } from '../kinds/favourite-set'
import { EDIT_STAMP_META_KEY } from '../edit-stamps'
import { deleteListing } from '../kinds/listing-delete'
import { saveListing, setListingStatus } from '../kinds/listing-save'
import { sendMessage } from '../kinds/message-send'
import { setProfilePicture } from '../kinds/profile-picture'
import { updateMyProfile } from '../kinds/profile-update'
import { switchAccountsMidQueue } from './account-switch'
import { updateAppMidQueue } from './app-update'
import { queuedListingsNotHeld } from './held-writes'
import { IntentOracle } from './intent-oracle'
import { favouritesOf } from './memory-screen-ops'
import { CATEGORIES, CONDITIONS, EPOCH, MemoryServer } from './memory-server'
import { LateDeliveries, NO_FAULTS, type FaultRates, type FaultTally, type WriteOperation } from './memory-transport'
import { saveListingAsOlderVersion } from './older-version'
import { createRng, type Rng } from './prng'
import { Device, VirtualClock } from './harness'

// Device clocks run behind the server's (which clamps edit times to its own now); in half the scenarios the
// seller's second device runs ahead of it (its edits are stamped with the server's time when they arrive).
const START = Date.parse('2025-06-01T00:00:00.000Z')
const AHEAD = Date.parse('2026-02-01T00:00:00.000Z')
const SERVER_EPOCH_ISO = new Date(EPOCH).toISOString()
const STEP_MS = 1_000
/** Chance per step that a device's clock is set back (by 1 s to 5 min). */
const CLOCK_JUMP_CHANCE = 0.15
/** Chance per step that a device's disk is full for its person's next local write. */
const QUOTA_CHANCE = 0.05
/** Chance per step that a device opens a second tab and the leadership changes mid-drain. */
const TABS_CHANCE = 0.06
/** Chance per step that a device's session ends with writes queued and another account signs in on it meanwhile. */
const ACCOUNT_SWITCH_CHANCE = 0.05
/** Chance per step that the app is updated on a device (its database opened under a newer schema), once per device. */
const APP_UPDATE_CHANCE = 0.04
const QUIESCENCE_ROUNDS = 12
/** Rounds of syncing every device with the faults still on, before they are switched off. */
const FAULTY_DRAIN_ROUNDS = 4

interface Expectation {
  /**
   * Listing id → every full state the person wrote, by its edited_at (ahead: by a device whose clock runs ahead of
   * the server): the title they typed, the status they chose or (for an edit of other fields) the one the screen
   * showed, taken from the action, never from the mirror after the write.
   */
  listingWrites: Map<string, { edited_at: string; title: string; status: string; ahead?: boolean }[]>
  /** Listings the server refuses (queued by an older version), left failed on their device. */
  poisonListings: Set<string>
  /** Refused listings the seller discarded: on no device and not on the server. */
  discarded: Set<string>
  /** Refused listings the seller retried unchanged (still refused) or fixed and retried (then on the server, as fixed). */
  retried: number
  /** Message content (unique) → sending device. */
  messages: Map<string, Device>
  /** Message content → the listing it is about. */
  messageListings: Map<string, string>
  /** Listing id → every photo set the person chose (image ids and paths in order, when it differs from the one shown), by its edit time. */
  photoSets: Map<string, { edited_at: string; images: { id: string; image_url: string }[] }[]>
  /** User id → every profile edit (fields or picture), by its edit time. */
  profileEdits: Map<
    string,
    (
      | { edited_at: string; first_name: string | null; last_name: string | null; location: string | null }
      | { edited_at: string; picture: string }
    )[]
  >
  /** Listings deleted by their seller (gone from the server with their conversations and messages). */
  deleted: Set<string>
  /** Favourites chosen and threads read (checked against the person's choices, and every device against the server). */
  intent: IntentOracle
}

/** The transport operation each outbox kind's request goes through. */
const OPERATION_OF: Record<OutboxOp['kind'], WriteOperation> = {
  'photo.upload': 'uploadPhoto',
  'listing.upsert': 'saveListings',
  'images.replace': 'saveListings',
  'conversation.create': 'createConversations',
  'message.send': 'insertMessages',
  'profile.update': 'updateProfile',
  'favourite.set': 'setFavorite',
  'listing.delete': 'deleteListing',
  'profile.picture': 'setProfilePicture',
  'conversation.read': 'markConversationRead',
  'push.subscription': 'setPushSubscription',
}

/** The operations with the fewest requests per scenario (a shard once met read mark × lost request 0 times). */
const RARE_OPERATIONS: readonly WriteOperation[] = [
  'markConversationRead',
  'setFavorite',
  'setProfilePicture',
  'updateProfile',
  'deleteListing',
]

function faultRates(rng: Rng, late: LateDeliveries): FaultRates {
  const p = () => rng.pick([0, 0.05, 0.15, 0.3])
  // 5xx and 429 are never failures (the item backs off and is sent again), so they are as frequent as the rest.
  return {
    dropRequest: p(),
    dropResponse: p(),
    delay: p(),
    duplicate: p(),
    dropRealtime: p(),
    serverError: p(),
    lateCommit: late.commitRng.pick([0, 0.05, 0.15, 0.3]),
  }
}

type Action =
  | 'create'
  | 'edit'
  | 'delete'
  | 'message'
  | 'read'
  | 'favourite'
  | 'profile'
  | 'picture'
  | 'flip'
  | 'deliver'
  | 'crash'
  | 'sync'
/** Relative weights of what a device does in one step. */
const SELLER_ACTIONS: [Action, number][] = [
  ['create', 2],
  ['edit', 3],
  ['delete', 1],
  ['message', 1],
  ['read', 2],
  ['profile', 1],
  ['picture', 1],
  ['flip', 1],
  ['deliver', 1],
  ['crash', 1],
  ['sync', 3],
]
const BUYER_ACTIONS: [Action, number][] = [
  ['message', 4],
  ['read', 2.5],
  ['favourite', 1.5],
  ['profile', 1],
  ['picture', 0.5],
  ['flip', 1],
  ['deliver', 1],
  ['crash', 1],
  ['sync', 3],
]

function pickAction(rng: Rng, table: [Action, number][]): Action {
  let r = rng.next() * table.reduce((n, [, w]) => n + w, 0)
  for (const [a, w] of table) if ((r -= w) < 0) return a
  return table[table.length - 1]![0]
}

export interface ScenarioOptions {
  steps?: number
  /** Counts the operation × fault pairs met (the suite's report). */
  tally?: FaultTally
}

export interface ScenarioReport {
  /** Saves of a deleted listing the server skipped (a stale edit or a retry met the tombstone). */
  tombstoneSkips: number
  /** Transactions that committed after one begun later had committed (realtime lost for them). */
  lateCommits: number
  /** Device clocks set back during the steps (edits after it must still be the later ones). */
  clockJumps: number
  /** Local writes that failed on a full disk (and left nothing behind). */
  quotaRefusals: number
  /** Times a second tab wrote and the leadership changed mid-drain (to it, then back). */
  tabEpisodes: number
  /** Times another account signed in on a device while its person's writes were queued (and left again). */
  accountSwitches: number
  /** Times a device's database was opened under a newer schema with writes queued (the app updated). */
  appUpdates: number
  /** Refused listings the seller retried (unchanged or fixed) or discarded. */
  refusedSettled: { retried: number; discarded: number }
  /** Writes whose outcome the oracle checked (listing and photo-set edits, messages, profile edits and pictures, deletes, favourites, read marks). */
  writesChecked: number
}

/** Steps per scenario: long enough for the devices to meet the faults while writing, not only while draining. */
export const SCENARIO_STEPS = 16

export async function runFaultScenario(seed: number, opts: ScenarioOptions = {}): Promise<ScenarioReport> {
  const rng = createRng(seed)
  const server = new MemoryServer()
  const late = new LateDeliveries(createRng(seed ^ 0x5eed1a7e))
  const seller = rng.uuid()
  const buyer = rng.uuid()
  server.addUser(seller, 'Sam', 'Seller')
  server.addUser(buyer, 'Bea', 'Buyer')
  // Distinct clock offsets per device: two devices never stamp the same edited_at.
  const tally = opts.tally ?? null
  const devices = [
    new Device('s1', seller, server, rng, new VirtualClock(START + 1, rng), late, tally),
    new Device('s2', seller, server, rng, new VirtualClock((rng.chance(0.5) ? AHEAD : START) + 2, rng), late, tally),
    new Device('b1', buyer, server, rng, new VirtualClock(START + 3, rng), late, tally),
    new Device('b2', buyer, server, rng, new VirtualClock(START + 4, rng), late, tally),
  ]
  const expect: Expectation = {
    listingWrites: new Map(),
    poisonListings: new Set(),
    discarded: new Set(),
    retried: 0,
    messages: new Map(),
    messageListings: new Map(),
    photoSets: new Map(),
    profileEdits: new Map(),
    deleted: new Set(),
    intent: new IntentOracle([seller, buyer]),
  }
  const markRead = async (d: Device, conversationId: string) => {
    await expect.intent.read(d.db, d.userId, conversationId, () =>
      markConversationRead(d.db, d.userId, conversationId, d.clock.now()),
    )
  }
  // The app has been used before: two listings are on the server and every device starts with a synced mirror.
  for (let i = 0; i < 2; i++) {
    const id = rng.uuid()
    const write = {
      id,
      user_id: seller,
      title: `Seeded ${i}`,
      description: 'from an earlier session',
      price: 20 + i,
      condition: 'very_good' as const,
      category: 'men' as const,
      product_type: null,
      brand: null,
      size: 'L',
      fabric: null,
      location: 'Bern',
      tags: null,
      status: 'active' as const,
      edited_at: new Date(START - 1000).toISOString(),
    }
    server.upsertListings(seller, [write])
    expect.listingWrites.set(id, [{ edited_at: write.edited_at, title: write.title, status: write.status }])
  }
  for (const d of devices) await d.engine.sync('start')
  // The scenario's focus: one of the operations that make few requests meets every fault more often (drawn apart,
  // so the other draws of a seed stay as they were).
  const focus = createRng(seed ^ 0xf0c05).pick(RARE_OPERATIONS)
  for (const d of devices) d.transport.faults = { ...faultRates(rng, late), focus }
  const background: Promise<unknown>[] = []
  let n = 0
  let clockJumps = 0

  // Clocks set back: now and then the seller's first device's clock jumps back by up to 5 minutes, in whole seconds.
  // Drawn apart, so the other draws of a seed stay as they were.
  const jumps = createRng(seed ^ 0xc10c4)
  /**
   * When the person acted on a device, in the order they acted there: the device's clock, but after their previous
   * action on that device (a clock set back does not move the person's actions back in time). Every action that
   * stamps an edit takes the next one, in the order the device makes them.
   */
  const acted = new Map<Device, number>()
  const actionTime = (d: Device): number => {
    const t = Math.max(d.clock.now(), (acted.get(d) ?? Number.NEGATIVE_INFINITY) + 1)
    acted.set(d, t)
    return t
  }
  /** What the person did to a listing, at the time of the action (the edit time the device stamps). */
  const recordListing = (
    d: Device,
    id: string,
    did: { title: string; status: string; photos: { id: string; image_url: string }[] | null },
  ) => {
    const editedAt = new Date(actionTime(d)).toISOString()
    const list = expect.listingWrites.get(id) ?? []
    list.push({
      edited_at: editedAt,
      title: did.title,
      status: did.status,
      ...(d.clock.t >= AHEAD ? { ahead: true } : {}),
    })
    expect.listingWrites.set(id, list)
    if (did.photos) {
      const sets = expect.photoSets.get(id) ?? []
      sets.push({ edited_at: editedAt, images: did.photos })
      expect.photoSets.set(id, sets)
    }
  }
  /**
   * The seller meets a refused listing on the device that holds it and retries it unchanged (refused again), fixes
   * the price and retries (it then goes through, as fixed), or discards it (gone from the device, never on the
   * server). Drawn apart, so the other draws of a seed stay as they were.
   */
  const settles = createRng(seed ^ 0x5e771e)
  const settleRefused = async (step: number, chance: number) => {
    if (!settles.chance(chance)) return
    for (const d of devices.filter((x) => x.userId === seller)) {
      const failed = (await d.db.listings.where('user_id').equals(seller).toArray()).filter(
        (l) => expect.poisonListings.has(l.id) && l.sync_state === 'failed',
      )
      if (!failed.length) continue
      const l = settles.pick(failed)
      const choice = settles.pick(['retry', 'fix', 'discard'] as const)
      if (TRACE) console.log(`step ${step}: ${d.name} ${choice} refused ${l.id}`)
      if (choice === 'discard') {
        await d.engine.discard(`listing:${l.id}`)
        expect.poisonListings.delete(l.id)
        expect.discarded.add(l.id)
        continue
      }
      expect.retried++
      if (choice === 'fix') {
        const shown = (await d.db.listing_images.where('listing_id').equals(l.id).sortBy('image_order')).map((i) => ({
          id: i.id,
          image_url: i.image_url,
        }))
        const {
          id: _id,
          user_id: _u,
          edited_at: _e,
          status: _s,
          created_at: _c,
          updated_at: _up,
          sync_state: _st,
          sync_error: _se,
          ...fields
        } = l
        const title = `X${seed}-${++n}`
        await saveListing(
          d.db,
          seller,
          { id: l.id, fields: { ...fields, title, price: 25 }, images: shown },
          d.clock.now(),
        )
        expect.poisonListings.delete(l.id)
        // The set the poison listing was created with goes with the fix (the refused group is sent as fixed).
        recordListing(d, l.id, { title, status: l.status, photos: shown.length ? shown : null })
      }
      await d.engine.retry(`listing:${l.id}`)
    }
  }
  /**
   * Two tabs of one device: the person edits their profile in a second tab (its own connection to the device's
   * database), and again in it while the leading tab's request for the first edit is in flight (committed, not yet
   * answered); the leading tab is closed mid-drain (half the time right there), the second tab takes the lead and
   * drains (sometimes closed mid-drain in its turn), and the first tab is opened again and leads. Every edit of
   * either tab reaches the server, the last one winning. Drawn apart, so the other draws stay.
   */
  const tabs = createRng(seed ^ 0x7ab5)
  let tabEpisodes = 0
  const leaderChangesMidDrain = async (t: Device, step: number) => {
    if (TRACE) console.log(`step ${step}: ${t.name} opens a second tab; the leader closes mid-drain`)
    const tab = t.openTab()
    const editInTab = async () => {
      // Each edit a moment after the last (10 ms: the device's stamps keep their own last digit, so none ties with
      // another device's of the same account; two in one millisecond would bump into the next device's).
      t.clock.advance(10)
      const first = `T${++n}`
      const location = tabs.pick(['Basel', 'Lugano', ''])
      await updateMyProfile(tab.db, t.userId, { first_name: first, last_name: 'Tab', location }, t.clock.now())
      const edits = expect.profileEdits.get(t.userId) ?? []
      edits.push({
        edited_at: new Date(actionTime(t)).toISOString(),
        first_name: first,
        last_name: 'Tab',
        location: location || null,
      })
      expect.profileEdits.set(t.userId, edits)
    }
    await editInTab()
    let editedMidFlight = false
    t.transport.afterCommit = {
      op: 'updateProfile',
      run: async () => {
        editedMidFlight = true
        await editInTab()
      },
    }
    t.transport.dieAfterNextWrite = tabs.chance(0.5) ? 'updateProfile' : true
    const cycle = t.engine.sync('timer').catch(() => {})
    await Promise.race([t.transport.died, cycle])
    await cycle
    t.transport.afterCommit = null
    // The leading tab is closed: if it never reached the edit, the person made the second one after that.
    t.transport.dead = true
    if (!editedMidFlight) await editInTab()
    if (tabs.chance(0.5)) tab.transport.dieAfterNextWrite = true
    await tab.engine.sync('start').catch(() => {})
    await tab.close()
    t.restart()
    // The device's next edit a moment after the tab's last stamp too: in the same millisecond it would be stamped
    // 1 ms later, on the next device's last digit, and could tie with that device's edit, which the server settles
    // by arrival (soak seeds 267 and 833: the server kept the edit with its own time).
    t.clock.advance(10)
  }
  /**
   * The device's disk is full when the person edits their profile: the edit fails with the storage problem the
   * screen reports, and nothing of it stays (no pending profile, no outbox entry, no edit stamp used). Not an edit
   * the person made, so the oracle expects nothing of it. Drawn apart, so the other draws stay.
   */
  const accounts = createRng(seed ^ 0xacc0)
  let accountSwitches = 0
  const updates = createRng(seed ^ 0x5c4e)
  let appUpdates = 0
  const quota = createRng(seed ^ 0xd15c)
  let quotaRefusals = 0
  const diskFull = async (d: Device, step: number) => {
    if (TRACE) console.log(`step ${step}: ${d.name}'s disk is full`)
    // The entries as the person's writes made them: a drain running beside the edit may note its retries on them
    // (seed 20261566: `first_failed_at` set between the two reads, with the account switches on).
    const snapshot = async () =>
      JSON.stringify([
        await d.db.my_profile.get(d.userId),
        (await d.db.outbox.toArray()).map(({ seq, group, op }) => ({ seq, group, op })),
        await d.db.meta.get(EDIT_STAMP_META_KEY),
      ])
    const before = await snapshot()
    d.disk.failNextWrite()
    const outcome = await updateMyProfile(
      d.db,
      d.userId,
      { first_name: `Q${quota.int(1000)}`, last_name: 'Full', location: 'Chur' },
      d.clock.now(),
    ).then(
      () => null,
      (e: unknown) => storageProblemOf(e),
    )
    d.disk.clear()
    if (outcome !== 'quota-exceeded') fail(`step ${step}: ${d.name}'s edit on a full disk gave ${outcome}`)
    const after = await snapshot()
    if (after !== before) fail(`step ${step}: ${d.name}'s failed edit on a full disk left\n${after}\nwas\n${before}`)
    quotaRefusals++
  }
  /** A new photo's storage path: `{user}/{listing}/{image}.{ext}`. */
  const newPhotoPath = (listingId: string, imageId: string) => `${seller}/${listingId}/${imageId}.webp`

  try {
    const steps = opts.steps ?? SCENARIO_STEPS
    if (tally) tally.phase = 'steps'
    for (let step = 0; step < steps; step++) {
      for (const d of devices) d.clock.advance(STEP_MS)
      // Only s1, and only while s2 runs ahead: s1's stamps then never meet another device's of the same account
      // (a bumped stamp could tie with one, and a tie goes to the later arrival, which the oracle cannot know).
      if (jumps.chance(CLOCK_JUMP_CHANCE) && devices.some((x) => x.clock.t >= AHEAD)) {
        const j = devices[0]!
        j.clock.advance(-1000 * (1 + jumps.int(300)))
        clockJumps++
        if (TRACE) console.log(`step ${step}: ${j.name}'s clock set back to ${new Date(j.clock.t).toISOString()}`)
      }
      await settleRefused(step, 0.3)
      if (tabs.chance(TABS_CHANCE)) {
        await leaderChangesMidDrain(tabs.pick(devices), step)
        tabEpisodes++
      }
      if (quota.chance(QUOTA_CHANCE)) await diskFull(quota.pick(devices), step)
      if (accounts.chance(ACCOUNT_SWITCH_CHANCE)) {
        // A device with writes queued when there is one (drawn apart, so the other draws stay).
        const queued = (await Promise.all(devices.map(async (x) => ((await x.db.outbox.count()) ? [x] : [])))).flat()
        const d = accounts.pick(queued.length ? queued : devices)
        const other = d.userId === seller ? buyer : seller
        if (TRACE) console.log(`step ${step}: ${d.name}'s session ends; the other account signs in on it, then leaves`)
        const problem = await switchAccountsMidQueue(d, other)
        if (problem) fail(`step ${step}: ${problem}`)
        accountSwitches++
      }
      if (updates.chance(APP_UPDATE_CHANCE)) {
        const d = updates.pick(devices)
        const midDrain = updates.chance(0.5)
        if (TRACE) console.log(`step ${step}: the app is updated on ${d.name}${midDrain ? ' mid-drain' : ''}`)
        const problem = await updateAppMidQueue(d, midDrain)
        if (problem) fail(`step ${step}: ${problem}`)
        if (problem === '') appUpdates++
      }
      const d = rng.pick(devices)
      const action = pickAction(rng, d.userId === seller ? SELLER_ACTIONS : BUYER_ACTIONS)
      if (TRACE) console.log(`step ${step}: ${d.name} ${action} (n=${n}, online=${d.transport.online})`)
      if (action === 'create') {
        const poison = rng.chance(0.08)
        const photos = rng.int(3)
        // A poison listing was queued by a version before the local check (which refuses a price of 0 now).
        const save: typeof saveListing = poison
          ? (db, user, input, now) => saveListingAsOlderVersion(db, user, input, now, { price: 0 })
          : saveListing
        const input = {
          id: rng.uuid(),
          fields: {
            title: `L${seed}-${++n}`,
            description: 'a lovely thing',
            price: poison ? 1 : 10 + rng.int(90),
            condition: rng.pick(CONDITIONS),
            category: rng.pick(CATEGORIES),
            product_type: null,
            brand: null,
            size: 'M',
            fabric: 'cotton',
            location: 'Zurich',
            tags: null,
          },
          images: Array.from({ length: photos }, () => ({
            id: rng.uuid(),
            blob: new Blob([`photo-${n}`]),
            content_type: 'image/webp',
            ext: 'webp',
          })),
        }
        const id = await save(d.db, seller, input, d.clock.now())
        if (poison) {
          expect.poisonListings.add(id)
          actionTime(d) // stamped like any edit, checked as a refusal
        } else
          recordListing(d, id, {
            title: input.fields.title,
            status: 'active',
            photos: photos ? input.images.map((i) => ({ id: i.id, image_url: newPhotoPath(id, i.id) })) : null,
          })
      } else if (action === 'edit') {
        const own = (await d.db.listings.where('user_id').equals(seller).toArray())
          .filter((l) => !expect.poisonListings.has(l.id))
          .sort((a, b) => (a.created_at < b.created_at ? -1 : 1))
        if (own.length) {
          // Mostly the oldest listing, and often on the other device too, so that concurrent edits meet.
          const id = (rng.chance(0.6) ? own[0]! : rng.pick(own)).id
          const editors = rng.chance(0.5) ? devices.filter((x) => x.userId === seller) : [d]
          for (const e of rng.chance(0.5) ? editors : [...editors].reverse()) {
            const l = await e.db.listings.get(id)
            if (!l) continue
            if (rng.chance(0.3)) {
              const status = l.status === 'active' ? 'sold' : 'active'
              await setListingStatus(e.db, id, status, e.clock.now())
              recordListing(e, id, { title: l.title, status, photos: null })
            } else {
              const kept = (await e.db.listing_images.where('listing_id').equals(id).sortBy('image_order')).map(
                (i) => ({ id: i.id, image_url: i.image_url }),
              )
              const shown = kept.map((i) => i.id).join()
              if (rng.chance(0.5)) kept.reverse()
              // Photo-set edits: drop one (its file goes once the set commits) or add a new photo.
              if (kept.length && rng.chance(0.3)) kept.splice(rng.int(kept.length), 1)
              const images = rng.chance(0.3)
                ? [...kept, { id: rng.uuid(), blob: new Blob([`photo-${n}`]), content_type: 'image/webp', ext: 'webp' }]
                : kept
              const {
                id: _id,
                user_id: _u,
                edited_at: _e,
                status: _s,
                created_at: _c,
                updated_at: _up,
                sync_state: _st,
                sync_error: _se,
                ...fields
              } = l
              const title = `E${seed}-${++n}`
              await saveListing(e.db, seller, { id, fields: { ...fields, title }, images }, e.clock.now())
              // The status stays the one the screen showed; the photos are a choice when they differ from those shown.
              const chosen = images.map((i) => ({
                id: i.id,
                image_url: 'image_url' in i ? i.image_url : newPhotoPath(id, i.id),
              }))
              recordListing(e, id, {
                title,
                status: l.status,
                photos: chosen.map((i) => i.id).join() === shown ? null : chosen,
              })
            }
          }
        }
      } else if (action === 'message') {
        // A buyer writes about a listing (the oldest ones more often, so both buyer devices open the same
        // conversation concurrently); a seller answers in a conversation it knows.
        if (d.userId === buyer) {
          const active = (await d.db.listings.toArray())
            .sort((a, b) => (a.created_at < b.created_at ? -1 : 1))
            .filter((l) => l.status === 'active' && l.user_id === seller && l.sync_state === 'synced')
          if (active.length) {
            const l = rng.chance(0.6) ? active[0]! : rng.pick(active)
            const content = `M${seed}-${++n}`
            await sendMessage(
              d.db,
              {
                listingId: l.id,
                sellerId: seller,
                buyerId: buyer,
                senderId: buyer,
                content,
                messageId: rng.uuid(),
                newConversationId: rng.uuid(),
              },
              d.clock.now(),
            )
            expect.messages.set(content, d)
            expect.messageListings.set(content, l.id)
          }
        } else {
          const convs = (await d.db.conversations.toArray()).filter((c) => c.sync_state === 'synced')
          if (convs.length) {
            const c = rng.pick(convs)
            const content = `R${seed}-${++n}`
            await sendMessage(
              d.db,
              {
                listingId: c.listing_id,
                sellerId: c.seller_id,
                buyerId: c.buyer_id,
                senderId: seller,
                content,
                messageId: rng.uuid(),
                newConversationId: rng.uuid(),
              },
              d.clock.now(),
            )
            expect.messages.set(content, d)
            expect.messageListings.set(content, c.listing_id)
          }
        }
      } else if (action === 'delete') {
        // The seller deletes one of its listings (not the oldest, which the edits and messages favour).
        const own = (await d.db.listings.where('user_id').equals(seller).toArray()).filter(
          (l) => !expect.poisonListings.has(l.id) && l.sync_state === 'synced',
        )
        if (own.length > 1) {
          const l = rng.pick(own.sort((a, b) => (a.created_at < b.created_at ? -1 : 1)).slice(1))
          await deleteListing(d.db, l.id, d.clock.now())
          expect.deleted.add(l.id)
        }
      } else if (action === 'read') {
        const convs = await unreadFirst(
          d,
          (await d.db.conversations.toArray()).filter((c) => c.sync_state === 'synced'),
        )
        if (convs.length) await markRead(d, rng.pick(convs).id)
      } else if (action === 'favourite') {
        const listings = (await d.db.listings.toArray()).filter(
          (l) => l.user_id === seller && l.sync_state === 'synced',
        )
        if (listings.length) {
          const listingId = rng.pick(listings).id
          await expect.intent.favourite(d.db, d.name, d.userId, listingId, actionTime(d), d.clock.t >= AHEAD)
          await toggleFavourite(d.db, d.userId, listingId, d.clock.now())
        }
      } else if (action === 'picture') {
        const picture = await setProfilePicture(
          d.db,
          d.userId,
          new Blob([`picture-${++n}`]),
          'image/webp',
          d.clock.now(),
        )
        const edits = expect.profileEdits.get(d.userId) ?? []
        edits.push({ edited_at: new Date(actionTime(d)).toISOString(), picture })
        expect.profileEdits.set(d.userId, edits)
      } else if (action === 'profile') {
        const location = rng.pick(['Zurich', 'Bern', ''])
        await updateMyProfile(d.db, d.userId, { first_name: `F${++n}`, last_name: 'X', location }, d.clock.now())
        const edits = expect.profileEdits.get(d.userId) ?? []
        edits.push({
          edited_at: new Date(actionTime(d)).toISOString(),
          first_name: `F${n}`,
          last_name: 'X',
          location: location || null,
        })
        expect.profileEdits.set(d.userId, edits)
      } else if (action === 'flip') {
        d.transport.setOnline(!d.transport.online)
      } else if (action === 'deliver') {
        late.deliver(rng)
        d.transport.flushRealtime()
      } else if (action === 'crash') {
        if (rng.chance(0.5)) {
          d.transport.tokenValid = false
          // Sometimes the refresh is refused too (the session ended; the user signs in again after a while).
          if (rng.chance(0.4)) d.transport.refreshRefusals = 1 + rng.int(2)
        }
        // Crash mid-sync: the cycle is started and the tab dies before it finishes; half the time right after a
        // write reached the server and before its answer.
        if (rng.chance(0.5)) {
          const afterWrite = rng.chance(0.5)
          d.transport.dieAfterNextWrite = afterWrite
          const cycle = d.engine.sync('timer').catch(() => {})
          background.push(cycle)
          if (afterWrite) await Promise.race([d.transport.died, cycle])
          else await Promise.resolve()
          d.restart()
        }
      } else {
        await d.engine.sync(rng.pick(['start', 'online', 'timer', 'visible', 'write'] as const)).catch(() => {})
      }
    }

    // ---- the queues drain with the faults still on (most write requests go out here) ----
    await Promise.all(background)
    if (tally) tally.phase = 'faulty drain'
    for (let round = 0; round < FAULTY_DRAIN_ROUNDS; round++) {
      await settleRefused(-1 - round, 0.7)
      for (const d of devices) {
        d.clock.advance(30_000)
        if (!d.transport.online && rng.chance(0.7)) d.transport.setOnline(true)
        // The user goes on reading while the queue drains (conversations are synced by now), and the faults go on
        // too: the network drops, the tab dies right after a write reached the server.
        const convs = (await d.db.conversations.toArray()).filter((c) => c.sync_state === 'synced')
        const more = rng.next()
        if (more < 0.12) {
          const picture = await setProfilePicture(
            d.db,
            d.userId,
            new Blob([`picture-${++n}`]),
            'image/webp',
            d.clock.now(),
          )
          const edits = expect.profileEdits.get(d.userId) ?? []
          edits.push({ edited_at: new Date(actionTime(d)).toISOString(), picture })
          expect.profileEdits.set(d.userId, edits)
        } else if (more < 0.24 && d.userId === seller) {
          const own = (await d.db.listings.where('user_id').equals(seller).toArray()).filter(
            (l) => !expect.poisonListings.has(l.id) && l.sync_state === 'synced',
          )
          if (own.length > 1) {
            const l = rng.pick(own.sort((a, b) => (a.created_at < b.created_at ? -1 : 1)).slice(1))
            await deleteListing(d.db, l.id, d.clock.now())
            expect.deleted.add(l.id)
          }
        }
        // Reading and writing go on beside that (independent draws: a read mark needs a message received since the
        // last one, so the threads must keep moving for the rare read-mark write to meet every fault in every shard).
        if (convs.length && rng.chance(0.6)) await markRead(d, rng.pick(await unreadFirst(d, convs)).id)
        if (d.userId === buyer && rng.chance(0.5)) {
          const active = (await d.db.listings.toArray()).filter(
            (l) => l.status === 'active' && l.user_id === seller && l.sync_state === 'synced',
          )
          if (active.length) {
            const l = rng.pick(active)
            const content = `D${seed}-${++n}`
            await sendMessage(
              d.db,
              {
                listingId: l.id,
                sellerId: seller,
                buyerId: buyer,
                senderId: buyer,
                content,
                messageId: rng.uuid(),
                newConversationId: rng.uuid(),
              },
              d.clock.now(),
            )
            expect.messages.set(content, d)
            expect.messageListings.set(content, l.id)
          }
        } else if (d.userId === seller && convs.length && rng.chance(0.9)) {
          // The seller answers too, so the buyer's devices have something new to mark read while the queue drains.
          const c = rng.pick(convs)
          const content = `A${seed}-${++n}`
          await sendMessage(
            d.db,
            {
              listingId: c.listing_id,
              sellerId: c.seller_id,
              buyerId: c.buyer_id,
              senderId: seller,
              content,
              messageId: rng.uuid(),
              newConversationId: rng.uuid(),
            },
            d.clock.now(),
          )
          expect.messages.set(content, d)
          expect.messageListings.set(content, c.listing_id)
        }
        if (rng.chance(0.15)) d.transport.setOnline(false)
        // The token expires while the queue drains (the next write meets a 401), sometimes with a refused refresh.
        if (rng.chance(0.2)) {
          d.transport.tokenValid = false
          if (rng.chance(0.3)) d.transport.refreshRefusals = 1
        }
        if (rng.chance(0.15)) {
          // Right after a write of one of the operations queued (drawn alike, so the rare ones meet it too).
          const queued = [
            ...new Set(
              (await d.db.outbox.where('state').equals('queued').toArray()).map((e) => OPERATION_OF[e.op.kind]),
            ),
          ]
          d.transport.dieAfterNextWrite = queued.length ? rng.pick(queued) : true
          const cycle = d.engine.sync('timer').catch(() => {})
          await Promise.race([d.transport.died, cycle])
          await cycle
          d.restart()
          continue
        }
        await d.engine.sync('timer').catch(() => {})
        late.deliver(rng)
        d.transport.flushRealtime()
        // What that sync brought is read at once and the mark sent, as the app pokes the engine after a write (read
        // marks are the last kind a drain sends, and a drain stops at the first network error: without this, they
        // met the rarer faults a few times per shard, or never).
        const pulled = (await d.db.conversations.toArray()).filter((c) => c.sync_state === 'synced')
        if (pulled.length && rng.chance(0.6)) {
          await markRead(d, rng.pick(await unreadFirst(d, pulled)).id)
          // Sometimes the tab dies right after the mark reached the server, before its answer; or the network has
          // just dropped, or the token just expired.
          const fault = rng.next()
          if (fault < 0.15) d.transport.dieAfterNextWrite = 'markConversationRead'
          else if (fault < 0.25) d.transport.setOnline(false)
          else if (fault < 0.35) d.transport.tokenValid = false
          const cycle = d.engine.sync('write').catch(() => {})
          await Promise.race([d.transport.died, cycle])
          await cycle
          if (d.transport.dieAfterNextWrite) d.restart()
        }
      }
    }

    // ---- quiescence: faults off, everyone online, everything delivered, sync until nothing moves ----
    if (tally) tally.phase = 'quiescence'
    for (const d of devices) {
      d.transport.faults = NO_FAULTS
      d.transport.setOnline(true)
      await d.engine.idle()
    }
    late.deliver(rng, true)
    for (let round = 0; ; round++) {
      if (round >= QUIESCENCE_ROUNDS) {
        const left = await Promise.all(
          devices.map(async (d) => `${d.name}: ${JSON.stringify(await d.db.outbox.toArray())}`),
        )
        throw new Error(`no quiescence: outboxes still hold queued entries\n${left.join('\n')}`)
      }
      // A round that wrote anything is not the last: a failed write found on the server releases what it held
      // back (P11), and the devices that synced before that commit must see it.
      const fingerprint = () =>
        `${server.commits} ${server.messages.size} ${server.conversations.size} ${server.listings.size}`
      const before = fingerprint()
      for (const d of devices) {
        d.clock.advance(60_000)
        await d.engine.sync('start')
        d.transport.flushRealtime(true)
        await d.engine.idle()
      }
      const queued = await Promise.all(devices.map((d) => sendable(d)))
      if (queued.every((q) => q === 0) && late.size === 0 && fingerprint() === before) break
    }
    for (const d of devices) {
      await d.engine.sync('start')
      await d.engine.idle()
    }
    await checkQueuedListingsHeld(devices, 'the end')
    await checkOracle(server, devices, expect, seller)
    const listingEdits = [...expect.listingWrites.values()].reduce((a, w) => a + w.length, 0)
    const photoSets = [...expect.photoSets.values()].reduce((a, w) => a + w.length, 0)
    const profileEdits = [...expect.profileEdits.values()].reduce((a, w) => a + w.length, 0)
    return {
      clockJumps,
      tabEpisodes,
      accountSwitches,
      appUpdates,
      quotaRefusals,
      refusedSettled: { retried: expect.retried, discarded: expect.discarded.size },
      tombstoneSkips: server.tombstoneSkips,
      lateCommits: server.lateCommits,
      writesChecked:
        listingEdits +
        photoSets +
        profileEdits +
        expect.discarded.size +
        expect.messages.size +
        expect.deleted.size +
        expect.intent.favouriteChoices +
        expect.intent.readActions +
        expect.poisonListings.size,
    }
  } finally {
    await Promise.all(devices.map((d) => d.close()))
  }
}

/** Queued entries not held back by a failed entry of their group (those wait for the user). */
/**
 * The conversations with a received message newer than the device's read mark, or all of them if none: a user opens
 * the thread with something new, and only then is a read mark queued (so the rare read-mark write meets every fault).
 */
async function unreadFirst(d: Device, convs: ConversationRecord[]): Promise<ConversationRecord[]> {
  const unread: ConversationRecord[] = []
  for (const c of convs) {
    const mark = (c.buyer_id === d.userId ? c.buyer_last_read_at : c.seller_last_read_at) ?? ''
    const newer = await d.db.messages
      .where('[conversation_id+created_at]')
      .between([c.id, mark], [c.id, '\uffff'], false, true)
      .filter((m) => m.receiver_id === d.userId && m.sync_state === 'synced')
      .count()
    if (newer) unread.push(c)
  }
  return unread.length ? unread : convs
}

/** No device drops a listing while a write of it waits in its outbox (a catalogue window must keep it). */
async function checkQueuedListingsHeld(devices: Device[], when: string): Promise<void> {
  for (const d of devices) {
    const gone = await queuedListingsNotHeld(d.db)
    if (gone.length)
      fail(`${when}: ${d.name} no longer holds listing(s) ${gone.join(', ')} whose writes are still queued`)
  }
}

async function sendable(d: Device): Promise<number> {
  const all = await d.db.outbox.toArray()
  const blocked = new Set(all.filter((e) => e.state === 'failed').map((e) => e.group))
  return all.filter((e) => e.state === 'queued' && !blocked.has(e.group)).length
}

const TRACE = Boolean(
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.FAULT_TRACE,
)

function fail(msg: string): never {
  throw new Error(msg)
}

const strip = <T extends { sync_state?: unknown; sync_error?: unknown }>(r: T) => {
  const { sync_state: _s, sync_error: _e, ...rest } = r
  return rest
}
/** A mirror listing row without its card fields, which are checked against the server on their own. */
const stripCard = (r: ListingRow) => {
  const { cover_image_url: _c, seller_first_name: _f, seller_last_name: _l, ...rest } = strip(r)
  return rest
}
const sortById = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1))
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

async function checkOracle(
  server: MemoryServer,
  devices: Device[],
  expect: Expectation,
  seller: string,
): Promise<void> {
  // Poison listings never reach the server and stay failed with the spec's message on their device.
  for (const id of expect.poisonListings) {
    if (server.listings.has(id)) fail(`poison listing ${id} reached the server`)
    const rows = await Promise.all(devices.map((d) => d.db.listings.get(id)))
    const failed = rows.filter((r) => r?.sync_state === 'failed')
    if (failed.length !== 1 || !sameSyncFailure(failed[0]!.sync_error, { code: 'listing_requirements' }))
      fail(`poison listing ${id} not failed on exactly its device: ${JSON.stringify(failed.map((r) => r?.sync_error))}`)
  }
  // Every listing write is on the server; the last edit by edited_at wins.
  // A deleted listing stays deleted (tombstones, migration 20261123220100): no stale save from the seller's other
  // device, no retry after a lost answer, brings it back.
  for (const id of expect.deleted)
    if (server.listings.has(id))
      fail(`deleted listing ${id} is on the server again (${server.listings.get(id)!.title})`)
  // A discarded refused listing is on no device and never reached the server.
  for (const id of expect.discarded) {
    if (server.listings.has(id)) fail(`discarded listing ${id} reached the server`)
    for (const d of devices) if (await d.db.listings.get(id)) fail(`${d.name} still holds discarded listing ${id}`)
  }
  for (const [id, writes] of expect.listingWrites) {
    if (expect.deleted.has(id)) continue
    const row = server.listings.get(id) ?? fail(`acknowledged listing ${id} lost`)
    const winner = [...writes].sort((a, b) => (a.edited_at < b.edited_at ? -1 : 1)).at(-1)!
    // An edit from a clock ahead of the server is stored with the server's time of its arrival (never later).
    const editTimeOk = winner.ahead
      ? row.edited_at <= winner.edited_at && row.edited_at >= SERVER_EPOCH_ISO
      : row.edited_at === winner.edited_at
    if (row.title !== winner.title || row.status !== winner.status || !editTimeOk) {
      fail(
        `listing ${id}: server has ${row.title}/${row.status}@${row.edited_at}, the last edit was ${winner.title}/${winner.status}@${winner.edited_at}`,
      )
    }
  }
  const kept = [...expect.listingWrites.keys()].filter((id) => !expect.deleted.has(id)).length
  if (server.listings.size !== kept)
    fail(`server has ${server.listings.size} listings, ${kept} were written and not deleted`)
  // Messages: each exactly once on the server, unless it failed visibly because the listing was sold (when the
  // conversation was opened; it may be active again by now).
  const serverByContent = new Map<string, number>()
  for (const m of server.messages.values()) serverByContent.set(m.content, (serverByContent.get(m.content) ?? 0) + 1)
  for (const [content, device] of expect.messages) {
    const count = serverByContent.get(content) ?? 0
    if (count > 1) fail(`message ${content} duplicated (${count})`)
    if (count === 0) {
      const local = await device.db.messages.filter((m) => m.content === content).first()
      // Deleting a listing deletes its conversations and messages; a message written after it is refused.
      if (expect.deleted.has(expect.messageListings.get(content)!)) continue
      if (local?.sync_state !== 'failed' || !sameSyncFailure(local.sync_error, { code: 'listing_unavailable' }))
        fail(`message ${content} lost (local state ${local?.sync_state})`)
      if (!server.everSold.has(local.listing_id)) fail(`message ${content} failed although its listing was never sold`)
    }
  }
  if (server.messages.size !== [...serverByContent.values()].reduce((a, b) => a + b, 0)) fail('message count mismatch')
  // Each device's messages in a conversation are on the server in the order the device wrote them (the number in
  // their content grows with every write).
  const written = (content: string) => Number(content.slice(content.indexOf('-') + 1))
  const thread = [...server.messages.values()].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
  )
  for (const d of devices) {
    const last = new Map<string, number>()
    for (const m of thread) {
      if (expect.messages.get(m.content) !== d) continue
      if ((last.get(m.conversation_id) ?? -1) > written(m.content))
        fail(`${d.name}: message ${m.content} is on the server before an earlier one`)
      last.set(m.conversation_id, written(m.content))
    }
  }
  // Photo sets: the set with the latest edit time wins; the server's set is it, in order, except for photos whose
  // file a committed set had dropped and deleted (never a photo lost otherwise, never one from a losing set).
  for (const [id, sets] of expect.photoSets) {
    if (expect.poisonListings.has(id) || !server.listings.has(id)) continue
    const winner = [...sets].sort((a, b) => (a.edited_at < b.edited_at ? -1 : 1)).at(-1)!
    const deleted = new Set(server.deletedFiles)
    const actual = server
      .imagesOf(id)
      .sort((a, b) => a.image_order - b.image_order || (a.id < b.id ? -1 : 1))
      .map((i) => i.id)
    const inWinner = winner.images.map((i) => i.id).filter((x) => actual.includes(x))
    const missing = winner.images.filter((i) => !actual.includes(i.id) && !deleted.has(i.image_url))
    if (inWinner.join() !== actual.join() || missing.length) {
      fail(
        `listing ${id}: photo set ${JSON.stringify(actual)}, the last edit (${winner.edited_at}) set ${JSON.stringify(winner.images.map((i) => i.id))}`,
      )
    }
  }
  // Profiles: the edit with the latest edit time wins (a picture and a name edit are edits of one profile).
  for (const [userId, edits] of expect.profileEdits) {
    const winner = [...edits].sort((a, b) => (a.edited_at < b.edited_at ? -1 : 1)).at(-1)!
    const p = server.profiles.get(userId)!
    if ('picture' in winner) {
      if (p.profile_picture_url !== winner.picture)
        fail(
          `profile ${userId}: server shows picture ${p.profile_picture_url}, the last edit (${winner.edited_at}) set ${winner.picture}`,
        )
      if (!server.storage.has(winner.picture)) fail(`profile ${userId}: the picture ${winner.picture} has no file`)
    } else if (
      p.first_name !== winner.first_name ||
      p.last_name !== winner.last_name ||
      p.location !== winner.location
    ) {
      fail(
        `profile ${userId}: server has ${p.first_name}/${p.location}, the last edit (${winner.edited_at}) was ${winner.first_name}/${winner.location}`,
      )
    }
  }
  // Favourites and read marks hold what the people chose and read (not only what their devices agree on).
  const intentProblems = expect.intent.check({
    favouritesOf: (userId) =>
      [...favouritesOf(server).values()].filter((f) => f.user_id === userId).map((f) => f.listing_id),
    readMarkOf: (conversationId, userId) => {
      const c = server.conversations.get(conversationId)
      if (!c) return undefined
      return (c.buyer_id === userId ? c.buyer_last_read_at : c.seller_last_read_at) ?? null
    },
  })
  if (intentProblems.length) fail(intentProblems.join('\n'))
  // Photos referenced by image rows exist in storage.
  for (const img of server.images.values())
    if (!server.storage.has(img.image_url)) fail(`image ${img.id} points to a missing file ${img.image_url}`)

  // Each device's mirror equals the server's view for its user (failed local-only rows aside).
  for (const d of devices) {
    const me = d.userId
    const pending = await sendable(d)
    if (pending) fail(`${d.name}: ${pending} entries still queued`)
    const mirror = (await d.db.listings.toArray()).filter((l) => l.sync_state !== 'failed')
    const visible = [...server.listings.values()].filter((l) => server.canSeeListing(me, l))
    if (!same(sortById(mirror.map(stripCard)), sortById(visible as ListingRecord[]))) {
      fail(
        `${d.name}: listings differ\nmirror ${JSON.stringify(sortById(mirror.map(stripCard)))}\nserver ${JSON.stringify(sortById(visible))}`,
      )
    }
    // Each card shows the server's first image and the seller's current name.
    for (const l of mirror) {
      const first = [...server.imagesOf(l.id)].sort((a, b) => a.image_order - b.image_order)[0]
      const expected = cardFields(first?.image_url ?? null, server.profiles.get(l.user_id))
      const card = cardOf(l)
      if (!same(card, expected))
        fail(`${d.name}: card of ${l.id} is ${JSON.stringify(card)}, the server says ${JSON.stringify(expected)}`)
    }
    for (const l of visible) {
      const local = sortById((await d.db.listing_images.where('listing_id').equals(l.id).toArray()).map(strip))
      if (!same(local, sortById(server.imagesOf(l.id))))
        fail(
          `${d.name}: images of ${l.id} differ\n${JSON.stringify(local)}\n${JSON.stringify(sortById(server.imagesOf(l.id)))}`,
        )
    }
    // A conversation whose listing was deleted stays on the device while it holds a message that failed because of
    // that (the user sees the failure and discards it); the reconcile drops it after that.
    const holdsFailed = new Set(
      (await d.db.messages.toArray()).filter((m) => m.sync_state === 'failed').map((m) => m.conversation_id),
    )
    const keptForFailure = (c: { id: string; listing_id: string }) =>
      holdsFailed.has(c.id) && expect.deleted.has(c.listing_id)
    // Read marks are a group of their own (`read:`): none waits behind a refused message, so every conversation's
    // marks are the server's.
    const convs = sortById(
      (await d.db.conversations.toArray()).filter((c) => c.sync_state !== 'failed' && !keptForFailure(c)).map(strip),
    )
    const serverConvs = sortById([...server.conversations.values()].filter((c) => server.canSeeConversation(me, c)))
    if (!same(convs, serverConvs) && TRACE)
      console.log(
        'TRACE',
        d.name,
        JSON.stringify(
          (await d.db.messages.toArray()).map((m) => [
            m.content,
            m.conversation_id.slice(0, 8),
            m.created_at,
            m.sync_state,
          ]),
        ),
        JSON.stringify(
          [...server.messages.values()].map((m) => [m.content, m.conversation_id.slice(0, 8), m.created_at]),
        ),
        JSON.stringify(await d.db.outbox.toArray()),
      )
    if (!same(convs, serverConvs))
      fail(`${d.name}: conversations differ\n${JSON.stringify(convs)}\n${JSON.stringify(serverConvs)}`)
    const msgs = sortById(
      (await d.db.messages.toArray())
        .filter(
          (m) => m.sync_state !== 'failed' && !keptForFailure({ id: m.conversation_id, listing_id: m.listing_id }),
        )
        .map(strip),
    )
    const serverMsgs = sortById([...server.messages.values()].filter((m) => server.canSeeMessage(me, m)))
    if (!same(msgs, serverMsgs) && TRACE)
      console.log(JSON.stringify(await d.db.messages.toArray()), JSON.stringify(await d.db.outbox.toArray()))
    if (!same(msgs, serverMsgs))
      fail(`${d.name}: messages differ\n${JSON.stringify(msgs)}\n${JSON.stringify(serverMsgs)}`)
    const profile = await d.db.my_profile.get(me)
    if (!same(profile && strip(profile), server.profiles.get(me))) fail(`${d.name}: profile differs`)
    // Favourites follow the account: every device of the user holds the server's set.
    const serverFavourites = [...favouritesOf(server).values()]
      .filter((f) => f.user_id === me)
      .map((f) => f.listing_id)
      .sort()
    const localFavourites = (await d.db.favourites.toArray())
      .filter((f) => f.user_id === me)
      .map((f) => f.listing_id)
      .sort()
    if (!same(localFavourites, serverFavourites))
      fail(
        `${d.name}: favourites ${JSON.stringify(localFavourites)}, the server has ${JSON.stringify(serverFavourites)}`,
      )
    const blobs = await d.db.photo_blobs.toArray()
    if (blobs.some((b) => !expect.poisonListings.has(b.listing_id))) fail(`${d.name}: photo blobs left after sync`)
  }
  void seller
}
