import { describe, expect, it } from 'vitest'
import { lostToAnotherEdit, type SaveAnswer, type SentSave } from './save-outcome'

const fields = {
  title: 'Wool coat',
  description: 'Warm',
  price: 80,
  condition: 'very_good',
  category: 'women',
  product_type: 'coat',
  brand: 'Acne',
  size: 'M',
  fabric: 'wool',
  location: 'Zurich',
  tags: ['winter'],
  status: 'active',
}
const a = { id: 'a', image_url: 'u/l/a.webp', image_order: 1 }
const b = { id: 'b', image_url: 'u/l/b.webp', image_order: 2 }
const c = { id: 'c', image_url: 'u/l/c.webp', image_order: 3 }

describe('docs/product.md#R-listing-notices: was the save kept?', () => {
  it.each<[string, SentSave, SaveAnswer, boolean]>([
    ['the answer is the save', { listing: fields, images: [a, b] }, { listing: { ...fields }, images: [a, b] }, false],
    [
      'another title won',
      { listing: fields, images: null },
      { listing: { ...fields, title: 'Coat (edited)' }, images: [a] },
      true,
    ],
    ['another price won', { listing: fields, images: null }, { listing: { ...fields, price: 75 }, images: [] }, true],
    [
      'the same price as numeric',
      { listing: { ...fields, price: 12.5 }, images: null },
      { listing: { ...fields, price: 12.5 }, images: [] },
      false,
    ],
    [
      'sold elsewhere meanwhile',
      { listing: fields, images: null },
      { listing: { ...fields, status: 'sold' }, images: [] },
      true,
    ],
    ['other tags won', { listing: fields, images: null }, { listing: { ...fields, tags: null }, images: [] }, true],
    [
      'null and absent optional fields are the same',
      { listing: { ...fields, brand: null }, images: null },
      { listing: { ...fields, brand: undefined }, images: [] },
      false,
    ],
    [
      'a photo-only save kept; the fields are not its business',
      { listing: null, images: [a, b] },
      { listing: { ...fields, title: 'Other' }, images: [a, b] },
      false,
    ],
    [
      'a photo whose file never arrived is dropped: still the save',
      { listing: null, images: [a, b, c] },
      { listing: fields, images: [a, c] },
      false,
    ],
    [
      'a photo set from elsewhere (a photo not sent)',
      { listing: null, images: [a, b] },
      { listing: fields, images: [a, b, c] },
      true,
    ],
    [
      'a photo set from elsewhere (another order)',
      { listing: null, images: [a, b] },
      {
        listing: fields,
        images: [
          { ...b, image_order: 1 },
          { ...a, image_order: 2 },
        ],
      },
      true,
    ],
  ])('%s → lost: %s', (_name, sent, answer, lost) => {
    expect(lostToAnotherEdit(sent, answer)).toBe(lost)
  })
})
