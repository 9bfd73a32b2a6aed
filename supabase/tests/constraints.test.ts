/**
 * Bad data is refused by the database itself: CHECK rules give 23514 (naming the rule, which the sell flow's
 * error mapping reads, docs/product.md §8) and uniqueness gives 23505. Each rule has a row here, next to a value on the
 * edge that passes, so a rule that is too strict fails as well as one that is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { ANON, asUser, attempt, createListing, createUser, run } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: string
let buyer: string
let listing: string
let conversation: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await createUser(db)
  buyer = await createUser(db)
  listing = await createListing(db, seller)
  const [c] = await run<{ id: string }>(
    db,
    null,
    `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3) returning id`,
    [listing, buyer, seller],
  )
  conversation = c!.id
})

afterAll(async () => {
  await ts?.stop()
})

const VALID_LISTING: Record<string, unknown> = {
  title: 'Wool coat',
  description: 'A warm camel coat, worn two winters.',
  price: 80,
  condition: 'very_good',
  category: 'women',
  status: 'active',
  tags: ['wool'],
}

/** Inserts a listing as its seller, with `changes` over a valid one; returns 'ok' or the error's code and text. */
async function insertListing(changes: Record<string, unknown>): Promise<string> {
  const row = { ...VALID_LISTING, ...changes }
  const cols = Object.keys(row)
  const outcome = await attempt(
    db,
    asUser(seller),
    `insert into public.listings (user_id, ${cols.join(', ')}) values ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')})`,
    [seller, ...cols.map((c) => row[c])],
  )
  return outcome.ok ? 'ok' : `${outcome.code} ${outcome.message}`
}

describe('listings CHECK rules', () => {
  it.each([
    { rule: 'category outside the five', changes: { category: 'hats' }, constraint: 'listings_category_check' },
    { rule: 'category not lower-cased', changes: { category: 'Women' }, constraint: 'listings_category_check' },
    { rule: 'condition outside the four', changes: { condition: 'good' }, constraint: 'listings_condition_check' },
    { rule: 'status other than active/sold', changes: { status: 'reserved' }, constraint: 'listings_status_check' },
    { rule: 'price of zero', changes: { price: 0 }, constraint: 'listings_price_check' },
    { rule: 'negative price', changes: { price: -5 }, constraint: 'listings_price_check' },
    { rule: 'price of 100000', changes: { price: 100000 }, constraint: 'listings_price_check' },
    { rule: 'title under 3 characters', changes: { title: 'ab' }, constraint: 'listings_title_check' },
    {
      rule: 'title under 3 characters once trimmed',
      changes: { title: '   ab   ' },
      constraint: 'listings_title_check',
    },
    { rule: 'title over 120 characters', changes: { title: 'x'.repeat(121) }, constraint: 'listings_title_check' },
    {
      rule: 'description over 5000 characters',
      changes: { description: 'x'.repeat(5001) },
      constraint: 'listings_description_check',
    },
    {
      rule: 'more than 20 tags',
      changes: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      constraint: 'listings_tags_check',
    },
  ])('refuses a $rule with 23514 ($constraint)', async ({ changes, constraint }) => {
    expect(await insertListing(changes)).toMatch(new RegExp(`^23514 .*"${constraint}"`))
  })

  it.each([
    {
      edge: 'every category',
      changes: {},
      values: ['women', 'men', 'children', 'shoes', 'accessories'].map((category) => ({ category })),
    },
    {
      edge: 'every condition',
      changes: {},
      values: ['new_with_tags', 'very_good', 'worn_but_loved', 'acceptable'].map((condition) => ({ condition })),
    },
    { edge: 'both statuses', changes: {}, values: [{ status: 'active' }, { status: 'sold' }] },
    { edge: 'prices on the edges', changes: {}, values: [{ price: 0.01 }, { price: 99999.99 }] },
    { edge: 'titles of 3 and 120 characters', changes: {}, values: [{ title: 'Hat' }, { title: 'x'.repeat(120) }] },
    { edge: 'a description of 5000 characters', changes: {}, values: [{ description: 'x'.repeat(5000) }] },
    {
      edge: '20 tags, or none',
      changes: {},
      values: [{ tags: Array.from({ length: 20 }, (_, i) => `t${i}`) }, { tags: null }],
    },
  ])('accepts $edge', async ({ values }) => {
    for (const v of values) expect(await insertListing(v)).toBe('ok')
  })
})

