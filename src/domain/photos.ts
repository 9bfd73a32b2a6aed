// Photo rules of the sell flow (spec §2.10 upload step, §4 upload step, §5 photos, §9).
import { IMAGE_ORDER_FIRST, PHOTO_EXTENSIONS, PHOTOS_MAX, PHOTOS_MIN_ON_UPLOAD } from './constants'

export type PhotoExtension = (typeof PHOTO_EXTENSIONS)[number]

/** The file's accepted extension, lower-cased with its dot, or null when the type is not accepted. */
export function photoExtension(fileName: string): PhotoExtension | null {
  const dot = fileName.lastIndexOf('.')
  const ext = dot < 0 ? '' : fileName.slice(dot).toLowerCase()
  return (PHOTO_EXTENSIONS as readonly string[]).includes(ext) ? (ext as PhotoExtension) : null
}

export const remainingPhotoCapacity = (currentCount: number): number => Math.max(0, PHOTOS_MAX - currentCount)

/** The files a drop adds: accepted types only, then no more than the remaining capacity (the rest is ignored). */
export function acceptPhotos<F extends { readonly name: string }>(currentCount: number, files: readonly F[]): F[] {
  return files.filter((f) => photoExtension(f.name) !== null).slice(0, remainingPhotoCapacity(currentCount))
}

export const isBelowUploadMinimum = (count: number): boolean => count < PHOTOS_MIN_ON_UPLOAD

/** "Next: Item Details" is enabled only with at least 2 photos and no upload in progress. */
export const canLeaveUploadStep = (count: number, uploading: boolean): boolean => !uploading && !isBelowUploadMinimum(count)

export const isDropZoneVisible = (count: number): boolean => count < PHOTOS_MAX

/** image_order of the photo at a 0-based position: starts at 1. */
export const imageOrderAt = (position: number): number => position + IMAGE_ORDER_FIRST

/** Reorder by drag: a drop outside the grid (target null) changes nothing. Returns a new array. */
export function movePhoto<T>(photos: readonly T[], from: number, to: number | null): T[] {
  const list = [...photos]
  if (to === null || from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list
  const [moved] = list.splice(from, 1)
  list.splice(to, 0, moved as T)
  return list
}

/**
 * Storage path of a listing photo in bucket listing-images. Deterministic (design.md §1 rule 3) so a retried
 * upload overwrites itself instead of leaving an orphan.
 */
export const photoStoragePath = (p: { userId: string; listingId: string; imageId: string; extension: PhotoExtension }): string =>
  `${p.userId}/${p.listingId}/${p.imageId}${p.extension}`
