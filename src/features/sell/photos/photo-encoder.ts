/**
 * Encodes one picked photo into the upload-ready pair (docs/decisions.md#D-photo-pipeline): the full image (long edge ≤ 1600 px, ≤ 300 KB)
 * and the card image (long edge ≈ 480 px, ≤ 40 KB), both WebP (JPEG where the browser cannot encode WebP). The file is decoded ONCE, with its EXIF orientation
 * applied (createImageBitmap `imageOrientation: 'from-image'`); the card is made from the already-resized bitmap.
 * Re-encoding through a canvas writes pixels only: no EXIF, GPS or XMP survives (docs/photo.md §3).
 *
 * Runs inside the compressor's worker (photo.worker.ts); the same code is the main-thread fallback where workers
 * or OffscreenCanvas are missing. No DOM/React here beyond the canvas fallback.
 */
import {
  firstEncodeAttempt,
  fitLongEdge,
  nextEncodeAttempt,
  type EncodeAttempt,
  type EncodeTarget,
  type PixelSize,
} from '@/domain/photo-encoding'
import {
  CARD_INITIAL_QUALITY,
  CARD_MAX_BYTES,
  CARD_MAX_EDGE_PX,
  PHOTO_INITIAL_QUALITY,
  PHOTO_MAX_BYTES,
  PHOTO_FALLBACK_TYPE,
  PHOTO_MAX_EDGE_PX,
  PHOTO_OUTPUT_TYPE,
} from '@/domain/photos'

export const FULL_TARGET: EncodeTarget = {
  maxEdge: PHOTO_MAX_EDGE_PX,
  maxBytes: PHOTO_MAX_BYTES,
  quality: PHOTO_INITIAL_QUALITY,
}
export const CARD_TARGET: EncodeTarget = {
  maxEdge: CARD_MAX_EDGE_PX,
  maxBytes: CARD_MAX_BYTES,
  quality: CARD_INITIAL_QUALITY,
}

export interface EncodedPhoto {
  full: Blob
  card: Blob
  /** Where the time went (ms): decoding the original, making the full image, making the card (for the bench). */
  timings?: { decodeMs: number; fullMs: number; cardMs: number }
}

/** The browser operations the encoder needs; injectable so the size/quality search is testable without a browser. */
export interface ImageOps<B extends PixelSize> {
  decode(file: Blob): Promise<B>
  resize(source: B, size: PixelSize): Promise<B>
  encode(bitmap: B, quality: number): Promise<Blob>
  release(bitmap: B): void
}

/** Resizes and encodes `source` until the result fits `target` (bounded tries). Returns the blob and its bitmap. */
export async function encodeWithin<B extends PixelSize>(
  ops: ImageOps<B>,
  source: B,
  target: EncodeTarget,
): Promise<{ blob: Blob; bitmap: B }> {
  let attempt: EncodeAttempt | null = firstEncodeAttempt(source, target)
  let bitmap: B | null = null
  let tries = 0
  try {
    while (attempt) {
      const size = fitLongEdge(source, attempt.edge)
      if (!bitmap || bitmap.width !== size.width || bitmap.height !== size.height) {
        if (bitmap) ops.release(bitmap)
        bitmap = null
        bitmap = await ops.resize(source, size)
      }
      const blob = await ops.encode(bitmap, attempt.quality)
      tries += 1
      if (blob.size <= target.maxBytes) {
        const done = { blob, bitmap }
        bitmap = null // handed to the caller
        return done
      }
      attempt = nextEncodeAttempt(attempt, blob.size, target, tries)
    }
    throw new Error(`cannot fit ${target.maxBytes} bytes`)
  } finally {
    if (bitmap) ops.release(bitmap)
  }
}

/** Decode once, then the full image from the original and the card from the full image's bitmap. */
export async function encodePhotoWith<B extends PixelSize>(ops: ImageOps<B>, file: Blob): Promise<EncodedPhoto> {
  const t0 = performance.now()
  const source = await ops.decode(file)
  const t1 = performance.now()
  let sourceOpen = true
  const closeSource = () => {
    if (sourceOpen) ops.release(source)
    sourceOpen = false
  }
  try {
    const full = await encodeWithin(ops, source, FULL_TARGET)
    closeSource() // the original's ~48 MB are freed before the card is made
    const t2 = performance.now()
    try {
      const card = await encodeWithin(ops, full.bitmap, CARD_TARGET)
      ops.release(card.bitmap)
      const timings = { decodeMs: t1 - t0, fullMs: t2 - t1, cardMs: performance.now() - t2 }
      return { full: full.blob, card: card.blob, timings }
    } finally {
      ops.release(full.bitmap)
    }
  } finally {
    closeSource()
  }
}

function canvasOf(size: PixelSize): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(size.width, size.height)
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  return canvas
}

type Canvas = OffscreenCanvas | HTMLCanvasElement

function canvasBlob(canvas: Canvas, type: string, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality })
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encoding failed'))), type, quality),
  )
}

/**
 * WebP, or JPEG where the canvas cannot write WebP: browsers answer an unsupported type with a PNG (Safari does
 * for WebP), which would be large and refused. Learnt on the first encode, then JPEG is asked for directly.
 */
export async function encodeCanvas(
  canvas: Canvas,
  quality: number,
  encoder: (c: Canvas, type: string, q: number) => Promise<Blob> = canvasBlob,
): Promise<Blob> {
  if (webpEncodes !== false) {
    const blob = await encoder(canvas, PHOTO_OUTPUT_TYPE, quality)
    webpEncodes = blob.type === PHOTO_OUTPUT_TYPE
    if (webpEncodes) return blob
  }
  return encoder(canvas, PHOTO_FALLBACK_TYPE, quality)
}
let webpEncodes: boolean | undefined
/** For tests: forget what the first encode learnt. */
export const resetEncoderSupport = (): void => {
  webpEncodes = undefined
}

/** The real operations: createImageBitmap (decode + orientation + high-quality resize) and canvas encoding. */
export const browserImageOps: ImageOps<ImageBitmap> = {
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
  resize: (source, size) =>
    size.width === source.width && size.height === source.height
      ? createImageBitmap(source)
      : createImageBitmap(source, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' }),
  async encode(bitmap, quality) {
    const canvas = canvasOf(bitmap)
    const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null
    if (!ctx) throw new Error('no 2d canvas')
    // Drawn at the canvas size: where resize options are ignored (older Safari), the canvas scales instead.
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    return encodeCanvas(canvas, quality)
  },
  release: (bitmap) => bitmap.close(),
}

export const encodePhoto = (file: Blob): Promise<EncodedPhoto> => encodePhotoWith(browserImageOps, file)
