// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { MyProfileRecord } from '@/db/records'
import { DAY_MS } from '@/domain/constants'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { SubscriptionPage } from './subscription-page'

// The network module behind src/sync/payments.ts; everything from there to Dexie runs for real.
const remote = vi.hoisted(() => ({
  createPayment: vi.fn(),
  confirmPayment: vi.fn(),
  cancelSubscription: vi.fn(),
  fetchMyProfile: vi.fn(),
  fetchPayments: vi.fn(),
}))
vi.mock('@/remote/payments', () => remote)

const USER = '00000000-0000-4000-8000-0000000000aa'
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString()
const ahead = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString()

function profile(over: Partial<MyProfileRecord> & { paid_until?: string | null } = {}): MyProfileRecord {
  return {
    id: USER,
    first_name: 'Lea',
    last_name: 'Frei',
    location: null,
    profile_picture_url: null,
    email: 'lea@test.ch',
    subscription_status: null,
    subscription_start_date: null,
    last_payment_date: null,
    created_at: ago(40),
    updated_at: '2026-11-01T00:00:00.000000Z',
    ...over,
  } as MyProfileRecord
}

let db: KreisDatabase
const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description ?? null, t.variant])
const setOnline = (on: boolean) => Object.defineProperty(navigator, 'onLine', { value: on, configurable: true })

async function renderPlan(row: MyProfileRecord | null) {
  if (row) await db.my_profile.put({ ...row, sync_state: 'synced' })
  remote.fetchMyProfile.mockResolvedValue({ ok: true, value: row })
  return render(
    <DatabaseProvider db={db}>
      <MemoryRouter>
        <SubscriptionPage />
      </MemoryRouter>
    </DatabaseProvider>,
  )
}

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  sessionStore.setState({ status: 'signed-in', userId: USER, email: 'lea@test.ch' }, true)
  useToastStore.setState({ toasts: [] })
  setOnline(true)
  remote.fetchPayments.mockResolvedValue({ ok: true, value: [] })
})
afterEach(async () => {
  cleanup()
  vi.clearAllMocks()
  await db.delete()
})

