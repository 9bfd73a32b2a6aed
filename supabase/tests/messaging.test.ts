/**
 * Conversation and message rules beyond the matrix: who may open a conversation on which listing, when a
 * message may be sent, the server filling in conversation_id for the spec's send payload, and last_message_at.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { asUser, createListing, createUser, run, sqlState } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: string
let buyer: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await createUser(db)
  buyer = await createUser(db)
})

afterAll(async () => {
  await ts?.stop()
})

const OPEN = `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3) returning id, last_message_at`
const SEND = `insert into public.messages (listing_id, sender_id, receiver_id, content) values ($1, $2, $3, $4)
  returning conversation_id, content, created_at`

async function openConversation(listing: string): Promise<{ id: string; last_message_at: Date }> {
  const [row] = await run<{ id: string; last_message_at: Date }>(db, asUser(buyer), OPEN, [listing, buyer, seller])
  return row!
}

describe('opening a conversation', () => {
  it('is allowed to a buyer on someone else’s active listing, with the seller filled in when left out', async () => {
    const listing = await createListing(db, seller)
    const [row] = await run(
      db,
      asUser(buyer),
      `insert into public.conversations (listing_id, buyer_id) values ($1, $2) returning seller_id`,
      [listing, buyer],
    )
    expect(row).toEqual({ seller_id: seller })
  })

  it('is refused on one’s own listing (42501)', async () => {
    const listing = await createListing(db, seller)
    expect(await sqlState(db, asUser(seller), OPEN, [listing, seller, seller])).toBe('42501')
  })

  it('is refused on a sold listing (42501)', async () => {
    const listing = await createListing(db, seller, { status: 'sold' })
    expect(await sqlState(db, asUser(buyer), OPEN, [listing, buyer, seller])).toBe('42501')
  })
})

describe('sending a message', () => {
  it('finds the conversation from the spec payload (listing, sender, receiver) and trims the text', async () => {
    const listing = await createListing(db, seller)
    const conversation = await openConversation(listing)
    const [row] = await run(db, asUser(buyer), SEND, [listing, buyer, seller, '  Hello!  '])
    expect(row).toMatchObject({ conversation_id: conversation.id, content: 'Hello!' })
  })

  it('moves the conversation’s last_message_at to the newest message', async () => {
    const listing = await createListing(db, seller)
    const conversation = await openConversation(listing)
    await run(db, asUser(buyer), SEND, [listing, buyer, seller, 'First'])
    const [reply] = await run<{ created_at: Date }>(db, asUser(seller), SEND, [listing, seller, buyer, 'Reply'])
    const [after] = await run<{ last_message_at: Date }>(
      db,
      null,
      `select last_message_at from public.conversations where id = $1`,
      [conversation.id],
    )
    expect(after!.last_message_at).toEqual(reply!.created_at)
    expect(after!.last_message_at.getTime()).toBeGreaterThan(conversation.last_message_at.getTime())
  })

  it('moves each conversation once per statement, to its newest row, when one insert carries several conversations', async () => {
    const listing = await createListing(db, seller)
    const other = await createListing(db, seller)
    const first = await openConversation(listing)
    const second = await openConversation(other)
    await db.pg.exec(`
      create temp table conversation_updates (conversation_id uuid);
      create function pg_temp.count_conversation_update() returns trigger language plpgsql as
        'begin insert into pg_temp.conversation_updates values (new.id); return null; end';
      create trigger test_count_updates after update on public.conversations
        for each row execute function pg_temp.count_conversation_update();
    `)
    onTestFinished(async () => {
      await db.pg.exec(
        `drop trigger test_count_updates on public.conversations; drop table pg_temp.conversation_updates`,
      )
    })
    const rows = await run<{ conversation_id: string; created_at: Date }>(
      db,
      asUser(buyer),
      `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content)
       select c, l, $3, $4, 'queued ' || i
       from unnest($1::uuid[], $2::uuid[]) with ordinality as t(c, l, i)
       returning conversation_id, created_at`,
      [[first.id, second.id, first.id, first.id], [listing, other, listing, listing], buyer, seller],
    )
    const newest = (id: string) =>
      new Date(Math.max(...rows.filter((r) => r.conversation_id === id).map((r) => r.created_at.getTime())))
    const after = await run<{ id: string; last_message_at: Date }>(
      db,
      null,
      `select id, last_message_at from public.conversations where id = any($1)`,
      [[first.id, second.id]],
    )
    expect(after.find((c) => c.id === first.id)!.last_message_at).toEqual(newest(first.id))
    expect(after.find((c) => c.id === second.id)!.last_message_at).toEqual(newest(second.id))
    // Each conversation row was written once (each write is a realtime change for the two participants).
    expect(
      await run(db, null, `select conversation_id, count(*)::int as n from conversation_updates group by 1 order by 1`),
    ).toEqual(
      [
        { conversation_id: first.id, n: 1 },
        { conversation_id: second.id, n: 1 },
      ].sort((a, b) => (a.conversation_id < b.conversation_id ? -1 : 1)),
    )
  })

  it('is refused once the listing is sold, even inside an existing conversation (42501)', async () => {
    const listing = await createListing(db, seller)
    await openConversation(listing)
    await run(db, asUser(seller), `update public.listings set status = 'sold' where id = $1`, [listing])
    expect(await sqlState(db, asUser(buyer), SEND, [listing, buyer, seller, 'Still available?'])).toBe('42501')
    expect(await sqlState(db, asUser(seller), SEND, [listing, seller, buyer, 'Sorry, sold'])).toBe('42501')
  })

  it('is refused into a conversation about another listing (42501)', async () => {
    const listing = await createListing(db, seller)
    const elsewhere = await createListing(db, seller)
    const conversation = await openConversation(listing)
    const sql = `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, 'Hi')`
    expect(await sqlState(db, asUser(buyer), sql, [conversation.id, elsewhere, buyer, seller])).toBe('42501')
  })

  it('is refused to someone outside the conversation (42501)', async () => {
    const listing = await createListing(db, seller)
    const conversation = await openConversation(listing)
    const stranger = await createUser(db)
    const sql = `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, 'Hi')`
    expect(await sqlState(db, asUser(buyer), sql, [conversation.id, listing, buyer, stranger])).toBe('42501')
  })

  it('is refused when no conversation was opened first (42501)', async () => {
    const listing = await createListing(db, seller)
    expect(await sqlState(db, asUser(buyer), SEND, [listing, buyer, seller, 'Hi'])).toBe('42501')
  })
  it('keeps the order of several messages sent in one statement (a device draining its queue), strictly', async () => {
    const listing = await createListing(db, seller)
    await openConversation(listing)
    const contents = Array.from({ length: 30 }, (_, i) => `queued ${i}`)
    await run(
      db,
      asUser(buyer),
      `insert into public.messages (listing_id, sender_id, receiver_id, content, created_at)
       select $1, $2, $3, c, '2001-01-01' from unnest($4::text[]) with ordinality as u(c, n) order by n`,
      [listing, buyer, seller, contents],
    )
    const rows = await run<{ content: string; created_at: Date; updated_at: Date }>(
      db,
      null,
      `select content, created_at, updated_at from public.messages where listing_id = $1 order by created_at, id`,
      [listing],
    )
    expect(rows.map((r) => r.content)).toEqual(contents)
    // No two share an instant (microseconds, compared in SQL), none has the client's made-up time, and the sync
    // cursor moves with them.
    const [distinct] = await run<{ n: number }>(
      db,
      null,
      `select count(distinct created_at)::int as n from public.messages where listing_id = $1`,
      [listing],
    )
    expect(distinct!.n).toBe(contents.length)
    expect(rows[0]!.created_at.getTime()).toBeGreaterThan(Date.UTC(2020, 0, 1))
    for (const r of rows) expect(r.updated_at).toEqual(r.created_at)
  })

  it('stamps a message after the newest one of its conversation even if the clock says otherwise', async () => {
    const listing = await createListing(db, seller)
    const conversation = await openConversation(listing)
    const future = new Date(Date.now() + 60_000)
    await run(
      db,
      null,
      `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content, created_at) values ($1, $2, $3, $4, 'from the future', $5)`,
      [conversation.id, listing, seller, buyer, future],
    )
    await run(db, asUser(buyer), SEND, [listing, buyer, seller, 'after it'])
    const thread = await run<{ content: string }>(
      db,
      null,
      `select content from public.messages where conversation_id = $1 order by created_at, id`,
      [conversation.id],
    )
    expect(thread.map((m) => m.content)).toEqual(['from the future', 'after it'])
  })
})
