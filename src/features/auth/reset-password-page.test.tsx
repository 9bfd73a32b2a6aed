// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { ResetPasswordPage } from './reset-password-page'

const remote = vi.hoisted(() => ({ urlAtLoad: vi.fn(), sessionAfterUrl: vi.fn(), updatePassword: vi.fn() }))
vi.mock('@/remote/auth', () => remote)

let db: KreisDatabase
const renderPage = () =>
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={['/auth/reset-password']}>
        <Routes>
          <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
          <Route path="/" element={<h1>Home</h1>} />
        </Routes>
      </MemoryRouter>
    </DatabaseProvider>,
  )
const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description ?? null, t.variant])
const RECOVERY = {
  hash: '#access_token=at&refresh_token=rt&expires_in=3600&token_type=bearer&type=recovery',
  search: '',
}

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  sessionStore.setState({ status: 'signed-out' }, true)
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
})
afterEach(async () => {
  cleanup()
  vi.clearAllMocks()
  useToastStore.getState().dismiss()
  db.close()
  await db.delete()
})

describe('/auth/reset-password', () => {
  it('checks the link first, then asks for the new password twice and sets it', async () => {
    remote.urlAtLoad.mockReturnValue(RECOVERY)
    remote.sessionAfterUrl.mockResolvedValue({ userId: 'u-noah', email: 'noah@demo.kreis.ch' })
    remote.updatePassword.mockResolvedValue({ ok: true, user: { userId: 'u-noah', email: 'noah@demo.kreis.ch' } })
    const user = userEvent.setup()
    renderPage()
    expect(screen.getByText('Checking your reset link...')).toBeInTheDocument()
    expect(await screen.findByText('Choose a new password for noah@demo.kreis.ch.')).toBeInTheDocument()
    expect(sessionStore.getState()).toEqual({ status: 'signed-in', userId: 'u-noah', email: 'noah@demo.kreis.ch' })

    await user.type(screen.getByLabelText(/New password/), 'fresh-secret')
    await user.type(screen.getByLabelText(/Repeat the new password/), 'fresh-secrex')
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument()
    expect(remote.updatePassword).not.toHaveBeenCalled()

    await user.clear(screen.getByLabelText(/Repeat the new password/))
    await user.type(screen.getByLabelText(/Repeat the new password/), 'fresh-secret')
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(await screen.findByText('Your password has been changed. Taking you home...')).toBeInTheDocument()
    expect(remote.updatePassword).toHaveBeenCalledWith('fresh-secret')
    expect(toasts()).toEqual([['Password updated', 'You are signed in with your new password.', 'default']])
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument(), { timeout: 3_000 })
  })

  it('an expired or used link says so and offers a new one', async () => {
    remote.urlAtLoad.mockReturnValue({
      hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      search: '',
    })
    remote.sessionAfterUrl.mockResolvedValue(null)
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link cannot be used' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/auth?mode=reset')
  })

  it('opened without a link or session: the same way out', async () => {
    remote.urlAtLoad.mockReturnValue({ hash: '', search: '' })
    remote.sessionAfterUrl.mockResolvedValue(null)
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link cannot be used' })).toBeInTheDocument()
  })

  it('a password the auth service refuses is said next to the form (docs/product.md §8 mapping)', async () => {
    remote.urlAtLoad.mockReturnValue(RECOVERY)
    remote.sessionAfterUrl.mockResolvedValue({ userId: 'u-noah', email: 'noah@demo.kreis.ch' })
    remote.updatePassword.mockResolvedValue({
      ok: false,
      message: 'Password should be at least 6 characters.',
      code: 'weak_password',
    })
    const user = userEvent.setup()
    renderPage()
    await user.type(await screen.findByLabelText(/New password/), '123456')
    await user.type(screen.getByLabelText(/Repeat the new password/), '123456')
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters long.')
    expect(toasts()).toEqual([['Error', 'Password must be at least 6 characters long.', 'destructive']])
  })
})
