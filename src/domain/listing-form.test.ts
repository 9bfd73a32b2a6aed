import { describe, expect, it } from 'vitest'
import {
  charCount,
  detailsFormDefaults,
  isPreviewReady,
  limitErrors,
  tagCount,
  validateDetails,
  type DetailsFormValues,
} from './listing-form'

const valid: DetailsFormValues = {
  title: 'Wool coat',
  description: 'Warm black wool coat, worn two winters.',
  price: 45,
  condition: 'very_good',
  category: 'women',
  productType: 'coat',
  size: 'M',
  brand: '',
  fabric: 'Wool',
  location: 'Zurich',
  tags: '',
}

describe('docs/product.md §5 details form schema', () => {
  it('accepts a complete form, brand and tags empty', () => {
    expect(validateDetails(valid)).toMatchObject({ ok: true })
  })

  it.each<[Partial<Record<keyof DetailsFormValues, unknown>>, keyof DetailsFormValues, string]>([
    [{ title: 'ab' }, 'title', 'details.titleMin'],
    [{ title: '  ab  ' }, 'title', 'details.titleMin'],
    [{ description: '123456789' }, 'description', 'details.descriptionMin'],
    [{ price: 0.99 }, 'price', 'details.priceMin'],
    [{ price: '' }, 'price', 'details.priceMin'],
    [{ price: 'abc' }, 'price', 'details.priceMin'],
    [{ condition: 'mint' }, 'condition', 'details.conditionInvalid'],
    [{ category: 'hats' }, 'category', 'details.categoryInvalid'],
    [{ productType: '' }, 'productType', 'details.productTypeRequired'],
    [{ size: '   ' }, 'size', 'details.sizeRequired'],
    [{ fabric: '' }, 'fabric', 'details.fabricRequired'],
    [{ location: '' }, 'location', 'details.locationRequired'],
  ])('%j fails on %s with %s', (change, field, key) => {
    const result = validateDetails({ ...valid, ...change } as DetailsFormValues)
    expect(result).toEqual({ ok: false, errors: { [field]: key } })
  })

  it.each<[Partial<DetailsFormValues>]>([
    [{ title: 'abc' }],
    [{ description: '1234567890' }],
    [{ price: 1 }],
    [{ size: 'M' }],
  ])('the boundary %j passes', (change) => {
    expect(validateDetails({ ...valid, ...change }).ok).toBe(true)
  })

  // Each upper limit is the server's CHECK on listings; one past it is refused here, at it passes.
  it.each<[Partial<Record<keyof DetailsFormValues, unknown>>, keyof DetailsFormValues, string]>([
    [{ title: 'a'.repeat(121) }, 'title', 'details.titleMax'],
    [{ title: '👗'.repeat(121) }, 'title', 'details.titleMax'],
    [{ description: 'a'.repeat(5001) }, 'description', 'details.descriptionMax'],
    [{ size: 'a'.repeat(41) }, 'size', 'details.sizeMax'],
    [{ fabric: 'a'.repeat(101) }, 'fabric', 'details.fabricMax'],
    [{ location: 'a'.repeat(101) }, 'location', 'details.locationMax'],
    [{ productType: 'a'.repeat(101) }, 'productType', 'details.productTypeMax'],
    [{ brand: 'a'.repeat(101) }, 'brand', 'details.brandMax'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(', ') }, 'tags', 'details.tagsMax'],
    [{ price: 100000 }, 'price', 'details.priceMax'],
    [{ price: 1e9 }, 'price', 'details.priceMax'],
    [{ price: 12.345 }, 'price', 'details.priceRappen'],
    [{ price: 99999.999 }, 'price', 'details.priceRappen'],
  ])('%j is past a server limit: %s with %s', (change, field, key) => {
    const result = validateDetails({ ...valid, ...change } as DetailsFormValues)
    expect(result).toEqual({ ok: false, errors: { [field]: key } })
    expect(limitErrors(result.ok ? {} : result.errors)).toEqual({ [field]: key })
  })

  it.each<[Partial<DetailsFormValues>]>([
    [{ title: 'a'.repeat(120) }],
    [{ title: `  ${'👗'.repeat(120)}  ` }],
    [{ description: 'a'.repeat(5000) }],
    [{ size: 'a'.repeat(40) }],
    [{ fabric: 'a'.repeat(100) }],
    [{ location: 'a'.repeat(100) }],
    [{ brand: 'a'.repeat(100) }],
    [{ tags: Array.from({ length: 20 }, (_, i) => `t${i}`).join(', ') + ', , ' }],
    [{ price: 99999.99 }],
    [{ price: 12.35 }],
    [{ price: 0.1 + 0.2 + 1 }],
  ])('the limit %j passes', (change) => {
    expect(validateDetails({ ...valid, ...change }).ok).toBe(true)
  })

  it('shows only the limits while typing, not a field that is merely still empty', () => {
    const r = validateDetails({ ...valid, title: '', description: 'a'.repeat(5001) })
    expect(limitErrors(r.ok ? {} : r.errors)).toEqual({ description: 'details.descriptionMax' })
  })

  it.each([
    ['', 0],
    ['a', 1],
    ['a, b,, c ,', 3],
    [' , ', 0],
  ])('tags %j count %i', (text, count) => {
    expect(tagCount(text)).toBe(count)
  })

  it('counts characters as the server does (an emoji is one)', () => {
    expect(charCount('👗ab')).toBe(3)
  })

  it('reports every failing field at once, one message each', () => {
    const result = validateDetails({ ...valid, title: '', description: '', price: '' })
    expect(result).toEqual({
      ok: false,
      errors: { title: 'details.titleMin', description: 'details.descriptionMin', price: 'details.priceMin' },
    })
  })

  it('gates the preview on the same schema', () => {
    expect(isPreviewReady(valid)).toBe(true)
    expect(isPreviewReady({ ...valid, fabric: '' })).toBe(false)
  })
})

