// @vitest-environment node
// The registry of outbox kinds (their send order and routing) and what each kind's refusal stores (docs/product.md §8).
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { ListingWrite, OutboxEntry, OutboxGroup, OutboxKind, OutboxOp } from '@/db/rows'
import type { SyncFailure } from '@/domain/errors'
import { NOT_ON_SERVER } from './enqueue'
import type { Failure } from '../protocol'
import { kindOf, OUTBOX_KINDS } from '.'
import { conversationCreate } from './conversation-create'
import { listingSave } from './listing-save'
import { messageSend } from './message-send'
import { photoUpload } from './photo-upload'

const open: KreisDatabase[] = []
afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close()
    await db.delete()
  }
})

const ALL_KINDS: OutboxKind[] = [
  'photo.upload',
  'listing.upsert',
  'images.replace',
  'conversation.create',
  'message.send',
  'profile.update',
  'listing.delete',
  'favourite.set',
  'profile.picture',
  'conversation.read',
  'push.subscription',
]

describe('the registry', () => {
  it('routes every kind to a module it sends, and the old two-step kinds to the listing save', () => {
    for (const kind of ALL_KINDS) expect(OUTBOX_KINDS).toContain(kindOf(kind))
    expect(kindOf('images.replace')).toBe(listingSave)
    expect(kindOf('listing.upsert')).toBe(listingSave)
    expect(new Set(ALL_KINDS.map(kindOf)).size).toBe(OUTBOX_KINDS.length)
  })

  it('has each entry kind named by exactly one module, and every kind named (one list)', () => {
    // A Record over OutboxKind: a new kind fails to compile here until it is listed.
    const every: Record<OutboxKind, true> = {
      'photo.upload': true,
      'listing.upsert': true,
      'images.replace': true,
      'conversation.create': true,
      'message.send': true,
      'profile.update': true,
      'listing.delete': true,
      'favourite.set': true,
      'profile.picture': true,
      'conversation.read': true,
      'push.subscription': true,
    }
    const named = OUTBOX_KINDS.flatMap((m) => m.kinds)
    expect(new Set(named).size).toBe(named.length)
    expect([...named].sort()).toEqual(Object.keys(every).sort())
    for (const m of OUTBOX_KINDS) for (const k of m.kinds) expect(kindOf(k)).toBe(m)
  })

  it('refuses an entry kind no module sends', () => {
    expect(() => kindOf('no.such' as OutboxKind)).toThrow(/no\.such/)
  })

  it('sends a listing’s photos before its save and a conversation before its messages (P1)', () => {
    const at = (m: unknown) => OUTBOX_KINDS.indexOf(m as (typeof OUTBOX_KINDS)[number])
    expect(at(photoUpload)).toBeLessThan(at(listingSave))
    expect(at(conversationCreate)).toBeLessThan(at(messageSend))
  })

  it.each<[OutboxKind, string, boolean]>([
    ['photo.upload', 'alone', false],
    ['listing.upsert', 'last-state', true],
    ['conversation.create', 'alone', true],
    ['message.send', 'in-order', true],
    ['profile.update', 'last-state', false],
    ['listing.delete', 'last-state', false],
    ['favourite.set', 'last-state', false],
    ['profile.picture', 'last-state', false],
    ['conversation.read', 'last-state', false],
    ['push.subscription', 'last-state', false],
  ])('%s: units %s, shared requests %s (P2, P3, O1)', (kind, unit, batched) => {
    expect({ unit: kindOf(kind).unit, batched: kindOf(kind).batched }).toEqual({ unit, batched })
  })
})

