// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { PAYMENT_SUCCESS_REDIRECT_MS } from '@/domain/constants'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { PaymentSuccessPage } from './payment-success-page'

const remote = vi.hoisted(() => ({
  createPayment: vi.fn(),
  confirmPayment: vi.fn(),
  cancelSubscription: vi.fn(),
  fetchMyProfile: vi.fn(),
  fetchPayments: vi.fn(),
}))
vi.mock('@/remote/payments', () => remote)

const USER = '00000000-0000-4000-8000-0000000000bb'
const GATEWAY = '11111111-2222-4333-8444-555555555555'

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>
}

let db: KreisDatabase
function renderAt(url: string) {
  return render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/payment-success" element={<PaymentSuccessPage />} />
          <Route path="/subscription-success" element={<h1>Subscription Activated!</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </DatabaseProvider>,
  )
}
const where = () => screen.getByTestId('where').textContent
const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description ?? null, t.variant])

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  sessionStore.setState({ status: 'signed-in', userId: USER, email: 'x@test.ch' }, true)
  useToastStore.setState({ toasts: [] })
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
  remote.fetchMyProfile.mockResolvedValue({ ok: true, value: null })
  remote.fetchPayments.mockResolvedValue({ ok: true, value: [] })
})
afterEach(async () => {
  cleanup()
  vi.useRealTimers()
  vi.clearAllMocks()
  await db.delete()
})

describe('docs/product.md §2.13 /payment-success', () => {
  it.each(['/payment-success', `/payment-success?userId=${USER}`, `/payment-success?gatewayId=${GATEWAY}`])(
    '%s without both ids goes straight to /subscription-success',
    async (url) => {
      renderAt(url)
      await waitFor(() => expect(where()).toBe('/subscription-success'))
      expect(remote.confirmPayment).not.toHaveBeenCalled()
    },
  )

  it('confirms once with userId and gatewayId, toasts, refreshes the plan and moves on after 2 s', async () => {
    remote.confirmPayment.mockResolvedValue({ ok: true, value: null })
    renderAt(`/payment-success?userId=${USER}&gatewayId=${GATEWAY}`)
    expect(screen.getByRole('heading', { name: 'Processing your payment...' })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Payment successful!' })).toBeTruthy()
    expect(remote.confirmPayment).toHaveBeenCalledTimes(1)
    expect(remote.confirmPayment).toHaveBeenCalledWith(USER, GATEWAY)
    expect(remote.fetchMyProfile).toHaveBeenCalled()
    expect(toasts()).toEqual([['Payment successful!', null, 'default']])
    // The success screen stays while the redirect waits (PAYMENT_SUCCESS_REDIRECT_MS), then moves on.
    const shownAt = Date.now()
    expect(where()).toBe('/payment-success')
    await waitFor(() => expect(where()).toBe('/subscription-success'), { timeout: 5_000 })
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(PAYMENT_SUCCESS_REDIRECT_MS - 100)
  })

  it('a refused confirmation shows the failure screen and the docs/product.md §8 toast, and stays', async () => {
    remote.confirmPayment.mockResolvedValue({ ok: false, reason: 'rejected', message: 'no such payment' })
    renderAt(`/payment-success?userId=${USER}&gatewayId=${GATEWAY}`)
    expect(await screen.findByRole('heading', { name: 'Payment processing error' })).toBeTruthy()
    expect(screen.getByText(/contact support if you were charged/)).toBeTruthy()
    expect(toasts()).toEqual([
      ['Payment processing error', 'Please contact support if you were charged', 'destructive'],
    ])
    expect(where()).toBe('/payment-success')
  })

  it('signed out: asks to sign in and does not call the server', async () => {
    sessionStore.setState({ status: 'signed-out' }, true)
    renderAt(`/payment-success?userId=${USER}&gatewayId=${GATEWAY}`)
    expect(screen.getByText('Please sign in to confirm your payment.')).toBeTruthy()
    // Not "Processing your payment...": nothing runs until the visitor signs in.
    expect(screen.getByRole('heading', { name: 'Confirm your payment' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?mode=signin')
    expect(remote.confirmPayment).not.toHaveBeenCalled()
  })

  it('offline: waits, says so, and confirms when the connection returns', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true })
    remote.confirmPayment.mockResolvedValue({ ok: true, value: null })
    renderAt(`/payment-success?userId=${USER}&gatewayId=${GATEWAY}`)
    expect(screen.getByText(/confirmed as soon as you are back online/)).toBeTruthy()
    expect(remote.confirmPayment).not.toHaveBeenCalled()
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
    act(() => void window.dispatchEvent(new Event('online')))
    expect(await screen.findByRole('heading', { name: 'Payment successful!' })).toBeTruthy()
  })
})
