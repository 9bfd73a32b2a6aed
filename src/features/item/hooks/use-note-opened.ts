import { useEffect } from 'react'
import { noteListingOpened, useDatabase } from '@/data'

/** Records the opened listing in the device's recently opened list, so it stays on the device (the window). */
export function useNoteOpened(id: string, shown: boolean): void {
  const db = useDatabase()
  useEffect(() => {
    if (shown) void noteListingOpened(db, id).catch(() => undefined)
  }, [db, id, shown])
}
