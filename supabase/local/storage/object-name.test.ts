import { describe, expect, it } from 'vitest'
import { validBucketId, validObjectName } from './object-name.ts'

describe('object names', () => {
  it.each(['u1/listing-1/photo 1.png', 'a.png', 'ü/日本/ok.webp', 'a/b/c/d/e.jpg', '..a/b..'])('accepts %j', (name) => {
    expect(validObjectName(name)).toBe(name)
  })

  it.each([
    '',
    '/lead.png',
    'trail/',
    'a//b',
    '..',
    'a/../b',
    './a',
    'a/./b',
    'a\\b',
    'nul\u0000.png',
    'del\u007f',
    'x'.repeat(1025),
  ])('refuses %j with 400 InvalidKey', (name) => {
    expect(() => validObjectName(name)).toThrow(
      expect.objectContaining({ status: 400, body: expect.objectContaining({ error: 'InvalidKey' }) }),
    )
  })

  it.each(['..', '.', 'a/b', '', 'x'.repeat(101)])('refuses the bucket id %j as not found', (id) => {
    expect(() => validBucketId(id)).toThrow(expect.objectContaining({ status: 404 }))
  })
})