describe('CHECK rules of the other tables', () => {
  it.each([
    {
      rule: 'an image order below 1',
      sql: `insert into public.listing_images (listing_id, image_url, image_order) values ($1, 'a.jpg', 0)`,
      params: () => [listing],
      constraint: 'listing_images_image_order_check',
    },
    {
      rule: 'an empty message',
      sql: `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, '')`,
      params: () => [conversation, listing, buyer, seller],
      constraint: 'messages_content_check',
    },
    {
      rule: 'a message of only spaces (trimmed to empty)',
      sql: `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, '   ')`,
      params: () => [conversation, listing, buyer, seller],
      constraint: 'messages_content_check',
    },
    {
      rule: 'a message over 2000 characters',
      sql: `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, repeat('x', 2001))`,
      params: () => [conversation, listing, buyer, seller],
      constraint: 'messages_content_check',
    },
    {
      rule: 'a message to oneself',
      sql: `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content) values ($1, $2, $3, $3, 'hi me')`,
      params: () => [conversation, listing, buyer],
      constraint: 'messages_not_to_oneself',
    },
    {
      rule: 'a conversation with oneself',
      sql: `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $2)`,
      params: () => [listing, seller],
      constraint: 'conversations_buyer_is_not_seller',
    },
    {
      rule: 'a conversation whose seller is not the listing owner',
      sql: `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $2)`,
      params: () => [listing, buyer],
      constraint: 'conversations_seller_is_listing_owner',
    },
    {
      rule: 'a trial sign-up without a valid e-mail',
      sql: `insert into public.trial_users (email) values ('not-an-email')`,
      params: () => [],
      constraint: 'trial_users_email_check',
    },
  ])('refuses $rule with 23514 ($constraint)', async ({ sql, params, constraint }) => {
    const outcome = await attempt(db, null, sql, params())
    expect(outcome.ok ? 'ok' : `${outcome.code} ${outcome.message}`).toMatch(/^23514 /)
    expect(outcome.ok ? null : outcome.message).toContain(constraint)
  })

  it('accepts a message of exactly 2000 characters and stores it trimmed', async () => {
    const outcome = await attempt(
      db,
      asUser(buyer),
      `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content)
       values ($1, $2, $3, $4, $5) returning content`,
      [conversation, listing, buyer, seller, `  ${'x'.repeat(2000)}  `],
    )
    expect(outcome.ok && outcome.rows[0]?.content).toBe('x'.repeat(2000))
  })

  it('refuses, as the buyer, a conversation naming a seller other than the listing owner (23514)', async () => {
    const outcome = await attempt(
      db,
      asUser(buyer),
      `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3)`,
      [await createListing(db, seller), buyer, await createUser(db)],
    )
    expect(outcome.ok ? 'ok' : outcome.code).toBe('23514')
  })
})

describe('uniqueness', () => {
  it('refuses a second trial sign-up with the same e-mail in another letter case (23505)', async () => {
    await run(db, ANON, `insert into public.trial_users (email) values ('twice@example.ch')`)
    const outcome = await attempt(db, ANON, `insert into public.trial_users (email) values ('Twice@Example.CH')`)
    expect(outcome.ok ? 'ok' : `${outcome.code} ${outcome.message}`).toMatch(/^23505 .*trial_users_email_key/)
  })

  it('refuses a second conversation for the same listing and buyer (23505)', async () => {
    const outcome = await attempt(
      db,
      asUser(buyer),
      `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3)`,
      [listing, buyer, seller],
    )
    expect(outcome.ok ? 'ok' : `${outcome.code} ${outcome.message}`).toMatch(/^23505 .*conversations_listing_buyer_key/)
  })

  it('refuses a client-chosen listing id that already exists (23505), so a replayed create cannot duplicate', async () => {
    const outcome = await attempt(
      db,
      asUser(seller),
      `insert into public.listings (id, user_id, title, description, price, condition, category)
       values ($1, $2, 'Wool coat', 'Warm and cosy coat.', 80, 'very_good', 'women')`,
      [listing, seller],
    )
    expect(outcome.ok ? 'ok' : outcome.code).toBe('23505')
  })

  it('lets a replayed create with ON CONFLICT DO NOTHING succeed without a second row', async () => {
    const outcome = await attempt(
      db,
      asUser(seller),
      `insert into public.listings (id, user_id, title, description, price, condition, category)
       values ($1, $2, 'Wool coat', 'Warm and cosy coat.', 80, 'very_good', 'women') on conflict (id) do nothing`,
      [listing, seller],
    )
    expect(outcome).toMatchObject({ ok: true, affected: 0 })
  })
})
