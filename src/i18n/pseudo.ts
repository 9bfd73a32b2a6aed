/**
 * The pseudo-locale "en-XA": English with every letter accented and each text about 40 % longer, in brackets. It
 * shows on screen which words do not come from the catalogue (they stay plain) and which layouts break when a
 * translation is longer. Never offered to visitors: set it on the device (localStorage "kreis:locale" = "en-XA").
 */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
)

/** A text's letters accented, leaving "{name}" parameters, plural heads and branch selectors as they are. */
function accent(text: string): string {
  let out = ''
  for (let i = 0; i < text.length;) {
    const rest = text.slice(i)
    const param = /^\{\w+\}/.exec(rest)
    if (param) {
      out += param[0]
      i += param[0].length
      continue
    }
    const head = /^\{\w+, plural,/.exec(rest)
    if (head) {
      out += head[0]
      i += head[0].length
      for (let branch = /^\s*=?\w+\s*\{/.exec(text.slice(i)); branch; branch = /^\s*=?\w+\s*\{/.exec(text.slice(i))) {
        out += branch[0]
        i += branch[0].length
        let depth = 1
        let end = i
        while (end < text.length && depth > 0) {
          if (text[end] === '{') depth++
          else if (text[end] === '}') depth--
          end++
        }
        out += `${accent(text.slice(i, end - 1))}}`
        i = end
      }
      const close = text.indexOf('}', i)
      out += text.slice(i, close + 1)
      i = close + 1
      continue
    }
    out += ACCENTED[text[i]!] ?? text[i]
    i++
  }
  return out
}

/** About 40 % more characters, as breakable words, so a layout that only fits English shows it. */
const padding = (text: string): string => {
  const extra = Math.ceil(text.length * 0.4)
  return extra <= 0
    ? ''
    : ` ${'ẋẋẋẋ '
        .repeat(Math.ceil(extra / 5))
        .slice(0, extra)
        .trim()}`
}

export const pseudoText = (text: string): string => (text.trim() === '' ? text : `[${accent(text)}${padding(text)}]`)

export const pseudoCatalogue = <T extends Readonly<Record<string, string>>>(texts: T): T =>
  Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, pseudoText(text)])) as T
