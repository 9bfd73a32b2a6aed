// Long texts: the static pages' prose, a part of the catalogue that only those pages' lazy chunks import, so the
// first route's JS does not carry it (docs/architecture.md §6 budget). Same rules as the catalogue: flat keys shared by every
// locale, "{name}" parameters.
import { staticPages as en } from './en/static-pages'
import { activeLongTexts, interpolate, type Params } from '.'

export type LongTextKey = keyof typeof en
export type LongTexts = Readonly<Record<LongTextKey, string>>

let texts: LongTexts = en

/** Replace the built-in English long texts (tests); the active language's, when not English, come first. */
export function setLongTexts(next: LongTexts): LongTexts {
  const previous = texts
  texts = next
  return previous
}

/** The text of a long-text key, with "{name}" parameters filled in. */
export const longText = (key: LongTextKey, params?: Params): string =>
  interpolate(activeLongTexts()?.[key] ?? texts[key], params)
