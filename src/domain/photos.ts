// Photo rules of the sell flow (docs/product.md §2.10 upload step, §4 upload step, §5 photos, §9).
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
export const canLeaveUploadStep = (count: number, uploading: boolean): boolean =>
  !uploading && !isBelowUploadMinimum(count)

export const isDropZoneVisible = (count: number): boolean => count < PHOTOS_MAX

/** image_order of the photo at a 0-based position: starts at 1. */
export const imageOrderAt = (position: number): number => position + IMAGE_ORDER_FIRST

export interface Point {
  readonly x: number
  readonly y: number
}
export interface Box {
  readonly left: number
  readonly top: number
  readonly right: number
  readonly bottom: number
}

/**
 * Whether a drag's pointer is over the photo grid. Outside it there is no target (the nearest photo is not one), so
 * a drop there changes nothing; a drag without a pointer (the keyboard) always has its grid.
 */
export const pointerOverGrid = (pointer: Point | null, grid: Box | null): boolean =>
  pointer === null ||
  (grid !== null &&
    pointer.x >= grid.left &&
    pointer.x <= grid.right &&
    pointer.y >= grid.top &&
    pointer.y <= grid.bottom)

/** Reorder by drag: a drop outside the grid (target null) changes nothing. Returns a new array. */
export function movePhoto<T>(photos: readonly T[], from: number, to: number | null): T[] {
  const list = [...photos]
  if (to === null || from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list
  const [moved] = list.splice(from, 1)
  list.splice(to, 0, moved as T)
  return list
}

/**
 * Storage path of a listing photo in bucket listing-images. Deterministic (docs/architecture.md §1 rule 3) so a retried
 * upload overwrites itself instead of leaving an orphan.
 */
export const photoStoragePath = (p: {
  userId: string
  listingId: string
  imageId: string
  extension: PhotoExtension
}): string => `${p.userId}/${p.listingId}/${p.imageId}${p.extension}`

// ——— The photo pipeline (docs/decisions.md#D-photo-pipeline, docs/architecture.md §6 photo budget, docs/photo.md) ———

/** Every stored photo is re-encoded to WebP: about 30 % smaller than JPEG at the same size, and canvas
 * re-encoding drops every EXIF/GPS field (a photo taken at home must not say where the seller lives). */
export const PHOTO_OUTPUT_TYPE = 'image/webp'
export const PHOTO_OUTPUT_EXTENSION = '.webp'
/** Where the browser cannot encode WebP from a canvas (Safari hands back a PNG instead), photos are JPEG. */
export const PHOTO_FALLBACK_TYPE = 'image/jpeg'
export type PhotoOutputType = typeof PHOTO_OUTPUT_TYPE | typeof PHOTO_FALLBACK_TYPE
export const isPhotoOutputType = (type: string): type is PhotoOutputType =>
  type === PHOTO_OUTPUT_TYPE || type === PHOTO_FALLBACK_TYPE
/** The stored file's extension for an encoded photo's type (the card keeps its derived `.card.webp` path). */
export const photoOutputExtension = (type: PhotoOutputType): '.webp' | '.jpg' =>
  type === PHOTO_FALLBACK_TYPE ? '.jpg' : PHOTO_OUTPUT_EXTENSION
/** The full photo: long edge ≤ 1600 px, ≤ 300 KB. */
export const PHOTO_MAX_EDGE_PX = 1600
export const PHOTO_MAX_BYTES = 300_000
export const PHOTO_INITIAL_QUALITY = 0.8
/** The feed/grid card image beside it: long edge about 480 px, ≤ 40 KB. */
export const CARD_MAX_EDGE_PX = 480
export const CARD_MAX_BYTES = 40_000
export const CARD_INITIAL_QUALITY = 0.75

/** Why a chosen file cannot become a listing photo (shown beside the grid; nothing else is affected). */
export type PhotoProblem = 'heic' | 'unreadable'

const HEIC = /\.(heic|heif)$/i

/** A HEIC/HEIF photo (iPhone default) that the browser cannot decode; other unaccepted types are ignored (docs/product.md §5). */
export const isHeic = (file: { readonly name: string; readonly type?: string }): boolean =>
  HEIC.test(file.name) || /^image\/hei[cf]/i.test(file.type ?? '')

/**
 * Sorts a drop or pick (docs/product.md §5 capacity rule, docs/decisions.md#D-picked-photos HEIC message): accepted photos up to the remaining
 * capacity, and the HEIC files that get a message. Other types are ignored silently, as the spec says.
 */
export function sortPickedFiles<F extends { readonly name: string; readonly type?: string }>(
  currentCount: number,
  files: readonly F[],
): { accepted: F[]; heic: F[] } {
  return { accepted: acceptPhotos(currentCount, files), heic: files.filter(isHeic) }
}

/** Storage path of a photo's card image: beside it, `{path-without-extension}.card.webp`. Null for http URLs. A
 * card image's path is its own card path (so a list of paths with cards added never grows `.card.card`). */
export function cardImagePath(imageUrl: string): string | null {
  if (/^https?:\/\//i.test(imageUrl)) return null
  if (imageUrl.endsWith(`.card${PHOTO_OUTPUT_EXTENSION}`)) return imageUrl
  const slash = imageUrl.lastIndexOf('/')
  const dot = imageUrl.lastIndexOf('.')
  const stem = dot > slash ? imageUrl.slice(0, dot) : imageUrl
  return `${stem}.card${PHOTO_OUTPUT_EXTENSION}`
}

/** A photo's upload state as the seller sees it. */
export type PhotoState = 'device' | 'uploading' | 'uploaded' | 'failed'

/**
 * `blobUploaded` is the device copy's flag (undefined when the device holds no copy: the file is on the server);
 * a refused listing shows its unsent photos as failed (retry from the listing).
 */
export function photoState(p: {
  blobUploaded: boolean | undefined
  listingFailed: boolean
  online: boolean
}): PhotoState {
  if (p.blobUploaded === undefined || p.blobUploaded) return 'uploaded'
  if (p.listingFailed) return 'failed'
  return p.online ? 'uploading' : 'device'
}

/**
 * Metadata blocks left in an encoded image: JPEG APP1 (Exif/XMP) segments, WebP EXIF/XMP chunks, PNG eXIf/tEXt/
 * iTXt/zTXt chunks. An empty list means no EXIF, GPS or XMP can be in the file.
 */
export function imageMetadataBlocks(bytes: Uint8Array): string[] {
  const found: string[] = []
  const ascii = (at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n))
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2
    while (i + 4 <= bytes.length && bytes[i] === 0xff) {
      const marker = bytes[i + 1]!
      if (marker === 0xda || marker === 0xd9) break // start of scan: no more headers
      const length = (bytes[i + 2]! << 8) | bytes[i + 3]!
      if (marker === 0xe1) found.push(`APP1:${ascii(i + 4, 4)}`)
      i += 2 + length
    }
  } else if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    let i = 12
    while (i + 8 <= bytes.length) {
      const id = ascii(i, 4)
      const size = bytes[i + 4]! | (bytes[i + 5]! << 8) | (bytes[i + 6]! << 16) | (bytes[i + 7]! << 24)
      if (id === 'EXIF' || id === 'XMP ') found.push(id.trim())
      i += 8 + size + (size & 1)
    }
  } else if (bytes[0] === 0x89 && ascii(1, 3) === 'PNG') {
    let i = 8
    while (i + 8 <= bytes.length) {
      const size = ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0
      const id = ascii(i + 4, 4)
      if (['eXIf', 'tEXt', 'iTXt', 'zTXt'].includes(id)) found.push(id)
      i += 12 + size
    }
  }
  return found
}

/**
 * `srcset` for a feed/grid card (docs/decisions.md#D-card-images): the card image (480 w) beside the full photo (1600 w), so the browser
 * downloads the small one for a phone's 2-column grid. Null for http URLs and photos without a card (seed data
 * made before card images, or another origin): use the full URL alone then.
 */
export function cardSrcSet(imageUrl: string, resolve: (path: string) => string): string | null {
  const card = cardImagePath(imageUrl)
  return card ? `${resolve(card)} ${CARD_MAX_EDGE_PX}w, ${resolve(imageUrl)} ${PHOTO_MAX_EDGE_PX}w` : null
}
