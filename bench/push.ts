/**
 * New-message pushes: a buyer inserts a message through supabase-js and the time until the seller's push request
 * reaches a push service stand-in (an HTTP receiver on loopback, answering 201 at once) is measured. The clock
 * starts before the insert request is sent, so each sample is an upper bound of "message inserted → push request
 * leaves the stack": it also holds the insert's own round trip, the sender's query and the encryption. Sequential
 * messages, one subscription. Budget: p95 ≤ 200 ms.
 */
import { percentile, type Figure } from './figure.ts'
import { startTestStack } from '../supabase/local/testing/test-stack.ts'
import { startPushReceiver, SubscriberKeys } from '../supabase/local/push/testing/push-receiver.ts'

const WARMUP = 10
const SAMPLES = 200
const BUDGET_P95_MS = 200

export async function run(): Promise<Figure[]> {
  const ts = await startTestStack()
  const receiver = await startPushReceiver()
  try {
    const seller = await ts.newUser({ firstName: 'Sam', lastName: 'Seller' })
    const buyer = await ts.newUser({ firstName: 'Anna', lastName: 'Buyer' })
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
    const conversation = await buyer.client
      .from('conversations')
      .insert({ listing_id: listing.data.id, buyer_id: buyer.id, seller_id: seller.id })
      .select('id')
      .single()
    if (conversation.error) throw new Error(conversation.error.message)
    const keys = new SubscriberKeys()
    const sub = await seller.client
      .from('push_subscriptions')
      .insert({ endpoint: `${receiver.origin}/push/bench`, p256dh: keys.p256dh, auth: keys.auth })
    if (sub.error) throw new Error(sub.error.message)

    const samples: number[] = []
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const arrived = receiver.nth(i)
      const t0 = performance.now()
      const m = await buyer.client.from('messages').insert({
        conversation_id: conversation.data.id,
        listing_id: listing.data.id,
        sender_id: buyer.id,
        receiver_id: seller.id,
        content: `Is it still available? (${i})`,
      })
      if (m.error) throw new Error(m.error.message)
      const { at } = await arrived
      if (i >= WARMUP) samples.push(at - t0)
    }
    const p95 = percentile(samples, 95)
    return [
      {
        figure: 'message inserted → push request leaves the stack, p95',
        value: p95,
        unit: 'ms',
        budget: { op: '<=', limit: BUDGET_P95_MS },
        command: 'npm run bench -- push',
        note: `${SAMPLES} sequential messages, 1 subscription on a loopback receiver; from before the insert request to the push request's arrival (an upper bound); p50 ${percentile(samples, 50).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`,
      },
    ]
  } finally {
    await ts.stop()
    await receiver.close()
  }
}
