// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dismissToast, useToastStore } from '@/ui/toast/toast-store'
import { CONTACT_CONFIRMATION_MS } from '@/domain/constants'
import { ContactForm } from './contact-form'

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))

function fillValid() {
  fireEvent.change(field('Name'), { target: { value: 'Mia Weber' } })
  fireEvent.change(field('Email'), { target: { value: 'mia@example.ch' } })
  fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: 'technical' } })
  fireEvent.change(field('Message'), { target: { value: 'The app does not open.' } })
}

describe('<ContactForm /> (docs/product.md §2.14, §5)', () => {
  afterEach(() => {
    cleanup()
    dismissToast()
    vi.useRealTimers()
  })

  it('shows the message of every missing field and does not send', () => {
    render(<ContactForm />)
    send()
    for (const m of ['Name is required', 'Email is required', 'Please select a subject', 'Message is required']) {
      expect(screen.getByText(m)).toBeInTheDocument()
    }
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Name')).toHaveAccessibleDescription('Name is required')
    expect(field('Name')).toHaveFocus()
    expect(screen.queryByText('Thank you!')).toBeNull()
  })

  it('rejects an address without a domain as "Invalid email address"', () => {
    render(<ContactForm />)
    fillValid()
    fireEvent.change(field('Email'), { target: { value: 'mia@example' } })
    send()
    expect(screen.getByText('Invalid email address')).toBeInTheDocument()
    expect(field('Email')).toHaveFocus()
    expect(screen.queryByText('Name is required')).toBeNull()
  })

  it('clears an error as soon as the field is fixed after a failed send', () => {
    render(<ContactForm />)
    send()
    fireEvent.change(field('Name'), { target: { value: 'Mia' } })
    expect(screen.queryByText('Name is required')).toBeNull()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
  })

  it('does not show errors while typing before the first send', () => {
    render(<ContactForm />)
    fireEvent.change(field('Email'), { target: { value: 'mia@' } })
    expect(screen.queryByText('Invalid email address')).toBeNull()
  })

  it('says "Thank you!" for 5 seconds, with a success toast, then shows an empty form', () => {
    vi.useFakeTimers()
    render(<ContactForm />)
    fillValid()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send me a copy' }))
    send()
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeInTheDocument()
    expect(useToastStore.getState().toasts[0]?.title).toBe('Message sent successfully!')

    act(() => void vi.advanceTimersByTime(CONTACT_CONFIRMATION_MS - 1))
    expect(screen.getByRole('heading', { name: 'Thank you!' })).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.queryByRole('heading', { name: 'Thank you!' })).toBeNull()
    expect(field('Name').value).toBe('')
    expect(field('Message').value).toBe('')
    expect(screen.getByRole('checkbox', { name: 'Send me a copy' })).not.toBeChecked()
    expect(screen.queryByText('Name is required')).toBeNull()
  })
})
