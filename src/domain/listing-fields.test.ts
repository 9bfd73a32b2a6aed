import { describe, expect, it } from 'vitest'
import type { DetailsFormValues } from './listing-form'
import { DESCRIPTION_MAX_LENGTH, PRICE_LIMIT_CHF, TAGS_MAX, TITLE_MAX_LENGTH } from './constants'
import {
  checkListingWrite,
  detailsFromListing,
  InvalidListingError,
  joinTags,
  newListing,
  normaliseListing,
  splitTags,
  type ListingWrite,
  type StoredListing,
} from './listing-fields'

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

describe('docs/product.md §5 normalisation on create and save', () => {
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
      location: 'CH-ZH-zurich',
      tags: ['winter', 'wool'],
    })
  })

  it.each([
    [' Zurich ', 'CH-ZH-zurich'],
    ['Genf', 'CH-GE-geneve'],
    ['Grisons', 'CH-GR'],
    [' 8001 Zürich ', '8001 Zürich'],
    ['Bernhardzell', 'Bernhardzell'],
  ])('docs/decisions.md#D-place-codes location %j is stored as %j', (location, stored) => {
    expect(normaliseListing({ ...values, location }).location).toBe(stored)
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
    expect(newListing({ id: 'L1', userId: 'U1', values })).toEqual({
      id: 'L1',
      user_id: 'U1',
      ...normaliseListing(values),
      status: 'active',
    })
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
      location: 'CH-ZH-zurich',
      tags: 'winter, wool',
    })
    expect(detailsFromListing(row, (code) => `name of ${code}`).location).toBe('name of CH-ZH-zurich')
  })
})

describe('docs/product.md §4/§5 edit mode: a stored row with missing optionals back into the form', () => {
  const stored: StoredListing = {
    id: 'L1',
    user_id: 'U1',
    title: 'Wool coat',
    description: null,
    price: 45.5,
    condition: 'very_good',
    category: 'women',
    product_type: null,
    size: null,
    brand: null,
    fabric: null,
    location: null,
    tags: null,
    status: 'active',
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
  }
  it('every missing text is an empty input', () => {
    expect(detailsFromListing(stored)).toEqual({
      title: 'Wool coat',
      description: '',
      price: 45.5,
      condition: 'very_good',
      category: 'women',
      productType: '',
      size: '',
      brand: '',
      fabric: '',
      location: '',
      tags: '',
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

describe('the listing write, checked as the server would (migration 20261122000300 CHECKs)', () => {
  const valid: ListingWrite = {
    id: 'L1',
    user_id: 'U1',
    title: 'Wool coat',
    description: '',
    price: 45.5,
    condition: 'very_good',
    category: 'women',
    product_type: null,
    brand: null,
    size: null,
    fabric: null,
    location: null,
    tags: null,
    status: 'active',
    edited_at: '2026-11-01T00:00:00Z',
  }

  /** The columns an InvalidListingError names, or null when the listing passes. */
  const refusedColumns = (value: unknown): readonly string[] | null => {
    try {
      checkListingWrite(value)
      return null
    } catch (e) {
      if (e instanceof InvalidListingError) return e.fields
      throw e
    }
  }

  it('names the refused columns in its message; what is no object at all is refused as a whole', () => {
    const error = new InvalidListingError(['price', 'title'])
    expect([error.name, error.message]).toEqual(['InvalidListingError', 'invalid listing: price, title'])
    expect(refusedColumns(null)).toEqual([''])
  })

  it('passes a valid listing, stripped to its columns (a whole mirror row may come in)', () => {
    expect(checkListingWrite({ ...valid, created_at: 'x', sync_state: 'pending', cover_image_url: null })).toEqual(
      valid,
    )
  })

  it.each<[string, Partial<Record<keyof ListingWrite, unknown>>]>([
    ['a title of the shortest length', { title: 'abc' }],
    [
      'a title of the longest length, in characters (emoji count once, as in Postgres)',
      { title: '👗'.repeat(TITLE_MAX_LENGTH) },
    ],
    ['the longest description', { description: 'd'.repeat(DESCRIPTION_MAX_LENGTH) }],
    ['the highest price', { price: PRICE_LIMIT_CHF - 0.01 }],
    ['the lowest price', { price: 0.01 }],
    [
      'every optional text at its longest',
      {
        product_type: 'p'.repeat(100),
        brand: 'b'.repeat(100),
        size: 's'.repeat(40),
        fabric: 'f'.repeat(100),
        location: 'l'.repeat(100),
      },
    ],
    ['the most tags', { tags: Array.from({ length: TAGS_MAX }, (_, i) => `t${i}`) }],
    ['sold', { status: 'sold' }],
  ])('accepts %s', (_name, patch) => {
    expect(checkListingWrite({ ...valid, ...patch })).toEqual({ ...valid, ...patch })
  })

  it.each<[string, Partial<Record<keyof ListingWrite, unknown>>, string[]]>([
    ['a title too short', { title: 'ab' }, ['title']],
    ['a title too long', { title: 'a'.repeat(TITLE_MAX_LENGTH + 1) }, ['title']],
    ['a title of emoji too long', { title: '👗'.repeat(TITLE_MAX_LENGTH + 1) }, ['title']],
    ['a description too long', { description: 'd'.repeat(DESCRIPTION_MAX_LENGTH + 1) }, ['description']],
    ['a price of 0', { price: 0 }, ['price']],
    ['a negative price', { price: -5 }, ['price']],
    ['a price at the limit', { price: PRICE_LIMIT_CHF }, ['price']],
    ['a price as text', { price: '45.50' }, ['price']],
    ['an unknown condition', { condition: 'like_new' }, ['condition']],
    ['an unknown category', { category: 'hats' }, ['category']],
    ['a size too long', { size: 's'.repeat(41) }, ['size']],
    ['a product type too long', { product_type: 'p'.repeat(101) }, ['product_type']],
    ['a brand too long', { brand: 'b'.repeat(101) }, ['brand']],
    ['a fabric too long', { fabric: 'f'.repeat(101) }, ['fabric']],
    ['a location too long', { location: 'l'.repeat(101) }, ['location']],
    ['too many tags', { tags: Array.from({ length: TAGS_MAX + 1 }, (_, i) => `t${i}`) }, ['tags']],
    ['an unknown status', { status: 'draft' }, ['status']],
    ['no id, no owner, no edit time', { id: '', user_id: undefined, edited_at: '' }, ['id', 'user_id', 'edited_at']],
    ['two columns at once', { title: '', category: 'hats' }, ['title', 'category']],
  ])('refuses %s, naming the columns', (_name, patch, fields) => {
    expect(refusedColumns({ ...valid, ...patch })).toEqual(fields)
  })
})
