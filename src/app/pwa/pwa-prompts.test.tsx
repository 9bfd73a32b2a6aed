// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { captureInstallPromptEarly } from './early-install-prompt'
import { INSTALL_SNOOZE_KEY, resetInstallWatch, watchInstallPrompt } from './install'
import { PwaPrompts } from './pwa-prompts'
import { initialPwaState, pwaStore } from './pwa-store'
import { registerServiceWorker, resetServiceWorkerRegistration } from './register-sw'

type Listener = (e: { isUpdate?: boolean; isExternal?: boolean }) => void

function fakeWorkbox() {
  const listeners: Record<string, Listener[]> = {}
  return {
    listeners,
    fire: (type: string, e: { isUpdate?: boolean; isExternal?: boolean } = {}) => listeners[type]?.forEach((l) => l(e)),
    addEventListener: (type: string, l: Listener) => void (listeners[type] ??= []).push(l),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => {}),
  }
}

beforeEach(() => {
  pwaStore.setState(initialPwaState(), true)
  resetServiceWorkerRegistration()
  resetInstallWatch()
  localStorage.clear()
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
})
afterEach(() => cleanup())

describe('update prompt (no silent skipWaiting)', () => {
  it('appears when a new worker waits, and only the Reload click activates it; the page reloads once it controls', async () => {
    const wb = fakeWorkbox()
    const reload = vi.fn()
    await registerServiceWorker({ create: async () => wb, reload })
    render(<PwaPrompts register={false} />)
    expect(screen.queryByText('A new version of Kreis is available')).toBeNull()

    act(() => wb.fire('waiting'))
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Kreis is available')
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Reloading...' })).toBeDisabled()
    // isUpdate is false when this page had no worker at registration (the first install claimed it since).
    wb.fire('controlling', { isUpdate: false, isExternal: true })
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('"Not now" hides it without activating the new version', async () => {
    const wb = fakeWorkbox()
    await registerServiceWorker({ create: async () => wb, reload: vi.fn() })
    render(<PwaPrompts register={false} />)
    act(() => wb.fire('waiting'))
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByText('A new version of Kreis is available')).toBeNull()
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled()
  })

  it('the first install taking control changes nothing; another tab switching versions offers a reload', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true })
    const wb = fakeWorkbox()
    const reload = vi.fn()
    await registerServiceWorker({ create: async () => wb, reload })
    render(<PwaPrompts register={false} />)
    act(() => wb.fire('controlling', { isUpdate: false, isExternal: false }))
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull()
    act(() => wb.fire('controlling', { isUpdate: false, isExternal: true }))
    expect(reload).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('a page reloaded while the first worker still installs', () => {
  it('loaded without a worker, it offers no "new version" when that worker (external to it) takes control', async () => {
    const wb = fakeWorkbox()
    const reload = vi.fn()
    await registerServiceWorker({ create: async () => wb, reload })
    render(<PwaPrompts register={false} />)
    act(() => wb.fire('controlling', { isUpdate: false, isExternal: true }))
    expect(screen.queryByText('A new version of Kreis is available')).toBeNull()
    expect(reload).not.toHaveBeenCalled()
    // A real update still waits for the user's Reload.
    act(() => wb.fire('waiting'))
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Kreis is available')
  })
})

describe('install offer', () => {
  it('shows Install when the browser offers it, and hands the click to the browser prompt', async () => {
    watchInstallPrompt()
    render(<PwaPrompts register={false} />)
    const prompt = vi.fn(async () => {})
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    })
    act(() => void window.dispatchEvent(event))
    expect(event.defaultPrevented).toBe(true)
    expect(screen.getByText('Install Kreis')).toBeVisible()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull()
  })

  it('a first visit: the browser offers installation before the app listens; the offer still shows (main.tsx caught it)', async () => {
    captureInstallPromptEarly()
    const prompt = vi.fn(async () => {})
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    })
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    watchInstallPrompt() // the app's own listener starts later (PwaPrompts, once registered)
    render(<PwaPrompts register={false} />)
    expect(screen.getByText('Install Kreis')).toBeVisible()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })))
    expect(prompt).toHaveBeenCalledTimes(1)
  })

  it('"Not now" hides it and keeps it hidden on the next visit', () => {
    pwaStore.setState({ iosHint: true })
    render(<PwaPrompts register={false} />)
    expect(screen.getByText('Tap the Share button, then "Add to Home Screen".')).toBeVisible()
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByText(/Add to Home Screen/)).toBeNull()
    expect(localStorage.getItem(INSTALL_SNOOZE_KEY)).not.toBeNull()
    pwaStore.setState(initialPwaState(), true)
    resetInstallWatch()
    watchInstallPrompt()
    expect(pwaStore.getState().installSnoozed).toBe(true)
  })

  it('the update prompt takes the place of the install offer', () => {
    pwaStore.setState({ iosHint: true, updateReady: true, applyUpdate: () => {} })
    render(<PwaPrompts register={false} />)
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible()
    expect(screen.queryByText(/Add to Home Screen/)).toBeNull()
  })
})
