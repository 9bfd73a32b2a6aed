import { describe, expect, it } from 'vitest'
import { detailsFormDefaults, type DetailsFormValues } from './listing-form'
import {
  changesOnTop,
  draftValues,
  editBase,
  isDraftEmpty,
  isEditDraftStale,
  prepareListing,
  stepProgressPercent,
} from './sell-flow'

const filled = {
  ...detailsFormDefaults(null),
  title: '  Wool coat ',
  description: ' Warm and soft, barely worn. ',
  price: 45.5,
  productType: 'Coat',
  size: ' M ',
  fabric: 'Wool',
  location: ' Zurich ',
  tags: 'winter, , wool ',
}

describe('docs/product.md §2.10 three-step header', () => {
  it.each([
    ['upload', 33],
    ['details', 67],
    ['preview', 100],
  ] as const)('%s fills %i %% of the bar', (step, pct) => {
    expect(stepProgressPercent(step)).toBe(pct)
  })
})

describe('docs/product.md §4 the in-progress form', () => {
  it('is empty with no photo and only defaults; a photo or one typed field makes it worth keeping', () => {
    const blank = detailsFormDefaults(null)
    expect(isDraftEmpty(blank, 0)).toBe(true)
    expect(isDraftEmpty({ ...blank, price: '' }, 0)).toBe(true)
    expect(isDraftEmpty(blank, 1)).toBe(false)
    expect(isDraftEmpty({ ...blank, title: 'C' }, 0)).toBe(false)
    expect(isDraftEmpty({ ...blank, category: 'men' }, 0)).toBe(false)
    expect(isDraftEmpty({ ...blank, price: 3 }, 0)).toBe(false)
  })

  it('reads stored values with the defaults of docs/product.md §4 for missing or invalid ones, keeping an emptied price empty', () => {
    expect(draftValues({ category: 'hats', condition: 'mint', price: '' })).toMatchObject({
      category: 'women',
      condition: 'new_with_tags',
      price: '',
    })
    expect(draftValues(undefined).price).toBe(0)
  })
})

describe('docs/product.md §5 publish: check, then normalise', () => {
  it('normalises a listing that passes', () => {
    const r = prepareListing(filled, 3)
    expect(r).toEqual({
      ok: true,
      fields: {
        title: 'Wool coat',
        description: 'Warm and soft, barely worn.',
        price: 45.5,
        condition: 'new_with_tags',
        category: 'women',
        product_type: 'coat',
        brand: null,
        size: 'M',
        fabric: 'Wool',
        location: 'CH-ZH-zurich',
        tags: ['winter', 'wool'],
      },
    })
  })

  it.each([
    ['a price at the server’s limit', { price: 100_000 }],
    ['a title of two letters', { title: 'ab' }],
    ['a title longer than the server keeps', { title: 'a'.repeat(121) }],
  ])('refuses %s, which the spec’s check lets through, with the requirements sentence', (_name, over) => {
    expect(prepareListing({ ...filled, ...over }, 3)).toEqual({ ok: false, messages: ['publish.listingRequirements'] })
  })

  it('returns every failed rule in order (no image, no title, empty price)', () => {
    const r = prepareListing({ ...filled, title: '  ', price: '' }, 0)
    expect(r).toEqual({
      ok: false,
      messages: ['publish.titleRequired', 'publish.priceRequired', 'publish.imageRequired'],
    })
  })
})

describe('edit drafts', () => {
  it('are stale when the listing was edited since (another device)', () => {
    expect(isEditDraftStale('2026-11-23T10:00:00.000Z', '2026-11-23T10:00:00.000Z')).toBe(false)
    expect(isEditDraftStale('2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z')).toBe(true)
    expect(isEditDraftStale(undefined, '2026-11-23T11:00:00.000Z')).toBe(true)
  })
})

describe('an edit saved on top of the listing as it now is', () => {
  const base: DetailsFormValues = {
    ...detailsFormDefaults(null),
    title: 'Wool coat',
    description: 'Warm and soft.',
    price: 45,
    size: 'M',
  }
  // Each row: what this device changed, what another device saved meanwhile, what the save writes.
  it.each<[string, Partial<typeof base>, Partial<typeof base>, Partial<typeof base>]>([
    ['nothing changed anywhere', {}, {}, {}],
    ['only here', { price: 50 }, {}, { price: 50 }],
    [
      'only elsewhere: kept, not overwritten with the old value',
      {},
      { title: 'Navy wool coat' },
      { title: 'Navy wool coat' },
    ],
    [
      'different fields: both kept',
      { price: 50, description: 'Warm, soft, no flaws.' },
      { title: 'Navy wool coat' },
      { price: 50, description: 'Warm, soft, no flaws.', title: 'Navy wool coat' },
    ],
    [
      'the same field: this device’s value, typed last, wins',
      { title: 'Coat (wool)' },
      { title: 'Navy wool coat' },
      { title: 'Coat (wool)' },
    ],
    ['changed here and back again: the other device’s value', { size: 'M' }, { size: 'L' }, { size: 'L' }],
    ['price emptied here', { price: '' }, { price: 40 }, { price: '' }],
  ])('%s', (_name, here, elsewhere, written) => {
    expect(changesOnTop(base, { ...base, ...here }, { ...base, ...elsewhere })).toEqual({
      ...base,
      ...elsewhere,
      ...written,
    })
  })

  it.each([
    [{ base: { title: 'Wool coat', price: 45 } }, { ...detailsFormDefaults(null), title: 'Wool coat', price: 45 }],
    [{ title: 'Wool coat' }, null],
    [{ base: 'x' }, null],
    [null, null],
  ])('the draft %j stands on %j', (stored, expected) => {
    expect(editBase(stored)).toEqual(expected)
  })
})
