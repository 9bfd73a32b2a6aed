// More pins for src/domain/photos.ts (kept beside photos.test.ts and photo-pipeline.test.ts, which another
// engineer is changing): reordering bounds, HEIC names, card paths, and the EXIF/GPS check of encoded images.
import { describe, expect, it } from 'vitest'
import {
  cardImagePath,
  imageMetadataBlocks,
  isHeic,
  movePhoto,
  PHOTO_OUTPUT_EXTENSION,
  PHOTO_OUTPUT_TYPE,
} from './photos'

describe('docs/product.md §3/§9 reordering: a drag to or from outside the photos changes nothing', () => {
  it.each([
    [-1, 1],
    [1, -1],
    [3, 0],
    [0, 3],
    [1, 1],
  ])('move %i → %i keeps the order', (from, to) => {
    expect(movePhoto(['a', 'b', 'c'], from, to)).toEqual(['a', 'b', 'c'])
  })
})

describe('docs/decisions.md#D-picked-photos HEIC message: by the file name ending or the type', () => {
  it.each([
    ['IMG_1.heic', '', true],
    ['IMG_1.HEIF', '', true],
    ['IMG_1.heic.jpg', 'image/jpeg', false],
    ['heic-guide.png', 'image/png', false],
    ['photo', 'image/heif-sequence', true],
  ])('%s (%s) → %s', (name, type, heic) => {
    expect(isHeic({ name, type })).toBe(heic)
  })
})

describe('card image path: beside the photo, never for web URLs', () => {
  it.each([
    ['i', 'i.card.webp'],
    ['u/l/photo', 'u/l/photo.card.webp'],
    ['http://cdn.example/x.jpg', null],
    ['HTTPS://cdn.example/x.jpg', null],
  ])('%s → %s', (path, card) => {
    expect(cardImagePath(path)).toBe(card)
  })
})

describe('docs/decisions.md#D-photo-pipeline: every stored photo is re-encoded to WebP', () => {
  it('the output type and the stored extension agree', () => {
    expect([PHOTO_OUTPUT_TYPE, PHOTO_OUTPUT_EXTENSION]).toEqual(['image/webp', '.webp'])
  })
})

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))
const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >> 24) & 255]
const be32 = (n: number) => [(n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255]
const JPEG = [0xff, 0xd8]
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]

describe('docs/decisions.md#D-photo-pipeline the EXIF/GPS check: every metadata block is found, wherever it sits', () => {
  it('a JPEG: an Exif segment after a JFIF segment', () => {
    const jpeg = bytes(JPEG, [0xff, 0xe0, 0, 6], 'JFIF', [0xff, 0xe1, 0, 8], 'Exif', [0, 0], [0xff, 0xda, 0, 2])
    expect(imageMetadataBlocks(jpeg)).toEqual(['APP1:Exif'])
  })

  it('a JPEG: the segments end where the markers stop', () => {
    const jpeg = bytes(JPEG, [0xff, 0xe0, 0, 6], 'JFIF', [0x00, 0xe1, 0, 8], 'Exif', [0, 0])
    expect(imageMetadataBlocks(jpeg)).toEqual([])
  })

  it('a JPEG: an APP1 header cut off at the very end still counts', () => {
    expect(imageMetadataBlocks(bytes(JPEG, [0xff, 0xe1, 0, 8]))).toEqual(['APP1:'])
  })

  it('a WebP: an EXIF chunk after a chunk longer than 255 bytes', () => {
    const webp = bytes(
      'RIFF',
      le32(0),
      'WEBP',
      'VP8 ',
      le32(300),
      new Array<number>(300).fill(0),
      'EXIF',
      le32(2),
      [1, 2],
    )
    expect(imageMetadataBlocks(webp)).toEqual(['EXIF'])
  })

  it.each(['eXIf', 'tEXt', 'iTXt', 'zTXt'])('a PNG: a %s chunk', (id) => {
    const png = bytes(PNG_SIGNATURE, be32(1), 'IHDR', [0], [0, 0, 0, 0], be32(2), id, [1, 2], [0, 0, 0, 0])
    expect(imageMetadataBlocks(png)).toEqual([id])
  })

  it('a PNG: a chunk header cut off before its CRC still counts', () => {
    expect(imageMetadataBlocks(bytes(PNG_SIGNATURE, be32(0), 'tEXt'))).toEqual(['tEXt'])
  })

  it.each<[string, Uint8Array]>([
    ['a RIFF that is not WebP (WAVE)', bytes('RIFF', le32(0), 'WAVE', 'EXIF', le32(2), [1, 2])],
    ['WEBP without RIFF', bytes('RIFX', le32(0), 'WEBP', 'EXIF', le32(2), [1, 2])],
    ['"PNG" without its 0x89 byte', bytes([0x88], 'PNG', [13, 10, 26, 10], be32(2), 'eXIf', [1, 2], [0, 0, 0, 0])],
    ['0x89 without "PNG"', bytes([0x89], 'GIF', [13, 10, 26, 10], be32(2), 'eXIf', [1, 2], [0, 0, 0, 0])],
    ['FF without D8', bytes([0xff, 0x00], [0xff, 0xe1, 0, 8], 'Exif', [0, 0])],
    ['D8 without FF', bytes([0x00, 0xd8], [0xff, 0xe1, 0, 8], 'Exif', [0, 0])],
  ])('an unknown format is not read: %s', (_name, file) => {
    expect(imageMetadataBlocks(file)).toEqual([])
  })
})
