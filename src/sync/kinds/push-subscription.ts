/**
 * This browser's Web Push subscription added to or removed from the user's account: the last of consecutive changes
 * is the state to reach (an insert that replaces the endpoint's row, or a delete); nothing in the mirror changes.
 */
import { defineKind, last, opOf } from './kind'

export const pushSubscription = defineKind<void>({
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
