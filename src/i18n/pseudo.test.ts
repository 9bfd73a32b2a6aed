import { describe, expect, it } from 'vitest'
import { en } from './en'
import * as frCH from './fr-CH'
import { formatMessage, placeholderNames } from './message-format'
import { pseudoCatalogue, pseudoText } from './pseudo'

describe('the pseudo-locale', () => {
  it('keeps every parameter of every text, and makes each about 40 % longer', () => {
    const pseudo = pseudoCatalogue(en)
    const broken = Object.keys(en).filter(
      (k) =>
        placeholderNames(pseudo[k as keyof typeof en]).join() !== placeholderNames(en[k as keyof typeof en]).join(),
    )
    expect(broken).toEqual([])
    const short = Object.keys(en).filter((k) => {
      const key = k as keyof typeof en
      return en[key].length >= 10 && pseudo[key].length < en[key].length * 1.35
    })
    expect(short).toEqual([])
  })

  it('accents letters only outside parameters, plural heads and selectors', () => {
    expect(pseudoText('Hi {name}')).toBe('[Ĥî {name} ẋẋẋẋ]')
    const plural = pseudoText(frCH.catalogue['feed.itemCountMany'])
    expect(formatMessage(plural, { count: 2 }, 'fr-CH')).toMatch(/^\[2 àŕţîçļéš( ẋ+)+\]$/)
    expect(formatMessage(plural, { count: 1 }, 'fr-CH')).toMatch(/^\[1 àŕţîçļé( ẋ+)+\]$/)
  })
})
