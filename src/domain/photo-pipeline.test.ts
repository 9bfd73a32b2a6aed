import { describe, expect, it } from 'vitest'
import { cardImagePath, cardSrcSet, imageMetadataBlocks, isHeic, photoState, sortPickedFiles } from './photos'

const f = (name: string, type = '') => ({ name, type })

describe('docs/decisions.md#D-picked-photos picked files: capacity, HEIC message, other types ignored', () => {
  it('keeps accepted photos up to the remaining capacity and names the HEIC ones', () => {
    const picked = [f('a.jpg'), f('IMG_1.HEIC'), f('b.png'), f('c.gif'), f('d.webp'), f('e.heif')]
    const r = sortPickedFiles(8, picked)
    expect(r.accepted.map((x) => x.name)).toEqual(['a.jpg', 'b.png'])
    expect(r.heic.map((x) => x.name)).toEqual(['IMG_1.HEIC', 'e.heif'])
  })

  it('recognises HEIC by its type too', () => {
    expect(isHeic(f('photo', 'image/heic'))).toBe(true)
    expect(isHeic(f('photo.jpg', 'image/jpeg'))).toBe(false)
  })
})

describe('card image path', () => {
  it.each([
    ['u/l/i.webp', 'u/l/i.card.webp'],
    ['u/l/i.jpg', 'u/l/i.card.webp'],
    ['u/l.x/i', 'u/l.x/i.card.webp'],
    ['u/l/i.card.webp', 'u/l/i.card.webp'], // a card's card is itself
    ['https://cdn.example/x.jpg', null],
  ])('%s → %s', (path, card) => {
    expect(cardImagePath(path)).toBe(card)
  })
})

describe('photo state as the seller sees it', () => {
  it.each([
    [{ blobUploaded: undefined, listingFailed: false, online: false }, 'uploaded'],
    [{ blobUploaded: true, listingFailed: true, online: false }, 'uploaded'],
    [{ blobUploaded: false, listingFailed: false, online: false }, 'device'],
    [{ blobUploaded: false, listingFailed: false, online: true }, 'uploading'],
    [{ blobUploaded: false, listingFailed: true, online: true }, 'failed'],
  ] as const)('%o → %s', (input, state) => {
    expect(photoState(input)).toBe(state)
  })
})

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))
const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >> 24) & 255]
const be32 = (n: number) => [(n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255]

describe('metadata left in an encoded image (the EXIF/GPS check)', () => {
  it('finds an APP1 Exif segment in a JPEG, and none after JFIF only', () => {
    const withExif = bytes([0xff, 0xd8], [0xff, 0xe1, 0, 8], 'Exif', [0, 0], [0xff, 0xda, 0, 2])
    const clean = bytes([0xff, 0xd8], [0xff, 0xe0, 0, 6], 'JFIF', [0xff, 0xda, 0, 2], [0xff, 0xe1, 0, 8], 'Exif')
    expect(imageMetadataBlocks(withExif)).toEqual(['APP1:Exif'])
    expect(imageMetadataBlocks(clean)).toEqual([])
  })

  it('finds EXIF and XMP chunks in a WebP, skipping padded odd-sized chunks', () => {
    const webp = bytes('RIFF', le32(0), 'WEBP', 'VP8X', le32(1), [0, 0], 'EXIF', le32(2), [1, 2], 'XMP ', le32(0))
    expect(imageMetadataBlocks(webp)).toEqual(['EXIF', 'XMP'])
    expect(imageMetadataBlocks(bytes('RIFF', le32(0), 'WEBP', 'VP8 ', le32(2), [1, 2]))).toEqual([])
  })

  it('finds eXIf and text chunks in a PNG', () => {
    const png = bytes(
      [0x89],
      'PNG',
      [13, 10, 26, 10],
      be32(1),
      'IHDR',
      [0],
      [0, 0, 0, 0],
      be32(0),
      'eXIf',
      [0, 0, 0, 0],
    )
    expect(imageMetadataBlocks(png)).toEqual(['eXIf'])
  })
})

describe('card srcset', () => {
  it('offers the 480 w card beside the 1600 w photo, and nothing for http URLs', () => {
    const resolve = (p: string) => `https://api/${p}`
    expect(cardSrcSet('u/l/i.webp', resolve)).toBe('https://api/u/l/i.card.webp 480w, https://api/u/l/i.webp 1600w')
    expect(cardSrcSet('https://cdn/x.jpg', resolve)).toBeNull()
  })
})
