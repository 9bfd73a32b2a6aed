/**
 * Postgres text cannot hold NUL (U+0000): a string with one fails deep inside the database with a data exception.
 * Request bodies are checked up front so that the caller gets its API's 400 instead.
 */

/** True when any string or key inside a parsed JSON value contains NUL. Iterative: deep nesting is no problem. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x)
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true
        stack.push(x)
      }
    }
  }
  return false
}