describe('/subscription signed in', () => {
  it('welcome phase: the phase, the timeline states and a CHF 2 payment opened in a new tab', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    remote.createPayment.mockResolvedValue({ ok: true, value: 'https://pay.example/checkout/abc' })
    await renderPlan(profile({ created_at: ago(45) }))
    expect(await screen.findByText('Welcome month')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Status' })).getByText('Free Trial')).toBeTruthy()
    const rows = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-state'))
    expect(rows.map((li) => li.getAttribute('data-state'))).toEqual(['active', 'pending', 'inactive'])
    await userEvent.click(screen.getByRole('button', { name: 'Pay CHF 2.00' }))
    await waitFor(() => expect(tab.location.href).toBe('https://pay.example/checkout/abc'))
    expect(remote.createPayment).toHaveBeenCalledWith(USER, 200)
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(tab.opener).toBeNull()
    open.mockRestore()
  })

  it.each([
    ['refused', { ok: false, reason: 'rejected', message: 'no' }],
    ['no payment URL', { ok: true, value: null }],
  ])('pay %s → "Payment error" toast and the tab closes', async (_, answer) => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    remote.createPayment.mockResolvedValue(answer)
    await renderPlan(profile({ created_at: ago(70) }))
    await userEvent.click(await screen.findByRole('button', { name: 'Pay CHF 5.00' }))
    await waitFor(() =>
      expect(toasts()).toEqual([['Payment error', 'Failed to create payment link. Please try again.', 'destructive']]),
    )
    expect(tab.close).toHaveBeenCalled()
    open.mockRestore()
  })

  it('active: "Active until", cancel after confirmation updates the plan from the returned row', async () => {
    const paidUntil = ahead(20)
    remote.cancelSubscription.mockResolvedValue({
      ok: true,
      value: profile({
        subscription_status: 'cancelled',
        created_at: ago(75),
        paid_until: paidUntil,
        updated_at: '2026-11-02T00:00:00.000000Z',
      }),
    })
    await renderPlan(profile({ subscription_status: 'active', created_at: ago(75), paid_until: paidUntil }))
    expect(await screen.findByText('Active (CHF 5/month)')).toBeTruthy()
    expect(screen.getByText(/^Active until \d{1,2} \w+ \d{4}$/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }))
    const dialog = screen.getByRole('dialog', { hidden: true })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel', hidden: true }))
    await waitFor(() => expect(toasts()).toEqual([['Subscription cancelled', null, 'default']]))
    expect(await screen.findByText(/Your subscription is cancelled/)).toBeTruthy()
    expect(screen.queryByText('Active (CHF 5/month)')).toBeNull()
    expect((await db.my_profile.get(USER))?.subscription_status).toBe('cancelled')
  })

  it('a refused cancel shows the docs/product.md §8 error toast and keeps the plan', async () => {
    remote.cancelSubscription.mockResolvedValue({ ok: false, reason: 'server', message: 'boom' })
    await renderPlan(profile({ subscription_status: 'active', created_at: ago(75), paid_until: ahead(3) }))
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }))
    await userEvent.click(
      within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Yes, cancel', hidden: true }),
    )
    await waitFor(() =>
      expect(toasts()).toEqual([
        ['Error cancelling subscription', 'Failed to cancel subscription. Please try again.', 'destructive'],
      ]),
    )
    expect(screen.getByText('Active (CHF 5/month)')).toBeTruthy()
  })

  it('docs/decisions.md#D-cancelled-paid a cancelled plan with paid days left reads paid until its end and offers no payment', async () => {
    await renderPlan(
      profile({
        subscription_status: 'cancelled',
        created_at: ago(75),
        subscription_start_date: ago(40),
        paid_until: ahead(10),
      }),
    )
    const status = within(await screen.findByRole('region', { name: 'Status' }))
    expect(status.getByText('Cancelled')).toBeTruthy()
    expect(status.queryByText('Free Trial')).toBeNull()
    expect(status.getByText('Cancelled subscription')).toBeTruthy()
    expect(status.getByText(/^Paid until \d{1,2} \w+ \d{4}$/)).toBeTruthy()
    expect(status.getByText(/^Nothing to pay until \d{1,2} \w+ \d{4}\./)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull()
    const rows = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-state'))
    expect(rows.map((li) => li.getAttribute('data-state'))).toEqual(['active', 'active', 'active'])
    expect((screen.getByRole('button', { name: 'Cancel subscription' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('a cancelled plan whose paid month has ended asks to pay again', async () => {
    await renderPlan(
      profile({
        subscription_status: 'cancelled',
        created_at: ago(75),
        subscription_start_date: ago(40),
        paid_until: ago(1),
      }),
    )
    expect(await screen.findByRole('button', { name: 'Pay CHF 5.00' })).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Status' })).queryByText(/^Paid until/)).toBeNull()
  })

  it('a paid month that has ended asks to pay again (CHF 5) and offers no cancel', async () => {
    await renderPlan(
      profile({
        subscription_status: 'active',
        created_at: ago(80),
        subscription_start_date: ago(45),
        paid_until: ago(2),
      }),
    )
    expect(await screen.findByText(/^Your paid month ended on /)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Pay CHF 5.00' })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Cancel subscription' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('lists the payments and keeps them for offline use', async () => {
    remote.fetchPayments.mockResolvedValue({
      ok: true,
      value: [
        { id: 'p1', amount: 200, status: 'paid', created_at: '2026-10-01T10:00:00Z', paid_at: '2026-10-01T10:01:00Z' },
      ],
    })
    await renderPlan(profile())
    const item = await screen.findByText('CHF 2.00')
    expect(item.closest('li')?.textContent).toMatch(/1 Oct 2026.*CHF 2\.00.*Paid/)
    expect((await db.meta.get(`payments:${USER}`))?.value).toMatchObject({ userId: USER, payments: [{ id: 'p1' }] })
  })

  it('a refused plan load shows "Error loading subscription data"', async () => {
    remote.fetchPayments.mockResolvedValue({ ok: false, reason: 'server', message: 'boom' })
    await renderPlan(profile())
    await waitFor(() => expect(toasts()).toEqual([['Error loading subscription data', null, 'destructive']]))
  })
})

describe('/subscription offline', () => {
  it('shows the cached plan and payments, with pay and cancel disabled and the reason', async () => {
    setOnline(false)
    await db.meta.put({
      key: `payments:${USER}`,
      value: {
        userId: USER,
        fetchedAt: Date.now(),
        payments: [{ id: 'p1', amount: 500, status: 'paid', created_at: ago(5), paid_at: ago(5) }],
      },
    })
    await renderPlan(profile({ subscription_status: 'active', created_at: ago(75), paid_until: ahead(25) }))
    expect(await screen.findByText('Active (CHF 5/month)')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toMatch(/paying and cancelling need a connection/)
    expect((screen.getByRole('button', { name: /^Pay ahead/ }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Cancel subscription' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('CHF 5.00')).toBeTruthy()
    expect(remote.fetchMyProfile).not.toHaveBeenCalled()
  })

  it('without a pulled profile says the plan is not on this device yet', async () => {
    setOnline(false)
    await renderPlan(null)
    expect(await screen.findByText(/Your plan is not on this device yet/)).toBeTruthy()
  })
})

describe('/subscription signed out', () => {
  it('the membership button shows the destructive "Authentication required" toast', async () => {
    sessionStore.setState({ status: 'signed-out' }, true)
    await renderPlan(null)
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }))
    expect(toasts()).toEqual([
      ['Authentication required', 'Please sign in to upgrade your subscription', 'destructive'],
    ])
  })

  it('the timeline lists the months without a state: a visitor has no plan that is "Active"', async () => {
    sessionStore.setState({ status: 'signed-out' }, true)
    await renderPlan(null)
    const timeline = within(await screen.findByRole('region', { name: 'Plan timeline' }))
    expect(timeline.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Month 1 Free Trial',
      'Month 2 CHF 2 Welcome',
      'Month 3+ CHF 5/month',
    ])
    expect(timeline.queryByText(/^(Active|Pending|Inactive)$/)).toBeNull()
  })
})
