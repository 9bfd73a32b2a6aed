import { describe, expect, it } from 'vitest'
import { validateContact } from '@/domain/contact-form'
import { validateDetails, detailsFormDefaults } from '@/domain/listing-form'
import { checkBeforePublish } from '@/domain/listing-publish'
import { render, validationErrorToast } from '.'

describe('docs/product.md §5 details form messages', () => {
  it.each([
    [{ title: 'ab' }, 'title', 'Title must be at least 3 characters'],
    [{ description: 'short' }, 'description', 'Description must be at least 10 characters'],
    [{ price: '' }, 'price', 'Price must be at least 1 CHF'],
    [{ condition: 'x' }, 'condition', 'Please select a valid condition'],
    [{ category: 'x' }, 'category', 'Please select a valid category'],
    [{ productType: '' }, 'productType', 'Please select a product type'],
    [{ size: '' }, 'size', 'Size is required'],
    [{ fabric: '' }, 'fabric', 'Fabric is required'],
    [{ location: '' }, 'location', 'Location is required'],
  ] as const)('%j → %s: %j', (change, field, text) => {
    const values = {
      ...detailsFormDefaults({
        title: 'Coat',
        description: 'A warm coat!',
        price: 5,
        productType: 'coat',
        size: 'M',
        fabric: 'Wool',
        location: 'Bern',
      }),
      ...change,
    }
    const r = validateDetails(values as never)
    expect(r.ok ? undefined : render(r.errors[field] ?? 'toast.error')).toBe(text)
  })
})

describe('docs/product.md §5 pre-submission check and the docs/product.md §8 "Validation Error" toast', () => {
  it('joins the messages with commas, in order, with the invalid value quoted', () => {
    const messages = checkBeforePublish({
      title: ' ',
      description: 'd',
      price: 0,
      location: 'Bern',
      category: 'hats',
      condition: 'mint',
      imageCount: 0,
    })
    expect(validationErrorToast(messages)).toEqual({
      title: 'Validation Error',
      description:
        'Title is required, Valid price is required, At least one image is required, ' +
        'Invalid category: "hats". Must be one of: women, men, children, shoes, accessories, ' +
        'Invalid condition: "mint". Must be one of: new_with_tags, very_good, worn_but_loved, acceptable',
      destructive: true,
    })
  })

  it.each([
    [{ description: '' }, 'Description is required'],
    [{ location: '' }, 'Location is required'],
    [{ category: '' }, 'Category is required'],
    [{ condition: '' }, 'Condition is required'],
  ])('%j → %j', (change, text) => {
    const ok = {
      title: 't',
      description: 'd',
      price: 1,
      location: 'l',
      category: 'men',
      condition: 'very_good',
      imageCount: 1,
    }
    expect(checkBeforePublish({ ...ok, ...change }).map(render)).toEqual([text])
  })
})

describe('docs/product.md §5 contact form messages', () => {
  it('renders the four required messages and the pattern message', () => {
    const empty = validateContact({ name: '', email: '', subject: '', message: '', sendCopy: false })
    const bad = validateContact({ name: 'a', email: 'nope', subject: 'other', message: 'm', sendCopy: false })
    expect(empty.ok ? [] : Object.values(empty.errors).map((k) => render(k))).toEqual([
      'Name is required',
      'Email is required',
      'Please select a subject',
      'Message is required',
    ])
    expect(bad.ok ? '' : render(bad.errors.email ?? 'toast.error')).toBe('Invalid email address')
  })
})
