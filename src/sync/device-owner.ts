import type { KreisDatabase } from '@/db/database'

/**
 * The meta row naming the account whose data the device holds: session.ts adoptOwner sets it, clearing a user's data
 * sets it to null (nobody's: signed out). No row: never recorded (a device from before, or a test's database).
 */
export const OWNER_KEY = 'owner'

/** The account whose data the device holds, or undefined (nobody's, or never recorded). */
export async function deviceOwner(db: KreisDatabase): Promise<string | undefined> {
  return ((await db.meta.get(OWNER_KEY))?.value as string | null | undefined) ?? undefined
}

/**
 * Whether `userId`'s private rows may be stored: read inside the transaction that stores them, so a pull that was in
 * flight when its user signed out (or another account signed in) stores nothing of theirs.
 */
export async function stillOwnedBy(db: KreisDatabase, userId: string): Promise<boolean> {
  return (await ownerTakesPart(db))(userId)
}

/**
 * Whether a private row with these participants may be stored (read inside the storing transaction): the device's
 * owner takes part in it. A realtime event for a user who signed out meanwhile stores nothing.
 */
export async function ownerTakesPart(db: KreisDatabase): Promise<(...participants: string[]) => boolean> {
  const row = await db.meta.get(OWNER_KEY)
  if (row === undefined) return () => true
  const owner = row.value
  return (...participants) => typeof owner === 'string' && participants.includes(owner)
}
