/**
 * The build turns rolldown's lazy CommonJS wrappers into parenthesised function expressions, which V8 compiles while
 * the chunk streams rather than on the main thread when it runs (scripts/eager-commonjs.ts), and touches nothing else.
 */
import { describe, expect, it } from 'vitest'
import { eagerCommonJs } from '../../scripts/eager-commonjs'

describe('eagerCommonJs', () => {
  it.each([
    [
      'exports only',
      'var a = __commonJSMin(((exports) => {\n\texports.x = 1;\n}));',
      'var a = __commonJSMin((function(exports) {\n\texports.x = 1;\n}));',
    ],
    [
      'exports and module',
      'var b = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
      'var b = /* @__PURE__ */ __commonJSMin((function(exports, module) {',
    ],
    [
      'the non-minimal helper',
      'var c = __commonJS(((exports, module) => {',
      'var c = __commonJS((function(exports, module) {',
    ],
  ])('%s', (_name, before, after) => {
    expect(eagerCommonJs(before)).toEqual({ code: after, wrappers: 1 })
  })

  it('rewrites every wrapper of a chunk and the bodies run the same', () => {
    const chunk = [
      'var __commonJSMin = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);',
      'var inner = __commonJSMin(((exports) => { exports.answer = 42; }));',
      'var outer = __commonJSMin(((exports, module) => { module.exports = { doubled: inner().answer * 2, self: this }; }));',
      'return outer();',
    ].join('\n')
    const { code, wrappers } = eagerCommonJs(chunk)
    expect(wrappers).toBe(2)
    expect(code).not.toMatch(/__commonJSMin\(\(\(/)
    const run = (source: string) => new Function(`"use strict";${source}`)()
    expect(run(code)).toEqual(run(chunk))
    expect(run(code)).toEqual({ doubled: 84, self: undefined })
  })

  it('leaves other arrows alone', () => {
    const code = 'list.forEach(((x) => { use(x) })); useEffect(() => { go() }, []); f((a, b) => { return a + b })'
    expect(eagerCommonJs(code)).toEqual({ code, wrappers: 0 })
  })
})
