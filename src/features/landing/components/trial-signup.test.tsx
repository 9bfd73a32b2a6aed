// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TRIAL_LENGTH_MS } from '@/domain/constants'
import type { TrialUserRecord } from '@/domain/trial-signup'
import type { Result } from '@/sync/protocol'
import { useToastStore } from '@/ui/toast/toast-store'
import { PRODUCTS_SECTION_ID } from '../landing-constants'
import { TrialSignupButton } from './trial-signup-button'

// The network module behind src/sync/trial-signup.ts (a seam we own); from the button to the insert's record, all
// runs for real. The insert itself against the local stack: src/sync/trial-signup.integration.ts.
const remote = vi.hoisted(() => ({ insertTrialUser: vi.fn<(record: TrialUserRecord) => Promise<Result<null>>>() }))
vi.mock('@/remote/trial-signup', () => remote)

const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description ?? null, t.variant])
const setOnline = (on: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value: on, configurable: true })
  window.dispatchEvent(new Event(on ? 'online' : 'offline'))
}
const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement

function renderPage() {
  const user = userEvent.setup()
  render(
    <>
      <section id={PRODUCTS_SECTION_ID}>Products</section>
      <TrialSignupButton />
    </>,
  )
  return user
}

/** Opens the modal from the page's button (its chunk loads on the click) and returns the dialog. */
async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }))
  return screen.findByRole('dialog', { name: 'Start your free trial' })
}

