import { useEffect } from 'react'
import { useDatabase } from '@/db/database-context'
import { noteListingOpened } from '@/db/repositories/window'

/** Records the opened listing in the device's recently opened list, so it stays on the device (the window). */
export function useNoteOpened(id: string, shown: boolean): void {
  const db = useDatabase()
  useEffect(() => {
    if (shown) void noteListingOpened(db, id).catch(() => undefined)
  }, [db, id, shown])
}
