// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NotificationsToggle, type NotificationsToggleProps } from './notifications-toggle'

afterEach(() => cleanup())

const props = (over: Partial<NotificationsToggleProps> = {}): NotificationsToggleProps => ({
  availability: 'available',
  enabled: false,
  busy: false,
  failed: false,
  enable: vi.fn(async () => {}),
  disable: vi.fn(async () => {}),
  ...over,
})

describe('Notifications: on/off', () => {
  it('off: a click turns them on', () => {
    const p = props()
    render(<NotificationsToggle {...p} />)
    const toggle = screen.getByRole('switch', { name: 'Notifications' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(toggle).toHaveTextContent('Off')
    fireEvent.click(toggle)
    expect(p.enable).toHaveBeenCalledTimes(1)
    expect(p.disable).not.toHaveBeenCalled()
  })

  it('on: a click turns them off', () => {
    const p = props({ enabled: true })
    render(<NotificationsToggle {...p} />)
    fireEvent.click(screen.getByRole('switch', { name: 'Notifications' }))
    expect(p.disable).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['needs-install', 'Add to Home Screen'],
    ['denied', 'blocked for this site'],
    ['unsupported', 'cannot show notifications'],
  ] as const)('%s: says why, and the switch is disabled', (availability, words) => {
    render(<NotificationsToggle {...props({ availability })} />)
    expect(screen.getByRole('switch', { name: 'Notifications' })).toBeDisabled()
    expect(screen.getByText(new RegExp(words))).toBeTruthy()
  })
})
