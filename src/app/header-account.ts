/**
 * The seam between the shell and sessions: the header's view of the live session (src/sync/signed-in-user.ts). While the
 * cached session is read it is 'loading'; signed in, the avatar shows the initial of the own profile's first name
 * from the mirror (offline too), else of the e-mail, and Sign Out goes through signOutUser, which refuses to drop
 * unsent writes unless the user confirmed (the header asks).
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback } from 'react'
import { signOutUser, useDatabase, useSession, type SignOutResult } from '@/data'
import { avatarInitial } from '@/domain/profile'

export type HeaderSession =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in'
      /** The first name when the profile is on the device, else the e-mail. */
      displayName: string
      initial: string
      /** Without `confirmed`, unsent writes stop the sign-out and their count comes back. */
      signOut: (opts?: { confirmed?: boolean }) => Promise<SignOutResult>
    }

export function useHeaderSession(): HeaderSession {
  const db = useDatabase()
  const status = useSession((s) => s.status)
  const userId = useSession((s) => (s.status === 'signed-in' ? s.userId : null))
  const email = useSession((s) => (s.status === 'signed-in' ? s.email : null))
  const firstName = useLiveQuery(
    async () => (userId ? ((await db.my_profile.get(userId))?.first_name ?? null) : null),
    [db, userId],
  )
  const signOut = useCallback((opts?: { confirmed?: boolean }) => signOutUser(opts, db), [db])
  if (status !== 'signed-in') return { status }
  return {
    status,
    displayName: firstName?.trim() || email || '',
    initial: avatarInitial({ firstName, email }),
    signOut,
  }
}
