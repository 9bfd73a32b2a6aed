/**
 * The access matrix: every relation in schema public and every storage bucket × {anonymous, owner, other user}
 * (plus the counterpart of a conversation where there is one) × {select, insert, update, delete}. The expected
 * outcome of each cell is written once in MATRIX; each cell runs its statement the way the REST layer runs a
 * request (Database.withClaims) inside a rolled-back transaction. A relation or bucket without cells fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Claims, Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { ANON, asUser, attempt, createListing, createUser, run, type Outcome } from './support/db-actors.ts'

type Actor = 'anon' | 'owner' | 'other' | 'counterpart'
type Op = 'select' | 'insert' | 'update' | 'delete'
type Expect = 'allow' | 'deny'
type Subject =
  | 'profiles'
  | 'my_profile'
  | 'listings'
  | 'listings (sold)'
  | 'listings (sold, favourited)'
  | 'listing_images'
  | 'conversations'
  | 'messages'
  | 'trial_users'
  | 'payments'
  | 'favorites'
  | 'favorite_edits'
  | 'listing_tombstones'
  | 'push_subscriptions'
  | 'storage:listing-images'

// Who "owner" and "counterpart" are, per subject: profiles, listings, images, objects: the user they belong to;
// conversations: the buyer who opened it (counterpart: the seller); messages: the sender (counterpart: the
// receiver); sold listings: counterpart is a buyer who has a conversation about it; trial_users has no owner
// (owner and other are any signed-in users).
const MATRIX: readonly (readonly [Subject, Actor, Op, Expect])[] = [
  ['profiles', 'anon', 'select', 'allow'],
  ['profiles', 'owner', 'select', 'allow'],
  ['profiles', 'other', 'select', 'allow'],
  ['profiles', 'anon', 'insert', 'deny'],
  ['profiles', 'owner', 'insert', 'deny'],
  ['profiles', 'other', 'insert', 'deny'],
  ['profiles', 'anon', 'update', 'deny'],
  ['profiles', 'owner', 'update', 'allow'],
  ['profiles', 'other', 'update', 'deny'],
  ['profiles', 'anon', 'delete', 'deny'],
  ['profiles', 'owner', 'delete', 'deny'],
  ['profiles', 'other', 'delete', 'deny'],

  ['my_profile', 'anon', 'select', 'deny'],
  ['my_profile', 'owner', 'select', 'allow'],
  ['my_profile', 'other', 'select', 'deny'],
  ['my_profile', 'anon', 'insert', 'deny'],
  ['my_profile', 'owner', 'insert', 'deny'],
  ['my_profile', 'other', 'insert', 'deny'],
  ['my_profile', 'anon', 'update', 'deny'],
  ['my_profile', 'owner', 'update', 'deny'],
  ['my_profile', 'other', 'update', 'deny'],
  ['my_profile', 'anon', 'delete', 'deny'],
  ['my_profile', 'owner', 'delete', 'deny'],
  ['my_profile', 'other', 'delete', 'deny'],

  ['listings', 'anon', 'select', 'allow'],
  ['listings', 'owner', 'select', 'allow'],
  ['listings', 'other', 'select', 'allow'],
  ['listings', 'anon', 'insert', 'deny'],
  ['listings', 'owner', 'insert', 'allow'],
  ['listings', 'other', 'insert', 'deny'],
  ['listings', 'anon', 'update', 'deny'],
  ['listings', 'owner', 'update', 'allow'],
  ['listings', 'other', 'update', 'deny'],
  ['listings', 'anon', 'delete', 'deny'],
  ['listings', 'owner', 'delete', 'allow'],
  ['listings', 'other', 'delete', 'deny'],

  ['listings (sold)', 'anon', 'select', 'deny'],
  ['listings (sold)', 'owner', 'select', 'allow'],
  ['listings (sold)', 'other', 'select', 'deny'],
  ['listings (sold)', 'counterpart', 'select', 'allow'],
  ['listings (sold)', 'anon', 'insert', 'deny'],
  ['listings (sold)', 'owner', 'insert', 'allow'],
  ['listings (sold)', 'other', 'insert', 'deny'],
  ['listings (sold)', 'anon', 'update', 'deny'],
  ['listings (sold)', 'owner', 'update', 'allow'],
  ['listings (sold)', 'other', 'update', 'deny'],
  ['listings (sold)', 'counterpart', 'update', 'deny'],
  ['listings (sold)', 'anon', 'delete', 'deny'],
  ['listings (sold)', 'owner', 'delete', 'allow'],
  ['listings (sold)', 'other', 'delete', 'deny'],
  ['listings (sold)', 'counterpart', 'delete', 'deny'],

  // counterpart: a user who favourited the listing before it sold (their favourites keep its title and photo).
  ['listings (sold, favourited)', 'anon', 'select', 'deny'],
  ['listings (sold, favourited)', 'owner', 'select', 'allow'],
  ['listings (sold, favourited)', 'other', 'select', 'deny'],
  ['listings (sold, favourited)', 'counterpart', 'select', 'allow'],
  ['listings (sold, favourited)', 'counterpart', 'update', 'deny'],
  ['listings (sold, favourited)', 'counterpart', 'delete', 'deny'],

  ['listing_images', 'anon', 'select', 'allow'],
  ['listing_images', 'owner', 'select', 'allow'],
  ['listing_images', 'other', 'select', 'allow'],
  ['listing_images', 'anon', 'insert', 'deny'],
  ['listing_images', 'owner', 'insert', 'allow'],
  ['listing_images', 'other', 'insert', 'deny'],
  ['listing_images', 'anon', 'update', 'deny'],
  ['listing_images', 'owner', 'update', 'allow'],
  ['listing_images', 'other', 'update', 'deny'],
  ['listing_images', 'anon', 'delete', 'deny'],
  ['listing_images', 'owner', 'delete', 'allow'],
  ['listing_images', 'other', 'delete', 'deny'],

  ['conversations', 'anon', 'select', 'deny'],
  ['conversations', 'owner', 'select', 'allow'],
  ['conversations', 'other', 'select', 'deny'],
  ['conversations', 'counterpart', 'select', 'allow'],
  ['conversations', 'anon', 'insert', 'deny'],
  ['conversations', 'owner', 'insert', 'allow'],
  ['conversations', 'other', 'insert', 'deny'],
  ['conversations', 'counterpart', 'insert', 'deny'],
  ['conversations', 'anon', 'update', 'deny'],
  ['conversations', 'owner', 'update', 'deny'],
  ['conversations', 'other', 'update', 'deny'],
  ['conversations', 'counterpart', 'update', 'deny'],
  ['conversations', 'anon', 'delete', 'deny'],
  ['conversations', 'owner', 'delete', 'deny'],
  ['conversations', 'other', 'delete', 'deny'],
  ['conversations', 'counterpart', 'delete', 'deny'],

  ['messages', 'anon', 'select', 'deny'],
  ['messages', 'owner', 'select', 'allow'],
  ['messages', 'other', 'select', 'deny'],
  ['messages', 'counterpart', 'select', 'allow'],
  ['messages', 'anon', 'insert', 'deny'],
  ['messages', 'owner', 'insert', 'allow'],
  ['messages', 'other', 'insert', 'deny'],
  ['messages', 'counterpart', 'insert', 'allow'],
  ['messages', 'anon', 'update', 'deny'],
  ['messages', 'owner', 'update', 'deny'],
  ['messages', 'other', 'update', 'deny'],
  ['messages', 'counterpart', 'update', 'deny'],
  ['messages', 'anon', 'delete', 'deny'],
  ['messages', 'owner', 'delete', 'deny'],
  ['messages', 'other', 'delete', 'deny'],
  ['messages', 'counterpart', 'delete', 'deny'],

  ['trial_users', 'anon', 'select', 'deny'],
  ['trial_users', 'owner', 'select', 'deny'],
  ['trial_users', 'other', 'select', 'deny'],
  ['trial_users', 'anon', 'insert', 'allow'],
  ['trial_users', 'owner', 'insert', 'allow'],
  ['trial_users', 'other', 'insert', 'allow'],
  ['trial_users', 'anon', 'update', 'deny'],
  ['trial_users', 'owner', 'update', 'deny'],
  ['trial_users', 'other', 'update', 'deny'],
  ['trial_users', 'anon', 'delete', 'deny'],
  ['trial_users', 'owner', 'delete', 'deny'],
  ['trial_users', 'other', 'delete', 'deny'],

  // Written only by the payment functions (service_role); members read their own.
  ['payments', 'anon', 'select', 'deny'],
  ['payments', 'owner', 'select', 'allow'],
  ['payments', 'other', 'select', 'deny'],
  ['payments', 'anon', 'insert', 'deny'],
  ['payments', 'owner', 'insert', 'deny'],
  ['payments', 'other', 'insert', 'deny'],
  ['payments', 'anon', 'update', 'deny'],
  ['payments', 'owner', 'update', 'deny'],
  ['payments', 'other', 'update', 'deny'],
  ['payments', 'anon', 'delete', 'deny'],
  ['payments', 'owner', 'delete', 'deny'],
  ['payments', 'other', 'delete', 'deny'],

  // A user's favourites: own rows only; set or cleared, never updated.
  ['favorites', 'anon', 'select', 'deny'],
  ['favorites', 'owner', 'select', 'allow'],
  ['favorites', 'other', 'select', 'deny'],
  ['favorites', 'anon', 'insert', 'deny'],
  ['favorites', 'owner', 'insert', 'allow'],
  ['favorites', 'other', 'insert', 'deny'],
  ['favorites', 'anon', 'update', 'deny'],
  ['favorites', 'owner', 'update', 'deny'],
  ['favorites', 'other', 'update', 'deny'],
  ['favorites', 'anon', 'delete', 'deny'],
  ['favorites', 'owner', 'delete', 'allow'],
  ['favorites', 'other', 'delete', 'deny'],

  // The last favourite edit that won (read by its owner; written only by set_favourite and the favorites triggers).
  ['favorite_edits', 'anon', 'select', 'deny'],
  ['favorite_edits', 'owner', 'select', 'allow'],
  ['favorite_edits', 'other', 'select', 'deny'],
  ['favorite_edits', 'anon', 'insert', 'deny'],
  ['favorite_edits', 'owner', 'insert', 'deny'],
  ['favorite_edits', 'other', 'insert', 'deny'],
  ['favorite_edits', 'anon', 'update', 'deny'],
  ['favorite_edits', 'owner', 'update', 'deny'],
  ['favorite_edits', 'other', 'update', 'deny'],
  ['favorite_edits', 'anon', 'delete', 'deny'],
  ['favorite_edits', 'owner', 'delete', 'deny'],
  ['favorite_edits', 'other', 'delete', 'deny'],

  // Written only by the delete's trigger; the seller may read their own (migration …220100_listing_tombstones).
  ['listing_tombstones', 'anon', 'select', 'deny'],
  ['listing_tombstones', 'owner', 'select', 'allow'],
  ['listing_tombstones', 'other', 'select', 'deny'],
  ['listing_tombstones', 'anon', 'insert', 'deny'],
  ['listing_tombstones', 'owner', 'insert', 'deny'],
  ['listing_tombstones', 'other', 'insert', 'deny'],
  ['listing_tombstones', 'anon', 'update', 'deny'],
  ['listing_tombstones', 'owner', 'update', 'deny'],
  ['listing_tombstones', 'other', 'update', 'deny'],
  ['listing_tombstones', 'anon', 'delete', 'deny'],
  ['listing_tombstones', 'owner', 'delete', 'deny'],
  ['listing_tombstones', 'other', 'delete', 'deny'],

  // A device's Web Push subscription: own rows only; added or removed, never changed.
  ['push_subscriptions', 'anon', 'select', 'deny'],
  ['push_subscriptions', 'owner', 'select', 'allow'],
  ['push_subscriptions', 'other', 'select', 'deny'],
  ['push_subscriptions', 'anon', 'insert', 'deny'],
  ['push_subscriptions', 'owner', 'insert', 'allow'],
  ['push_subscriptions', 'other', 'insert', 'deny'],
  ['push_subscriptions', 'anon', 'update', 'deny'],
  ['push_subscriptions', 'owner', 'update', 'deny'],
  ['push_subscriptions', 'other', 'update', 'deny'],
  ['push_subscriptions', 'anon', 'delete', 'deny'],
  ['push_subscriptions', 'owner', 'delete', 'allow'],
  ['push_subscriptions', 'other', 'delete', 'deny'],

  // The bucket is public (files are served at public URLs without a policy) but not listable: only the owner reads
  // the rows of their folder.
  ['storage:listing-images', 'anon', 'select', 'deny'],
  ['storage:listing-images', 'owner', 'select', 'allow'],
  ['storage:listing-images', 'other', 'select', 'deny'],
  ['storage:listing-images', 'anon', 'insert', 'deny'],
  ['storage:listing-images', 'owner', 'insert', 'allow'],
  ['storage:listing-images', 'other', 'insert', 'deny'],
  ['storage:listing-images', 'anon', 'update', 'deny'],
  ['storage:listing-images', 'owner', 'update', 'allow'],
  ['storage:listing-images', 'other', 'update', 'deny'],
  ['storage:listing-images', 'anon', 'delete', 'deny'],
  // As on hosted (storage-api's protect_delete trigger), a direct DELETE is refused even to the owner; deleting goes
  // through the storage API, whose delete the policy decides (see 'the storage API's deletes' below).
  ['storage:listing-images', 'owner', 'delete', 'deny'],
  ['storage:listing-images', 'other', 'delete', 'deny'],
]

const REQUIRED_ACTORS: readonly Actor[] = ['anon', 'owner', 'other']
const OPS: readonly Op[] = ['select', 'insert', 'update', 'delete']

interface Fixture {
  owner: string
  other: string
  buyer: string
  /** A user whose profile row was removed, to try creating one. */
  profileless: string
  listing: string
  /** An active listing of owner's without conversations, to open one on. */
  freshListing: string
  soldListing: string
  /** A sold listing of owner's that `fan` favourited. */
  soldFavourited: string
  fan: string
  image: string
  conversation: string
  message: string
  trialUser: string
  payment: string
  /** A deleted listing of owner's (its tombstone). */
  tombstone: string
  /** The owner's push subscription's endpoint. */
  pushEndpoint: string
  objectName: string
}