describe('docs/product.md §4 sell flow: details form defaults', () => {
  it('starts empty with condition new_with_tags, category women and price 0', () => {
    expect(detailsFormDefaults()).toEqual({
      title: '',
      description: '',
      price: 0,
      condition: 'new_with_tags',
      category: 'women',
      productType: '',
      size: '',
      brand: '',
      fabric: '',
      location: '',
      tags: '',
    })
  })

  it.each([
    [{ condition: 'mint', category: 'hats' }, 'new_with_tags', 'women'],
    [{ condition: null, category: undefined }, 'new_with_tags', 'women'],
    [{ condition: 'acceptable', category: 'shoes' }, 'acceptable', 'shoes'],
  ])('stored %j → condition %s, category %s', (stored, condition, category) => {
    expect(detailsFormDefaults(stored)).toMatchObject({ condition, category })
  })

  it.each([
    [undefined, 0],
    [12.5, 12.5],
    ['', ''],
    [Number.NaN, 0],
    ['12', 0],
  ])('stored price %j → %j (an emptied input stays empty)', (price, expected) => {
    expect(detailsFormDefaults({ price }).price).toBe(expected)
  })

  it('keeps stored texts as they are', () => {
    expect(detailsFormDefaults({ title: ' Coat ', tags: 'a, b' })).toMatchObject({ title: ' Coat ', tags: 'a, b' })
  })
})

describe('docs/product.md §5 details form: fields a browser hands over as missing', () => {
  it("are reported with their own messages, never zod's defaults", () => {
    const r = validateDetails({} as unknown as DetailsFormValues)
    expect(r.ok ? {} : r.errors).toEqual({
      title: 'details.titleMin',
      description: 'details.descriptionMin',
      price: 'details.priceMin',
      condition: 'details.conditionInvalid',
      category: 'details.categoryInvalid',
      productType: 'details.productTypeRequired',
      size: 'details.sizeRequired',
      fabric: 'details.fabricRequired',
      location: 'details.locationRequired',
    })
  })
})
