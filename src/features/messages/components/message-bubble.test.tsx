// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MessageRow } from '@/db/rows'
import { MessageBubble } from './message-bubble'

const row = (patch: Partial<MessageRow> = {}): MessageRow => ({
  id: 'm1',
  conversation_id: 'c1',
  listing_id: 'l1',
  sender_id: 'me',
  receiver_id: 'you',
  content: 'Hello',
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
  sync_state: 'synced',
  ...patch,
})

describe('<MessageBubble /> (docs/decisions.md#D-thread-view: mine vs theirs, each of mine with its state)', () => {
  afterEach(cleanup)

  it.each([
    ['pending', 'Queued', 'queued'],
    ['synced', 'Sent', 'sent'],
  ] as const)('a message of mine that is %s reads "%s"', (sync_state, text, state) => {
    const { container } = render(<MessageBubble message={row({ sync_state })} mine />)
    expect(screen.getByText(text)).toBeInTheDocument()
    expect(container.firstElementChild).toHaveAttribute('data-state', state)
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })

  it('a refused message of mine says so with the reason and offers Retry', () => {
    const onRetry = vi.fn()
    render(
      <MessageBubble
        message={row({ sync_state: 'failed', sync_error: 'Failed to send message. Please try again.' })}
        mine
        onRetry={onRetry}
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Not sent: Failed to send message. Please try again.')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('a message refused because the item sold or went says so, with no Retry that could never work', () => {
    render(
      <MessageBubble
        message={row({ sync_state: 'failed', sync_error: { code: 'listing_unavailable' } })}
        mine
        onRetry={vi.fn()}
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Not sent: This item is no longer available.')
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })

  // The bubble's text colour must be one that reads on its background: dark on the pale "not sent" pink.
  it.each([
    ['synced', 'bg-green-800', 'text-white'],
    ['pending', 'bg-green-800', 'text-white'],
    ['failed', 'bg-red-50', 'text-stone-900'],
  ] as const)('a %s message of mine has one colour pair (%s, %s)', (sync_state, bg, text) => {
    const { container } = render(<MessageBubble message={row({ sync_state })} mine />)
    const classes = [...container.querySelector('[data-message-id] > div')!.classList]
    expect(classes.filter((c) => c.startsWith('bg-'))).toEqual([bg])
    expect(classes.filter((c) => /^text-(white|stone|red|green)/.test(c))).toEqual([text])
  })

  it('their messages show no delivery state', () => {
    const { container } = render(<MessageBubble message={row({ sender_id: 'you', receiver_id: 'me' })} mine={false} />)
    expect(screen.queryByText(/Sent|Queued|Not sent/)).toBeNull()
    expect(container.firstElementChild).not.toHaveAttribute('data-state')
  })

  it('renders markup as text and only web links as links', () => {
    const { container } = render(
      <MessageBubble message={row({ content: '<img src=x onerror=alert(1)> see https://kreis.ch/x.' })} mine />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'https://kreis.ch/x' })
    expect(link).toHaveAttribute('href', 'https://kreis.ch/x')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  })
})