const listing: ListingWrite = {
  id: 'l1',
  user_id: 'u',
  title: 't',
  description: 'd',
  price: 1,
  condition: 'very_good',
  category: 'men',
  product_type: null,
  brand: null,
  size: null,
  fabric: null,
  location: null,
  tags: null,
  status: 'active',
  edited_at: '2026-01-01T00:00:00Z',
}
let seq = 0
const entry = (group: OutboxGroup, op: OutboxOp): OutboxEntry => ({
  seq: ++seq,
  group,
  op,
  queued_at: 0,
  state: 'queued',
  attempts: 0,
  not_before: 0,
})
const upsert = entry('listing:l1', { kind: 'listing.upsert', listing })
const images = entry('listing:l1', { kind: 'images.replace', listing_id: 'l1', images: [] })
const upload = entry('listing:l1', {
  kind: 'photo.upload',
  photo_id: 'p',
  path: 'u/l1/p.webp',
  content_type: 'image/webp',
})
const message = entry('conversation:c', {
  kind: 'message.send',
  message: { id: 'm', conversation_id: 'c', listing_id: 'l1', sender_id: 'u', receiver_id: 'v', content: 'hi' },
})
const conversation = entry('conversation:c', {
  kind: 'conversation.create',
  conversation: { id: 'c', listing_id: 'l1', buyer_id: 'u', seller_id: 'v' },
})
const profile = entry('profile:u', {
  kind: 'profile.update',
  profile: { id: 'u', first_name: 'A', last_name: null, location: null },
})
const favourite = entry('favourite:l1', {
  kind: 'favourite.set',
  user_id: 'u',
  listing_id: 'l1',
  favourite: true,
  created_at: '2026-01-01T00:00:00Z',
})
const removal = entry('listing:l1', { kind: 'listing.delete', listing_id: 'l1', paths: [] })
const picture = entry('profile:u', {
  kind: 'profile.picture',
  user_id: 'u',
  photo_id: 'p',
  path: 'u/profile/p.jpg',
  content_type: 'image/jpeg',
})
const read = entry('conversation:c', { kind: 'conversation.read', read_at: '2026-01-01T00:00:00Z' })

const fail = (reason: Failure['reason'], message: string, code?: string): Failure => ({
  ok: false,
  reason,
  message,
  ...(code ? { code } : {}),
})
const rls = fail('forbidden', 'new row violates row-level security policy', '42501')
const conditionCheck = fail('check_violation', 'violates check constraint "listings_condition_check"', '23514')

describe('what a refusal stores (P9, docs/product.md §8)', () => {
  it.each<[string, OutboxEntry[], Failure, 'new' | 'edit', SyncFailure]>([
    ['a new listing’s save refused by RLS', [upsert], rls, 'new', { code: 'listing_create_failed' }],
    ['an edit’s save refused by RLS', [upsert, images], rls, 'edit', { code: 'listing_edit_failed' }],
    [
      'a CHECK quotes the condition sent',
      [upsert],
      conditionCheck,
      'new',
      { code: 'invalid_condition', detail: 'very_good' },
    ],
    [
      'a CHECK without its SQLSTATE (the transport classified it)',
      [images, upsert],
      fail('check_violation', 'violates check constraint "listings_condition_check"'),
      'edit',
      { code: 'invalid_condition', detail: 'very_good' },
    ],
    [
      'a photo-set edit alone reads as the failed save',
      [images],
      conditionCheck,
      'edit',
      { code: 'listing_edit_failed' },
    ],
    [
      'a refusal other than a CHECK that words a column is no CHECK',
      [upsert],
      fail('rejected', 'value for column condition rejected'),
      'new',
      { code: 'listing_create_failed' },
    ],
    ['a photo upload fails its new listing', [upload], rls, 'new', { code: 'listing_create_failed' }],
    ['a photo upload fails its edited listing', [upload], rls, 'edit', { code: 'listing_edit_failed' }],
    ['a message', [message], rls, 'new', { code: 'listing_unavailable' }],
    ['a conversation', [conversation], rls, 'new', { code: 'listing_unavailable' }],
    [
      'a message refused for another reason',
      [message],
      fail('rejected', 'value too long', '22001'),
      'new',
      { code: 'message_send_failed' },
    ],
    [
      'a profile edit keeps the server’s words',
      [profile],
      fail('rejected', 'value too long', '22001'),
      'new',
      { code: 'profile_update_failed', detail: 'value too long' },
    ],
    ['a profile edit without words', [profile], fail('rejected', ' '), 'new', { code: 'profile_update_failed' }],
    ['a favourite', [favourite], rls, 'new', { code: 'write_failed' }],
    ['a listing delete', [removal], rls, 'new', { code: 'write_failed' }],
    ['a profile picture', [picture], rls, 'new', { code: 'write_failed' }],
    ['a read mark', [read], rls, 'new', { code: 'write_failed' }],
  ])('%s', async (_name, unit, failure, state, expected) => {
    const db = new KreisDatabase(`kinds-${Math.random()}`)
    open.push(db)
    await db.listings.put({
      ...listing,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: state === 'new' ? NOT_ON_SERVER : '2026-01-01T00:00:01Z',
      sync_state: 'pending',
      cover_image_url: null,
      seller_first_name: null,
      seller_last_name: null,
    })
    expect(await kindOf(unit[0]!.op.kind).refusal(db, unit, failure)).toEqual(expected)
  })

  it('a listing the device no longer holds is worded as an edit', async () => {
    const db = new KreisDatabase(`kinds-${Math.random()}`)
    open.push(db)
    expect(await listingSave.refusal(db, [upsert], rls)).toEqual({ code: 'listing_edit_failed' })
  })
})
