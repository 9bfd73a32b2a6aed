/**
 * New-message pushes end to end without a browser: a seller subscribes (keys this test made, an endpoint on a
 * loopback receiver) through supabase-js, a buyer sends a message through supabase-js, and the receiver must get
 * an aes128gcm POST, signed with the stack's VAPID key for the endpoint's origin, that opens to the expected
 * payload. 404/410 remove the subscription; a push service that does not answer does not hold the insert.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import crypto from 'node:crypto'
import { createHandler as createSendPush, WEBHOOK_SECRET_HEADER } from '../../functions/send-push/handler.ts'
import { startTestStack, type TestStack, type TestUser } from '../testing/test-stack.ts'
import { buildPushRequest } from './index.ts'
import { startPushReceiver, SubscriberKeys, verifyVapid, type PushReceiver } from './testing/push-receiver.ts'

let ts: TestStack
let receiver: PushReceiver
let seller: TestUser
let buyer: TestUser
let listingId: string

beforeAll(async () => {
  ts = await startTestStack()
  receiver = await startPushReceiver()
  seller = await ts.newUser({ firstName: 'Sam', lastName: 'Seller' })
  buyer = await ts.newUser({ firstName: 'Anna', lastName: 'Buyer' })
  const listing = await seller.client
    .from('listings')
    .insert({
      user_id: seller.id,
      title: "Levi's 501 jacket",
      description: 'Worn twice.',
      price: 60,
      condition: 'very_good',
      category: 'men',
    })
    .select('id')
    .single()
  if (listing.error) throw new Error(listing.error.message)
  listingId = listing.data.id as string
})

afterAll(async () => {
  await ts?.stop()
  await receiver?.close()
})

async function subscribe(client: SupabaseClient, path: string, keys = new SubscriberKeys()) {
  const { error } = await client
    .from('push_subscriptions')
    .insert({ endpoint: `${receiver.origin}${path}`, p256dh: keys.p256dh, auth: keys.auth })
  if (error) throw new Error(error.message)
  return keys
}

async function setLanguage(client: SupabaseClient, userId: string, language: string | null) {
  const { error } = await client.from('profiles').update({ language }).eq('id', userId)
  if (error) throw new Error(error.message)
}

async function unsubscribeAll(client: SupabaseClient, userId: string) {
  const { error } = await client.from('push_subscriptions').delete().eq('user_id', userId)
  if (error) throw new Error(error.message)
}

let conversationId: string | undefined

async function sendAsBuyer(content: string): Promise<string> {
  if (!conversationId) {
    const c = await buyer.client
      .from('conversations')
      .insert({ listing_id: listingId, buyer_id: buyer.id, seller_id: seller.id })
      .select('id')
      .single()
    if (c.error) throw new Error(c.error.message)
    conversationId = c.data.id as string
  }
  const m = await buyer.client
    .from('messages')
    .insert({
      conversation_id: conversationId,
      listing_id: listingId,
      sender_id: buyer.id,
      receiver_id: seller.id,
      content,
    })
    .select('id')
    .single()
  if (m.error) throw new Error(m.error.message)
  return m.data.id as string
}

describe('a new message as a Web Push', () => {
  it('reaches the receiver encrypted (aes128gcm), VAPID-signed for the endpoint origin, with the expected payload', async () => {
    const keys = await subscribe(seller.client, '/push/sam-phone')
    const text = 'Is it still available? I could pick it up in Zürich on Saturday morning.'
    await sendAsBuyer(text)
    const push = await receiver.next('/push/sam-phone')

    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(push.headers['ttl']).toMatch(/^\d+$/)
    const claims = verifyVapid(push.headers.authorization, ts.stack.ctx.vapid.publicKey)
    expect(claims.aud).toBe(receiver.origin)
    expect(claims.sub).toMatch(/^(mailto:|https:)/)
    expect(claims.exp * 1000).toBeGreaterThan(Date.now())
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000)

    expect(JSON.parse(keys.decrypt(push.body))).toEqual({
      type: 'message',
      conversation_id: conversationId,
      sender_first_name: 'Anna',
      listing_title: "Levi's 501 jacket",
      text: text.slice(0, 50),
      // No language in the seller's profile: English.
      lang: 'en',
      title: 'New message from Anna',
      body: `Levi's 501 jacket: ${text.slice(0, 50)}`,
    })
    await unsubscribeAll(seller.client, seller.id)
  })

  it("is written in the receiver's profile language: a German receiver gets German text", async () => {
    await setLanguage(seller.client, seller.id, 'de-CH')
    try {
      const keys = await subscribe(seller.client, '/push/sam-de')
      await sendAsBuyer('Ist die Jacke noch zu haben?')
      const push = JSON.parse(keys.decrypt((await receiver.next('/push/sam-de')).body))
      expect(push).toMatchObject({
        lang: 'de-CH',
        title: 'Neue Nachricht von Anna',
        body: "Levi's 501 jacket: Ist die Jacke noch zu haben?",
      })
      // The sender's language plays no part.
      await setLanguage(seller.client, seller.id, 'fr-CH')
      await setLanguage(buyer.client, buyer.id, 'it-CH')
      await unsubscribeAll(seller.client, seller.id)
      const again = await subscribe(seller.client, '/push/sam-fr')
      await sendAsBuyer('Encore là ?')
      expect(JSON.parse(again.decrypt((await receiver.next('/push/sam-fr')).body))).toMatchObject({
        lang: 'fr-CH',
        title: 'Nouveau message de Anna',
      })
    } finally {
      await setLanguage(seller.client, seller.id, null)
      await setLanguage(buyer.client, buyer.id, null)
      await unsubscribeAll(seller.client, seller.id)
    }
  })

  it('goes to every subscription of the receiver and none of the sender', async () => {
    const before = receiver.received.length
    const phone = await subscribe(seller.client, '/push/sam-2')
    const laptop = await subscribe(seller.client, '/push/sam-3')
    await subscribe(buyer.client, '/push/anna-1')
    await sendAsBuyer('Two devices')
    const [a, b] = await Promise.all([receiver.next('/push/sam-2'), receiver.next('/push/sam-3')])
    expect(JSON.parse(phone.decrypt(a.body)).text).toBe('Two devices')
    expect(JSON.parse(laptop.decrypt(b.body)).text).toBe('Two devices')
    await ts.stack.pushesSent()
    expect(
      receiver.received
        .slice(before)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/push/sam-2', '/push/sam-3'])
    await unsubscribeAll(seller.client, seller.id)
    await unsubscribeAll(buyer.client, buyer.id)
  })

  it.each([410, 404])('removes a subscription the push service answers %i to, and keeps the others', async (status) => {
    receiver.answer(`/push/gone-${status}`, status)
    await subscribe(seller.client, `/push/gone-${status}`)
    await subscribe(seller.client, `/push/kept-${status}`)
    await sendAsBuyer(`Answered ${status}`)
    await receiver.next(`/push/gone-${status}`)
    await ts.stack.pushesSent()
    const { data } = await seller.client.from('push_subscriptions').select('endpoint')
    expect((data ?? []).map((r) => r.endpoint)).toEqual([`${receiver.origin}/push/kept-${status}`])
    await unsubscribeAll(seller.client, seller.id)
  })

  it('keeps a subscription on a transient failure (500)', async () => {
    receiver.answer('/push/flaky', 500)
    await subscribe(seller.client, '/push/flaky')
    await sendAsBuyer('Server trouble')
    await receiver.next('/push/flaky')
    await ts.stack.pushesSent()
    const { data } = await seller.client.from('push_subscriptions').select('endpoint')
    expect((data ?? []).map((r) => r.endpoint)).toEqual([`${receiver.origin}/push/flaky`])
    await unsubscribeAll(seller.client, seller.id)
  })

  it('does not hold the insert while the push service takes its time', async () => {
    receiver.answer('/push/slow', 'hold')
    await subscribe(seller.client, '/push/slow')
    await sendAsBuyer('First, while the push service hangs')
    await receiver.next('/push/slow')
    // The first push request is still open: further messages are inserted and answered all the same.
    receiver.answer('/push/slow', 201)
    await sendAsBuyer('Second')
    await sendAsBuyer('Third')
    receiver.release()
    await ts.stack.pushesSent()
    await unsubscribeAll(seller.client, seller.id)
  })

  it('serves the public key the pushes are signed with to the app (GET functions/v1/send-push)', async () => {
    const { data, error } = await ts.anon().functions.invoke('send-push', { method: 'GET' })
    expect(error).toBeNull()
    expect(data).toEqual({ publicKey: ts.stack.ctx.vapid.publicKey })
  })
})

describe('the send-push function (the hosted path: a Database Webhook POSTs the inserted row)', () => {
  const SECRET = 'webhook-secret-for-tests'
  const env = (name: string): string | undefined =>
    ({
      SUPABASE_URL: ts.url,
      SUPABASE_SERVICE_ROLE_KEY: ts.serviceRoleKey,
      VAPID_PUBLIC_KEY: ts.stack.ctx.vapid.publicKey,
      VAPID_PRIVATE_KEY: ts.stack.ctx.vapid.privateKey,
      PUSH_WEBHOOK_SECRET: SECRET,
      KREIS_PUSH_ALLOW_LOOPBACK_HTTP: '1',
    })[name]
  const webhook = (body: unknown, secret = SECRET) =>
    new Request('http://functions.local/send-push', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [WEBHOOK_SECRET_HEADER]: secret },
      body: JSON.stringify(body),
    })

  it('refuses a caller without the webhook secret', async () => {
    const handler = createSendPush(env, buildPushRequest)
    const res = await handler(
      webhook({ type: 'INSERT', table: 'messages', record: { id: crypto.randomUUID() } }, 'guess'),
    )
    expect(res.status).toBe(401)
  })

  it('reads the message and subscriptions through the REST API and sends the same push', async () => {
    const keys = await subscribe(seller.client, '/push/fn-1')
    const id = await sendAsBuyer('Through the function')
    await ts.stack.pushesSent()
    const before = receiver.received.filter((r) => r.path === '/push/fn-1').length
    const res = await createSendPush(
      env,
      buildPushRequest,
    )(webhook({ type: 'INSERT', table: 'messages', schema: 'public', record: { id } }))
    expect(await res.json()).toEqual({ sent: 1, removed: 0, failed: 0 })
    const pushes = receiver.received.filter((r) => r.path === '/push/fn-1')
    expect(pushes).toHaveLength(before + 1)
    expect(JSON.parse(keys.decrypt(pushes.at(-1)!.body))).toMatchObject({
      text: 'Through the function',
      sender_first_name: 'Anna',
    })
    await unsubscribeAll(seller.client, seller.id)
  })

  it("words the push in the receiver's language, read with the service_role key", async () => {
    await setLanguage(seller.client, seller.id, 'it-CH')
    try {
      const keys = await subscribe(seller.client, '/push/fn-it')
      const id = await sendAsBuyer('Ancora disponibile?')
      await ts.stack.pushesSent()
      const before = receiver.received.filter((r) => r.path === '/push/fn-it').length
      const res = await createSendPush(
        env,
        buildPushRequest,
      )(webhook({ type: 'INSERT', table: 'messages', schema: 'public', record: { id } }))
      expect(await res.json()).toEqual({ sent: 1, removed: 0, failed: 0 })
      const pushes = receiver.received.filter((r) => r.path === '/push/fn-it')
      expect(pushes).toHaveLength(before + 1)
      expect(JSON.parse(keys.decrypt(pushes.at(-1)!.body))).toMatchObject({
        lang: 'it-CH',
        title: 'Nuovo messaggio da Anna',
        body: "Levi's 501 jacket: Ancora disponibile?",
      })
    } finally {
      await setLanguage(seller.client, seller.id, null)
      await unsubscribeAll(seller.client, seller.id)
    }
  })
})
