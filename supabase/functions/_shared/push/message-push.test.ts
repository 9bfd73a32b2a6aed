import { describe, expect, it } from 'vitest'
import { isAllowedPushEndpoint, messagePushPayload, PUSH_TEXT_CHARS } from './message-push.ts'

describe('which endpoints the server calls', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', false, true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', false, true],
    ['http://127.0.0.1:9000/push', true, true],
    ['http://localhost:9000/push', true, true],
    ['http://[::1]:9000/push', true, true],
    ['http://127.0.0.1:9000/push', false, false],
    ['http://10.0.0.1/push', true, false],
    ['http://push.example.com/push', true, false],
    ['http://127.0.0.1.example.com/push', true, false],
    ['https://user:pass@push.example.com/x', true, false],
    ['file:///etc/passwd', true, false],
    ['not a url', true, false],
  ])('%s (loopback http allowed: %s) → %s', (endpoint, loopback, expected) => {
    expect(isAllowedPushEndpoint(endpoint, loopback)).toBe(expected)
  })
})

describe('the payload of a message push', () => {
  const base = {
    id: 'm',
    conversation_id: 'c',
    receiver_id: 'r',
    listing_title: 'Jacket',
    sender_first_name: 'Anna',
    receiver_language: null,
  }

  it.each([
    ['short text', 'Hi', 'Hi'],
    ['cut at 50 characters', 'x'.repeat(80), 'x'.repeat(PUSH_TEXT_CHARS)],
    ['never halves an emoji', `${'a'.repeat(49)}😀😀`, `${'a'.repeat(49)}😀`],
  ])('%s', (_name, content, text) => {
    expect(messagePushPayload({ ...base, content }).text).toBe(text)
  })

  it('carries no more than the conversation, first name, title, text and their wording (English without a language)', () => {
    expect(messagePushPayload({ ...base, content: 'Hello', sender_first_name: null })).toEqual({
      type: 'message',
      conversation_id: 'c',
      sender_first_name: '',
      listing_title: 'Jacket',
      text: 'Hello',
      lang: 'en',
      title: 'New message',
      body: 'Jacket: Hello',
    })
  })

  it.each([
    ['de-CH', 'Neue Nachricht von Anna', 'Jacket: Hallo'],
    ['fr-CH', 'Nouveau message de Anna', 'Jacket\u202f: Hallo'],
    ['it-CH', 'Nuovo messaggio da Anna', 'Jacket: Hallo'],
    ['en', 'New message from Anna', 'Jacket: Hallo'],
  ])("is worded in the receiver's language, %s", (language, title, body) => {
    expect(messagePushPayload({ ...base, content: 'Hallo', receiver_language: language })).toMatchObject({
      lang: language,
      title,
      body,
    })
  })
})
