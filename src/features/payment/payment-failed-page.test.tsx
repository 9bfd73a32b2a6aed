// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { PaymentFailedPage } from './payment-failed-page'

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

let db: KreisDatabase
const renderAt = (url: string) =>
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/payment-failed" element={<PaymentFailedPage />} />
        </Routes>
      </MemoryRouter>
    </DatabaseProvider>,
  )

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  sessionStore.setState({ status: 'signed-in', userId: USER, email: 'x@test.ch' }, true)
  useToastStore.setState({ toasts: [] })
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
  remote.confirmPayment.mockResolvedValue({ ok: false, reason: 'conflict', message: 'the payment is cancelled' })
})
afterEach(async () => {
  cleanup()
  vi.clearAllMocks()
  await db.delete()
})

describe('/payment-failed', () => {
  it('has the cancelled checkout looked up once, so the server records it cancelled; no toast', async () => {
    renderAt(`/payment-failed?userId=${USER}&gatewayId=${GATEWAY}`)
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()
    await waitFor(() => expect(remote.confirmPayment).toHaveBeenCalledWith(USER, GATEWAY))
    expect(remote.confirmPayment).toHaveBeenCalledTimes(1)
    expect(useToastStore.getState().toasts).toEqual([])
  })

  it('asks nothing without the ids, or for another user’s checkout', async () => {
    await act(async () => {
      renderAt('/payment-failed')
      renderAt(`/payment-failed?userId=00000000-0000-4000-8000-0000000000cc&gatewayId=${GATEWAY}`)
    })
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(2)
    expect(remote.confirmPayment).not.toHaveBeenCalled()
  })
})