interface Statement {
  claims: Claims
  sql: string
  params: unknown[]
}

type StatementFor = (actor: Actor, f: Fixture) => Statement

function claimsOf(actor: Actor, f: Fixture, owner: string, counterpart?: string): Claims {
  if (actor === 'anon') return ANON
  if (actor === 'owner') return asUser(owner)
  if (actor === 'other') return asUser(f.other)
  if (!counterpart) throw new Error('this subject has no counterpart')
  return asUser(counterpart)
}

const stmt = (claims: Claims, sql: string, ...params: unknown[]): Statement => ({ claims, sql, params })

/** Keys of the shape a browser gives (base64url of a P-256 point and of 16 bytes); never used to encrypt here. */
const PUSH_P256DH = `B${'A'.repeat(86)}`
const PUSH_AUTH = 'QUFBQUFBQUFBQUFBQUFBQQ'

const LISTING_INSERT = `insert into public.listings (user_id, title, description, price, condition, category, status)
  values ($1, 'Linen shirt', 'A breezy linen shirt.', 35, 'very_good', 'men', $2)`

function listingStatements(which: 'listing' | 'soldListing', status: 'active' | 'sold'): Record<Op, StatementFor> {
  return {
    select: (a, f) => stmt(claimsOf(a, f, f.owner, f.buyer), `select id from public.listings where id = $1`, f[which]),
    // Everyone tries to create a listing in the owner's name.
    insert: (a, f) => stmt(claimsOf(a, f, f.owner, f.buyer), LISTING_INSERT, f.owner, status),
    update: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner, f.buyer),
        `update public.listings set title = 'Renamed coat' where id = $1`,
        f[which],
      ),
    delete: (a, f) => stmt(claimsOf(a, f, f.owner, f.buyer), `delete from public.listings where id = $1`, f[which]),
  }
}

