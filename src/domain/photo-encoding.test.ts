import { describe, expect, it } from 'vitest'
import {
  firstEncodeAttempt,
  fitLongEdge,
  MAX_ENCODE_ATTEMPTS,
  MIN_ENCODE_EDGE_PX,
  MIN_ENCODE_QUALITY,
  nextEncodeAttempt,
  type EncodeTarget,
} from './photo-encoding'

const FULL: EncodeTarget = { maxEdge: 1600, maxBytes: 300_000, quality: 0.8 }

describe('fitLongEdge: long edge at most the limit, aspect kept, never upscaled', () => {
  it.each([
    [{ width: 4032, height: 3024 }, 1600, { width: 1600, height: 1200 }],
    [{ width: 3000, height: 4000 }, 1600, { width: 1200, height: 1600 }], // a portrait after its orientation
    [{ width: 1600, height: 1200 }, 480, { width: 480, height: 360 }],
    [{ width: 800, height: 600 }, 1600, { width: 800, height: 600 }],
    [{ width: 10000, height: 10 }, 480, { width: 480, height: 1 }],
  ])('%o within %i → %o', (size, edge, out) => {
    expect(fitLongEdge(size, edge)).toEqual(out)
  })
})

describe('the first try', () => {
  it('is the target edge at the initial quality, or the photo’s own edge when smaller', () => {
    expect(firstEncodeAttempt({ width: 4032, height: 3024 }, FULL)).toEqual({ edge: 1600, quality: 0.8 })
    expect(firstEncodeAttempt({ width: 900, height: 1200 }, FULL)).toEqual({ edge: 1200, quality: 0.8 })
  })
})

describe('nextEncodeAttempt: the search for a size that fits', () => {
  it('stops when the result fits', () => {
    expect(nextEncodeAttempt({ edge: 1600, quality: 0.8 }, 300_000, FULL, 1)).toBeNull()
  })

  it('lowers the quality when slightly over', () => {
    expect(nextEncodeAttempt({ edge: 1600, quality: 0.8 }, 330_000, FULL, 1)).toEqual({ edge: 1600, quality: 0.65 })
  })

  it('shrinks the edge at once when far over, by the square root of the byte ratio with a margin', () => {
    const next = nextEncodeAttempt({ edge: 1600, quality: 0.8 }, 1_200_000, FULL, 1)!
    expect(next.quality).toBe(0.8)
    expect(next.edge).toBe(Math.floor(1600 * 0.5 * 0.9))
  })

  it('shrinks the edge when the quality is at its floor', () => {
    const next = nextEncodeAttempt({ edge: 1600, quality: MIN_ENCODE_QUALITY }, 310_000, FULL, 3)!
    expect(next.quality).toBe(MIN_ENCODE_QUALITY)
    expect(next.edge).toBeLessThan(1600)
  })

  it('gives up after the bounded number of tries, or below the smallest edge', () => {
    expect(nextEncodeAttempt({ edge: 1600, quality: 0.8 }, 330_000, FULL, MAX_ENCODE_ATTEMPTS)).toBeNull()
    expect(nextEncodeAttempt({ edge: MIN_ENCODE_EDGE_PX, quality: 0.8 }, 3_000_000, FULL, 1)).toBeNull()
  })

  it('always ends: every chain of over-budget results stops within the bound', () => {
    let attempt = firstEncodeAttempt({ width: 4032, height: 3024 }, FULL)
    let tries = 1
    for (
      let next = nextEncodeAttempt(attempt, 10_000_000, FULL, tries);
      next;
      next = nextEncodeAttempt(attempt, 10_000_000, FULL, tries)
    ) {
      expect(next.edge * next.quality).toBeLessThan(attempt.edge * attempt.quality)
      attempt = next
      tries += 1
    }
    expect(tries).toBeLessThanOrEqual(MAX_ENCODE_ATTEMPTS)
  })
})
