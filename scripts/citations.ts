/**
 * Citations in the code: a comment, a test name or a lint message that sends the reader to a rule written down
 * elsewhere. Every such place must be in the repository, so a person who clones Kreis can look it up:
 *
 *   docs/<file>.md                 the whole page
 *   docs/<file>.md §2.6            a numbered section (its anchor is `s2-6`); ranges `§6.2–6.3`; lists `§2.6, §8`
 *   docs/<file>.md §1 rule 5       a numbered rule inside a section (anchor `s1-rule-5`); also `rules 3–4`
 *   docs/<file>.md#R-feed-page-size  a named rule, decision (D-…) or fact (F4, B4) by its anchor
 *
 * A bare `§8` belongs to the document cited last on the same line or the two lines before it; `RFC 9110 §10.2.3`
 * is an outside standard and is left alone. Anything that points at a document the repository does not hold (the
 * old product spec, design notes, research references, the issue tracker) is reported, and so is a docs/ citation
 * whose file or anchor does not exist.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** docs file name (e.g. `product.md`) → the anchor ids it defines. */
export type DocAnchors = ReadonlyMap<string, ReadonlySet<string>>

export interface CitationProblem {
  file: string
  line: number
  /** 0-based position of the citation in its line. */
  column: number
  text: string
  /** foreign: a document not in the repository; bare: a § with no document; missing: a docs/ target that is absent. */
  kind: 'foreign' | 'bare' | 'missing'
  problem: string
}

/** Anchors are written as `<a id="…"></a>`, which GitHub and any Markdown viewer keep as link targets. */
export function anchorsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/<a id="([A-Za-z0-9-]+)"><\/a>/g)].map((m) => m[1] as string))
}

export function readDocAnchors(docsDir: string): DocAnchors {
  const anchors = new Map<string, Set<string>>()
  if (!existsSync(docsDir)) return anchors
  for (const name of readdirSync(docsDir)) {
    if (name.endsWith('.md')) anchors.set(name, anchorsOf(readFileSync(path.join(docsDir, name), 'utf8')))
  }
  return anchors
}

export const sectionAnchor = (section: string): string => `s${section.replaceAll('.', '-')}`
export const ruleAnchor = (section: string, rule: string): string => `${sectionAnchor(section)}-rule-${rule}`

const SECTION = String.raw`§(?<from>\d+(?:\.\d+)*)(?:[–-](?<to>\d+(?:\.\d+)*))?(?: rules? (?<rule>\d+)(?:[–-](?<ruleTo>\d+))?)?`

/** Citations of documents that are not in the repository. */
const FOREIGN = [
  String.raw`\b[Ss]pec(?:\.md)?(?= ?§)`,
  String.raw`\bspec\.md\b`,
  String.raw`\bdesign(?:\.md)?(?= ?§)`,
  String.raw`\bdesign\.md\b`,
  String.raw`(?:\.\./shared/)?\breference/[\w-]+\.md`,
  String.raw`\banchors-[\w-]+`,
  String.raw`\b[Ii]ssues? #?\d+`,
].join('|')

const TOKEN = new RegExp(
  [
    String.raw`(?<docs>\bdocs/(?<file>[\w-]+\.md)(?:#(?<id>[\w-]+))?)`,
    String.raw`(?<rfc>\bRFC ?\d+)`,
    `(?<foreign>${FOREIGN})`,
    `(?<section>${SECTION})`,
  ].join('|'),
  'g',
)

/** How many lines back a bare `§` may look for the document it belongs to. */
const CONTEXT_LINES = 2

type Cited = { kind: 'docs'; file: string; line: number } | { kind: 'other'; line: number }

