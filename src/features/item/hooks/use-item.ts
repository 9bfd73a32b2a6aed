import { useEffect, useRef, useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import {
  listingImages,
  requestListing,
  useDatabase,
  type KreisDatabase,
  type ListingImageRow,
  type ListingRow,
} from '@/data'
import type { ItemRequest } from '@/domain/item-page'
import { useOnlineStatus } from '@/ui/use-online-status'

export interface ItemData {
  readonly listing: ListingRow
  /** In display order (image_order). */
  readonly images: readonly ListingImageRow[]
}

/** One listing and its images from the mirror, read together; null when the device does not hold it. */
export function readItem(db: KreisDatabase, id: string): Promise<ItemData | null> {
  return db.transaction('r', [db.listings, db.listing_images], async () => {
    const listing = await db.listings.get(id)
    return listing ? { listing, images: await listingImages(db, id) } : null
  })
}

export interface UseItem {
  /** undefined while the device reads its mirror; null when it holds no such listing. */
  readonly data: ItemData | null | undefined
  /** Asking the server for a listing the device does not hold (online only). */
  readonly request: ItemRequest
  readonly online: boolean
}

/**
 * The item page's listing, live from the mirror (so it opens offline and follows edits and sales). A listing the
 * device does not hold yet is asked from the server once per id while online; the answer lands in the mirror and
 * reaches the page through the same live query.
 */
export function useItem(id: string): UseItem {
  const db = useDatabase()
  const online = useOnlineStatus()
  const live = useLiveQuery(() => readItem(db, id), [db, id])
  // A result for the previous id (the query re-runs after a navigation) counts as not read yet.
  const data = live && live.listing.id !== id ? undefined : live
  const [answers, setAnswers] = useState<Readonly<Record<string, ItemRequest>>>({})
  const asked = useRef(new Set<string>())
  const wants = data === null && online

  useEffect(() => {
    if (!wants || asked.current.has(id)) return
    asked.current.add(id)
    void requestListing(id, db).then((answer) => setAnswers((a) => ({ ...a, [id]: answer })))
  }, [wants, id, db])

  const request: ItemRequest = answers[id] ?? (wants ? 'pending' : 'idle')
  return { data, request, online }
}
