/**
 * The fault suite's account switch with writes queued (S1): the device's session ends without its Sign Out (signed
 * out everywhere, a revoked token) while its person's writes wait in the outbox; another account signs in on the
 * device and syncs; it signs out (Sign Out, nothing of its own unsent) and the first person signs in again.
 * What must hold, checked on the way: while the other account is signed in, none of the first person's writes is
 * sent (its transport makes no write request at all: it wrote nothing itself), the outbox is empty and every one of
 * them is counted as waiting for another account; once the owner is back, they are all in the outbox again. That
 * they then reach the server, once, with the person's last edit winning, is the scenario oracle's end check.
 */
import { clearUserData, adoptOwner, endSession } from '../signed-in-user'
import { writesWaitingForOtherAccounts } from '../outbox'
import type { Device } from './harness'

/** Runs the switch on `d` with `other` as the other account; returns what went wrong, or null. */
export async function switchAccountsMidQueue(d: Device, other: string): Promise<string | null> {
  await d.engine.idle()
  // The device's person has been signed in all along (the app adopts its owner at sign-in).
  await adoptOwner(d.db, d.userId)
  const queued = await d.db.outbox.count()
  await endSession(d.db)
  d.signIn(other)
  await adoptOwner(d.db, other)
  await d.engine.sync('start').catch(() => {})
  await d.engine.idle()
  const sentAsOther = d.transport.writes
  const left = await d.db.outbox.count()
  const parked = await writesWaitingForOtherAccounts(d.db)
  const ownProfile = await d.db.my_profile.get(d.userId)
  // The other account signs out with nothing unsent (Sign Out clears its data), and the person signs in again.
  await clearUserData(d.db)
  d.signIn(d.userId)
  await adoptOwner(d.db, d.userId)
  const back = await d.db.outbox.count()
  if (sentAsOther > 0)
    return `${d.name}: ${sentAsOther} write requests sent while another account was signed in (${queued} of ${d.userId}'s writes queued)`
  if (left !== 0) return `${d.name}: ${left} entries in the outbox while another account was signed in`
  if (parked !== queued) return `${d.name}: ${parked} writes kept for their owner, ${queued} were queued`
  if (ownProfile) return `${d.name}: the first account's own profile was still on the device for another account`
  if (back !== queued) return `${d.name}: ${back} writes back in the outbox for their owner, ${queued} were queued`
  return null
}
