/**
 * Broadcast with Authorization, as the local stack offers it: a channel joined with `config.private: true` is
 * private, and a private topic may be joined only by whom the project's policy lets read it. Hosted Supabase asks
 * row-level security on realtime.messages; this project has one such policy (docs/product.md#R-favourites-live):
 * a signed-in user reads `user:<own id>`, nobody else does. Signals go to private channels only, and the policy is
 * asked again when one is sent, so a channel whose token changed hands hears nothing meant for the old user.
 */
import type { Claims } from '../db/database.ts'

export const USER_TOPIC_PREFIX = 'user:'

/** Whether these claims may read the private topic `name` (the part after "realtime:"). */
export function mayReadPrivateTopic(name: string, claims: Claims): boolean {
  return (
    claims.role === 'authenticated' &&
    typeof claims.sub === 'string' &&
    claims.sub !== '' &&
    name === `${USER_TOPIC_PREFIX}${claims.sub}`
  )
}

/** Hosted Realtime's refusal of a private join the policy does not allow. */
export const privateTopicRefusal = (name: string): string =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`

/** Whether a join payload asks for a private channel (realtime-js sends `config.private`). */
export function asksPrivate(config: unknown): boolean {
  return typeof config === 'object' && config !== null && (config as { private?: unknown }).private === true
}
