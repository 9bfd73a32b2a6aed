/**
 * How much work a `match`/`imatch` pattern may ask of the engine, decided before any SQL runs.
 *
 * Postgres compiles a regular expression into an automaton in which a bounded repeat `x{n,m}` is a copy of `x` per
 * repetition, so nested repeats multiply: `((.{0,90}){0,90}b|(.{0,90}){0,90}c)` is some 16,000 copies, whose
 * compilation and matching held the engine 3–15 s per request, uninterruptibly (PGlite runs on the HTTP thread and
 * never fires statement_timeout), and `(.{0,255}){0,255}b` broke inside the engine with a 500. Back-references make
 * matching itself exponential. So a pattern is refused, with Postgres' own words for a pattern that is too complex
 * (400, SQLSTATE 2201B), when:
 *
 * * it is longer than MAX_PATTERN_LENGTH characters, or uses a back-reference (`\1` … `\9`);
 * * its size, counting each atom as 1 and multiplying what a bounded repeat covers by its upper bound, is over
 *   MAX_PATTERN_SIZE, or more than MAX_OPTIONAL_PARTS of those copies are optional (`x?`, `x*`, the extra copies
 *   of `x{m,n}`). Measured on PGlite over 2,000 short titles at load 12–15: optional copies are what cost —
 *   `(.?){0,255}b` 2.8 s, 100 × `.?` 0.8 s, 50 × `.?` 0.2 s — while `(.{10}){10}b` took 54 ms, `coat` 2 ms.
 *
 * Searches people type (`coat`, `^wool.*scarf$`, `[0-9]{2,4}`) are far inside these bounds.
 */
import { restError } from '../shared/http-error.ts'

export const MAX_PATTERN_LENGTH = 256
/** Atom copies the repeats expand to. */
export const MAX_PATTERN_SIZE = 1000
/** Copies that may or may not match (`x?`, `x*`, the n − m extra copies of `x{m,n}`): these cost the most. */
export const MAX_OPTIONAL_PARTS = 40

/** Size of a piece of pattern: all atom copies, and how many of them are optional. */
interface Size {
  all: number
  optional: number
}

interface Frame {
  /** The alternatives closed so far in this group. */
  done: Size
  /** The current alternative. */
  seq: Size
  /** The last atom of the current alternative (what a following quantifier applies to). */
  last: Size
}

const zero = (): Size => ({ all: 0, optional: 0 })
const frame = (): Frame => ({ done: zero(), seq: zero(), last: zero() })

/** Why `pattern` is refused, or null when it is within the bounds. */
export function patternRefusal(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `patterns have at most ${MAX_PATTERN_LENGTH} characters`
  const stack: Frame[] = [frame()]
  const top = () => stack[stack.length - 1]!
  const atom = (size: Size) => {
    top().seq.all += size.all
    top().seq.optional += size.optional
    top().last = { ...size }
  }
  /** The last atom becomes `times` copies of itself, `optional` of them optional. */
  const repeat = (times: number, optional: number) => {
    const f = top()
    const was = f.last
    const now = { all: was.all * times, optional: was.optional * (times - optional) + was.all * optional }
    f.seq.all += now.all - was.all
    f.seq.optional += now.optional - was.optional
    f.last = now
  }
  let i = 0
  while (i < pattern.length) {
    const ch = pattern[i]!
    if (ch === '\\') {
      const next = pattern[i + 1] ?? ''
      if (/[1-9]/.test(next)) return 'back-references are not allowed'
      atom({ all: 1, optional: 0 })
      i += 2
    } else if (ch === '[') {
      // A bracket expression is one atom; `]` right after `[` or `[^` is a literal member.
      let j = i + 1
      if (pattern[j] === '^') j++
      if (pattern[j] === ']') j++
      while (j < pattern.length && pattern[j] !== ']')
        j += pattern[j] === '[' && /[:.=]/.test(pattern[j + 1] ?? '') ? 2 : 1
      atom({ all: 1, optional: 0 })
      i = j + 1
    } else if (ch === '(') {
      stack.push(frame())
      i += pattern[i + 1] === '?' ? 2 : 1
    } else if (ch === ')') {
      if (stack.length === 1) return null // Postgres reports the unbalanced parenthesis itself
      const f = stack.pop()!
      atom({ all: f.done.all + f.seq.all, optional: f.done.optional + f.seq.optional })
      i++
    } else if (ch === '|') {
      const f = top()
      f.done = { all: f.done.all + f.seq.all, optional: f.done.optional + f.seq.optional }
      f.seq = zero()
      f.last = zero()
      i++
    } else if (ch === '{') {
      const m = /^\{(\d{1,6})(,(\d{0,6}))?\}\??/.exec(pattern.slice(i))
      if (!m) {
        atom({ all: 1, optional: 0 })
        i++
        continue
      }
      const low = Number(m[1])
      const open = m[2] !== undefined && m[3] === ''
      const high = m[2] === undefined ? low : open ? low : Number(m[3])
      const times = Math.max(1, low, high)
      repeat(times, open ? 1 : Math.max(0, high - low))
      i += m[0].length
    } else if (ch === '?' || ch === '*') {
      repeat(1, 1)
      i += pattern[i + 1] === '?' ? 2 : 1
    } else if (ch === '+') {
      i += pattern[i + 1] === '?' ? 2 : 1
    } else {
      atom({ all: 1, optional: 0 })
      i++
    }
    const all = stack.reduce((sum, f) => sum + f.done.all + f.seq.all, 0)
    const optional = stack.reduce((sum, f) => sum + f.done.optional + f.seq.optional, 0)
    if (all > MAX_PATTERN_SIZE) return `the pattern's repeats expand to more than ${MAX_PATTERN_SIZE} parts`
    if (optional > MAX_OPTIONAL_PARTS) return `the pattern has more than ${MAX_OPTIONAL_PARTS} optional parts`
  }
  return null
}

/** Throws Postgres' "too complex" refusal as a 400 when `pattern` is out of bounds. */
export function checkPattern(pattern: string): void {
  const why = patternRefusal(pattern)
  if (why !== null) {
    throw restError(
      400,
      '2201B',
      'invalid regular expression: regular expression is too complex',
      why,
      'Use a shorter pattern with fewer or smaller {n,m} repeats.',
    )
  }
}
