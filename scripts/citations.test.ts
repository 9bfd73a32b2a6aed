import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  anchorsOf,
  checkRepository,
  findCitationProblems,
  findDocLinkProblems,
  formatProblem,
  scannedFiles,
  type DocAnchors,
} from './citations.ts'

// The documents the check refuses are spelled here in parts, so that the repository's text carries no citation of
// them, not even in this table: a search of the code for one finds none.
const SPEC = ['sp', 'ec'].join('')
const CAP_SPEC = ['Sp', 'ec'].join('')
const DESIGN = ['des', 'ign'].join('')
const REFERENCE = ['refer', 'ence'].join('')
const ANCHORS = ['anch', 'ors'].join('')
const ISSUE = ['iss', 'ue'].join('')
const CAP_ISSUE = ['Iss', 'ue'].join('')
// The comment markers and the folder outside the clone are assembled too: a line of this file that opens with a
// comment marker and names one of those documents would read as a comment citing it.
const LINE = '/'.repeat(2)
const BLOCK = '/' + '*'.repeat(2)
const BLOCK_END = '*' + '/'
const OUTSIDE = ['..', ['sha', 'red'].join('')].join('/')

const anchors: DocAnchors = new Map([
  ['product.md', new Set(['s2-6', 's5', 's8', 's9', 's6-2', 's6-3', 'R-feed-page-size'])],
  ['architecture.md', new Set(['s1', 's1-rule-3', 's1-rule-4', 's1-rule-5', 's6'])],
  ['decisions.md', new Set(['D-work-caps'])],
])

const problemsOf = (text: string) => findCitationProblems(text, anchors).map((p) => p.problem)

describe('the citation check reads one line at a time', () => {
  it.each([
    ['a plain comment', '// the feed shows newest first'],
    ['a section of a docs page', '// 12 per page (docs/product.md §2.6)'],
    ['several sections after one page', '// docs/product.md §2.6, §5 and §9'],
    ['sections joined by a slash', "describe('docs/product.md §2.6/§5 price bounds', () => {"],
    ['a range of sections', '// docs/product.md §6.2–6.3'],
    ['a rule of a section', '// writes are idempotent (docs/architecture.md §1 rule 3)'],
    ['a range of rules', '// draining the outbox (docs/architecture.md §1 rules 3–4)'],
    ['a named rule', '// docs/product.md#R-feed-page-size'],
    ['a decision', '-- per-request caps (docs/decisions.md#D-work-caps)'],
    ['a whole page', '// see docs/architecture.md'],
    ['a bare § one line after its page', '// docs/product.md §2.6 (filter\n// panel, §5 filter price inputs)'],
    ['an outside standard', '/** Seconds or an HTTP date (RFC 9110 §10.2.3) */'],
    ['an upstream URL that contains "reference/"', '// https://developers.payrexx.com/reference/rest-api'],
    ['the word issue without a number', '// the issue here is the clock'],
  ])('good: %s', (_, line) => {
    expect(problemsOf(line)).toEqual([])
  })

  it.each([
    [
      'the old product spec',
      `${LINE} 12 per page (${SPEC} §2.6)`,
      [`"${SPEC}" cites a document that is not in the repository`],
    ],
    [
      'the old spec, capitalised',
      `${BLOCK} ${CAP_SPEC} §9 also lists ${BLOCK_END}`,
      [`"${CAP_SPEC}" cites a document that is not in the repository`],
    ],
    [
      'the spec file by name',
      `${LINE} the pure rules of ${SPEC}.md`,
      [`"${SPEC}.md" cites a document that is not in the repository`],
    ],
    [
      'the old design notes',
      `message: 'Only src/remote (${DESIGN}.md §1 rule 8).'`,
      [`"${DESIGN}.md" cites a document that is not in the repository`],
    ],
    [
      'the design notes without .md',
      `-- Realtime (${DESIGN} §1 rule 5)`,
      [`"${DESIGN}" cites a document that is not in the repository`],
    ],
    [
      'a research reference',
      `${LINE} (${REFERENCE}/supabase-wire.md §6.1)`,
      [`"${REFERENCE}/supabase-wire.md" cites a document that is not in the repository`],
    ],
    [
      'a research reference by relative path',
      `${LINE} ${OUTSIDE}/${REFERENCE}/photo.md`,
      [`"${OUTSIDE}/${REFERENCE}/photo.md" cites a document that is not in the repository`],
    ],
    [
      'the anchors research',
      `${LINE} (${ANCHORS}-perf-rel P5)`,
      [`"${ANCHORS}-perf-rel" cites a document that is not in the repository`],
    ],
    [
      'an issue number',
      `${LINE} (${ISSUE} 15, item 2)`,
      [`"${ISSUE} 15" cites a document that is not in the repository`],
    ],
    [
      'an issue number, capitalised',
      `${BLOCK} ${CAP_ISSUE} 12 §6: mark sold ${BLOCK_END}`,
      [`"${CAP_ISSUE} 12" cites a document that is not in the repository`],
    ],
    ['a bare § with no page', "it('shows the §8 toast', () => {", ['"§8" names no document']],
    [
      'a bare § three lines after its page',
      '// docs/product.md §2.6\n//\n//\n// the §8 toast',
      ['"§8" names no document'],
    ],
    ['a docs page that does not exist', '// docs/spec.md §2.6', ['docs/spec.md does not exist']],
    ['a section the page lacks', '// docs/product.md §2.7', ['docs/product.md has no §2.7 (#s2-7)']],
    ['the second of two sections missing', '// docs/product.md §2.6, §7.2', ['docs/product.md has no §7.2 (#s7-2)']],
    ['the end of a range missing', '// docs/product.md §6.2–6.4', ['docs/product.md has no §6.4 (#s6-4)']],
    [
      'a rule the section lacks',
      '// docs/architecture.md §1 rule 9',
      ['docs/architecture.md has no §1 rule 9 (#s1-rule-9)'],
    ],
    [
      'an anchor the page lacks',
      '// docs/decisions.md#D-no-such-thing',
      ['docs/decisions.md has no anchor #D-no-such-thing'],
    ],
  ])('bad: %s', (_, line, problems) => {
    expect(problemsOf(line)).toEqual(problems)
  })

  it('says where each problem is', () => {
    const [problem] = findCitationProblems(`ok\n  ${LINE} see ${SPEC} §9  `, anchors, 'src/x.ts')
    expect(problem).toEqual({
      file: 'src/x.ts',
      line: 2,
      column: 9,
      text: `${LINE} see ${SPEC} §9`,
      kind: 'foreign',
      problem: `"${SPEC}" cites a document that is not in the repository`,
    })
    expect(formatProblem(problem!)).toBe(
      `src/x.ts:2: "${SPEC}" cites a document that is not in the repository\n    ${LINE} see ${SPEC} §9`,
    )
  })

  it('finds the anchors a page defines, and only those', () => {
    const page =
      '<a id="s2-6"></a>\n### §2.6 The shop feed\n- <a id="R-feed-page-size"></a>**R-feed-page-size** 12\n[link](#s9)'
    expect([...anchorsOf(page)]).toEqual(['s2-6', 'R-feed-page-size'])
  })
})

