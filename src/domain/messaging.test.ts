import { describe, expect, it } from 'vitest'
import {
  canMessage,
  canSend,
  composerKeyAction,
  counterpartId,
  involves,
  messagePreview,
  messageSellerRefusal,
  messageSellerRefusalToast,
  messageText,
  messagingBlock,
  messagingBlockToast,
  newMessageToast,
  showMessageSeller,
} from './messaging'
import { TOASTS } from './toasts'

describe('docs/product.md §5 messaging: text is trimmed, empty is not sent', () => {
  it.each([
    ['  hello  ', 'hello'],
    ['line 1\nline 2\n', 'line 1\nline 2'],
    ['   ', null],
    ['', null],
  ])('%j → %j', (raw, text) => {
    expect(messageText(raw)).toBe(text)
  })

  it.each([
    ['hi', false, true],
    ['hi', true, false],
    [' \n ', false, false],
  ])('%j, sending %s → can send %s', (raw, sending, can) => {
    expect(canSend(raw, sending)).toBe(can)
  })

  it.each([
    [{ key: 'Enter', shiftKey: false }, 'send'],
    [{ key: 'Enter', shiftKey: true }, 'newline'],
    [{ key: 'Enter', shiftKey: false, isComposing: true }, 'none'],
    [{ key: 'a', shiftKey: false }, 'none'],
  ])('%j → %s', (e, action) => {
    expect(composerKeyAction(e)).toBe(action)
  })
})

describe('docs/product.md §4/§8 new message toast: first 50 characters', () => {
  const fifty = 'x'.repeat(50)
  it.each([
    ['short', 'short'],
    [fifty, fifty],
    [`${fifty}y`, fifty],
    [`${'x'.repeat(49)}😀😀`, `${'x'.repeat(49)}😀`],
  ])('%j → %j', (content, preview) => {
    expect(messagePreview(content)).toBe(preview)
  })

  it('titles the toast "New message received" with the preview as text', () => {
    expect(newMessageToast(`${fifty}tail`)).toEqual({ title: 'toast.newMessage', description: { text: fifty } })
  })
})

describe('docs/product.md §6 who may message a seller', () => {
  const listing = { user_id: 'seller', status: 'active' }
  it.each([
    [null, listing, 'login'],
    ['seller', listing, 'own'],
    ['buyer', { ...listing, status: 'sold' }, 'sold'],
    ['buyer', listing, null],
  ] as const)('user %s on %j → %s', (user, l, block) => {
    expect(messagingBlock(user, l)).toBe(block)
    expect(canMessage(user, l)).toBe(block === null)
  })

  it.each([
    ['login', TOASTS.messageLoginRequired],
    ['sold', TOASTS.itemSold],
    ['own', null],
  ] as const)('a refusal for %s shows %j', (block, toast) => {
    expect(messagingBlockToast(block)).toBe(toast)
  })

  it.each([
    [null, false],
    ['seller', false],
    ['buyer', true],
  ])('the Message Seller button for %s: %s', (user, shown) => {
    expect(showMessageSeller(user, 'seller')).toBe(shown)
  })

  it('adds live messages only for their sender or receiver, and finds the counterpart', () => {
    const m = { sender_id: 'a', receiver_id: 'b' }
    expect([involves(m, 'a'), involves(m, 'b'), involves(m, 'c')]).toEqual([true, true, false])
    expect([
      counterpartId({ buyer_id: 'a', seller_id: 'b' }, 'a'),
      counterpartId({ buyer_id: 'a', seller_id: 'b' }, 'b'),
    ]).toEqual(['b', 'a'])
  })
})

describe('docs/product.md §6/§8 the Message Seller dialog refuses with the catalogue texts', () => {
  const listing = { user_id: 'seller', status: 'active' }
  it.each([
    [null, listing, 'login', TOASTS.messageLoginRequired],
    [null, undefined, 'login', TOASTS.messageLoginRequired],
    ['buyer', undefined, 'missing', TOASTS.listingUnavailable],
    ['buyer', null, 'missing', TOASTS.listingUnavailable],
    ['seller', listing, 'own', null],
    ['buyer', { ...listing, status: 'sold' }, 'sold', TOASTS.itemSold],
    ['buyer', listing, null, undefined],
  ] as const)('user %s, listing %j → %s', (user, l, refusal, toast) => {
    expect(messageSellerRefusal(user, l)).toBe(refusal)
    if (refusal) expect(messageSellerRefusalToast(refusal)).toBe(toast)
  })
})
