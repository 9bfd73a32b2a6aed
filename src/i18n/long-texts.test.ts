import { describe, expect, it } from 'vitest'
import { staticPages } from './en/static-pages'
import { longText, setLongTexts } from './long-texts'

describe('long texts (the static pages’ prose)', () => {
  it('every text is non-empty', () => {
    expect(Object.entries(staticPages).filter(([, text]) => text.trim() === '')).toEqual([])
  })

  it('fills parameters, and a later locale replaces them all', () => {
    expect(longText('terms.accountsText', { age: 16 })).toMatch(/^You must be at least 16 years old to use Kreis\./)
    expect(longText('privacy.rightsText')).toBe(
      'You can see, correct or delete your data at any time. Write to {email}.',
    )
    const previous = setLongTexts({ ...staticPages, 'pages.lastUpdated': 'Zuletzt geändert: {date}' })
    try {
      expect(longText('pages.lastUpdated', { date: '1. Januar 2024' })).toBe('Zuletzt geändert: 1. Januar 2024')
    } finally {
      setLongTexts(previous)
    }
    expect(longText('pages.lastUpdated', { date: '1 January 2024' })).toBe('Last updated: 1 January 2024')
  })
})
