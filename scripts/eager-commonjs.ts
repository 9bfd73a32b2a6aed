/**
 * CommonJS packages (React DOM above all) reach the build wrapped in rolldown's lazy `__commonJSMin(((exports) =>
 * {…}))`. V8 compiles only the module's top level while the script streams in, off the main thread, and leaves that
 * arrow for later: its body (all of React DOM, ~200 kB) is then parsed and compiled on the main thread when the chunk
 * runs — about half of that one task (a cold / at Lighthouse's 4x: 60–130 ms, the page's largest). V8 does compile a
 * parenthesised `function` expression eagerly (its "possibly invoked function" heuristic), so the wrapper becomes
 * one; the rest of the work moves to the streaming thread. Same semantics: the body runs as before, called the same
 * way, and a CommonJS module's top level neither has its own `this` (undefined in both) nor reads `arguments`.
 */
import type { Plugin } from 'vite'

/** rolldown's wrapper as it reaches renderChunk: `__commonJS(((exports) =>` or `__commonJSMin(((exports, module) =>`. */
const LAZY_WRAPPER = /\b(__commonJS(?:Min)?)\(\(\(([\w$]+(?:\s*,\s*[\w$]+)*)\)\s*=>\s*\{/g

/** The chunk's code with each CommonJS wrapper as an eagerly compiled function expression, and how many. */
export function eagerCommonJs(code: string): { code: string; wrappers: number } {
  let wrappers = 0
  const out = code.replace(LAZY_WRAPPER, (_match, helper: string, params: string) => {
    wrappers++
    return `${helper}((function(${params}) {`
  })
  return { code: out, wrappers }
}

export function eagerCommonJsPlugin(): Plugin {
  return {
    name: 'kreis-eager-commonjs',
    apply: 'build',
    renderChunk(code) {
      const { code: out, wrappers } = eagerCommonJs(code)
      return wrappers > 0 ? { code: out, map: null } : null
    },
  }
}
