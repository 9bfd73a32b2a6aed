/**
 * Names as the REST core writes and matches them: a quoted SQL identifier, and the fuzzy match PostgREST uses for
 * its "Perhaps you meant" hints. A leaf: it imports nothing, so the planner, the relationship finder and the
 * function resolver can all use it without importing each other.
 */

/** A name as a double-quoted SQL identifier (inner quotes doubled), safe to write into the SQL text. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`

/**
 * A rough stand-in for PostgREST's fuzzy match (fuzzyset with Levenshtein scoring): the closest candidate scoring at
 * least `minScore`. PostgREST asks 0.75 of a function name hint (a far name is not revealed), less elsewhere.
 */
export function closest(target: string, candidates: Iterable<string>, minScore = 0.5): string | null {
  let best: string | null = null
  let bestScore = 0
  for (const c of candidates) {
    if (c === target) continue
    const score = 1 - levenshtein(c.toLowerCase(), target.toLowerCase()) / Math.max(c.length, target.length, 1)
    if (score > bestScore) {
      best = c
      bestScore = score
    }
  }
  return bestScore >= minScore ? best : null
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = row
  }
  return prev[b.length]!
}
