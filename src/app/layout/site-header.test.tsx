// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { MyProfileRow } from '@/db/rows'
import { updateMyProfile } from '@/sync/kinds/profile-update'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { ShellStateBridge } from '../live/live-services'
import { initialShellLiveState, shellLiveStore, useShellSession } from '../live/shell-state'
import { SiteHeader } from './site-header'

const remote = vi.hoisted(() => ({ signOut: vi.fn() }))
vi.mock('@/remote/auth', () => remote)

let db: KreisDatabase
// As in the app: the data layer's bridge reports the live session to the shell's store, the header reads that.
function Header() {
  return (
    <>
      <ShellStateBridge />
      <SiteHeader session={useShellSession()} />
    </>
  )
}
const renderHeader = () =>
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </DatabaseProvider>,
  )
const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description ?? null, t.variant])
const anna: MyProfileRow = {
  id: 'u-anna',
  first_name: 'anna',
  last_name: 'Müller',
  location: 'Zurich',
  profile_picture_url: null,
  email: 'anna@demo.kreis.ch',
  subscription_status: null,
  subscription_start_date: null,
  last_payment_date: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  sync_state: 'synced',
} as MyProfileRow

beforeEach(async () => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  shellLiveStore.setState(initialShellLiveState(), true)
  await db.meta.put({ key: 'owner', value: 'u-anna' })
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
  remote.signOut.mockResolvedValue({ ok: true, user: null })
})
afterEach(async () => {
  cleanup()
  vi.clearAllMocks()
  useToastStore.getState().dismiss()
  db.close()
  await db.delete()
})

describe('the header session (docs/product.md §2.4)', () => {
  it('signed out: the Sign In / Sign Up pair', () => {
    sessionStore.setState({ status: 'signed-out' }, true)
    renderHeader()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?mode=signin')
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup')
  })

  it('while the session resolves: neither links nor Sign Out', () => {
    sessionStore.setState({ status: 'loading' }, true)
    renderHeader()
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull()
  })

  it('signed in: the initial of the own profile’s first name, else of the e-mail', async () => {
    sessionStore.setState({ status: 'signed-in', userId: 'u-anna', email: 'zoe@example.ch' }, true)
    renderHeader()
    const avatar = await screen.findByRole('link', { name: 'Signed in as zoe@example.ch' })
    expect(avatar).toHaveTextContent('Z')
    await db.my_profile.put(anna)
    await waitFor(() => expect(screen.getByRole('link', { name: 'Signed in as anna' })).toHaveTextContent('A'))
    expect(screen.getByRole('link', { name: 'Signed in as anna' })).toHaveAttribute('href', '/profile')
  })

  it('Sign Out with nothing queued signs out, clears the user’s rows and toasts (docs/product.md §8)', async () => {
    sessionStore.setState({ status: 'signed-in', userId: 'u-anna', email: 'anna@demo.kreis.ch' }, true)
    await db.my_profile.put(anna)
    await db.drafts.put({ id: 'd1', listing_id: null, fields: { title: 'Coat' }, updated_at: 1 })
    renderHeader()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }))
    await waitFor(() => expect(sessionStore.getState().status).toBe('signed-out'))
    expect(remote.signOut).toHaveBeenCalledOnce()
    expect(toasts()).toEqual([['Signed out successfully', 'You have been signed out of your account', 'default']])
    expect(await db.my_profile.count()).toBe(0)
    expect(await db.drafts.count()).toBe(0)
    expect((await db.meta.get('owner'))?.value).toBeNull() // nobody's: a pull still on its way stores nothing
  })

  it('Sign Out with unsent changes asks first; "Stay signed in" keeps them, "Sign out and delete them" drops them', async () => {
    sessionStore.setState({ status: 'signed-in', userId: 'u-anna', email: 'anna@demo.kreis.ch' }, true)
    await db.my_profile.put(anna)
    await updateMyProfile(db, 'u-anna', { first_name: 'Anna', last_name: null, location: 'Bern' }, Date.now())
    await updateMyProfile(db, 'u-anna', { first_name: 'Anna', last_name: null, location: 'Basel' }, Date.now())
    const user = userEvent.setup()
    renderHeader()

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }))
    // Two edits of the profile are one change the person made (the outbox holds two writes).
    const dialog = await screen.findByRole('dialog', { name: '1 change has not been sent yet' })
    expect(remote.signOut).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }))
    expect(sessionStore.getState().status).toBe('signed-in')
    expect(await db.outbox.count()).toBe(2)

    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out and delete them' }),
    )
    await waitFor(() => expect(sessionStore.getState().status).toBe('signed-out'))
    expect(await db.outbox.count()).toBe(0)
    expect(await db.my_profile.count()).toBe(0)
  })

  it('a failed sign-out says "Error signing out" in the catalogue\'s words and keeps the session', async () => {
    remote.signOut.mockResolvedValue({ ok: false, message: 'Server hiccup' })
    sessionStore.setState({ status: 'signed-in', userId: 'u-anna', email: 'anna@demo.kreis.ch' }, true)
    renderHeader()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }))
    await waitFor(() =>
      expect(toasts()).toEqual([['Error signing out', 'Something went wrong. Please try again.', 'destructive']]),
    )
    expect(sessionStore.getState().status).toBe('signed-in')
  })
})
