/**
 * Rewrites the old citations in the code into docs/ citations, once, after the branches are merged:
 *
 *   spec §2.6                       → docs/product.md §2.6
 *   design.md §1 rule 5             → docs/architecture.md §1 rule 5
 *   reference/supabase-wire.md §6.1 → docs/supabase-wire.md §6.1   (also pglite, photo, frontend F4/F6)
 *   anchors-perf-rel(.md) B4 / P5   → docs/frontend.md#B4 / #P5
 *   issue 15, item 2                → docs/decisions.md#D-work-caps   (by the phrase and its context)
 *   a bare "§8" with no document    → docs/product.md §8
 *
 * It matches phrases, not line numbers, so code that moved still maps; running it again changes nothing. It prints
 * every change, then every citation it could not map (scripts/citations.ts decides what counts), and exits 1 while
 * any is left, so the rest can be finished by hand.
 *
 *   npx tsx scripts/rewrite-citations.ts            rewrite the files in place
 *   npx tsx scripts/rewrite-citations.ts --dry-run  only print
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { checkRepository, findCitationProblems, formatProblem, readDocAnchors, scannedFiles, type DocAnchors } from './citations.ts'

const decision = (id: string) => `docs/decisions.md#${id}`

/**
 * Issue citations whose decision depends on the words around them. Each pattern's group `c` is the part replaced;
 * the rest only has to be there. Checked before the table by issue and item below.
 */
