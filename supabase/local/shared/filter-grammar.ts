/**
 * PostgREST's filter grammar, one copy for the two places that read it: REST query strings (`col=not.in.(a,b)`,
 * `or=(…)`) and realtime's postgres_changes filters (`col=eq.5,other=in.(a,"b,c")`). It cuts text into parts and
 * leaves meaning to the caller: which operators are allowed, what a value means, and which error a mistake becomes
 * (each caller passes `fail`, which throws its own error with the details given).
 */

/** Throws the caller's error for a grammar mistake described by `details`. */
export type Fail = (details: string) => never

/** The parts of `[not.]op[(modifier)].operand`. */
export interface Operation {
  negate: boolean
  /** Lowercase letters only; whether it is a known operator is the caller's question. */
  op: string
  /** `any`/`all` for a quantified operator, a text search configuration for `fts` and its kin. */
  modifier: string | null
  operand: string
}

const OPERATION_RE = /^([a-z]+)(?:\(([^)]*)\))?\./

/** `[not.]op[(modifier)].operand` in parts, or null when no operator followed by "." starts the text. */
export function splitOperation(text: string): Operation | null {
  const negate = text.startsWith('not.')
  const rest = negate ? text.slice(4) : text
  const m = OPERATION_RE.exec(rest)
  if (!m) return null
  return { negate, op: m[1]!, modifier: m[2] ?? null, operand: rest.slice(m[0].length) }
}

/**
 * Splits `text` at the commas that stand outside parentheses and double quotes (a backslash inside quotes escapes
 * the next character). A `)` without its `(`, or an unclosed quote or parenthesis, is a mistake.
 */
export function splitTopLevel(text: string, fail: Fail): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
    } else if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') {
      if (--depth < 0) fail('unbalanced ")"')
    } else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  if (quoted || depth !== 0) fail('unbalanced quotes or parentheses')
  parts.push(text.slice(start))
  return parts
}

/** `"a \"b\""` → `a "b"`; a value without surrounding double quotes is returned as it is. */
export function unquoteValue(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  return value
}

/**
 * The operand of `in`: `(a,"b,c",d)` → ['a', 'b,c', 'd']; `()` → []; null when it is not in parentheses. With
 * `trimItems`, spaces around each item (and around its quotes) are dropped.
 */
export function splitList(operand: string, fail: Fail, trimItems = false): string[] | null {
  if (operand.length < 2 || !operand.startsWith('(') || !operand.endsWith(')')) return null
  const inner = operand.slice(1, -1)
  if (inner === '') return []
  return splitTopLevel(inner, fail).map((item) => unquoteValue(trimItems ? item.trim() : item))
}
