/**
 * The words of a message notification in each of the app's languages (docs/product.md#R-language-profile): the
 * server writes the notification in the receiver's profile language (English when the profile has none), since the
 * service worker that shows it cannot know which language its app speaks. The same words as the app's catalogues
 * (src/i18n/<locale>/push.ts; src/app/push/push-texts.test.ts checks), kept here because the edge function cannot import them.
 */

export const PUSH_LANGUAGES = ['de-CH', 'fr-CH', 'it-CH', 'en'] as const
export type PushLanguage = (typeof PUSH_LANGUAGES)[number]

export interface PushTexts {
  /** "{name}": the sender's first name. */
  readonly title: string
  /** The title when the sender has no first name. */
  readonly titleNoName: string
  /** "{title}": the listing's title; "{text}": the message's first characters. */
  readonly body: string
}

export const PUSH_TEXTS: Readonly<Record<PushLanguage, PushTexts>> = {
  'de-CH': { title: 'Neue Nachricht von {name}', titleNoName: 'Neue Nachricht', body: '{title}: {text}' },
  // French typography: a narrow no-break space before the colon.
  'fr-CH': { title: 'Nouveau message de {name}', titleNoName: 'Nouveau message', body: '{title}\u202f: {text}' },
  'it-CH': { title: 'Nuovo messaggio da {name}', titleNoName: 'Nuovo messaggio', body: '{title}: {text}' },
  en: { title: 'New message from {name}', titleNoName: 'New message', body: '{title}: {text}' },
}

export const isPushLanguage = (value: unknown): value is PushLanguage =>
  typeof value === 'string' && (PUSH_LANGUAGES as readonly string[]).includes(value)

/** Fills "{name}" placeholders in one pass, so a value that contains "{text}" stays as written. */
const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole))

export interface WordedPush {
  readonly lang: PushLanguage
  readonly title: string
  readonly body: string
}

/** A message's notification in `language` (any other value, null included: English). */
export function wordPush(
  language: unknown,
  m: { senderFirstName: string; listingTitle: string; text: string },
): WordedPush {
  const lang = isPushLanguage(language) ? language : 'en'
  const texts = PUSH_TEXTS[lang]
  const name = m.senderFirstName.trim()
  return {
    lang,
    title: name ? fill(texts.title, { name }) : texts.titleNoName,
    body: fill(texts.body, { title: m.listingTitle, text: m.text }),
  }
}
