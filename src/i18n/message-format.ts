/**
 * The catalogue's message format: "{name}" fills a parameter, and "{count, plural, one {# item} other {# items}}"
 * picks a form by the language's own plural rule (Intl.PluralRules: French says "0 article", German "0 Artikel",
 * English "0 items"). A branch may be "=0"-style for an exact number; "#" in a branch is the number. A parameter
 * not given stays visible as written, so a missing one shows on screen instead of vanishing.
 */
export type Params = Readonly<Record<string, string | number>>

const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

function rulesOf(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale)
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)))
  return rules
}

function numberFormatOf(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale)
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)))
  return format
}

/** The end (index after the closing brace) of the braced block that opens at `open`, or -1. */
function blockEnd(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++
    else if (text[i] === '}' && --depth === 0) return i + 1
  }
  return -1
}

interface PluralBlock {
  readonly name: string
  readonly start: number
  readonly end: number
  readonly branches: ReadonlyMap<string, string>
}

const PLURAL_HEAD = /\{(\w+), plural,/g

/** Every top-level plural block of a text, in order. */
function pluralBlocks(text: string): PluralBlock[] {
  const blocks: PluralBlock[] = []
  PLURAL_HEAD.lastIndex = 0
  for (let m = PLURAL_HEAD.exec(text); m; m = PLURAL_HEAD.exec(text)) {
    const end = blockEnd(text, m.index)
    if (end < 0) break
    const branches = new Map<string, string>()
    const inner = text.slice(m.index + m[0].length, end - 1)
    for (let i = 0; i < inner.length;) {
      const selector = /^\s*(=?\w+)\s*\{/.exec(inner.slice(i))
      if (!selector) break
      const open = i + selector[0].length - 1
      const close = blockEnd(inner, open)
      if (close < 0) break
      branches.set(selector[1]!, inner.slice(open + 1, close - 1))
      i = close
    }
    blocks.push({ name: m[1]!, start: m.index, end, branches })
    PLURAL_HEAD.lastIndex = end
  }
  return blocks
}

function pickBranch(block: PluralBlock, count: number, locale: string): string | undefined {
  return (
    block.branches.get(`=${count}`) ?? block.branches.get(rulesOf(locale).select(count)) ?? block.branches.get('other')
  )
}

/** The text with its plural blocks resolved and its "{name}" parameters filled. */
export function formatMessage(text: string, params: Params | undefined, locale: string): string {
  if (!params) return text
  let resolved = text
  for (const block of pluralBlocks(text).reverse()) {
    const count = params[block.name]
    if (typeof count !== 'number') continue
    const branch = pickBranch(block, count, locale)
    if (branch === undefined) continue
    resolved =
      resolved.slice(0, block.start) +
      branch.replace(/#/g, numberFormatOf(locale).format(count)) +
      resolved.slice(block.end)
  }
  return resolved.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}

/** The parameter names a text uses (plural ones included), sorted: what every translation of a key must share. */
export function placeholderNames(text: string): string[] {
  const names = new Set<string>()
  for (const block of pluralBlocks(text)) names.add(block.name)
  for (const m of text.matchAll(/\{(\w+)\}/g)) names.add(m[1]!)
  return [...names].sort()
}

/** The plural forms a text offers for one parameter ("one", "other", "=0"…), or [] when it has none. */
export function pluralForms(text: string, name: string): string[] {
  return pluralBlocks(text)
    .filter((b) => b.name === name)
    .flatMap((b) => [...b.branches.keys()])
}
