/**
 * Where an image is shown from: a photo still on the device (not yet on the server, or not yet acknowledged)
 * from its local blob as an object URL, a storage path from the bucket's public URL, an http(s) URL as it is.
 * Screens use `useImageSrc(image_url)` for listing photos and profile pictures alike.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { env } from '@/config/env'
import { resolveImageUrl } from '@/domain/listing-view'
import { cardImagePath, cardSrcSet } from '@/domain/photos'
import type { KreisDatabase } from './database'
import { useDatabase } from './database-context'
import type { PhotoBlobRow } from './rows'

const isHttp = (url: string): boolean => /^https?:\/\//i.test(url)

/**
 * The device's blob for a storage path, if it still holds one. Paths end in `{photo id}.{ext}` (the photo_blobs
 * key), so this is one key read.
 */
export async function localPhoto(db: KreisDatabase, path: string): Promise<PhotoBlobRow | undefined> {
  if (isHttp(path)) return undefined
  const file = path.slice(path.lastIndexOf('/') + 1)
  const id = file.includes('.') ? file.slice(0, file.lastIndexOf('.')) : file
  const row = await db.photo_blobs.get(id)
  return row?.path === path ? row : undefined
}

/** The remote URL of an image_url / profile_picture_url (no local lookup). */
export function remoteImageUrl(imageUrl: string, supabaseUrl: string = env.supabaseUrl): string {
  return resolveImageUrl(imageUrl, supabaseUrl)
}

/**
 * Object URLs of local blobs (one per Blob read), revoked when the last component showing it unmounts, a tick
 * later, so a remount in the same commit (React's StrictMode) keeps it.
 */
const objectUrls = new WeakMap<Blob, { url: string; users: number; timer?: ReturnType<typeof setTimeout> }>()

function objectUrlOf(blob: Blob): string {
  let e = objectUrls.get(blob)
  if (!e) objectUrls.set(blob, (e = { url: URL.createObjectURL(blob), users: 0 }))
  return e.url
}

function retain(blob: Blob): () => void {
  objectUrlOf(blob)
  const e = objectUrls.get(blob)!
  e.users++
  clearTimeout(e.timer)
  return () => {
    e.users--
    if (e.users > 0) return
    e.timer = setTimeout(() => {
      if (e.users > 0) return
      URL.revokeObjectURL(e.url)
      objectUrls.delete(blob)
    }, 0)
  }
}

/**
 * The src for an image: an object URL of the local blob while the device holds one (revoked once no component
 * shows it), else the remote URL. Null for no image, and for a storage path while the device is still being asked
 * (one IndexedDB read), so an unsent photo never flashes a broken remote image.
 */
export function useImageSrc(imageUrl: string | null): string | null {
  const db = useDatabase()
  const needsLookup = imageUrl !== null && imageUrl !== '' && !isHttp(imageUrl)
  const local = useLiveQuery(async () => (needsLookup ? ((await localPhoto(db, imageUrl))?.blob ?? null) : null), [db, imageUrl, needsLookup])
  useEffect(() => (local ? retain(local) : undefined), [local])
  if (!imageUrl) return null
  if (!needsLookup) return imageUrl
  if (local === undefined) return null
  return local === null ? remoteImageUrl(imageUrl) : objectUrlOf(local)
}

export interface CardImageSrc {
  src: string
  /** The card image (480 w) beside the full photo, for `srcset`; null when shown from the device or an http URL. */
  srcSet: string | null
}

/**
 * A feed/grid card's photo (issue 12): the device's card image (else its full photo) while it holds one, so an
 * unsent listing shows its photo offline; else the bucket URL with the card image in `srcset`, so a phone's
 * 2-column grid downloads the small one. An http(s) URL as it is. Null for no image; undefined while the device is
 * being asked (one or two key reads), so a card never flashes a broken or placeholder image.
 */
export function useCardImageSrc(imageUrl: string | null): CardImageSrc | null | undefined {
  const db = useDatabase()
  const needsLookup = imageUrl !== null && imageUrl !== '' && !isHttp(imageUrl)
  const local = useLiveQuery(async () => {
    if (!needsLookup) return null
    const card = cardImagePath(imageUrl)
    return (card ? (await localPhoto(db, card))?.blob : undefined) ?? (await localPhoto(db, imageUrl))?.blob ?? null
  }, [db, imageUrl, needsLookup])
  useEffect(() => (local ? retain(local) : undefined), [local])
  if (!imageUrl) return null
  if (!needsLookup) return { src: imageUrl, srcSet: null }
  if (local === undefined) return undefined
  if (local) return { src: objectUrlOf(local), srcSet: null }
  return { src: remoteImageUrl(imageUrl), srcSet: cardSrcSet(imageUrl, (path) => remoteImageUrl(path)) }
}
