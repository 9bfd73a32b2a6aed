// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { AuthPage } from './auth-page'

const remote = vi.hoisted(() => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  resetPassword: vi.fn(),
}))
vi.mock('@/remote/auth', () => remote)

function Where() {
  const l = useLocation()
  return <output data-testid="where">{l.pathname + l.search}</output>
}

let db: KreisDatabase
function renderAt(url: string) {
  return render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/" element={<h1>Home</h1>} />
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
  sessionStore.setState({ status: 'signed-out' }, true)
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
})
afterEach(async () => {
  cleanup()
  vi.useRealTimers()
  vi.clearAllMocks()
  useToastStore.getState().dismiss()
  db.close()
  await db.delete()
})

describe('/auth modes (docs/product.md §2.5)', () => {
  it('defaults to sign-up with names and the password hint', () => {
    renderAt('/auth')
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
    expect(screen.getByLabelText(/First name/)).toBeInTheDocument()
    expect(screen.getByLabelText(/Last name/)).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument()
  })

  it('mode=signin asks only e-mail and password, without the hint', () => {
    renderAt('/auth?mode=signin')
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/First name/)).toBeNull()
    expect(screen.getByLabelText(/Password/)).toBeInTheDocument()
    expect(screen.queryByText('Password must be at least 6 characters long')).toBeNull()
  })

  it('switching modes rewrites the query string, and reset has "Back to Sign In"', async () => {
    const user = userEvent.setup()
    renderAt('/auth')
    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }))
    expect(where()).toBe('/auth?mode=signin')
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    expect(where()).toBe('/auth?mode=reset')
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/Password/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }))
    expect(where()).toBe('/auth?mode=signin')
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }))
    expect(where()).toBe('/auth?mode=signup')
  })
})

describe('/auth validation (docs/product.md §5)', () => {
  it('names the missing fields and focuses the first', async () => {
    const user = userEvent.setup()
    renderAt('/auth')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    for (const m of ['First name is required', 'Last name is required', 'Email is required', 'Password is required']) {
      expect(await screen.findByText(m)).toBeInTheDocument()
    }
    expect(screen.getByLabelText(/First name/)).toHaveFocus()
    expect(remote.signUp).not.toHaveBeenCalled()
  })

  it('refuses a short password and a malformed address before calling anyone', async () => {
    const user = userEvent.setup()
    renderAt('/auth?mode=signin')
    await user.type(screen.getByLabelText(/Email/), 'anna@demo')
    await user.type(screen.getByLabelText(/Password/), '12345')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument()
    expect(remote.signIn).not.toHaveBeenCalled()
  })
})