describe('links between docs pages', () => {
  it('are checked for their page and anchor; web links are left alone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kreis-docs-'))
    try {
      writeFileSync(
        path.join(dir, 'a.md'),
        '<a id="x"></a>\n[ok](#x) [ok](a.md#x) [web](https://example.ch/#y)\n[bad](b.md) [bad](a.md#y)',
      )
      expect(findDocLinkProblems(dir).map((p) => `${p.line}: ${p.problem}`)).toEqual([
        '3: links to b.md, which is not a page of docs/',
        '3: links to a.md#y, which has no such anchor',
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

const root = path.resolve(import.meta.dirname, '..')

describe('the repository', () => {
  it('reads the code, the scripts and the configuration, not the tables of this check', () => {
    const files = scannedFiles(root)
    expect(files).toEqual(expect.arrayContaining(['eslint.config.js', 'scripts/start.ts']))
    expect(files.some((f) => f.startsWith('src/'))).toBe(true)
    expect(files.some((f) => f.startsWith('supabase/migrations/'))).toBe(true)
    expect(files).not.toContain('scripts/citations.test.ts')
  })

  it('links between the docs pages only to pages and anchors that exist', () => {
    const problems = findDocLinkProblems(path.join(root, 'docs'))
    expect(problems.map(formatProblem).join('\n')).toBe('')
  })

  it('defines each anchor of a docs page once', () => {
    const docs = path.join(root, 'docs')
    const duplicates = readdirSync(docs)
      .filter((name) => name.endsWith('.md'))
      .flatMap((name) => {
        const ids = [...readFileSync(path.join(docs, name), 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1])
        return ids.filter((id, i) => ids.indexOf(id) !== i).map((id) => `${name}#${id}`)
      })
    expect(duplicates).toEqual([])
  })

  it('cites only what docs/ holds', () => {
    const problems = checkRepository(root)
    expect(problems.map(formatProblem).join('\n')).toBe('')
  })
})