/** The problems of one file's text; `file` only labels them. */
export function findCitationProblems(text: string, anchors: DocAnchors, file = '<text>'): CitationProblem[] {
  const problems: CitationProblem[] = []
  let last: Cited | undefined
  text.split('\n').forEach((lineText, index) => {
    const line = index + 1
    for (const match of lineText.matchAll(TOKEN)) {
      const report = (problem: string, kind: CitationProblem['kind'] = 'missing') =>
        problems.push({ file, line, column: match.index, text: lineText.trim(), kind, problem })
      const g = match.groups ?? {}
      if (g.docs) {
        const file = g.file as string
        last = { kind: 'docs', file, line }
        const ids = anchors.get(file)
        if (!ids) report(`docs/${file} does not exist`)
        else if (g.id && !ids.has(g.id)) report(`docs/${file} has no anchor #${g.id}`)
      } else if (g.rfc) {
        last = { kind: 'other', line }
      } else if (g.foreign) {
        last = { kind: 'other', line }
        report(`"${g.foreign}" cites a document that is not in the repository`, 'foreign')
      } else if (g.section) {
        if (!last || line - last.line > CONTEXT_LINES) {
          report(`"${g.section}" names no document`, 'bare')
          continue
        }
        if (last.kind !== 'docs') continue
        const ids = anchors.get(last.file)
        if (!ids) continue
        for (const wanted of sectionTargets(g)) {
          if (!ids.has(wanted)) report(`docs/${last.file} has no ${describeAnchor(wanted)}`)
        }
      }
    }
  })
  return problems
}

function sectionTargets(g: Record<string, string | undefined>): string[] {
  const from = g.from as string
  if (g.rule) return [g.rule, g.ruleTo].filter((r): r is string => !!r).map((r) => ruleAnchor(from, r))
  return [from, g.to].filter((s): s is string => !!s).map(sectionAnchor)
}

const describeAnchor = (anchor: string): string => {
  const m = /^s([\d-]+?)(?:-rule-(\d+))?$/.exec(anchor)
  if (!m) return `#${anchor}`
  const section = `§${(m[1] as string).replaceAll('-', '.')}`
  return m[2] ? `${section} rule ${m[2]} (#${anchor})` : `${section} (#${anchor})`
}

/** What the check reads: every text file under these, relative to the repository root. */
export const SCANNED = [
  'src',
  'supabase',
  'scripts',
  'bench',
  'e2e',
  '.ci',
  'README.md',
  'eslint.config.js',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'index.html',
]

/** Files that hold old citation forms as data: the checker's own patterns and the tables that test the checks. */
export const NOT_SCANNED = new Set([
  'scripts/citations.ts',
  'scripts/citations.test.ts',
  'scripts/check-commit-msg.test.ts',
])

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|sql|md|css|html|json|toml|sh|ya?ml)$|(^|\/)run$/
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', '.kreis', '.stryker-tmp', 'test-results', 'reports'])

/** Repository-relative paths of the files the check reads. */
export function scannedFiles(root: string): string[] {
  const files: string[] = []
  const walk = (relative: string) => {
    const full = path.join(root, relative)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) {
        if (!SKIPPED_DIRS.has(name) && !name.startsWith('dist-')) walk(path.posix.join(relative, name))
      }
    } else if (TEXT_FILE.test(relative) && !NOT_SCANNED.has(relative)) {
      files.push(relative)
    }
  }
  for (const entry of SCANNED) walk(entry)
  return files
}

/** Every problem in the repository at `root`. */
export function checkRepository(root: string): CitationProblem[] {
  const anchors = readDocAnchors(path.join(root, 'docs'))
  return scannedFiles(root).flatMap((file) =>
    findCitationProblems(readFileSync(path.join(root, file), 'utf8'), anchors, file),
  )
}

export const formatProblem = (p: CitationProblem): string => `${p.file}:${p.line}: ${p.problem}\n    ${p.text}`

/** Links between the docs pages (`[text](decisions.md#D-search)`) whose page or anchor does not exist. */
export function findDocLinkProblems(docsDir: string): CitationProblem[] {
  const anchors = readDocAnchors(docsDir)
  const problems: CitationProblem[] = []
  for (const [page] of anchors) {
    const text = readFileSync(path.join(docsDir, page), 'utf8')
    text.split('\n').forEach((lineText, index) => {
      for (const match of lineText.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1] as string
        if (/^[a-z]+:/.test(target)) continue
        const [file = '', id] = target.split('#')
        const ids = anchors.get(file === '' ? page : file)
        const report = (problem: string) =>
          problems.push({
            file: `docs/${page}`,
            line: index + 1,
            column: match.index,
            text: lineText.trim(),
            kind: 'missing',
            problem,
          })
        if (!ids) report(`links to ${file}, which is not a page of docs/`)
        else if (id && !ids.has(id)) report(`links to ${target}, which has no such anchor`)
      }
    })
  }
  return problems
}
