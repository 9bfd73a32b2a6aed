import { describe, expect, it } from 'vitest'
import { missingProfiles, profileEvictions, type ProfileNeeds } from './profile-window'

const needs = (n: Partial<ProfileNeeds>): ProfileNeeds => ({ sellers: [], conversations: [], ...n })

describe('the profiles window: what is evicted', () => {
  it.each<[string, string[], ProfileNeeds, string[]]>([
    [
      'every profile when nothing needs one (a fresh visitor who pulled old profiles)',
      ['a', 'b'],
      needs({}),
      ['a', 'b'],
    ],
    ['not the seller of a held listing', ['a', 'b'], needs({ sellers: ['a'] }), ['b']],
    [
      'not the buyer of a held conversation',
      ['a', 'b', 'me'],
      needs({ conversations: [{ buyer_id: 'b', seller_id: 'me' }] }),
      ['a'],
    ],
    [
      'not the seller of a held conversation',
      ['a', 'b', 'me'],
      needs({ conversations: [{ buyer_id: 'me', seller_id: 'a' }] }),
      ['b'],
    ],
    ['not the user’s own', ['a', 'me'], needs({ owner: 'me' }), ['a']],
    ['a visitor keeps no one as their own', ['a', 'me'], needs({}), ['a', 'me']],
    ['nothing when every profile is needed', ['a', 'b'], needs({ sellers: ['a', 'b'] }), []],
    [
      'the seller whose last listing left (sellers name only held listings)',
      ['a', 'b'],
      needs({ sellers: ['b', 'b'] }),
      ['a'],
    ],
  ])('%s', (_, held, n, expected) => {
    expect(profileEvictions(held, n).sort()).toEqual(expected)
  })
})

describe('the profiles window: what is fetched', () => {
  it.each<[string, string[], ProfileNeeds, string[]]>([
    ['nothing when every needed profile is held', ['a', 'me'], needs({ sellers: ['a'], owner: 'me' }), []],
    [
      'a counterpart of a new conversation',
      ['me'],
      needs({ conversations: [{ buyer_id: 'b', seller_id: 'me' }], owner: 'me' }),
      ['b'],
    ],
    ['a seller whose listing arrived without its profile', [], needs({ sellers: ['a'] }), ['a']],
    ['the user’s own', [], needs({ owner: 'me' }), ['me']],
  ])('%s', (_, held, n, expected) => {
    expect(missingProfiles(held, n)).toEqual(expected)
  })
})
