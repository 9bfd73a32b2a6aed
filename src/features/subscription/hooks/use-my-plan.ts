import { useLiveQuery } from 'dexie-react-hooks'
import { myPlanProfile, useDatabase, type MyProfileRow } from '@/data'

export type MyPlanRead = { row: MyProfileRow | null } | { error: true }

/**
 * The own profile row from the mirror (subscription fields included; offline too): undefined while it loads,
 * `row: null` until the first pull brought it, `error` when the device's database could not be read.
 */
export function useMyPlan(userId: string | null | undefined): MyPlanRead | undefined {
  const db = useDatabase()
  return useLiveQuery(async (): Promise<MyPlanRead | undefined> => {
    if (!userId) return undefined
    try {
      return { row: (await myPlanProfile(db, userId)) ?? null }
    } catch {
      return { error: true }
    }
  }, [db, userId])
}
