import { describe, expect, it } from 'vitest'
import type { DetailsFormValues } from './listing-form'
import { detailsFromListing, joinTags, newListing, normaliseListing, splitTags, type StoredListing } from './listing-fields'

const values: DetailsFormValues & { price: number } = {
  title: '  Wool coat ',
  description: ' Warm black coat. ',
  price: 45.5,
  condition: 'very_good',
  category: 'women',
  productType: ' Coat ',
  size: ' M ',
  brand: '   ',
  fabric: ' Wool',
  location: ' Zurich ',
  tags: ' winter, ,wool ,, ',
}

describe('spec §5 normalisation on create and save', () => {
  it('trims texts, nulls empty optionals, lower-cases product type, splits tags', () => {
    expect(normaliseListing(values)).toEqual({
      title: 'Wool coat',
      description: 'Warm black coat.',
      price: 45.5,
      condition: 'very_good',
      category: 'women',
      product_type: 'coat',
      brand: null,
      size: 'M',
      fabric: 'Wool',
      location: 'Zurich',
      tags: ['winter', 'wool'],
    })
  })

  it.each([
    ['', null],
    [' , ,', null],
    ['boho', ['boho']],
    ['boho, leather , vintage', ['boho', 'leather', 'vintage']],
  ])('tags %j → %j', (text, tags) => {
    expect(splitTags(text)).toEqual(tags)
  })

  it.each([
    ['', null],
    ['  ', null],
  ])('product type %j → null', (productType, expected) => {
    expect(normaliseListing({ ...values, productType }).product_type).toBe(expected)
  })

  it('keeps prices to whole Rappen', () => {
    expect(normaliseListing({ ...values, price: 12.345 }).price).toBe(12.35)
  })

  it('creates an active listing owned by the user', () => {
    expect(newListing({ id: 'L1', userId: 'U1', values })).toEqual({ id: 'L1', user_id: 'U1', ...normaliseListing(values), status: 'active' })
  })

  it('turns a stored row back into form values for editing', () => {
    const row: StoredListing = {
      ...newListing({ id: 'L1', userId: 'U1', values }),
      price: '45.50',
      condition: 'mint',
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    }
    expect(detailsFromListing(row)).toEqual({
      title: 'Wool coat',
      description: 'Warm black coat.',
      price: 45.5,
      condition: 'new_with_tags',
      category: 'women',
      productType: 'coat',
      size: 'M',
      brand: '',
      fabric: 'Wool',
      location: 'Zurich',
      tags: 'winter, wool',
    })
  })
})

describe('spec §4/§5 edit mode: a stored row with missing optionals back into the form', () => {
  const stored: StoredListing = {
    id: 'L1', user_id: 'U1', title: 'Wool coat', description: null, price: 45.5, condition: 'very_good', category: 'women',
    product_type: null, size: null, brand: null, fabric: null, location: null, tags: null, status: 'active',
    created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z',
  }
  it('every missing text is an empty input', () => {
    expect(detailsFromListing(stored)).toEqual({
      title: 'Wool coat', description: '', price: 45.5, condition: 'very_good', category: 'women',
      productType: '', size: '', brand: '', fabric: '', location: '', tags: '',
    })
  })

  it('a stored brand is kept', () => {
    expect(detailsFromListing({ ...stored, brand: 'Akris' }).brand).toBe('Akris')
  })

  it.each([
    [null, null, ''],
    [undefined, null, ''],
  ])('tags %j split to %j and join back to %j', (text, tags, joined) => {
    expect(splitTags(text)).toEqual(tags)
    expect(joinTags(tags)).toBe(joined)
  })
})
