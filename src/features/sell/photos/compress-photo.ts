/**
 * The photo pipeline (issue 12 §2): each picked file becomes a WebP of long edge ≤ 1600 px and ≤ 300 KB, plus a
 * card image (≈ 480 px, ≤ 40 KB), both re-encoded through canvas so no EXIF/GPS survives, orientation applied.
 * browser-image-compression does the work in its Web Worker; the worker loads the library from our own origin
 * (public/vendor, precached by the service worker) — its default CDN is unreachable offline, and then it silently
 * falls back to the main thread (reference/photo.md). The library is loaded lazily: it is not in the first route.
 */
import {
  CARD_INITIAL_QUALITY,
  CARD_MAX_BYTES,
  CARD_MAX_EDGE_PX,
  COMPRESSOR_LIB_PATH,
  imageMetadataBlocks,
  PHOTO_INITIAL_QUALITY,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_EDGE_PX,
  PHOTO_OUTPUT_TYPE,
} from '@/domain/photos'

const BYTES_PER_MB = 1024 * 1024

export interface CompressedPhoto {
  blob: Blob
  card: Blob
  contentType: string
}

/** Thrown when a file cannot be decoded (corrupt, or an image type the browser cannot read). */
export class UnreadablePhotoError extends Error {
  constructor(readonly fileName: string, cause?: unknown) {
    super(`cannot read ${fileName}`, { cause })
  }
}

const libUrl = (): string => new URL(COMPRESSOR_LIB_PATH, globalThis.location?.origin ?? 'http://localhost').href

async function encode(file: Blob, maxEdge: number, maxBytes: number, quality: number): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression')
  return imageCompression(file as File, {
    maxSizeMB: maxBytes / BYTES_PER_MB,
    maxWidthOrHeight: maxEdge,
    useWebWorker: true,
    libURL: libUrl(),
    fileType: PHOTO_OUTPUT_TYPE,
    initialQuality: quality,
    preserveExif: false, // it would copy the whole APP1, GPS included (reference/photo.md)
  })
}

/** A guard, not the mechanism: canvas re-encoding drops metadata; a file that still has some is never stored. */
async function assertNoMetadata(blob: Blob, fileName: string): Promise<void> {
  const head = new Uint8Array(await blob.slice(0, 64 * 1024).arrayBuffer())
  if (imageMetadataBlocks(head).length > 0) throw new UnreadablePhotoError(fileName, new Error('metadata survived re-encoding'))
}

export async function compressPhoto(file: File): Promise<CompressedPhoto> {
  let blob: Blob
  let card: Blob
  try {
    blob = await encode(file, PHOTO_MAX_EDGE_PX, PHOTO_MAX_BYTES, PHOTO_INITIAL_QUALITY)
    // The card comes from the 1600 px photo: decoding it is far cheaper than the 12 MP original.
    card = await encode(blob, CARD_MAX_EDGE_PX, CARD_MAX_BYTES, CARD_INITIAL_QUALITY)
  } catch (e) {
    throw new UnreadablePhotoError(file.name, e)
  }
  if (blob.type !== PHOTO_OUTPUT_TYPE || card.type !== PHOTO_OUTPUT_TYPE) throw new UnreadablePhotoError(file.name)
  await assertNoMetadata(blob, file.name)
  await assertNoMetadata(card, file.name)
  // Plain Blobs: the library returns Files named like the original, and the original name is not ours to keep.
  return { blob: new Blob([blob], { type: PHOTO_OUTPUT_TYPE }), card: new Blob([card], { type: PHOTO_OUTPUT_TYPE }), contentType: PHOTO_OUTPUT_TYPE }
}
