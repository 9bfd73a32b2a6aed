import { describe, expect, it } from 'vitest'
import { checkContentType, mimeEssence, sniffImageType } from './content-type.ts'
import { GIF, JPEG, PNG, WEBP } from '../testing/storage-fixtures.ts'

const IMAGES = ['image/jpeg', 'image/png', 'image/webp']

describe('content type checks', () => {
  it('recognises JPEG, PNG, WEBP and GIF by their first bytes', () => {
    expect([JPEG, PNG, WEBP, GIF].map((b) => sniffImageType(b))).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
    ])
    expect(sniffImageType(Buffer.from('RIFF0000WAVE'))).toBeNull()
    expect(sniffImageType(Buffer.alloc(0))).toBeNull()
  })

  it('reduces a Content-Type to its lower-case essence and treats image/jpg as image/jpeg', () => {
    expect(mimeEssence('Image/PNG; charset=binary')).toBe('image/png')
    expect(mimeEssence('image/jpg')).toBe('image/jpeg')
    expect(mimeEssence('')).toBe('application/octet-stream')
  })

  it('accepts an image whose bytes match its declared type', () => {
    expect(() => checkContentType('image/jpeg', JPEG, IMAGES)).not.toThrow()
    expect(() => checkContentType('image/webp', WEBP, IMAGES)).not.toThrow()
  })

  it('refuses a declared image type the bytes contradict with 415, naming both', () => {
    expect(() => checkContentType('image/jpeg', PNG, IMAGES)).toThrow(
      expect.objectContaining({ status: 415, message: expect.stringMatching(/image\/jpeg.*image\/png/) }),
    )
    expect(() => checkContentType('image/webp', Buffer.from('RIFF0000WAVEfmt '), null)).toThrow(
      expect.objectContaining({ status: 415 }),
    )
  })

  it('refuses a type outside the bucket list with 415 "mime type … is not supported", and honours wildcards', () => {
    expect(() => checkContentType('text/html', Buffer.from('<p>'), IMAGES)).toThrow(
      expect.objectContaining({ status: 415, message: 'mime type text/html is not supported' }),
    )
    expect(() => checkContentType('image/gif', GIF, ['image/*'])).not.toThrow()
    expect(() => checkContentType('text/plain', Buffer.from('x'), null)).not.toThrow()
  })
})
