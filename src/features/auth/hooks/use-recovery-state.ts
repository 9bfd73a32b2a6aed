import { useEffect, useState } from 'react'
import { recoveryState, useDatabase, type RecoveryState } from '@/data'

/** What /auth/reset-password can do (undefined while the link in the URL is read). */
export function useRecoveryState(): RecoveryState | undefined {
  const db = useDatabase()
  const [state, setState] = useState<RecoveryState>()
  useEffect(() => {
    let live = true
    recoveryState(db).then(
      (s) => live && setState(s),
      () => live && setState({ kind: 'invalid' }),
    )
    return () => {
      live = false
    }
  }, [db])
  return state
}