const STATEMENTS: Record<Subject, Record<Op, StatementFor>> = {
  profiles: {
    select: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `select id, first_name from public.profiles where id = $1`, f.owner),
    // The owner tries to create their own (missing) profile; the others try to create it for them.
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.profileless),
        `insert into public.profiles (id, first_name) values ($1, 'Pia')`,
        f.profileless,
      ),
    update: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `update public.profiles set first_name = 'Changed' where id = $1`, f.owner),
    delete: (a, f) => stmt(claimsOf(a, f, f.owner), `delete from public.profiles where id = $1`, f.owner),
  },
  my_profile: {
    select: (a, f) => stmt(claimsOf(a, f, f.owner), `select id, email from public.my_profile where id = $1`, f.owner),
    insert: (a, f) => stmt(claimsOf(a, f, f.owner), `insert into public.my_profile (id) values ($1)`, f.owner),
    update: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `update public.my_profile set first_name = 'Changed' where id = $1`, f.owner),
    delete: (a, f) => stmt(claimsOf(a, f, f.owner), `delete from public.my_profile where id = $1`, f.owner),
  },
  listings: listingStatements('listing', 'active'),
  'listings (sold)': listingStatements('soldListing', 'sold'),
  'listings (sold, favourited)': {
    select: (a, f) =>
      stmt(claimsOf(a, f, f.owner, f.fan), `select id from public.listings where id = $1`, f.soldFavourited),
    insert: (a, f) => stmt(claimsOf(a, f, f.owner, f.fan), LISTING_INSERT, f.owner, 'sold'),
    update: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner, f.fan),
        `update public.listings set title = 'Renamed scarf' where id = $1`,
        f.soldFavourited,
      ),
    delete: (a, f) =>
      stmt(claimsOf(a, f, f.owner, f.fan), `delete from public.listings where id = $1`, f.soldFavourited),
  },
  listing_images: {
    select: (a, f) => stmt(claimsOf(a, f, f.owner), `select id from public.listing_images where id = $1`, f.image),
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        // A path in the seller's folder, the only place besides https URLs an image may point to.
        `insert into public.listing_images (listing_id, image_url, image_order) values ($1, $2, 9)`,
        f.listing,
        `${f.owner}/${f.listing}/photo-9.jpg`,
      ),
    update: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `update public.listing_images set image_order = 7 where id = $1`, f.image),
    delete: (a, f) => stmt(claimsOf(a, f, f.owner), `delete from public.listing_images where id = $1`, f.image),
  },
  conversations: {
    select: (a, f) =>
      stmt(claimsOf(a, f, f.buyer, f.owner), `select id from public.conversations where id = $1`, f.conversation),
    // The buyer opens one on the owner's fresh listing; the others try to open it in the buyer's name; the
    // seller (counterpart) tries to open one on their own listing as its buyer.
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.buyer, f.owner),
        `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3)`,
        f.freshListing,
        a === 'counterpart' ? f.owner : f.buyer,
        f.owner,
      ),
    update: (a, f) =>
      stmt(
        claimsOf(a, f, f.buyer, f.owner),
        `update public.conversations set last_message_at = now() where id = $1`,
        f.conversation,
      ),
    delete: (a, f) =>
      stmt(claimsOf(a, f, f.buyer, f.owner), `delete from public.conversations where id = $1`, f.conversation),
  },
  messages: {
    select: (a, f) => stmt(claimsOf(a, f, f.buyer, f.owner), `select id from public.messages where id = $1`, f.message),
    // Each sends as the buyer, except the counterpart (the seller) who replies as themself.
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.buyer, f.owner),
        `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, 'Is it still available?')`,
        f.conversation,
        f.listing,
        a === 'counterpart' ? f.owner : f.buyer,
        a === 'counterpart' ? f.buyer : f.owner,
      ),
    update: (a, f) =>
      stmt(claimsOf(a, f, f.buyer, f.owner), `update public.messages set content = 'Edited' where id = $1`, f.message),
    delete: (a, f) => stmt(claimsOf(a, f, f.buyer, f.owner), `delete from public.messages where id = $1`, f.message),
  },
  trial_users: {
    select: (a, f) => stmt(claimsOf(a, f, f.owner), `select id from public.trial_users where id = $1`, f.trialUser),
    insert: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `insert into public.trial_users (email) values ($1)`, `new-${a}@example.ch`),
    update: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `update public.trial_users set city = 'Bern' where id = $1`, f.trialUser),
    delete: (a, f) => stmt(claimsOf(a, f, f.owner), `delete from public.trial_users where id = $1`, f.trialUser),
  },
  payments: {
    select: (a, f) => stmt(claimsOf(a, f, f.owner), `select id from public.payments where id = $1`, f.payment),
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `insert into public.payments (user_id, provider, gateway_id, amount) values ($1, 'sandbox', 'gw-matrix-new', 500)`,
        f.owner,
      ),
    update: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `update public.payments set status = 'cancelled' where id = $1`, f.payment),
    delete: (a, f) => stmt(claimsOf(a, f, f.owner), `delete from public.payments where id = $1`, f.payment),
  },
  favorites: {
    select: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `select listing_id from public.favorites where user_id = $1 and listing_id = $2`,
        f.owner,
        f.listing,
      ),
    // Everyone tries to favourite the fresh listing in the owner's name.
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `insert into public.favorites (user_id, listing_id) values ($1, $2)`,
        f.owner,
        f.freshListing,
      ),
    update: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `update public.favorites set created_at = now() where user_id = $1 and listing_id = $2`,
        f.owner,
        f.listing,
      ),
    delete: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `delete from public.favorites where user_id = $1 and listing_id = $2`,
        f.owner,
        f.listing,
      ),
  },
  favorite_edits: {
    select: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `select listing_id from public.favorite_edits where user_id = $1 and listing_id = $2`,
        f.owner,
        f.listing,
      ),
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `insert into public.favorite_edits (user_id, listing_id, favourite, edited_at, device_edited_at) values ($1, $2, true, now(), now())`,
        f.owner,
        f.freshListing,
      ),
    update: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `update public.favorite_edits set favourite = false where user_id = $1 and listing_id = $2`,
        f.owner,
        f.listing,
      ),
    delete: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `delete from public.favorite_edits where user_id = $1 and listing_id = $2`,
        f.owner,
        f.listing,
      ),
  },
  listing_tombstones: {
    select: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `select listing_id from public.listing_tombstones where listing_id = $1`,
        f.tombstone,
      ),
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `insert into public.listing_tombstones (listing_id, user_id) values (gen_random_uuid(), $1)`,
        f.owner,
      ),
    update: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `update public.listing_tombstones set deleted_at = now() where listing_id = $1`,
        f.tombstone,
      ),
    delete: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `delete from public.listing_tombstones where listing_id = $1`, f.tombstone),
  },
  push_subscriptions: {
    select: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `select id from public.push_subscriptions where endpoint = $1`, f.pushEndpoint),
    // Everyone tries to add a subscription in the owner's name.
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`,
        f.owner,
        `https://push.example.com/send/new-${a}`,
        PUSH_P256DH,
        PUSH_AUTH,
      ),
    update: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `update public.push_subscriptions set auth = $2 where endpoint = $1`,
        f.pushEndpoint,
        PUSH_AUTH,
      ),
    delete: (a, f) =>
      stmt(claimsOf(a, f, f.owner), `delete from public.push_subscriptions where endpoint = $1`, f.pushEndpoint),
  },
  'storage:listing-images': {
    select: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `select id from storage.objects where bucket_id = 'listing-images' and name = $1`,
        f.objectName,
      ),
    // Everyone tries to write into the owner's folder.
    insert: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `insert into storage.objects (bucket_id, name, owner) values ('listing-images', $1, $2)`,
        `${f.owner}/${f.listing}/new-photo.jpg`,
        a === 'owner' ? f.owner : null,
      ),
    update: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `update storage.objects set metadata = '{"mimetype":"image/png"}' where bucket_id = 'listing-images' and name = $1`,
        f.objectName,
      ),
    delete: (a, f) =>
      stmt(
        claimsOf(a, f, f.owner),
        `delete from storage.objects where bucket_id = 'listing-images' and name = $1`,
        f.objectName,
      ),
  },
}