const inDialog = (dialog: HTMLElement) => ({
  submit: () => dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!,
})

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { email?: string; password?: string; firstName?: string; city?: string },
) {
  if (values.email !== undefined) await user.type(field(/^Email/), values.email)
  if (values.password !== undefined) await user.type(field(/^Password/), values.password)
  if (values.firstName !== undefined) await user.type(field(/^First name/), values.firstName)
  if (values.city !== undefined) await user.type(field(/^City/), values.city)
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
  setOnline(true)
  remote.insertTrialUser.mockReset()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the trial signup modal (docs/product.md §2.3, §4, §5, §8)', () => {
  it('opens from "Start Free Trial" with its labelled fields; the e-mail is a required email field and has the focus', async () => {
    const user = renderPage()
    const dialog = await openModal(user)
    expect(dialog).toHaveAttribute('open')
    expect(dialog).toHaveAccessibleDescription('One month free, no card required.')
    expect(field(/^Email/)).toHaveAttribute('type', 'email')
    expect(field(/^Email/)).toBeRequired()
    expect(field(/^Email/)).toHaveFocus()
    expect(field(/^Password/)).toHaveAttribute('type', 'password')
    for (const optional of [/^Password/, /^First name/, /^City/]) expect(field(optional)).not.toBeRequired()
    expect(inDialog(dialog).submit()).toHaveTextContent('Start Free Trial')
  })

  it('an empty e-mail gets the toast "Email required" and nothing is sent', async () => {
    const user = renderPage()
    const dialog = await openModal(user)
    await fill(user, { email: '   ', city: 'Basel' })
    await user.click(inDialog(dialog).submit())
    expect(toasts()).toEqual([['Email required', 'Please enter your email address', 'destructive']])
    expect(remote.insertTrialUser).not.toHaveBeenCalled()
    expect(field(/^Email/)).toHaveFocus()
    expect(field(/^City/).value).toBe('Basel')

    // Once a valid address is sent, the complaint goes (it would otherwise sit beside the success view for 5 s).
    remote.insertTrialUser.mockResolvedValue({ ok: true, value: null })
    await user.type(field(/^Email/), 'mia@example.ch')
    await user.click(inDialog(dialog).submit())
    await screen.findByRole('heading', { name: 'Your free trial has started!' })
    expect(toasts()).toEqual([])
  })

  it('submitting: the button reads "Starting Trial..." and is disabled; then the success view; the record has no password', async () => {
    let answer!: (r: Result<null>) => void
    remote.insertTrialUser.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    const user = renderPage()
    const dialog = await openModal(user)
    await fill(user, { email: 'Mia@Example.ch', password: 'hunter22', firstName: 'Mia', city: 'Basel' })
    const before = Date.now()
    await user.click(inDialog(dialog).submit())

    expect(inDialog(dialog).submit()).toHaveTextContent('Starting Trial...')
    expect(inDialog(dialog).submit()).toBeDisabled()
    expect(field(/^Email/)).toBeDisabled()
    expect(remote.insertTrialUser).toHaveBeenCalledTimes(1)
    const record = remote.insertTrialUser.mock.calls[0]![0]
    expect(record).toMatchObject({ email: 'mia@example.ch', first_name: 'Mia', city: 'Basel', trial_status: 'active' })
    expect(Object.keys(record).sort()).toEqual([
      'city',
      'email',
      'first_name',
      'signup_date',
      'trial_end_date',
      'trial_status',
    ])
    expect(JSON.stringify(record)).not.toContain('hunter22')
    const signup = Date.parse(record.signup_date)
    expect(signup).toBeGreaterThanOrEqual(before)
    expect(Date.parse(record.trial_end_date) - signup).toBe(TRIAL_LENGTH_MS)

    await act(async () => answer({ ok: true, value: null }))
    expect(await screen.findByRole('dialog', { name: 'Your free trial has started!' })).toHaveAccessibleDescription(
      'Enjoy 30 days of buying and selling pre-loved fashion.',
    )
    expect(screen.getByRole('button', { name: 'Start Browsing Fashion' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Add Your First Item' })).toBeInTheDocument()
    expect(toasts()).toEqual([])
  })

  it.each([
    [
      '23505 (the address already has a trial)',
      { ok: false, reason: 'rejected', code: '23505', message: 'duplicate key' },
      ['Email already registered', 'This email is already signed up for the trial', 'destructive'],
    ],
    [
      'another refusal',
      { ok: false, reason: 'check_violation', code: '23514', message: 'check' },
      ['Signup failed', 'Something went wrong. Please try again.', 'destructive'],
    ],
    [
      'a server error',
      { ok: false, reason: 'server', code: '500', message: 'boom' },
      ['Signup failed', 'Something went wrong. Please try again.', 'destructive'],
    ],
    [
      'too many requests',
      { ok: false, reason: 'rate_limited', message: 'slow down' },
      ['Signup failed', 'Something went wrong. Please try again.', 'destructive'],
    ],
  ] as const)('%s → the docs/product.md §8 toast, and the form keeps what was typed', async (_, answer, toast) => {
    remote.insertTrialUser.mockResolvedValue(answer as Result<null>)
    const user = renderPage()
    const dialog = await openModal(user)
    await fill(user, { email: 'mia@example.ch', firstName: 'Mia' })
    await user.click(inDialog(dialog).submit())
    await waitFor(() => expect(toasts()).toEqual([toast]))
    expect(screen.queryByRole('heading', { name: 'Your free trial has started!' })).toBeNull()
    expect(inDialog(dialog).submit()).toHaveTextContent('Start Free Trial')
    expect(inDialog(dialog).submit()).toBeEnabled()
    expect(field(/^Email/).value).toBe('mia@example.ch')
    expect(field(/^First name/).value).toBe('Mia')
    expect(field(/^Email/)).toHaveFocus()
  })

  it('no answer from the network: says it is offline, keeps what was typed, no docs/product.md §8 toast; the next attempt can succeed', async () => {
    remote.insertTrialUser.mockResolvedValueOnce({ ok: false, reason: 'network', message: 'fetch failed' })
    const user = renderPage()
    const dialog = await openModal(user)
    await fill(user, { email: 'mia@example.ch', city: 'Basel' })
    await user.click(inDialog(dialog).submit())
    expect(await screen.findByRole('alert')).toHaveTextContent("You're offline")
    expect(toasts()).toEqual([])
    expect(field(/^Email/).value).toBe('mia@example.ch')
    expect(field(/^City/).value).toBe('Basel')

    remote.insertTrialUser.mockResolvedValueOnce({ ok: true, value: null })
    await user.click(inDialog(dialog).submit())
    expect(await screen.findByRole('heading', { name: 'Your free trial has started!' })).toBeInTheDocument()
  })

  it('offline: the form says so, the button is disabled and nothing is sent; back online it can be sent', async () => {
    const user = renderPage()
    const dialog = await openModal(user)
    await fill(user, { email: 'mia@example.ch' })
    act(() => setOnline(false))
    expect(screen.getByRole('alert')).toHaveTextContent("You're offline")
    expect(inDialog(dialog).submit()).toBeDisabled()
    fireEvent.submit(inDialog(dialog).submit().form!)
    await act(async () => {})
    expect(remote.insertTrialUser).not.toHaveBeenCalled()
    expect(screen.queryByRole('heading', { name: 'Your free trial has started!' })).toBeNull()

    act(() => setOnline(true))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(inDialog(dialog).submit()).toBeEnabled()
    expect(field(/^Email/).value).toBe('mia@example.ch')
  })

  it('"Start Browsing Fashion" closes the modal and scrolls to the products section', async () => {
    remote.insertTrialUser.mockResolvedValue({ ok: true, value: null })
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { top: this.id === PRODUCTS_SECTION_ID ? 640 : 0, height: 0 } as DOMRect
    })
    const user = renderPage()
    const dialog = await openModal(user)
    await fill(user, { email: 'mia@example.ch' })
    await user.click(inDialog(dialog).submit())
    await user.click(await screen.findByRole('button', { name: 'Start Browsing Fashion' }))
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open')
    await waitFor(() => expect(scrollTo).toHaveBeenCalled())
    // 640 px down, minus the 20 px gap the landing page's scroll rule leaves (no header here).
    expect(scrollTo.mock.calls.at(-1)![0]).toMatchObject({ top: 620 })
    expect(toasts()).toEqual([])
    expect(screen.getByRole('button', { name: 'Start Free Trial' })).toHaveFocus()
    vi.restoreAllMocks()
  })

  it('"Add Your First Item" closes the modal with an "Add Item" toast and nothing else', async () => {
    remote.insertTrialUser.mockResolvedValue({ ok: true, value: null })
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const user = renderPage()
    const dialog = await openModal(user)
    await fill(user, { email: 'mia@example.ch' })
    await user.click(inDialog(dialog).submit())
    await user.click(await screen.findByRole('button', { name: 'Add Your First Item' }))
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open')
    expect(toasts()).toEqual([['Add Item', null, 'default']])
    await new Promise((r) => requestAnimationFrame(r))
    expect(scrollTo).not.toHaveBeenCalled()
    expect(remote.insertTrialUser).toHaveBeenCalledTimes(1)
    vi.restoreAllMocks()
  })

  it('Escape closes it and the focus returns to the button; an unfinished form keeps its values, a finished one starts over', async () => {
    const user = renderPage()
    let dialog = await openModal(user)
    await fill(user, { email: 'mia@example.ch' })
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    expect(dialog).not.toHaveAttribute('open')
    expect(screen.getByRole('button', { name: 'Start Free Trial' })).toHaveFocus()

    dialog = await openModal(user)
    expect(field(/^Email/).value).toBe('mia@example.ch')
    remote.insertTrialUser.mockResolvedValue({ ok: true, value: null })
    await user.click(inDialog(dialog).submit())
    await screen.findByRole('heading', { name: 'Your free trial has started!' })
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.getByRole('button', { name: 'Start Free Trial' })).toHaveFocus()

    dialog = await openModal(user)
    expect(field(/^Email/).value).toBe('')
    expect(inDialog(dialog).submit()).toHaveTextContent('Start Free Trial')
  })
})
