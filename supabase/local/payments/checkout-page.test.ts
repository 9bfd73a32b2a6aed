import { describe, expect, it } from 'vitest'
import { checkoutPage, formatAmount } from './checkout-page.ts'

const view = {
  amount: 500,
  currency: 'CHF',
  purpose: 'Kreis membership',
  status: 'waiting' as const,
  payAction: '/sandbox-pay/checkout/abc/pay',
  cancelAction: '/sandbox-pay/checkout/abc/cancel',
}

describe('the sandbox checkout page', () => {
  it('shows hundredths as CHF with two decimals', () => {
    expect(formatAmount(500, 'CHF')).toBe('CHF 5.00')
    expect(formatAmount(1999, 'CHF')).toBe('CHF 19.99')
    expect(formatAmount(200, 'CHF')).toBe('CHF 2.00')
  })

  it('offers Pay and Cancel as forms posting to the gateway while it waits', () => {
    const html = checkoutPage(view)
    expect(html).toContain('<form method="post" action="/sandbox-pay/checkout/abc/pay">')
    expect(html).toContain('<form method="post" action="/sandbox-pay/checkout/abc/cancel">')
    expect(html).toContain('Pay CHF 5.00')
  })

  it('escapes everything it prints', () => {
    const html = checkoutPage({ ...view, purpose: '<script>alert("x")</script>', payAction: '/p?a=1&b="2"' })
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('action="/p?a=1&amp;b=&quot;2&quot;"')
  })

  it('offers no buttons once the gateway is settled', () => {
    const html = checkoutPage({ ...view, status: 'confirmed' })
    expect(html).not.toContain('<form')
    expect(html).toContain('already paid')
  })
})
