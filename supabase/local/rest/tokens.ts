/**
 * The tokens shared by PostgREST's query-string grammars (select, filters, order): a cursor over the text that reads
 * names (plain or double-quoted), json paths (`col->a->>b`) and fixed punctuation, and fails with PostgREST's
 * "unexpected … expecting …" parse error.
 */
import { parseError } from './errors.ts'

export interface JsonStep {
  /** `->` keeps json, `->>` gives text. */
  arrow: '->' | '->>'
  key: string
}

export interface FieldRef {
  name: string
  jsonPath: JsonStep[]
}

const NAME_CHAR_RE = /[\p{L}\p{N}_$]/u

export class Cursor {
  pos = 0
  constructor(
    readonly text: string,
    private readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length
  }

  peek(n = 1): string {
    return this.text.slice(this.pos, this.pos + n)
  }

  eat(s: string): boolean {
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length
      return true
    }
    return false
  }

  fail(expected: string): never {
    const found = this.done ? 'end of input' : `"${this.text[this.pos]}"`
    throw parseError(this.what, this.text, `unexpected ${found} expecting ${expected}`)
  }

  expect(s: string): void {
    if (!this.eat(s)) this.fail(`"${s}"`)
  }

  /** A plain name (letters, digits, `_`, `$`) or a double-quoted one. */
  name(expected = 'a field name'): string {
    if (this.eat('"')) {
      let out = ''
      for (;;) {
        if (this.done) this.fail('closing quote')
        const ch = this.text[this.pos++]!
        if (ch === '"') break
        if (ch === '\\' && !this.done) out += this.text[this.pos++]
        else out += ch
      }
      if (out === '') this.fail(expected)
      return out
    }
    const start = this.pos
    while (!this.done && NAME_CHAR_RE.test(this.text[this.pos]!)) this.pos++
    const name = this.text.slice(start, this.pos).trim()
    if (name === '') this.fail(expected)
    return name
  }

  /** `col` followed by `->key` / `->>key` steps. */
  field(): FieldRef {
    const name = this.name()
    const jsonPath: JsonStep[] = []
    for (;;) {
      const arrow = this.eat('->>') ? '->>' : this.eat('->') ? '->' : null
      if (!arrow) break
      jsonPath.push({ arrow, key: this.name('a json key') })
    }
    return { name, jsonPath }
  }
}

/** Whitespace outside double quotes is insignificant (supabase-js strips it too). */
export function stripSpaces(text: string): string {
  let out = ''
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    if (!quoted && /\s/.test(ch)) continue
    out += ch
  }
  return out
}
