// The one normal form of search text, on the device as on the server. The server folds with Postgres'
// lower(unaccent(text)) (migration 20261127090100); this is its twin, so the device's offline search finds the same
// listings as the server's. unaccent replaces accented Latin and Greek letters by their bare letter and a list of
// other characters (ligatures, letters without a decomposition such as ø, ł, đ, typographic punctuation) by plain
// text; it leaves other scripts (Cyrillic й stays й). Then everything is lower-cased, one character at a time
// (Postgres has no final-sigma rule). The table-style test compares this with Postgres over whole Unicode blocks.

/** Characters whose fold is not "the base letter, lower-cased": unaccent's own replacements, lower-cased. */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  "¡": "!", "©": "(c)", "ª": "a", "«": "<<", "\u00ad": "-", "®": "(r)", "±": "+/-", "µ": "μ", "º": "o",
  "»": ">>", "¼": " 1/4", "½": " 1/2", "¾": " 3/4", "¿": "?", "Æ": "ae", "Ð": "d", "×": "*", "Ø": "o",
  "Þ": "th", "ß": "ss", "æ": "ae", "ð": "d", "÷": "/", "ø": "o", "þ": "th", "Đ": "d", "đ": "d", "Ħ": "h",
  "ħ": "h", "ı": "i", "Ĳ": "ij", "ĳ": "ij", "ĸ": "q", "Ŀ": "l", "ŀ": "l", "Ł": "l", "ł": "l", "ŉ": "'n",
  "Ŋ": "n", "ŋ": "n", "Œ": "oe", "œ": "oe", "Ŧ": "t", "ŧ": "t", "ſ": "s", "ƀ": "b", "Ɓ": "b", "Ƃ": "b",
  "ƃ": "b", "Ƈ": "c", "ƈ": "c", "Ɖ": "d", "Ɗ": "d", "Ƌ": "d", "ƌ": "d", "Ɛ": "e", "Ƒ": "f", "ƒ": "f", "Ɠ": "g",
  "ƕ": "hv", "Ɩ": "i", "Ɨ": "i", "Ƙ": "k", "ƙ": "k", "ƚ": "l", "Ɲ": "n", "ƞ": "n", "Ƣ": "oi", "ƣ": "oi",
  "Ƥ": "p", "ƥ": "p", "ƫ": "t", "Ƭ": "t", "ƭ": "t", "Ʈ": "t", "Ʋ": "v", "Ƴ": "y", "ƴ": "y", "Ƶ": "z", "ƶ": "z",
  "Ǆ": "dz", "ǅ": "dz", "ǆ": "dz", "Ǉ": "lj", "ǈ": "lj", "ǉ": "lj", "Ǌ": "nj", "ǋ": "nj", "ǌ": "nj", "Ǣ": "ǣ",
  "ǣ": "ǣ", "Ǥ": "g", "ǥ": "g", "Ǯ": "ǯ", "ǯ": "ǯ", "Ǳ": "dz", "ǲ": "dz", "ǳ": "dz", "Ǽ": "ǽ", "ǽ": "ǽ",
  "Ǿ": "ǿ", "ǿ": "ǿ", "ȡ": "d", "Ȥ": "z", "ȥ": "z", "ȴ": "l", "ȵ": "n", "ȶ": "t", "ȷ": "j", "ȸ": "db",
  "ȹ": "qp", "Ⱥ": "a", "Ȼ": "c", "ȼ": "c", "Ƚ": "l", "Ⱦ": "t", "ȿ": "s", "ɀ": "z", "Ƀ": "b", "Ʉ": "u",
  "Ɇ": "e", "ɇ": "e", "Ɉ": "j", "ɉ": "j", "Ɍ": "r", "ɍ": "r", "Ɏ": "y", "ɏ": "y", "ʹ": "ʹ", ";": ";", "΅": "΅",
  "·": "·", "ϐ": "β", "ϑ": "θ", "ϒ": "υ", "ϓ": "ϓ", "ϔ": "ϔ", "ϕ": "φ", "ϖ": "π", "ϰ": "κ", "ϱ": "ρ", "ϲ": "ς",
  "ϵ": "ε", "Ϲ": "σ", "Ё": "е", "ё": "е", "ẚ": "a", "ẛ": "ẛ", "ẜ": "s", "ẝ": "s", "ẞ": "ss", "Ỻ": "ll",
  "ỻ": "ll", "Ỽ": "v", "ỽ": "v", "Ỿ": "y", "ỿ": "y", "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-",
  "―": "-", "‖": "||", "‘": "'", "’": "'", "‚": ",", "‛": "'", "“": "\u0022", "”": "\u0022", "„": ",,",
  "‟": "\u0022", "․": ".", "‥": "..", "…": "...", "′": "'", "″": "\u0022", "‹": "<", "›": ">", "‼": "!!",
  "⁄": "/", "⁅": "[", "⁆": "]", "⁇": "??", "⁈": "?!", "⁉": "!?", "⁎": "*", "₠": "ce", "₢": "cr", "₣": "fr.",
  "₤": "l.", "₧": "pts", "₹": "rs", "₺": "tl", "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl",
  "ﬅ": "st", "ﬆ": "st",
}

/** Blocks whose letters unaccent reduces to their base letter (Latin-1 to Latin Extended-B, combining marks,
 * Greek, Latin Extended Additional). */
const BASE_LETTER_BLOCKS: readonly (readonly [number, number])[] = [
  [0x00c0, 0x024f],
  [0x0300, 0x0362],
  [0x0370, 0x03ff],
  [0x1e00, 0x1eff],
]

const COMBINING_MARKS = /[\u0300-\u036f]/g

function foldChar(ch: string): string {
  const replaced = REPLACEMENTS[ch]
  if (replaced !== undefined) return replaced
  const cp = ch.codePointAt(0)!
  const base = BASE_LETTER_BLOCKS.some(([from, to]) => cp >= from && cp <= to) ? ch.normalize('NFD').replace(COMBINING_MARKS, '') : ch
  return base.length === 1 ? base.toLowerCase() : Array.from(base, (c) => c.toLowerCase()).join('')
}

/** Lower case without accents, as Postgres' lower(unaccent(text)) gives it. */
export function searchFold(text: string): string {
  let out = ''
  for (const ch of text) out += ch.charCodeAt(0) < 0x80 ? ch.toLowerCase() : foldChar(ch)
  return out
}
