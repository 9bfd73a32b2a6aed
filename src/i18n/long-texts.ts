// Long texts: the static pages' prose, a part of the catalogue that only those pages' lazy chunks import, so the
// first route's JS does not carry it (design.md §6 budget). Same rules as the catalogue: flat keys shared by every
// locale, "{name}" parameters.
import { staticPages as en } from './en/static-pages'
import { interpolate, type Params } from '.'

export type LongTextKey = keyof typeof en
export type LongTexts = Readonly<Record<LongTextKey, string>>

let texts: LongTexts = en

/** Switch the active long texts (for a later locale, beside setCatalogue); returns the previous ones. */
export function setLongTexts(next: LongTexts): LongTexts {
  const previous = texts
  texts = next
  return previous
}

/** The text of a long-text key, with "{name}" parameters filled in. */
export const longText = (key: LongTextKey, params?: Params): string => interpolate(texts[key], params)
