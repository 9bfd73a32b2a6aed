import { describe, expect, it } from 'vitest'
import { isAvailable, isOwner, itemScreen, stepImage, swipeStep, type ItemScreenInput } from './item-page'

const OWNER = 'u-owner'
const active = { status: 'active', user_id: OWNER }
const sold = { status: 'sold', user_id: OWNER }

describe('docs/product.md §2.11 item page state', () => {
  it.each<[string, ItemScreenInput, string]>([
    ['the mirror is still being read', { row: undefined, request: 'idle', online: true, viewerId: null }, 'skeleton'],
    ['an active listing, visitor', { row: active, request: 'idle', online: false, viewerId: null }, 'item'],
    [
      'an active listing, session resolving',
      { row: active, request: 'idle', online: true, viewerId: undefined },
      'item',
    ],
    [
      'not on the device, online, not asked yet',
      { row: null, request: 'idle', online: true, viewerId: null },
      'skeleton',
    ],
    ['not on the device, being fetched', { row: null, request: 'pending', online: true, viewerId: null }, 'skeleton'],
    [
      'fetched, the live query not caught up yet',
      { row: null, request: 'found', online: true, viewerId: null },
      'skeleton',
    ],
    ['the server does not know it', { row: null, request: 'missing', online: true, viewerId: null }, 'not-found'],
    ['the fetch failed', { row: null, request: 'failed', online: true, viewerId: null }, 'not-found'],
    ['offline and not on the device', { row: null, request: 'idle', online: false, viewerId: null }, 'not-found'],
    [
      'sold, visitor (held: the page was open when it sold)',
      { row: sold, request: 'idle', online: true, viewerId: null },
      'item',
    ],
    [
      'sold, another user who may still read it (favourite, conversation)',
      { row: sold, request: 'idle', online: true, viewerId: 'u-other' },
      'item',
    ],
    [
      'left the device while its page was open',
      { row: null, request: 'idle', online: true, viewerId: null, shownBefore: true },
      'gone',
    ],
    [
      'left the device while open, offline',
      { row: null, request: 'idle', online: false, viewerId: 'u-other', shownBefore: true },
      'gone',
    ],
    ['sold, the owner', { row: sold, request: 'idle', online: true, viewerId: OWNER }, 'item'],
    ['sold, session resolving', { row: sold, request: 'idle', online: true, viewerId: undefined }, 'skeleton'],
  ])('%s → %s', (_name, input, expected) => {
    expect(itemScreen(input)).toBe(expected)
  })

  it.each([
    [OWNER, true],
    ['u-other', false],
    [null, false],
    [undefined, false],
  ])('viewer %s owns the listing: %s', (viewer, expected) => {
    expect(isOwner(active, viewer)).toBe(expected)
  })
})

describe('whether a listing can still be bought', () => {
  it.each([
    ['active', true],
    ['sold', false],
  ])('%s → %s', (status, expected) => {
    expect(isAvailable({ status })).toBe(expected)
  })
})

describe('docs/product.md §2.11 gallery', () => {
  it.each([
    [0, 1, 3, 1],
    [2, 1, 3, 0],
    [0, -1, 3, 2],
    [1, -1, 3, 0],
    [0, 1, 1, 0],
    [0, 1, 0, 0],
  ])('at %i, step %i of %i → %i', (index, delta, total, expected) => {
    expect(stepImage(index, delta, total)).toBe(expected)
  })

  it.each([
    [-60, 5, 1],
    [60, -5, -1],
    [-39, 0, 0],
    [40, 0, -1],
    [-50, 80, 0],
    [-50, 50, 0], // as vertical as horizontal: the page scrolls
    [50, -49, -1],
    [0, 0, 0],
  ])('a drag of dx %i, dy %i → step %i', (dx, dy, expected) => {
    expect(swipeStep(dx, dy)).toBe(expected)
  })
})
