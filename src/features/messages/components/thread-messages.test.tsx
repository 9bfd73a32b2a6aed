// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MessageRow } from '@/db/rows'
import { THREAD_WINDOW, ThreadMessages } from './thread-messages'

const ME = 'me'
const at = (d: Date) => d.toISOString()
/** Noon of the day `daysAgo` days before today, on this device's calendar. */
const noon = (daysAgo: number, minute = 0) => {
  const d = new Date()
  d.setDate(d.getDate() - daysAgo)
  d.setHours(12, minute, 0, 0)
  return d
}
let n = 0
const msg = (from: string, content: string, when: Date): MessageRow => ({
  id: `m${++n}`,
  conversation_id: 'c1',
  listing_id: 'l1',
  sender_id: from,
  receiver_id: from === ME ? 'you' : ME,
  content,
  created_at: at(when),
  updated_at: at(when),
  sync_state: 'synced',
})
const show = (messages: MessageRow[]) => render(<ThreadMessages messages={messages} userId={ME} onRetry={vi.fn()} />)

describe('<ThreadMessages /> (docs/decisions.md#D-thread-view: ascending, day separators, mine vs theirs)', () => {
  afterEach(cleanup)

  it('puts a separator before each calendar day: the date, then "Yesterday", then "Today"', () => {
    const old = noon(9)
    show([
      msg('you', 'Still for sale?', old),
      msg(ME, 'Yes', noon(9, 5)),
      msg('you', 'Tomorrow?', noon(1)),
      msg(ME, 'Sure', noon(0)),
    ])
    const log = screen.getByRole('log')
    const separators = within(log)
      .getAllByRole('separator')
      .map((s) => s.getAttribute('aria-label'))
    expect(separators).toEqual([
      old.toLocaleDateString('en-CH', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }),
      'Yesterday',
      'Today',
    ])
    // Each separator comes right before the first message of its day.
    const order = Array.from(log.querySelectorAll('[role="separator"], [data-message-id]')).map(
      (e) => e.getAttribute('aria-label') ?? e.textContent?.split(/\d/)[0],
    )
    expect(order).toEqual([separators[0], 'Still for sale?', 'Yes', 'Yesterday', 'Tomorrow?', 'Today', 'Sure'])
  })

  it('mine are on the right with their state, theirs on the left without one', () => {
    const { container } = show([msg('you', 'Hello', noon(0)), msg(ME, 'Hi!', noon(0, 1))])
    const [theirs, mine] = Array.from(container.querySelectorAll('[data-message-id]'))
    expect(theirs).toHaveClass('items-start')
    expect(theirs).not.toHaveAttribute('data-state')
    expect(mine).toHaveClass('items-end')
    expect(mine).toHaveAttribute('data-state', 'sent')
  })

  it(`shows the newest ${THREAD_WINDOW} first; "Show earlier messages" adds the ones before`, () => {
    const many = Array.from({ length: THREAD_WINDOW + 7 }, (_, i) =>
      msg(i % 2 ? ME : 'you', `message ${i}`, noon(0, i % 60)),
    )
    show(many)
    const bubbles = () => screen.getAllByText(/^message \d+$/).map((e) => e.textContent)
    expect(bubbles()).toHaveLength(THREAD_WINDOW)
    expect(bubbles()[0]).toBe('message 7')
    expect(bubbles().at(-1)).toBe(`message ${THREAD_WINDOW + 6}`)
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }))
    expect(bubbles()).toHaveLength(THREAD_WINDOW + 7)
    expect(bubbles()[0]).toBe('message 0')
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull()
  })
})
