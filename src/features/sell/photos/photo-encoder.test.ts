// The encoder's decode-once and size search, with fake image operations (the real ones run in the photo bench and
// the flea-market e2e journey, which check sizes, orientation and metadata on real files).
import { describe, expect, it } from 'vitest'
import { CARD_MAX_BYTES, CARD_MAX_EDGE_PX, PHOTO_MAX_BYTES, PHOTO_MAX_EDGE_PX } from '@/domain/photos'
import { encodeCanvas, encodePhotoWith, resetEncoderSupport, type ImageOps } from './photo-encoder'

interface FakeBitmap {
  width: number
  height: number
  name: string
}

/** `bytesFor` decides each encoded size; every call is logged. */
function fakeOps(bytesFor: (b: FakeBitmap, q: number) => number, decoded = { width: 4032, height: 3024 }) {
  const log: string[] = []
  const open = new Set<FakeBitmap>()
  let n = 0
  const ops: ImageOps<FakeBitmap> = {
    async decode() {
      const b = { ...decoded, name: 'source' }
      open.add(b)
      log.push('decode')
      return b
    },
    async resize(source, size) {
      const b = { ...size, name: `r${++n}` }
      open.add(b)
      log.push(`resize ${source.name} → ${size.width}×${size.height}`)
      return b
    },
    async encode(b, q) {
      log.push(`encode ${b.name} q${q}`)
      return new Blob([new Uint8Array(bytesFor(b, q))], { type: 'image/webp' })
    },
    release(b) {
      if (!open.delete(b)) throw new Error(`${b.name} released twice`)
      log.push(`release ${b.name}`)
    },
  }
  return { ops, log, open }
}

describe('encodePhotoWith', () => {
  it('decodes once, makes the full image from the original and the card from the full image’s bitmap', async () => {
    const { ops, log, open } = fakeOps(() => 1000)
    const out = await encodePhotoWith(ops, new Blob())
    expect(log.filter((l) => l === 'decode')).toHaveLength(1)
    expect(log).toContain(`resize source → ${PHOTO_MAX_EDGE_PX}×1200`)
    expect(log).toContain(`resize r1 → ${CARD_MAX_EDGE_PX}×360`)
    expect(out.full.size).toBe(1000)
    expect(out.card.size).toBe(1000)
    expect(open.size).toBe(0) // every bitmap closed
    // the ~48 MB original is closed before the card is made
    expect(log.indexOf('release source')).toBeLessThan(log.indexOf('resize r1 → 480×360'))
  })

  it('keeps the orientation the decoder applied (a portrait stays portrait)', async () => {
    const { ops, log } = fakeOps(() => 1000, { width: 3000, height: 4000 })
    await encodePhotoWith(ops, new Blob())
    expect(log).toContain('resize source → 1200×1600')
    expect(log).toContain('resize r1 → 360×480')
  })

  it('searches down to the byte budgets: quality first, then size, re-resizing only when the size changes', async () => {
    // Bytes ∝ pixels × quality: the full at 1600×1200 q0.8 is 1.6 × over; the card at 480×360 q0.75 slightly over.
    const { ops, log, open } = fakeOps((b, q) => Math.round(b.width * b.height * q * 0.32))
    const out = await encodePhotoWith(ops, new Blob())
    expect(out.full.size).toBeLessThanOrEqual(PHOTO_MAX_BYTES)
    expect(out.card.size).toBeLessThanOrEqual(CARD_MAX_BYTES)
    expect(log.filter((l) => l.startsWith('resize source'))).toHaveLength(2) // 1600 px, then a smaller edge
    expect(log.filter((l) => l.startsWith('encode r3'))).toEqual(['encode r3 q0.75', 'encode r3 q0.6']) // card: quality only
    expect(open.size).toBe(0)
  })

  it('refuses a photo that cannot fit, and still closes every bitmap', async () => {
    const { ops, open } = fakeOps(() => 5_000_000)
    await expect(encodePhotoWith(ops, new Blob())).rejects.toThrow(/cannot fit/)
    expect(open.size).toBe(0)
  })

  it('passes a decode failure on (corrupt file)', async () => {
    const { ops } = fakeOps(() => 1000)
    ops.decode = () => Promise.reject(new Error('InvalidStateError'))
    await expect(encodePhotoWith(ops, new Blob())).rejects.toThrow('InvalidStateError')
  })
})

describe('encodeCanvas: WebP, else JPEG (Safari cannot write WebP from a canvas and answers PNG)', () => {
  const canvas = {} as OffscreenCanvas
  /** A browser whose canvas writes the given types; anything else comes back as PNG, as browsers do. */
  const browser = (writes: string[]) => {
    const asked: string[] = []
    const encoder = async (_c: unknown, type: string) => {
      asked.push(type)
      return new Blob(['x'], { type: writes.includes(type) ? type : 'image/png' })
    }
    return { asked, encoder }
  }

  it.each([
    ['a WebP browser', ['image/webp', 'image/jpeg'], 'image/webp', ['image/webp', 'image/webp']],
    ['Safari', ['image/jpeg'], 'image/jpeg', ['image/webp', 'image/jpeg', 'image/jpeg']],
  ])('%s: two encodes give %s, asking for %j', async (_name, writes, type, asked) => {
    resetEncoderSupport()
    const b = browser(writes)
    expect((await encodeCanvas(canvas, 0.8, b.encoder)).type).toBe(type)
    expect((await encodeCanvas(canvas, 0.8, b.encoder)).type).toBe(type)
    expect(b.asked).toEqual(asked)
  })
})
