// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { dismissToast, toast } from './toast-store'
import { Toaster } from './toaster'

describe('<Toaster />', () => {
  afterEach(() => {
    act(() => dismissToast())
    cleanup()
  })

  it('renders a normal toast as a status and a destructive one as an alert', () => {
    render(<Toaster />)
    act(() => void toast({ title: 'Subscribed successfully!', description: "You'll receive news & updates." }))
    expect(screen.getByRole('status')).toHaveTextContent("Subscribed successfully!You'll receive news & updates.")
    act(() => void toast({ title: 'Authentication required', destructive: true }))
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication required')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('closes a toast with its dismiss button', async () => {
    render(<Toaster />)
    act(() => void toast({ title: 'Filters applied' }))
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(screen.queryByText('Filters applied')).toBeNull()
  })
})
