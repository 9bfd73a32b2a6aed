/**
 * Where an image is shown from: a photo still on the device (not yet on the server, or not yet acknowledged)
 * from its local blob as an object URL, a storage path from the bucket's public URL, an http(s) URL as it is.
 * Listing photos use `useCardImageSrc` (cards, the gallery, the owner's list); `useImageSrc` resolves one image alike.
 */
import { liveQuery, type Subscription } from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useSyncExternalStore } from 'react'
import { env } from '@/config/env'
import { resolveImageUrl } from '@/domain/listing-view'
import { cardImagePath, cardSrcSet } from '@/domain/photos'
import type { KreisDatabase } from './database'
import { useDatabase } from './database-context'
import type { PhotoBlobRow } from './rows'

const isHttp = (url: string): boolean => /^https?:\/\//i.test(url)

/** The photo_blobs key of a storage path: paths end in `{photo id}.{ext}`. */
function photoIdOf(path: string): string {
  const file = path.slice(path.lastIndexOf('/') + 1)
  return file.includes('.') ? file.slice(0, file.lastIndexOf('.')) : file
}

/** The device's blob for a storage path, if it still holds one: one key read. */
export async function localPhoto(db: KreisDatabase, path: string): Promise<PhotoBlobRow | undefined> {
  if (isHttp(path)) return undefined
  const row = await db.photo_blobs.get(photoIdOf(path))
  return row?.path === path ? row : undefined
}

/**
 * The ids of the photos the device holds (photo_blobs' keys, a handful at most: unsent listings'), read live once
 * for every card on screen: a card whose photo the device does not hold — every card of a visitor's feed — asks
 * nothing more (a grid of 12 made 12 live queries and 24 reads). Undefined until the first read; the read stops a
 * tick after the last card unmounts, so the next page's cards, mounted in the same commit, keep it.
 */
class HeldPhotoIds {
  private snapshot: ReadonlySet<string> | undefined
  private readonly listeners = new Set<() => void>()
  private subscription: Subscription | undefined
  private stopTimer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly db: KreisDatabase) {}

  readonly getSnapshot = (): ReadonlySet<string> | undefined => this.snapshot

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    clearTimeout(this.stopTimer)
    this.subscription ??= liveQuery(() => this.db.photo_blobs.toCollection().primaryKeys()).subscribe({
      next: (ids) => this.publish(new Set(ids)),
      // A database that cannot be read holds nothing to show: the cards load from the bucket.
      error: () => this.publish(new Set()),
    })
    return () => {
      this.listeners.delete(listener)
      if (this.listeners.size === 0) this.stopTimer = setTimeout(() => this.stop(), 0)
    }
  }

  private publish(ids: ReadonlySet<string>): void {
    this.snapshot = ids
    this.listeners.forEach((l) => l())
  }

  private stop(): void {
    if (this.listeners.size > 0) return
    this.subscription?.unsubscribe()
    this.subscription = undefined
    // Not kept while nobody reads it: it could go stale.
    this.snapshot = undefined
  }
}

const heldPhotoIds = new WeakMap<KreisDatabase, HeldPhotoIds>()

function useHeldPhotoIds(db: KreisDatabase): ReadonlySet<string> | undefined {
  let held = heldPhotoIds.get(db)
  if (!held) heldPhotoIds.set(db, (held = new HeldPhotoIds(db)))
  return useSyncExternalStore(held.subscribe, held.getSnapshot, held.getSnapshot)
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
 * The device's blob for the first of `paths` it holds, kept alive as an object URL while shown: null when it holds
 * none (the bucket's URL then), undefined while the device is being asked — which photos it holds (shared by every
 * image on screen), then one key read per path for a photo it holds. `key` names the paths (an answer is only theirs).
 */
function useDevicePhoto(db: KreisDatabase, key: string, paths: readonly string[]): Blob | null | undefined {
  const held = useHeldPhotoIds(db)
  const onDevice = held !== undefined && paths.some((p) => held.has(photoIdOf(p)))
  // Tagged: an answer kept from before the device held the photo (or for other paths) is not this one's.
  const answer = useLiveQuery(async () => {
    if (!onDevice) return null
    for (const p of paths) {
      const row = await localPhoto(db, p)
      if (row) return { key, blob: row.blob }
    }
    return { key, blob: null }
  }, [db, key, onDevice]) // `key` names `paths`
  const local = held === undefined ? undefined : !onDevice ? null : answer?.key === key ? answer.blob : undefined
  useEffect(() => (local ? retain(local) : undefined), [local])
  return local
}

/**
 * The src for an image: an object URL of the local blob while the device holds one (revoked once no component
 * shows it), else the remote URL. Null for no image, and for a storage path while the device is still being asked,
 * so an unsent photo never flashes a broken remote image.
 */
export function useImageSrc(imageUrl: string | null): string | null {
  const db = useDatabase()
  const needsLookup = imageUrl !== null && imageUrl !== '' && !isHttp(imageUrl)
  const local = useDevicePhoto(db, needsLookup ? imageUrl : '', needsLookup ? [imageUrl] : [])
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
 * A feed/grid card's photo (docs/decisions.md#D-card-images): the device's card image (else its full photo) while it holds one, so an
 * unsent listing shows its photo offline; else the bucket URL with the card image in `srcset`, so a phone's
 * 2-column grid downloads the small one. An http(s) URL as it is. Null for no image; undefined while the device is
 * being asked (useDevicePhoto), so a card never flashes a broken or placeholder image.
 */
export function useCardImageSrc(imageUrl: string | null): CardImageSrc | null | undefined {
  const db = useDatabase()
  const needsLookup = imageUrl !== null && imageUrl !== '' && !isHttp(imageUrl)
  const card = needsLookup ? cardImagePath(imageUrl) : null
  const local = useDevicePhoto(
    db,
    needsLookup ? imageUrl : '',
    needsLookup ? (card ? [card, imageUrl] : [imageUrl]) : [],
  )
  if (!imageUrl) return null
  if (!needsLookup) return { src: imageUrl, srcSet: null }
  if (local === undefined) return undefined
  if (local) return { src: objectUrlOf(local), srcSet: null }
  return { src: remoteImageUrl(imageUrl), srcSet: cardSrcSet(imageUrl, (path) => remoteImageUrl(path)) }
}
