import { describe, expect, it } from 'vitest'
import { paymentPayloadFor, paymentReturnParams } from './payment-return'
import { paymentStatus, rappenToChf, sortPayments, type PaymentSummary } from './payments'

const row = (id: string, created_at: string, paid_at: string | null = null): PaymentSummary => ({
  id,
  amount: 500,
  status: paid_at ? 'paid' : 'pending',
  created_at,
  paid_at,
})

describe('docs/decisions.md#D-plan-screens payments list', () => {
  it('lists newest first by payment date (paid_at, else created_at), ties by id', () => {
    const ps = [
      row('a', '2026-10-01T10:00:00Z', '2026-10-01T10:05:00Z'),
      row('b', '2026-11-01T10:00:00Z'),
      row('d', '2026-09-01T10:00:00Z', '2026-11-02T10:00:00Z'),
      row('c', '2026-11-01T10:00:00Z'),
    ]
    expect(sortPayments(ps).map((p) => p.id)).toEqual(['d', 'b', 'c', 'a'])
  })

  it.each([
    [200, 2],
    [500, 5],
  ])('%i Rappen are CHF %i', (rappen, chf) => {
    expect(rappenToChf(rappen)).toBe(chf)
  })

  it.each([
    ['paid', 'paid'],
    ['pending', 'pending'],
    ['cancelled', 'cancelled'],
    ['failed', 'failed'],
    ['refunded', 'pending'],
  ])('status %s is listed as %s', (status, shown) => {
    expect(paymentStatus(status)).toBe(shown)
  })
})

describe('docs/product.md §2.13/§7.4 payment calls', () => {
  const now = new Date('2026-11-22T12:00:00Z')
  it('create-payment gets the user and the amount due (the welcome price by age, CHF 5 after 60 days)', () => {
    expect(paymentPayloadFor('u1', { created_at: '2026-10-01T12:00:00Z' }, now)).toEqual({ userId: 'u1', amount: 200 })
    expect(paymentPayloadFor('u1', { created_at: '2026-01-01T12:00:00Z' }, now)).toEqual({ userId: 'u1', amount: 500 })
  })

  it.each([
    ['?userId=u1&gatewayId=g1', { userId: 'u1', gatewayId: 'g1' }],
    ['?userId=u1', null],
    ['?gatewayId=g1', null],
    ['?userId=%20&gatewayId=g1', null],
    ['?userId=u1&gatewayId=%20', null],
    ['?userId=+u1+&gatewayId=+g1+', { userId: 'u1', gatewayId: 'g1' }],
    ['', null],
  ])('%s → %j', (query, params) => {
    expect(paymentReturnParams(new URLSearchParams(query))).toEqual(params)
  })
})

describe('docs/decisions.md#D-plan-screens payments list: payments of the same date are ordered by id, whatever the input order', () => {
  it.each([[['d', 'c', 'b', 'a', 'e']], [['a', 'b', 'c', 'd', 'e']], [['c', 'e', 'a', 'd', 'b']]])(
    '%j → a..e',
    (ids) => {
      expect(sortPayments(ids.map((id) => row(id, '2026-11-01T10:00:00Z'))).map((p) => p.id)).toEqual([
        'a',
        'b',
        'c',
        'd',
        'e',
      ])
    },
  )
})
