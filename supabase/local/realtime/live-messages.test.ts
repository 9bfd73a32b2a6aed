import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, supabaseClient, type TestStack } from '../testing/test-stack.ts'

// The product's own messages table (migrations), the demo accounts of the seed, and only supabase-js on the wire:
// what the app's messaging screen does (docs/product.md §5: live messages via a realtime INSERT subscription per listing).
const ANNA = 'anna@demo.kreis.ch' // seller
const NOAH = 'noah@demo.kreis.ch' // buyer
const MIA = 'mia@demo.kreis.ch' // unrelated to Noah and Anna's conversation
const SOPHIE_ID = '00000000-0000-4000-8000-000000000003'

let ts: TestStack
const clients: SupabaseClient[] = []

async function signIn(email: string): Promise<{ client: SupabaseClient; id: string }> {
  const client = supabaseClient(ts.url, ts.anonKey)
  clients.push(client)
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'kreis-demo' })
  if (error || !data.session) throw new Error(`sign-in of ${email} failed: ${error?.message}`)
  await client.realtime.setAuth(data.session.access_token)
  return { client, id: data.user.id }
}

interface MessageRow {
  id: string
  listing_id: string
  sender_id: string
  receiver_id: string
  content: string
}

function listen(client: SupabaseClient, filter?: string): Promise<MessageRow[]> {
  const received: MessageRow[] = []
  return new Promise((resolve, reject) => {
    client
      .channel(`messages-${filter ?? 'all'}-${clients.indexOf(client)}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'messages', ...(filter ? { filter } : {}) },
        (payload) => received.push(payload.new as MessageRow),
      )
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve(received)
        else if (status !== 'CLOSED') reject(new Error(`${status}: ${err?.message}`))
      })
  })
}

async function send(client: SupabaseClient, listingId: string, buyerId: string, sellerId: string, content: string) {
  // As the app does: the conversation for this listing and buyer, created when there is none yet (the seed has some).
  const found = await client.from('conversations').select('id').eq('listing_id', listingId).eq('buyer_id', buyerId)
  let conversationId = (found.data as { id: string }[] | null)?.[0]?.id
  if (!conversationId) {
    const created = await client
      .from('conversations')
      .insert({ listing_id: listingId, buyer_id: buyerId, seller_id: sellerId })
      .select('id')
      .single()
    if (created.error) throw new Error(`conversation: ${created.error.message}`)
    conversationId = created.data.id as string
  }
  const message = await client
    .from('messages')
    .insert({
      conversation_id: conversationId,
      listing_id: listingId,
      sender_id: buyerId,
      receiver_id: sellerId,
      content,
    })
    .select('id')
    .single()
  if (message.error) throw new Error(`message: ${message.error.message}`)
  return message.data.id as string
}

beforeAll(async () => {
  ts = await startTestStack()
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()))
  await ts?.stop()
})

describe('live messages between two people, and nobody else', () => {
  it('delivers a buyer’s message to the seller as it is sent, and nothing of it to a third person', async () => {
    const anna = await signIn(ANNA)
    const noah = await signIn(NOAH)
    const mia = await signIn(MIA)
    const listing = async (owner: string) =>
      (
        await ts.stack.ctx.db.pg.query<{ id: string }>(
          `select id from public.listings where user_id = $1 and status = 'active' order by created_at limit 1`,
          [owner],
        )
      ).rows[0]!.id
    const annasListing = await listing(anna.id)
    const sophiesListing = await listing(SOPHIE_ID)

    const forAnna = await listen(anna.client, `listing_id=eq.${annasListing}`)
    const forMiaSameListing = await listen(mia.client, `listing_id=eq.${annasListing}`)
    const forMiaAll = await listen(mia.client)

    const messageId = await send(noah.client, annasListing, noah.id, anna.id, 'Is the skirt still available?')
    await expect.poll(() => forAnna.length).toBe(1)
    expect(forAnna[0]).toMatchObject({
      id: messageId,
      sender_id: noah.id,
      receiver_id: anna.id,
      content: 'Is the skirt still available?',
    })

    // Mia's own message is the marker: her socket delivers in order, so anything about Noah's would have come first.
    const miasOwn = await send(mia.client, sophiesListing, mia.id, SOPHIE_ID, 'Hello Sophie')
    await expect.poll(() => forMiaAll.length).toBe(1)
    expect(forMiaAll.map((m) => m.id)).toEqual([miasOwn])
    expect(forMiaSameListing).toEqual([])
  })
})
