// How a photo is sized and encoded to fit its byte budget (docs/decisions.md#D-photo-pipeline, docs/architecture.md §6 photo budget): the pure part of
// the compressor (src/features/sell/photos), so its rules have table tests without a browser.

export interface PixelSize {
  width: number
  height: number
}

/** One encoding try: the long edge in pixels and the encoder quality (0–1). */
export interface EncodeAttempt {
  edge: number
  quality: number
}

/** What an output must meet: long edge at most `maxEdge`, at most `maxBytes`, starting at `quality`. */
export interface EncodeTarget {
  maxEdge: number
  maxBytes: number
  quality: number
}

/** Quality never goes below this: past it WebP smears detail; the size shrinks instead. */
export const MIN_ENCODE_QUALITY = 0.5
export const QUALITY_STEP = 0.15
/** Over the budget by more than this ratio, lowering the quality alone will not do: shrink the edge at once. */
export const SHRINK_RATIO = 1.5
/** Never shrink below this long edge; a photo that still does not fit is refused. */
export const MIN_ENCODE_EDGE_PX = 160
/** Bound on tries per output, so a pathological image cannot keep the compressor busy. */
export const MAX_ENCODE_ATTEMPTS = 6

/** The size with its long edge at most `maxEdge`, aspect kept, never upscaled, at least 1 px each way. */
export function fitLongEdge(size: PixelSize, maxEdge: number): PixelSize {
  const long = Math.max(size.width, size.height)
  if (long <= maxEdge) return { width: size.width, height: size.height }
  const scale = maxEdge / long
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) }
}

export function firstEncodeAttempt(source: PixelSize, target: EncodeTarget): EncodeAttempt {
  return { edge: Math.min(target.maxEdge, Math.max(source.width, source.height)), quality: target.quality }
}

/**
 * The next try after `attempt` came out at `bytes` (over `target.maxBytes`), or null when there is none left
 * (`tries` made so far ≥ MAX_ENCODE_ATTEMPTS, or the edge would fall below MIN_ENCODE_EDGE_PX). Slightly over: a
 * lower quality. Far over (> SHRINK_RATIO), or quality at its floor: a smaller edge, scaled by the square root of the
 * byte ratio (bytes grow with the pixel count) with 10 % margin.
 */
export function nextEncodeAttempt(
  attempt: EncodeAttempt,
  bytes: number,
  target: EncodeTarget,
  tries: number,
): EncodeAttempt | null {
  if (bytes <= target.maxBytes || tries >= MAX_ENCODE_ATTEMPTS) return null
  const ratio = bytes / target.maxBytes
  const lower = Math.round((attempt.quality - QUALITY_STEP) * 100) / 100
  if (ratio <= SHRINK_RATIO && lower >= MIN_ENCODE_QUALITY) return { edge: attempt.edge, quality: lower }
  const edge = Math.floor(attempt.edge * Math.sqrt(1 / ratio) * 0.9)
  return edge < MIN_ENCODE_EDGE_PX ? null : { edge, quality: attempt.quality }
}
