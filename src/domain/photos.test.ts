import { describe, expect, it } from 'vitest'
import {
  acceptPhotos,
  canLeaveUploadStep,
  imageOrderAt,
  isBelowUploadMinimum,
  isDropZoneVisible,
  isPhotoOutputType,
  movePhoto,
  photoExtension,
  photoOutputExtension,
  photoStoragePath,
  pointerOverGrid,
} from './photos'

const files = (...names: string[]) => names.map((name) => ({ name }))

describe('docs/product.md §5 photos: accepted types', () => {
  it.each([
    ['a.jpg', '.jpg'],
    ['a.JPEG', '.jpeg'],
    ['shot.final.png', '.png'],
    ['a.webp', '.webp'],
    ['a.gif', null],
    ['a.heic', null],
    ['jpg', null],
    ['a.jpg.exe', null],
  ])('%s → %s', (name, ext) => {
    expect(photoExtension(name)).toBe(ext)
  })
})

describe('docs/product.md §5 photos: files beyond the remaining capacity (10 − current) are ignored', () => {
  it.each([
    [0, 12, 10],
    [8, 3, 2],
    [9, 1, 1],
    [10, 1, 0],
  ])('with %i photos, a drop of %i adds %i', (current, dropped, added) => {
    const drop = files(...Array.from({ length: dropped }, (_, i) => `p${i}.jpg`))
    expect(acceptPhotos(current, drop)).toEqual(drop.slice(0, added))
  })

  it('drops other types before counting capacity', () => {
    expect(acceptPhotos(8, files('a.gif', 'b.png', 'c.txt', 'd.jpg', 'e.webp'))).toEqual(files('b.png', 'd.jpg'))
  })
})

describe('docs/product.md §4 upload step: 2–10 photos', () => {
  it.each([
    [1, false, false],
    [2, false, true],
    [2, true, false],
    [10, false, true],
  ])('%i photos, uploading %s → can continue %s', (count, uploading, can) => {
    expect(canLeaveUploadStep(count, uploading)).toBe(can)
  })

  it.each([
    [1, true, true],
    [2, false, true],
    [9, false, true],
    [10, false, false],
  ])('%i photos → below minimum %s, drop zone visible %s', (count, below, visible) => {
    expect([isBelowUploadMinimum(count), isDropZoneVisible(count)]).toEqual([below, visible])
  })
})

describe('docs/product.md §3/§9 image order and reordering', () => {
  it('image_order starts at 1', () => {
    expect([0, 1, 9].map(imageOrderAt)).toEqual([1, 2, 10])
  })

  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, null, ['a', 'b', 'c']],
    [0, 5, ['a', 'b', 'c']],
  ] as const)('move %i → %s gives %j', (from, to, expected) => {
    expect(movePhoto(['a', 'b', 'c'], from, to)).toEqual(expected)
  })

  it('builds a deterministic storage path', () => {
    expect(photoStoragePath({ userId: 'u', listingId: 'l', imageId: 'i', extension: '.webp' })).toBe('u/l/i.webp')
  })
})

describe('photo output types: WebP, JPEG where the browser cannot encode WebP', () => {
  it.each([
    ['image/webp', true],
    ['image/jpeg', true],
    ['image/png', false],
    ['', false],
  ])('%j may be stored: %s', (type, ok) => {
    expect(isPhotoOutputType(type)).toBe(ok)
  })

  it.each([
    ['image/webp', '.webp'],
    ['image/jpeg', '.jpg'],
  ] as const)('%s is stored as %s', (type, ext) => {
    expect(photoOutputExtension(type)).toBe(ext)
  })
})

describe('a drag has a target only over the photo grid', () => {
  const grid = { left: 100, top: 200, right: 400, bottom: 500 }
  it.each<[string, { x: number; y: number } | null, typeof grid | null, boolean]>([
    ['inside', { x: 250, y: 300 }, grid, true],
    ['on its edge', { x: 100, y: 500 }, grid, true],
    ['above it (the header)', { x: 250, y: 50 }, grid, false],
    ['beside it', { x: 401, y: 300 }, grid, false],
    ['below it', { x: 250, y: 501 }, grid, false],
    ['no grid measured', { x: 250, y: 300 }, null, false],
    ['the keyboard (no pointer)', null, grid, true],
  ])('%s', (_name, pointer, box, over) => {
    expect(pointerOverGrid(pointer, box)).toBe(over)
  })
})
