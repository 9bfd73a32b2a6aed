import { describe, expect, it } from 'vitest'
import { createPaymentPayload, paymentReturnParams } from './payment-return'
import { showScrollToTop, showScrollToTopOn, startShoppingScrollY } from './scroll'

describe('docs/product.md §2.2 "Start Shopping" scroll target and §2.4 scroll-to-top', () => {
  it.each([
    [{ sectionTopPx: 900, headerHeightPx: 64, viewportHeightPx: 800 }, 816],
    [{ sectionTopPx: 50, headerHeightPx: 64, viewportHeightPx: 800 }, 0],
    [{ sectionTopPx: null, headerHeightPx: 64, viewportHeightPx: 800 }, 640],
  ])('%j → y %i', (input, y) => {
    expect(startShoppingScrollY(input)).toBe(y)
  })

  it.each([
    [0, false],
    [300, false],
    [301, true],
  ])('scrolled %i px → button shown %s', (y, shown) => {
    expect(showScrollToTop(y)).toBe(shown)
  })
})

describe('docs/product.md §2.13/§7.4 payment calls and return', () => {
  it.each([
    ['?userId=u1&gatewayId=g9', { userId: 'u1', gatewayId: 'g9' }],
    ['?userId=u1', null],
    ['?gatewayId=g9', null],
    ['?userId=&gatewayId=g9', null],
    ['', null],
  ])('%s → %j', (query, params) => {
    expect(paymentReturnParams(new URLSearchParams(query))).toEqual(params)
  })

  it.each([
    ['trial', 200],
    ['subscription', 500],
  ] as const)('a %s-phase payment link asks for %i', (phase, amount) => {
    expect(createPaymentPayload('u1', phase)).toEqual({ userId: 'u1', amount })
  })
})

describe('docs/product.md#R-scroll-top-phone: the scroll-to-top button on a phone', () => {
  it.each([
    [{ scrollYPx: 200, previousYPx: 400, phone: true, shown: true }, false],
    [{ scrollYPx: 900, previousYPx: 1200, phone: true, shown: false }, true],
    [{ scrollYPx: 1200, previousYPx: 900, phone: true, shown: true }, false],
    [{ scrollYPx: 900, previousYPx: 900, phone: true, shown: true }, true],
    [{ scrollYPx: 900, previousYPx: 900, phone: true, shown: false }, false],
    [{ scrollYPx: 1200, previousYPx: 900, phone: false, shown: false }, true],
    [{ scrollYPx: 200, previousYPx: 900, phone: false, shown: true }, false],
  ])('%j → %s', (input, shown) => {
    expect(showScrollToTopOn(input)).toBe(shown)
  })
})