/** allow / deny as the matrix means them; anything else (another error, two rows) is reported as it is. */
function verdict(op: Op, outcome: Outcome): string {
  if (!outcome.ok) return outcome.code === '42501' ? 'deny' : `error ${outcome.code}: ${outcome.message}`
  const n = op === 'select' ? outcome.rows.length : outcome.affected
  if (n === 1) return 'allow'
  if (n === 0 && op !== 'insert') return 'deny'
  return `unexpected ${n} rows`
}

async function buildFixture(db: Database): Promise<Fixture> {
  const owner = await createUser(db, { firstName: 'Olivia', lastName: 'Owner' })
  const other = await createUser(db, { firstName: 'Otto', lastName: 'Other' })
  const buyer = await createUser(db, { firstName: 'Bea', lastName: 'Buyer' })
  const profileless = await createUser(db, { firstName: 'Pia', lastName: 'Profileless' })
  await run(db, null, `delete from public.profiles where id = $1`, [profileless])
  const listing = await createListing(db, owner)
  const freshListing = await createListing(db, owner, { title: 'Silk scarf' })
  const soldListing = await createListing(db, owner, { title: 'Sold boots', status: 'sold' })
  const fan = await createUser(db, { firstName: 'Fay', lastName: 'Fan' })
  const soldFavourited = await createListing(db, owner, { title: 'Sold scarf', status: 'sold' })
  await run(db, null, `insert into public.favorites (user_id, listing_id) values ($1, $2)`, [fan, soldFavourited])
  const objectName = `${owner}/${listing}/photo-1.jpg`
  const [image] = await run<{ id: string }>(
    db,
    null,
    `insert into public.listing_images (listing_id, image_url, image_order) values ($1, $2, 1) returning id`,
    [listing, objectName],
  )
  await run(db, null, `insert into storage.objects (bucket_id, name, owner) values ('listing-images', $1, $2)`, [
    objectName,
    owner,
  ])
  const [conversation] = await run<{ id: string }>(
    db,
    null,
    `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3) returning id`,
    [listing, buyer, owner],
  )
  await run(db, null, `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3)`, [
    soldListing,
    buyer,
    owner,
  ])
  const [message] = await run<{ id: string }>(
    db,
    null,
    `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content)
     values ($1, $2, $3, $4, 'Hello, is the coat still available?') returning id`,
    [conversation!.id, listing, buyer, owner],
  )
  const [trialUser] = await run<{ id: string }>(
    db,
    null,
    `insert into public.trial_users (email, first_name) values ('matrix-trial@example.ch', 'Tina') returning id`,
  )
  const [payment] = await run<{ id: string }>(
    db,
    null,
    `insert into public.payments (user_id, provider, gateway_id, amount) values ($1, 'sandbox', 'gw-matrix', 200) returning id`,
    [owner],
  )
  await run(db, null, `insert into public.favorites (user_id, listing_id) values ($1, $2)`, [owner, listing])
  const [tombstone] = await run<{ listing_id: string }>(
    db,
    null,
    `insert into public.listing_tombstones (listing_id, user_id) values (gen_random_uuid(), $1) returning listing_id`,
    [owner],
  )
  const pushEndpoint = 'https://push.example.com/send/owner-device'
  await run(
    db,
    null,
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`,
    [owner, pushEndpoint, PUSH_P256DH, PUSH_AUTH],
  )
  return {
    owner,
    other,
    buyer,
    profileless,
    listing,
    freshListing,
    soldListing,
    soldFavourited,
    fan,
    image: image!.id,
    conversation: conversation!.id,
    message: message!.id,
    trialUser: trialUser!.id,
    payment: payment!.id,
    tombstone: tombstone!.listing_id,
    pushEndpoint,
    objectName,
  }
}

let ts: TestStack
let db: Database
let fixture: Fixture

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  fixture = await buildFixture(db)
})

afterAll(async () => {
  await ts?.stop()
})

describe('RLS matrix', () => {
  it.each(MATRIX.map(([subject, actor, op, expected]) => ({ subject, actor, op, expected })))(
    '$subject × $actor × $op → $expected',
    async ({ subject, actor, op, expected }) => {
      const s = STATEMENTS[subject][op](actor, fixture)
      const outcome = await attempt(db, s.claims, s.sql, s.params)
      expect(verdict(op, outcome)).toBe(expected)
    },
  )
})

describe('RLS matrix coverage', () => {
  it('has anon, owner and other × select, insert, update, delete for every relation in public and every bucket', async () => {
    const relations = await run<{ name: string }>(
      db,
      null,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    )
    const buckets = await run<{ id: string }>(db, null, `select id from storage.buckets`)
    const subjects = [...relations.map((r) => r.name), ...buckets.map((b) => `storage:${b.id}`)]
    expect(subjects.length).toBeGreaterThan(0)
    const missing: string[] = []
    for (const subject of subjects) {
      for (const actor of REQUIRED_ACTORS) {
        for (const op of OPS) {
          if (!MATRIX.some(([s, a, o]) => s === subject && a === actor && o === op))
            missing.push(`${subject} × ${actor} × ${op}`)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it('has no cell twice', () => {
    const keys = MATRIX.map(([s, a, o]) => `${s}|${a}|${o}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe("the storage API's deletes (storage.allow_delete_query set, as storage-api sets it)", () => {
  /** The statement the storage API runs to delete, with its guard, as `claims`; always rolled back. */
  async function apiDelete(claims: Claims): Promise<number | string> {
    try {
      await db.withClaims(claims, async (tx) => {
        await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`)
        const r = await tx.query(`delete from storage.objects where bucket_id = 'listing-images' and name = $1`, [
          fixture.objectName,
        ])
        throw Object.assign(new Error('rollback'), { affected: r.affectedRows ?? 0 })
      })
    } catch (e) {
      const err = e as { affected?: number; code?: string }
      if (typeof err.affected === 'number') return err.affected
      if (typeof err.code === 'string') return err.code
      throw e
    }
    throw new Error('unreachable: the delete committed')
  }

  it('lets the owner delete their object and nobody else (the delete policy decides)', async () => {
    expect(await apiDelete(asUser(fixture.owner))).toBe(1)
    expect(await apiDelete(asUser(fixture.other))).toBe(0)
    expect(await apiDelete(ANON)).toBe(0)
  })

  it('refuses a direct delete without the guard, even as service_role (42501)', async () => {
    const outcome = await attempt(db, { role: 'service_role' }, `delete from storage.objects where name = $1`, [
      fixture.objectName,
    ])
    expect(outcome.ok ? 'ok' : outcome.code).toBe('42501')
  })
})

describe('rows cannot be moved out of reach of their policies', () => {
  it('refuses handing a listing to another user (42501)', async () => {
    const outcome = await attempt(db, asUser(fixture.owner), `update public.listings set user_id = $2 where id = $1`, [
      fixture.listing,
      fixture.other,
    ])
    expect(outcome.ok ? 'ok' : outcome.code).toBe('42501')
  })

  it('refuses moving an image onto another user’s listing (42501)', async () => {
    const theirs = await createListing(db, fixture.other)
    const outcome = await attempt(
      db,
      asUser(fixture.owner),
      `update public.listing_images set listing_id = $2 where id = $1`,
      [fixture.image, theirs],
    )
    expect(outcome.ok ? 'ok' : outcome.code).toBe('42501')
  })

  it('refuses renaming an object into another user’s folder (42501), and allows uploads into one’s own', async () => {
    const rename = await attempt(
      db,
      asUser(fixture.owner),
      `update storage.objects set name = $2 where bucket_id = 'listing-images' and name = $1`,
      [fixture.objectName, `${fixture.other}/stolen.jpg`],
    )
    expect(rename.ok ? 'ok' : rename.code).toBe('42501')
    const own = await attempt(
      db,
      asUser(fixture.other),
      `insert into storage.objects (bucket_id, name, owner) values ('listing-images', $1, $2)`,
      [`${fixture.other}/some-listing/photo.jpg`, fixture.other],
    )
    expect(own).toMatchObject({ ok: true, affected: 1 })
  })
})
