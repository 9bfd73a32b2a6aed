import { describe, expect, it } from 'vitest'
import { checkBeforePublish, type PublishDraft } from './listing-publish'

const ok: PublishDraft = {
  title: 'Wool coat',
  description: 'Warm coat',
  price: 45,
  location: 'Zurich',
  category: 'women',
  condition: 'very_good',
  imageCount: 1,
}

describe('docs/product.md §5 pre-submission check at publish', () => {
  it('passes a complete draft with a single image', () => {
    expect(checkBeforePublish(ok)).toEqual([])
  })

  it.each<[Partial<PublishDraft>, unknown]>([
    [{ title: '   ' }, 'publish.titleRequired'],
    [{ description: '' }, 'publish.descriptionRequired'],
    [{ description: null }, 'publish.descriptionRequired'],
    [{ price: 0 }, 'publish.priceRequired'],
    [{ price: -5 }, 'publish.priceRequired'],
    [{ price: '' }, 'publish.priceRequired'],
    [{ price: null }, 'publish.priceRequired'],
    [{ location: ' ' }, 'publish.locationRequired'],
    [{ imageCount: 0 }, 'publish.imageRequired'],
    [{ category: '' }, 'publish.categoryRequired'],
    [
      { category: 'hats' },
      {
        key: 'publish.categoryInvalid',
        params: { value: 'hats', allowed: 'women, men, children, shoes, accessories' },
      },
    ],
    [{ condition: undefined }, 'publish.conditionRequired'],
    [
      { condition: 'mint' },
      {
        key: 'publish.conditionInvalid',
        params: { value: 'mint', allowed: 'new_with_tags, very_good, worn_but_loved, acceptable' },
      },
    ],
  ])('%j → %j', (change, message) => {
    expect(checkBeforePublish({ ...ok, ...change })).toEqual([message])
  })

  it.each<[Partial<PublishDraft>]>([[{ price: 0.01 }], [{ price: '12.50' }], [{ category: 'Women' }]])(
    'accepts %j',
    (change) => {
      expect(checkBeforePublish({ ...ok, ...change })).toEqual([])
    },
  )

  it('lists all failures in the spec order', () => {
    const all = checkBeforePublish({
      title: '',
      description: '',
      price: 0,
      location: '',
      category: '',
      condition: '',
      imageCount: 0,
    })
    expect(all).toEqual([
      'publish.titleRequired',
      'publish.descriptionRequired',
      'publish.priceRequired',
      'publish.locationRequired',
      'publish.imageRequired',
      'publish.categoryRequired',
      'publish.conditionRequired',
    ])
  })
})

describe('docs/product.md §5 pre-submission check: missing and padded values', () => {
  it.each<[Partial<PublishDraft>, unknown[]]>([
    [{ category: null }, ['publish.categoryRequired']],
    [{ category: undefined }, ['publish.categoryRequired']],
    [{ category: ' Women ' }, []],
    [{ price: undefined }, ['publish.priceRequired']],
    [{ price: '  ' }, ['publish.priceRequired']],
    [{ price: 'abc' }, ['publish.priceRequired']],
  ])('%j → %j', (change, messages) => {
    expect(checkBeforePublish({ ...ok, ...change })).toEqual(messages)
  })
})