const ISSUE_IN_CONTEXT: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<c>issue 12) "offer to continue"/g, 'D-sell-drafts'],
  [/(?<c>[Ii]ssue 12): the sell pages offer to continue/g, 'D-sell-drafts'],
  [/drafts \((?<c>issue 12)\)/g, 'D-sell-drafts'],
  [/(?<c>issue 12) (?:HEIC message|picked files)/g, 'D-picked-photos'],
  [/Adding photos to a draft \((?<c>issue 12 §2)\)/g, 'D-picked-photos'],
  [/(?<c>issue 12) the EXIF\/GPS check/g, 'D-photo-pipeline'],
  [/card's photo \((?<c>issue 12)\)/g, 'D-card-images'],
  [/for a feed\/grid card \((?<c>issue 12)\)/g, 'D-card-images'],
  [/\((?<c>issue 12): (?:`\{stem\}\.card\.webp`|card image)/g, 'D-card-images'],
  [/(?<c>Issue 12): each listing photo has a card image/g, 'D-card-images'],
  [/saveListing \((?<c>issue 12)\): the card image/g, 'D-card-images'],
  [/The photo \((?<c>issue 12)\)/g, 'D-card-images'],
  [/\((?<c>issue 13): a message reaches the other device within the budget/g, 'D-message-budget'],
  [/\((?<c>issue 13): "links may be made clickable/g, 'D-thread-view'],
  [/(?<c>issue 13's budget)/g, 'D-message-budget'],
  [/(?<c>issue 14) (?:paid period|amount due|the paid period)/g, 'D-paid-periods'],
  [/Paid periods \((?<c>issue 14)/g, 'D-paid-periods'],
  [/runs for every visitor \((?<c>issue 11)\)/g, 'D-sync-for-visitors'],
  [/(?<c>issue 11): every filter/g, 'D-feed-view-in-url'],
  [/(?<c>issue 11) asks for a real search/g, 'D-search'],
  [/Where a listing photo may point \((?<c>issue 15, item 4)\)/g, 'D-image-locations'],
  [/(?<c>issue 15 \(item 4\))/g, 'D-api-caller-guards'],
  [/\((?<c>issue 15): a definer trigger/g, 'D-api-caller-guards'],
  [/(?<c>Issue 15): ≤ 1\.5 s/g, 'D-fast-start'],
  [/(?<c>issue 4's "done when")/g, 'D-offline-roundtrip'],
  [/(?<c>issue 2, done when)/g, 'D-supabase-js-walk'],
  [/(?<c>issue 10,\n-- items 1 and 2)/g, 'D-atomic-listing-save'],
]

/** Issue (and its items or § numbers, as digits joined by commas) → decision. */
const ISSUE_ITEMS: Readonly<Record<string, string>> = {
  '2': 'D-supabase-js-walk',
  '3': 'D-realtime-budget',
  '4': 'D-offline-roundtrip',
  '4:4': 'D-device-db-bench',
  '10:1': 'D-orphan-sweep',
  '10:1,2': 'D-atomic-listing-save',
  '10:2': 'D-last-edit-wins',
  '10:2,8': 'D-deleted-stays-deleted',
  '10:8': 'D-pull-by-transaction',
  '10:9': 'D-mutation-testing',
  '11': 'D-sync-for-visitors',
  '11:1': 'D-accounts',
  '11:1,2': 'D-accounts',
  '11:1,2,9': 'D-accounts',
  '11:2': 'D-sync-for-visitors',
  '11:3': 'D-pwa-updates',
  '11:3,7': 'D-item-page-offline',
  '11:4-6,8': 'D-feed-view-in-url',
  '11:5': 'D-search',
  '11:6': 'D-feed-view-in-url',
  '11:7': 'D-item-page-offline',
  '11:8': 'D-favourites',
  '11:9': 'D-accounts',
  '11:13': 'D-first-route-speed',
  '12': 'D-sell-offline',
  '12:2': 'D-photo-pipeline',
  '12:4': 'D-publish-progress',
  '12:4,6': 'D-my-listings',
  '12:6': 'D-my-listings',
  '12:7': 'D-sell-offline',
  '12:8': 'D-photo-pipeline',
  '13': 'D-messaging',
  '13:2': 'D-read-marks',
  '13:2,3': 'D-thread-view',
  '13:3': 'D-thread-view',
  '13:7': 'D-message-budget',
  '14': 'D-plan-screens',
  '15:1': 'D-auth-limits',
  '15:1,6': 'D-safe-defaults',
  '15:2': 'D-work-caps',
  '15:4': 'D-api-caller-guards',
  '15:5': 'D-bad-input-4xx',
  '15:6': 'D-safe-defaults',
  '15:7': 'D-fast-start',
  '15:9': 'D-fair-share',
  '16': 'D-postgrest-parity',
}

/** "issue 15, item 2", "issue 11 items 4–6 and 8", "issue 12 §4, §6", "issue 13 item 7", "issue 16's spreads". */
const ISSUE = /\b[Ii]ssue (?<n>\d+)(?:(?:,? items? |,? §)(?<items>\d+(?:(?:, §?| and §?|–)\d+)*))?(?<possessive>'s)?/g

const itemsKey = (items: string): string =>
  items
    .replace(/§/g, '')
    .split(/, | and /)
    .map((part) => part.replace('–', '-'))
    .join(',')

/** A text change, for the report. */
export interface Change {
  line: number
  from: string
  to: string
}

/** The old forms of the other documents, most specific first. */
const DOCUMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\(see reference\/pglite\.md\)/g, '(see docs/pglite.md#empty-claims)'],
  [/no EXIF, GPS or XMP survives \(reference\/photo\.md\)/g, 'no EXIF, GPS or XMP survives (docs/photo.md §3)'],
  [/phones are slower, reference\/photo\.md/g, 'phones are slower, docs/photo.md §2'],
  [/(?:\.\.\/shared\/)?(?:reference\/)?anchors-perf-rel(?:\.md)? (B4|P5)/g, 'docs/frontend.md#$1'],
  [/(?:\.\.\/shared\/)?reference\/frontend\.md (F\d+)/g, 'docs/frontend.md#$1'],
  [/(?:\.\.\/shared\/)?reference\/(supabase-wire|pglite|photo|frontend)\.md/g, 'docs/$1.md'],
  [/\b[Ss]pec(?:\.md)? ?§/g, 'docs/product.md §'],
  [/(?:\.\.\/shared\/)?\bspec\.md\b/g, 'docs/product.md'],
  [/\bdesign(?:\.md)? ?§/g, 'docs/architecture.md §'],
  [/(?:\.\.\/shared\/)?\bdesign\.md\b/g, 'docs/architecture.md'],
]

/** Rewrites one file's text; `anchors` decides where a bare § still lacks its document. */
export function rewriteText(text: string, anchors: DocAnchors): { text: string; changes: Change[] } {
  const changes: Change[] = []
  const lineAt = (source: string, index: number) => source.slice(0, index).split('\n').length
  const record = (source: string, index: number, from: string, to: string) => {
    changes.push({ line: lineAt(source, index), from, to })
  }

  let out = text
  for (const [pattern, id] of ISSUE_IN_CONTEXT) {
    out = out.replace(pattern, (...args) => {
      const match = args[0] as string
      const offset = args.at(-3) as number
      const source = args.at(-2) as string
      const cited = (args.at(-1) as { c: string }).c
      const to = match.replace(cited, decision(id))
      record(source, offset, match, to)
      return to
    })
  }
  out = out.replace(ISSUE, (match, _n, _items, _possessive, offset: number, source: string, groups: Record<string, string | undefined>) => {
    const key = groups.items ? `${groups.n}:${itemsKey(groups.items)}` : (groups.n as string)
    const id = ISSUE_ITEMS[key]
    if (!id) return match
    const to = decision(id) + (groups.possessive ?? '')
    record(source, offset, match, to)
    return to
  })
  for (const [pattern, replacement] of DOCUMENTS) {
    const once = new RegExp(pattern.source)
    out = out.replace(pattern, (match: string, ...rest: unknown[]) => {
      const at = rest.findIndex((r) => typeof r === 'number')
      const to = match.replace(once, replacement)
      record(rest[at + 1] as string, rest[at] as number, match, to)
      return to
    })
  }

  // A § that names no document: in this code base every one is a section of the product rules.
  for (let pass = 0; pass < 3; pass++) {
    const bare = findCitationProblems(out, anchors).filter((p) => p.kind === 'bare')
    if (bare.length === 0) break
    const lines = out.split('\n')
    const seen = new Set<number>()
    for (const problem of bare) {
      if (seen.has(problem.line)) continue
      seen.add(problem.line)
      const before = lines[problem.line - 1] as string
      const after = `${before.slice(0, problem.column)}docs/product.md ${before.slice(problem.column)}`
      lines[problem.line - 1] = after
      changes.push({ line: problem.line, from: before.trim(), to: after.trim() })
    }
    out = lines.join('\n')
  }
  return { text: out, changes }
}

function main(argv: string[]): number {
  const dryRun = argv.includes('--dry-run')
  const root = path.resolve(import.meta.dirname, '..')
  const anchors = readDocAnchors(path.join(root, 'docs'))
  let files = 0
  let count = 0
  for (const file of scannedFiles(root)) {
    const full = path.join(root, file)
    const before = readFileSync(full, 'utf8')
    const { text, changes } = rewriteText(before, anchors)
    if (text === before) continue
    files++
    count += changes.length
    for (const c of changes) console.log(`${file}:${c.line}: ${c.from.replace(/\n/g, '⏎')}  →  ${c.to.replace(/\n/g, '⏎')}`)
    if (!dryRun) writeFileSync(full, text)
  }
  console.log(`\n${count} citations rewritten in ${files} files${dryRun ? ' (dry run: nothing written)' : ''}.`)
  const left = dryRun ? [] : checkRepository(root)
  if (left.length === 0) return 0
  console.log(`\n${left.length} citations left to finish by hand:\n`)
  for (const problem of left) console.log(formatProblem(problem))
  return 1
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2))
