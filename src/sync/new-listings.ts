/**
 * The feed's "N new listings" signal: listings created by others that realtime announced since the user last looked
 * at the newest ones. Realtime inserts arrive whether or not the feed is on screen; the feed shows the count as a
 * small notice and clears it when the user takes it (or opens the first page).
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'

export const newListingsStore = createStore<{ ids: readonly string[] }>(() => ({ ids: [] }))

/** A listing announced as created just now, which this device did not hold (not its own write's echo). */
export function noteNewListing(id: string): void {
  const { ids } = newListingsStore.getState()
  if (!ids.includes(id)) newListingsStore.setState({ ids: [...ids, id] })
}

/** The user took the notice (or looks at the newest listings): the count starts again from 0. */
export function clearNewListings(): void {
  if (newListingsStore.getState().ids.length) newListingsStore.setState({ ids: [] })
}

export function useNewListingsCount(): number {
  return useStore(newListingsStore, (s) => s.ids.length)
}
