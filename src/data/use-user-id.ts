/** Who is signed in, for screens: the user's id, null when signed out, undefined while the cached session is read. */
import { useSession } from '@/sync/signed-in-user'

export function useUserId(): string | null | undefined {
  return useSession((s) => (s.status === 'signed-in' ? s.userId : s.status === 'signed-out' ? null : undefined))
}
