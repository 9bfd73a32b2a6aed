/**
 * A favourite set or cleared (O1): the last of consecutive toggles is the state to reach, sent with the time of that
 * toggle so the server keeps the latest toggle of all the account's devices (L1), not the last to arrive; the answer
 * changes nothing in the mirror (the next pull applies the account's whole set, the winner's state included).
 */
import { defineKind, last, opOf } from './kind'

export const favouriteSet = defineKind<void>({
  unit: 'last-state',
  batched: false,
  send({ transport }, [unit]) {
    const op = opOf<'favourite.set'>(last(unit!))
    return transport.setFavorite(op.user_id, op.listing_id, op.favourite, op.created_at, op.edited_at)
  },
  tables: () => [],
  acknowledge: async () => {},
  refusal: async () => ({ code: 'write_failed' }),
})
