import { describe, expect, it } from 'vitest'
import { imageInputs } from './publish-draft'
import type { SellDraftPhoto } from '@/db/repositories/drafts'

const photo = (over: Partial<SellDraftPhoto>): SellDraftPhoto =>
  ({
    id: 'p1',
    draft_id: 'd1',
    position: 0,
    blob: null,
    card_blob: null,
    content_type: '',
    image_url: null,
    ...over,
  }) as SellDraftPhoto

describe('imageInputs: a photo on this device keeps the extension of what it was encoded to', () => {
  const blob = new Blob(['x'])
  it.each([
    ['image/webp', '.webp'],
    ['image/jpeg', '.jpg'],
  ])('%s → %s', (content_type, ext) => {
    expect(imageInputs([photo({ blob, content_type })])[0]).toMatchObject({ id: 'p1', content_type, ext })
  })

  it('a photo already on the server keeps its path', () => {
    expect(imageInputs([photo({ image_url: 'u/l/p1.webp' })])).toEqual([{ id: 'p1', image_url: 'u/l/p1.webp' }])
  })
})
