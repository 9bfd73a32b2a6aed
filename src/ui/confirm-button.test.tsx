// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmButton } from './confirm-button'

function renderButton(props: { disabled?: boolean } = {}) {
  const onConfirm = vi.fn()
  render(
    <ConfirmButton
      title="Delete listing?"
      description="This cannot be undone."
      confirmLabel="Delete for good"
      cancelLabel="Keep it"
      onConfirm={onConfirm}
      {...props}
    >
      Delete
    </ConfirmButton>,
  )
  return onConfirm
}

describe('<ConfirmButton>', () => {
  afterEach(cleanup)

  it('asks first: pressing the button only opens the dialog', () => {
    const onConfirm = renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(screen.getByRole('dialog', { name: 'Delete listing?' })).toHaveAccessibleDescription(
      'This cannot be undone.',
    )
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('acts once on confirm and closes', () => {
    const onConfirm = renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open')
  })

  it('does nothing on cancel', () => {
    const onConfirm = renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(onConfirm).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open')
  })

  it('cannot be pressed while disabled', () => {
    renderButton({ disabled: true })
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled()
  })

  it('looks destructive: red text, not the plain outline colour', () => {
    renderButton()
    const button = screen.getByRole('button', { name: 'Delete' })
    expect(button.className).toContain('text-red-800')
    expect(button.className).not.toContain('text-stone-900')
  })
})