describe('/auth submitting (docs/product.md §4, §8)', () => {
  it('disables the form and says "Signing In..." while the call runs, then confirms and goes home after 1.5 s', async () => {
    let answer!: (r: unknown) => void
    remote.signIn.mockReturnValue(new Promise((r) => (answer = r)))
    const user = userEvent.setup()
    renderAt('/auth?mode=signin')
    await user.type(screen.getByLabelText(/Email/), ' anna@demo.kreis.ch ')
    await user.type(screen.getByLabelText(/Password/), 'kreis-demo')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    const busy = await screen.findByRole('button', { name: 'Signing In...' })
    expect(busy).toBeDisabled()
    expect(screen.getByLabelText(/Email/)).toBeDisabled()
    expect(remote.signIn).toHaveBeenCalledWith('anna@demo.kreis.ch', 'kreis-demo')

    const timers = vi.spyOn(globalThis, 'setTimeout')
    await act(async () => answer({ ok: true, user: { userId: 'u-anna', email: 'anna@demo.kreis.ch' } }))
    expect(await screen.findByText('You are signed in. Taking you home...')).toBeInTheDocument()
    // Signed in now, but the confirmation stays until the redirect, 1.5 s later.
    expect(sessionStore.getState()).toEqual({ status: 'signed-in', userId: 'u-anna', email: 'anna@demo.kreis.ch' })
    expect(toasts()).toEqual([['Welcome back! 👋', null, 'default']])
    expect(where()).toBe('/auth?mode=signin')
    expect(timers.mock.calls.some(([, ms]) => ms === 1_500)).toBe(true)
    await waitFor(() => expect(where()).toBe('/'), { timeout: 3_000 })
    // The device now belongs to that user.
    expect((await db.meta.get('owner'))?.value).toBe('u-anna')
  })

  it('maps "Invalid login credentials" (docs/product.md §8) in the toast and next to the form, and the form comes back', async () => {
    remote.signIn.mockResolvedValue({ ok: false, message: 'Invalid login credentials', code: 'invalid_credentials' })
    const user = userEvent.setup()
    renderAt('/auth?mode=signin')
    await user.type(screen.getByLabelText(/Email/), 'anna@demo.kreis.ch')
    await user.type(screen.getByLabelText(/Password/), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    const text = 'Incorrect email or password. Please check your credentials and try again.'
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(toasts()).toEqual([['Sign in failed', text, 'destructive']])
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled()
    expect(sessionStore.getState().status).toBe('signed-out')
  })

  it('too many attempts: says how long to wait (docs/product.md#R-auth-wait), not the raw "Request rate limit reached"', async () => {
    remote.signIn.mockResolvedValue({
      ok: false,
      message: 'Request rate limit reached',
      code: 'over_request_rate_limit',
      retryAfterMs: 8_000,
    })
    const user = userEvent.setup()
    renderAt('/auth?mode=signin')
    await user.type(screen.getByLabelText(/Email/), 'anna@demo.kreis.ch')
    await user.type(screen.getByLabelText(/Password/), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    const text = 'Too many attempts. Try again in 8 seconds.'
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(toasts()).toEqual([['Sign in failed', text, 'destructive']])
  })

  it('words any other auth refusal from its code, never the service\'s English, under "Account creation failed"', async () => {
    remote.signUp.mockResolvedValue({ ok: false, message: 'User already registered', code: 'user_already_exists' })
    const user = userEvent.setup()
    renderAt('/auth')
    await user.type(screen.getByLabelText(/First name/), 'Ada')
    await user.type(screen.getByLabelText(/Last name/), 'Keller')
    await user.type(screen.getByLabelText(/Email/), 'ada@example.ch')
    await user.type(screen.getByLabelText(/Password/), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    const words = 'An account with this email address already exists. Please sign in instead.'
    expect(await screen.findByRole('alert')).toHaveTextContent(words)
    expect(toasts()).toEqual([['Account creation failed', words, 'destructive']])
    expect(remote.signUp).toHaveBeenCalledWith('ada@example.ch', 'secret1', 'Ada', 'Keller', `${location.origin}/`)
  })

  it('a sign-up that waits for its e-mail confirmation says so, without signing in', async () => {
    remote.signUp.mockResolvedValue({ ok: true, user: null })
    const user = userEvent.setup()
    renderAt('/auth?mode=signup')
    await user.type(screen.getByLabelText(/First name/), 'Ada')
    await user.type(screen.getByLabelText(/Last name/), 'Keller')
    await user.type(screen.getByLabelText(/Email/), 'ada@example.ch')
    await user.type(screen.getByLabelText(/Password/), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(
      await screen.findByText('Account created. Check your email and click the link to confirm it.'),
    ).toBeInTheDocument()
    expect(toasts()).toEqual([['Welcome to Kreis 🎉', null, 'default']])
    expect(sessionStore.getState().status).toBe('signed-out')
  })

  it('reset: sends the link to /auth/reset-password and confirms with the docs/product.md §8 toast', async () => {
    remote.resetPassword.mockResolvedValue({ ok: true, user: null })
    const user = userEvent.setup()
    renderAt('/auth?mode=reset')
    await user.type(screen.getByLabelText(/Email/), 'noah@demo.kreis.ch')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Check your email for reset instructions.')).toBeInTheDocument()
    expect(remote.resetPassword).toHaveBeenCalledWith('noah@demo.kreis.ch', `${location.origin}/auth/reset-password`)
    expect(toasts()).toEqual([['Password reset email sent', 'Check your email for reset instructions', 'default']])
  })

  it('a call that throws shows the docs/product.md §8 "An error occurred" toast', async () => {
    remote.signIn.mockRejectedValue(new TypeError('Failed to fetch'))
    const user = userEvent.setup()
    renderAt('/auth?mode=signin')
    await user.type(screen.getByLabelText(/Email/), 'anna@demo.kreis.ch')
    await user.type(screen.getByLabelText(/Password/), 'kreis-demo')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() =>
      expect(toasts()).toEqual([
        ['An error occurred', 'Please try again later or contact support if the problem persists.', 'destructive'],
      ]),
    )
  })
})

describe('/auth and the session', () => {
  it('shows a spinner while the session resolves', () => {
    sessionStore.setState({ status: 'loading' }, true)
    renderAt('/auth?mode=signin')
    expect(screen.getByText('Checking your session...')).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('sends a signed-in visitor to /', () => {
    sessionStore.setState({ status: 'signed-in', userId: 'u1', email: 'a@b.ch' }, true)
    renderAt('/auth?mode=signin')
    expect(where()).toBe('/')
  })

  it('offline: says why and keeps the submit disabled', () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true })
    renderAt('/auth?mode=signin')
    expect(screen.getByText(/You're offline/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled()
  })
})
