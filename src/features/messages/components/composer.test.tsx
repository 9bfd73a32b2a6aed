// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Composer } from './composer'

const field = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement
const sendButton = () => screen.getByRole('button', { name: /Send|Sending/ })
const type = (value: string) => fireEvent.change(field(), { target: { value } })

async function press(key: string, opts: { shiftKey?: boolean; isComposing?: boolean } = {}) {
  await act(async () => {
    fireEvent.keyDown(field(), { key, shiftKey: opts.shiftKey ?? false, isComposing: opts.isComposing ?? false })
  })
}

describe('<Composer /> (docs/product.md §2.7)', () => {
  afterEach(cleanup)

  it('Enter sends the trimmed text and empties the field', async () => {
    const onSend = vi.fn(async () => true)
    render(<Composer onSend={onSend} sending={false} />)
    type('  Is it still available?  ')
    await press('Enter')
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Is it still available?')
    expect(field().value).toBe('')
  })

  it("Shift+Enter does not send (the newline is the textarea's own)", async () => {
    const onSend = vi.fn(async () => true)
    render(<Composer onSend={onSend} sending={false} />)
    type('line one')
    await press('Enter', { shiftKey: true })
    expect(onSend).not.toHaveBeenCalled()
    expect(field().value).toBe('line one')
  })

  it('Enter while an input method composes text does not send', async () => {
    const onSend = vi.fn(async () => true)
    render(<Composer onSend={onSend} sending={false} />)
    type('こんにちは')
    await press('Enter', { isComposing: true })
    expect(onSend).not.toHaveBeenCalled()
  })

  it('Send is disabled while the text is empty or only spaces, and Enter then sends nothing', async () => {
    const onSend = vi.fn(async () => true)
    render(<Composer onSend={onSend} sending={false} />)
    expect(sendButton()).toBeDisabled()
    type(' \n  ')
    expect(sendButton()).toBeDisabled()
    await press('Enter')
    expect(onSend).not.toHaveBeenCalled()
    type('hi')
    expect(sendButton()).toBeEnabled()
  })

  it('Send is disabled and reads "Sending..." while a send is in progress', async () => {
    let finish: (ok: boolean) => void = () => {}
    const onSend = vi.fn(() => new Promise<boolean>((r) => (finish = r)))
    render(<Composer onSend={onSend} sending={false} />)
    type('hello')
    await act(async () => {
      fireEvent.click(sendButton())
    })
    expect(sendButton()).toBeDisabled()
    expect(sendButton()).toHaveTextContent('Sending...')
    await press('Enter')
    expect(onSend).toHaveBeenCalledTimes(1)
    await act(async () => finish(true))
    expect(sendButton()).toHaveTextContent('Send')
    expect(field().value).toBe('')
  })

  it('keeps the text when the message could not be written', async () => {
    render(<Composer onSend={async () => false} sending={false} />)
    type('keep me')
    await press('Enter')
    expect(field().value).toBe('keep me')
  })

  it('is disabled while the parent reports a send in progress', () => {
    render(<Composer onSend={async () => true} sending />)
    type('hello')
    expect(sendButton()).toBeDisabled()
  })
})
