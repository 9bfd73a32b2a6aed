// Message text shown as text with its web links clickable (docs/decisions.md#D-thread-view: "links may be made clickable, never HTML").
// Only http(s) URLs and "www." hosts become links; everything else, markup included, stays plain text.

export type TextSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'link'; readonly text: string; readonly href: string }

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+/gi
/** Punctuation that ends a sentence rather than the link ("see https://a.ch/x."). */
const TRAILING = /[.,;:!?)\]}]+$/

export function linkify(text: string): TextSegment[] {
  const out: TextSegment[] = []
  let from = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '')
    const start = match.index
    const href = /^www\./i.test(raw) ? `https://${raw}` : raw
    if (!isSafeHref(href)) continue
    if (start > from) out.push({ kind: 'text', text: text.slice(from, start) })
    out.push({ kind: 'link', text: raw, href })
    from = start + raw.length
  }
  if (from < text.length) out.push({ kind: 'text', text: text.slice(from) })
  return out
}

/** An href a link may carry: a well-formed http(s) URL with a host. */
export function isSafeHref(href: string): boolean {
  try {
    const u = new URL(href)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0
  } catch {
    return false
  }
}
