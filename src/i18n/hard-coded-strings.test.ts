/**
 * Every user-facing string comes from the catalogue: no component under src/ holds words of its own, as JSX text
 * or as a string literal given to an attribute people read or hear (aria-label, title, placeholder, alt…).
 * Punctuation, numbers and symbols between elements are not words and pass.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** Attributes whose value is shown or announced (our components' label props included). */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'label',
  'fallbackLabel',
  'description',
  'heading',
  'lead',
])
const WORDS = /\p{L}{2,}/u

/** The hard-coded words of one .tsx source, as "line: text". */
function hardCodedStrings(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const at = (n: ts.Node, text: string) =>
    found.push(`${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${text.trim()}`)
  const literal = (e: ts.Expression | undefined): string | null =>
    e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) ? e.text : null
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n) && WORDS.test(n.text)) at(n, n.text)
    if (ts.isJsxExpression(n) && (ts.isJsxElement(n.parent) || ts.isJsxFragment(n.parent))) {
      const text = literal(n.expression)
      if (text && WORDS.test(text)) at(n, text)
    }
    if (ts.isJsxAttribute(n) && READ_ATTRIBUTES.has(n.name.getText()) && n.initializer) {
      const init = n.initializer
      const text = ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) ? literal(init.expression) : null
      if (text && WORDS.test(text)) at(n, `${n.name.getText()}=${JSON.stringify(text)}`)
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return found
}

function componentFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return componentFiles(p)
    return p.endsWith('.tsx') && !p.endsWith('.test.tsx') ? [p] : []
  })
}

describe('no hard-coded user-facing strings', () => {
  const root = path.resolve(import.meta.dirname, '..')

  it('no component under src/ has words outside the catalogue', () => {
    const files = componentFiles(root)
    expect(files.length).toBeGreaterThan(50)
    const found = files.flatMap((f) =>
      hardCodedStrings(f, fs.readFileSync(f, 'utf8')).map((hit) => `${path.relative(root, f)}:${hit}`),
    )
    expect(found).toEqual([])
  })

  it('finds JSX text, literal expressions and read attributes, and lets symbols, class names and keys pass', () => {
    const source = `
      export const A = () => (
        <nav aria-label="Main" className="flex items-center" data-x="Not read">
          Skip to content
          {'Back to Home'}
          <img alt="A red coat" src="/a.png" />
          <Input label={\`First name\`} placeholder={t('x.y')} />
          <span aria-hidden="true">· / 2 → 404 ({count})</span>
          {t('nav.main')}
        </nav>
      )`
    expect(hardCodedStrings('a.tsx', source)).toEqual([
      '3: aria-label="Main"',
      '4: Skip to content',
      '5: Back to Home',
      '6: alt="A red coat"',
      '7: label="First name"',
    ])
  })
})
