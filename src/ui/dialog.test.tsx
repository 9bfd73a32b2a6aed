// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Dialog } from './dialog'
import { Sheet } from './sheet'

function Harness({ kind }: { kind: 'dialog' | 'sheet' }) {
  const [open, setOpen] = useState(false)
  const Modal = kind === 'dialog' ? Dialog : Sheet
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Filter" description="Narrow the feed">
        <p>Body</p>
      </Modal>
    </>
  )
}

describe.each(['dialog', 'sheet'] as const)('<%s>', (kind) => {
  afterEach(cleanup)

  it('opens as a modal named by its title and described by its description', () => {
    render(<Harness kind={kind} />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = screen.getByRole('dialog', { name: 'Filter' })
    expect(dialog).toHaveAttribute('open')
    expect(dialog).toHaveAccessibleDescription('Narrow the feed')
  })

  it('closes with its close button', () => {
    render(<Harness kind={kind} />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open')
  })

  it('closes on Escape (the cancel event) through onClose', () => {
    render(<Harness kind={kind} />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }))
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open')
  })
})
