// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Input, PasswordInput } from './input'

afterEach(() => cleanup())

describe('<Field /> through <Input />', () => {
  it('wires label, hint and error to the control', () => {
    render(<Input label="Price (CHF)" hint="In francs" error="Price must be at least 1 CHF" />)
    const input = screen.getByLabelText('Price (CHF)')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('In francs Price must be at least 1 CHF')
  })

  it('a hint the error repeats word for word is shown once, as the error', () => {
    const rule = 'Password must be at least 6 characters long'
    render(<Input label="Password" type="password" hint={rule} error={rule} />)
    expect(screen.getAllByText(rule)).toHaveLength(1)
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(rule)
    cleanup()
    render(<Input label="Password" type="password" hint={rule} />)
    expect(screen.getByText(rule)).toBeInTheDocument()
  })
})

describe('<PasswordInput />', () => {
  it('hides the text until "Show password", and hides it again; the field keeps its label and what was typed', () => {
    render(<PasswordInput label="Password" defaultValue="geheim1" />)
    const field = screen.getByLabelText('Password')
    expect(field).toHaveAttribute('type', 'password')
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }))
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text')
    expect(screen.getByLabelText('Password')).toHaveValue('geheim1')
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
  })
})
