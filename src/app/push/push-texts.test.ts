import { describe, expect, it } from 'vitest'
// The server's catalogue of notification words (the send-push function and the local stack's sender use it):
// the same words as the app's catalogues, and how a push is worded from it.
import { push as deCH } from '@/i18n/de-CH/push'
import { push as en } from '@/i18n/en/push'
import { push as frCH } from '@/i18n/fr-CH/push'
import { push as itCH } from '@/i18n/it-CH/push'
import { PUSH_LANGUAGES, PUSH_TEXTS, wordPush } from '../../../supabase/functions/_shared/push/push-texts'

describe("the server's notification words", () => {
  const app = { 'de-CH': deCH, 'fr-CH': frCH, 'it-CH': itCH, en }

  it.each(PUSH_LANGUAGES)('are the app catalogue’s in %s', (language) => {
    const catalogue = app[language]
    expect(PUSH_TEXTS[language]).toEqual({
      title: catalogue['push.notificationTitle'],
      titleNoName: catalogue['push.notificationTitleNoName'],
      body: catalogue['push.notificationBody'],
    })
  })

  it.each([
    ['a language of the app', 'it-CH', 'it-CH', 'Nuovo messaggio da Anna'],
    ['no language', null, 'en', 'New message from Anna'],
    ['a code the app does not speak', 'de', 'en', 'New message from Anna'],
    ['not a string', 42, 'en', 'New message from Anna'],
  ])('%s → %s', (_what, language, lang, title) => {
    expect(wordPush(language, { senderFirstName: ' Anna ', listingTitle: 'Jacke', text: 'Hi' })).toEqual({
      lang,
      title,
      body: 'Jacke: Hi',
    })
  })

  it('fills each placeholder once: a listing title or message holding "{text}" stays as written', () => {
    const worded = wordPush('de-CH', { senderFirstName: '{text}', listingTitle: '{name} {text}', text: '{title}' })
    expect(worded).toEqual({ lang: 'de-CH', title: 'Neue Nachricht von {text}', body: '{name} {text}: {title}' })
  })
})
