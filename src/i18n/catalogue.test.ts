import { describe, expect, it } from 'vitest'
import { CATEGORY_FILTERS, ALL_PRODUCT_TYPES } from '@/domain/categories'
import { CONDITIONS } from '@/domain/conditions'
import {
  AUTH_FORM_MESSAGE_KEYS,
  AUTH_MESSAGE_KEYS,
  CONTACT_MESSAGE_KEYS,
  DETAILS_MESSAGE_KEYS,
  OTHER_DOMAIN_MESSAGE_KEYS,
  PUBLISH_MESSAGE_KEYS,
  TOAST_MESSAGE_KEYS,
} from '@/domain/messages'
import { en } from './en'
import {
  categoryLabel,
  conditionFilterLabel,
  conditionLabel,
  generatedDescription,
  productTypeLabel,
  profileName,
  render,
  sellerName,
  t,
} from '.'

describe('docs/product.md §1 product copy', () => {
  it.each([
    ['app.name', 'Kreis'],
    ['app.tagline', 'Wear stories, not trends.'],
    ['app.subTagline', 'Buy & sell clothes in Switzerland, all in one stylish circle.'],
    ['footer.copyright', '© 2024 Kreis. All rights reserved.'],
    ['subscription.title', 'Your Kreis Plan'],
    ['toast.signUpSuccess', 'Welcome to Kreis 🎉'],
    ['shop.title', 'Marketplace Feed'],
    ['upload.counter', '{count}/10 photos uploaded'],
  ] as const)('%s = %j', (key, text) => {
    expect(t(key)).toBe(text)
  })
})

describe('docs/product.md §3 labels and fallbacks', () => {
  it('labels categories, conditions and filter conditions', () => {
    expect(CATEGORY_FILTERS.map(categoryLabel)).toEqual(['All Items', 'Women', 'Men', 'Kids', 'Shoes', 'Accessories'])
    expect(CONDITIONS.map(conditionLabel)).toEqual(['New with Tags', 'Very Good', 'Worn but Loved', 'Acceptable'])
    expect(CONDITIONS.map(conditionFilterLabel)).toEqual(['New with tags', 'Very good', 'Good', 'Fair'])
  })

  it.each([
    ['t-shirt', 'T-Shirt'],
    ['ankle boots', 'Ankle Boots'],
    ['kimono', 'Kimono'],
  ])('product type %s → %s', (value, label) => {
    expect(productTypeLabel(value)).toBe(label)
  })

  it('falls back to Anonymous and User', () => {
    expect([sellerName(null), sellerName('Anna Müller'), profileName(null)]).toEqual([
      'Anonymous',
      'Anna Müller',
      'User',
    ])
  })

  it('writes a sentence for an empty description', () => {
    expect(generatedDescription('Wool coat', 'very_good')).toBe(
      'A pre-loved Wool coat in very good condition, looking for its next story.',
    )
  })
})

describe('the catalogue is complete', () => {
  const domainKeys = [
    ...AUTH_FORM_MESSAGE_KEYS,
    ...AUTH_MESSAGE_KEYS,
    ...CONTACT_MESSAGE_KEYS,
    ...DETAILS_MESSAGE_KEYS,
    ...PUBLISH_MESSAGE_KEYS,
    ...TOAST_MESSAGE_KEYS,
    ...OTHER_DOMAIN_MESSAGE_KEYS,
    ...ALL_PRODUCT_TYPES.map((p) => `productType.${p}`),
  ]
  it.each(domainKeys)('%s has a non-empty English text', (key) => {
    expect((en as Record<string, string>)[key]?.trim()).toBeTruthy()
  })

  it('every text is non-empty', () => {
    expect(Object.entries(en).filter(([, text]) => text.trim() === '')).toEqual([])
  })

  it('fills parameters and leaves unknown ones visible', () => {
    expect(t('preview.morePhotos', { count: 3 })).toBe('+3 more')
    expect(t('preview.morePhotos')).toBe('+{count} more')
    expect(render({ key: 'item.imageCounter', params: { current: 2, total: 5 } })).toBe('2 / 5')
  })
})
