// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { MyProfileRow } from '@/db/rows'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { ProfilePage } from './profile-page'

let db: KreisDatabase
const renderPage = () =>
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </DatabaseProvider>,
  )
const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description ?? null, t.variant])
const DAY = 86_400_000
const profile = (over: Partial<MyProfileRow> = {}): MyProfileRow =>
  ({
    id: 'u-noah',
    first_name: 'Noah',
    last_name: 'Keller',
    location: 'Bern',
    profile_picture_url: null,
    email: 'noah@demo.kreis.ch',
    subscription_status: null,
    subscription_start_date: null,
    last_payment_date: null,
    created_at: new Date(Date.now() - 10.5 * DAY).toISOString(),
    updated_at: '2026-11-01T00:00:00Z',
    sync_state: 'synced',
    ...over,
  }) as MyProfileRow
const signIn = () => sessionStore.setState({ status: 'signed-in', userId: 'u-noah', email: 'noah@demo.kreis.ch' }, true)

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
})
afterEach(async () => {
  cleanup()
  useToastStore.getState().dismiss()
  vi.restoreAllMocks()
  db.close()
  await db.delete()
})

describe('/profile signed out (docs/product.md §2.9)', () => {
  it('shows the join prompt with Create Account and Sign In', () => {
    sessionStore.setState({ status: 'signed-out' }, true)
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Join Kreis' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth?mode=signup')
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?mode=signin')
  })
})

describe('/profile signed in', () => {
  it('loading: a skeleton while the session or the mirror is read', () => {
    sessionStore.setState({ status: 'loading' }, true)
    renderPage()
    expect(screen.getByText('Loading your profile...')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Join Kreis' })).toBeNull()
  })

  it('empty: the profile has not reached the device yet', async () => {
    signIn()
    renderPage()
    expect(await screen.findByText('Your profile is on its way')).toBeInTheDocument()
  })

  it('error: the docs/product.md §8 load failure when the device database cannot be read', async () => {
    signIn()
    vi.spyOn(db.my_profile, 'get').mockRejectedValue(new Error('boom'))
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading profileCould not load your profile information',
    )
  })

  it('shows the details, the Free Trial badge, days left rounded up (docs/product.md §4) and the upgrade link', async () => {
    signIn()
    await db.my_profile.put(profile())
    renderPage()
    expect(await screen.findByText('Noah Keller')).toBeInTheDocument()
    const details = within(screen.getByRole('region', { name: 'Your details' }))
    expect(details.getByText('Noah')).toBeInTheDocument()
    expect(details.getByText('Keller')).toBeInTheDocument()
    expect(details.getByText('Bern')).toBeInTheDocument()
    expect(details.getByText('noah@demo.kreis.ch')).toBeInTheDocument()
    expect(screen.getByText('Free Trial')).toBeInTheDocument()
    expect(screen.getByText('20 days left in your free trial')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscription')
  })

  it('a subscriber sees "Active (CHF 5/month)" and no trial line; an ended trial says so', async () => {
    signIn()
    await db.my_profile.put(profile({ subscription_status: 'active' }))
    renderPage()
    expect(await screen.findByText('Active (CHF 5/month)')).toBeInTheDocument()
    expect(screen.queryByText(/free trial/)).toBeNull()
    // Nothing to upgrade to: the plan page is where a subscriber manages it.
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', '/subscription')
    cleanup()
    await db.my_profile.put(profile({ created_at: new Date(Date.now() - 45 * DAY).toISOString() }))
    renderPage()
    expect(await screen.findByText('Your free trial has ended')).toBeInTheDocument()
  })

  it('docs/decisions.md#D-cancelled-paid a cancelled plan with paid days left reads "Paid until", cancelled, with nothing to upgrade', async () => {
    signIn()
    const paidUntil = new Date(Date.now() + 10 * DAY).toISOString()
    await db.my_profile.put(profile({ subscription_status: 'cancelled', paid_until: paidUntil }))
    renderPage()
    const plan = within(await screen.findByRole('region', { name: 'Your plan' }))
    expect(plan.getByText('Cancelled')).toBeInTheDocument()
    expect(plan.getByText(/^Paid until \d{1,2} \w+ \d{4}$/)).toBeInTheDocument()
    expect(plan.queryByText('Free Trial')).toBeNull()
    expect(plan.queryByText(/free trial/)).toBeNull()
    expect(plan.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull()
    expect(plan.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', '/subscription')
  })

  it('edits through the outbox: saved on the device at once, pending shown, docs/product.md §8 toast; empty becomes null', async () => {
    signIn()
    await db.my_profile.put(profile())
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await user.clear(screen.getByLabelText('First name'))
    await user.type(screen.getByLabelText('First name'), '  Noé ')
    await user.clear(screen.getByLabelText('Location'))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Noé Keller')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Your details' })).getByText('Noé')).toBeInTheDocument()
    expect(screen.getByText('No location set')).toBeInTheDocument()
    expect(screen.getByText('Saved on this device, waiting to be sent')).toBeInTheDocument()
    expect(toasts()).toEqual([['Profile updated successfully', 'Your profile information has been saved', 'default']])
    const [entry] = await db.outbox.toArray()
    expect(entry!.group).toBe('profile:u-noah')
    expect(entry!.op).toMatchObject({
      kind: 'profile.update',
      profile: { id: 'u-noah', first_name: 'Noé', last_name: 'Keller', location: null },
    })
  })

  it('offline: editing says the change waits for the connection, and still saves', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true })
    signIn()
    await db.my_profile.put(profile())
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    expect(screen.getByText(/You're offline. Changes are saved on this device/)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Location'), ' Thun')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Bern Thun')).toBeInTheDocument()
    expect(screen.getByText('Saved on this device, waiting to be sent')).toBeInTheDocument()
    expect(await db.outbox.count()).toBe(1)
  })

  it('a refused edit shows its words with Retry and Discard, and the docs/product.md §8 toast when it happens on screen', async () => {
    signIn()
    await db.my_profile.put(profile({ sync_state: 'pending' }))
    renderPage()
    await screen.findByText('Saved on this device, waiting to be sent')
    await db.my_profile.update('u-noah', {
      sync_state: 'failed',
      sync_error: { code: 'profile_update_failed', detail: 'value too long for type character varying(100)' },
    })
    const words = 'First name, last name and location can be at most 100 characters long.'
    expect(await screen.findByRole('alert')).toHaveTextContent(`Not saved on the server: ${words}`)
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Discard' })).toBeInTheDocument()
    await waitFor(() => expect(toasts()).toEqual([['Error updating profile', words, 'destructive']]))
  })
})
