import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase, type MyProfileRow } from '@/data'

export type MyProfileRead = { row: MyProfileRow | null } | { error: true }

/**
 * The signed-in user's own profile from the mirror (offline too): undefined while it loads, `row: null` until the
 * first pull brought it, `error` when the device's database could not be read.
 */
export function useMyProfile(userId: string | null | undefined): MyProfileRead | undefined {
  const db = useDatabase()
  return useLiveQuery(async (): Promise<MyProfileRead | undefined> => {
    if (!userId) return undefined
    try {
      return { row: (await db.my_profile.get(userId)) ?? null }
    } catch {
      return { error: true }
    }
  }, [db, userId])
}
