/**
 * This browser's Web Push subscription added to or removed from the user's account: the last of consecutive changes
 * is the state to reach (an insert that replaces the endpoint's row, or a delete); nothing in the mirror changes.
 */
import type { KreisDatabase } from '@/db/database'
import type { OutboxOp, PushSubscriptionWrite } from '@/db/rows'
import { entry } from './enqueue'
import { defineKind, last, opOf } from './kind'

/**
 * Adds (subscribed) or removes this browser's Web Push subscription on the user's account, through the outbox like
 * every write: subscribing offline reaches the server on the next connection. Consecutive changes of one endpoint
 * go as the last.
 */
export async function setPushSubscription(
  db: KreisDatabase,
  subscription: PushSubscriptionWrite,
  subscribed: boolean,
  now: number,
): Promise<void> {
  const op: OutboxOp = { kind: 'push.subscription', subscription: { ...subscription }, subscribed }
  await db.outbox.add(entry(`push:${subscription.endpoint}`, op, now))
}

export const pushSubscription = defineKind<void>({
  kinds: ['push.subscription'],
  unit: 'last-state',
  batched: false,
  send({ transport }, [unit]) {
    const op = opOf<'push.subscription'>(last(unit!))
    return transport.setPushSubscription(op.subscription, op.subscribed)
  },
  tables: () => [],
  acknowledge: async () => {},
  refusal: async () => ({ code: 'write_failed' }),
})
