import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findCitationProblems, readDocAnchors } from './citations.ts'
import { rewriteText } from './rewrite-citations.ts'

const anchors = readDocAnchors(path.resolve(import.meta.dirname, '..', 'docs'))
const rewrite = (text: string) => rewriteText(text, anchors).text

describe('the rewrite of old citations', () => {
  it.each([
    ['a spec section', '// 12 per page (spec §2.6)', '// 12 per page (docs/product.md §2.6)'],
    ['a capitalised spec section and its list', '/** Spec §2.1, §5: */', '/** docs/product.md §2.1, §5: */'],
    ['the spec file', '// the pure rules of spec.md (src/domain)', '// the pure rules of docs/product.md (src/domain)'],
    ['a design rule', "message: 'Only src/remote talks to supabase-js (design.md §1 rule 8).'", "message: 'Only src/remote talks to supabase-js (docs/architecture.md §1 rule 8).'"],
    ['design without .md', '-- Realtime (design §1 rule 5): pokes', '-- Realtime (docs/architecture.md §1 rule 5): pokes'],
    ['a design section', '// budgets (design.md §6)', '// budgets (docs/architecture.md §6)'],
    ['a wire section range', '// (reference/supabase-wire.md §6.2–6.3)', '// (docs/supabase-wire.md §6.2–6.3)'],
    ['a named front-end fact', '# refuses (reference/frontend.md F4); install', '# refuses (docs/frontend.md#F4); install'],
    ['a browser-storage fact', ' * QuotaExceededError (reference/anchors-perf-rel.md B4).', ' * QuotaExceededError (docs/frontend.md#B4).'],
    ['the PGlite empty-claims pitfall', "-- defined as '' afterwards (see reference/pglite.md), and", "-- defined as '' afterwards (see docs/pglite.md#empty-claims), and"],
    ['an issue item', ' * per-request caps (issue 15, item 2).', ' * per-request caps (docs/decisions.md#D-work-caps).'],
    ['issue items joined by "and"', '// (issue 11 items 4–6 and 8).', '// (docs/decisions.md#D-feed-view-in-url).'],
    ['issue sections listed', "describe('thread (issue 13 §2, §3)', () => {", "describe('thread (docs/decisions.md#D-thread-view)', () => {"],
    ['an issue item in parentheses', ' * The schema holes of issue 15 (item 4), each', ' * The schema holes of docs/decisions.md#D-api-caller-guards, each'],
    ['an issue read by its context', '// A feed/grid card\'s photo (issue 12): the device\'s card', '// A feed/grid card\'s photo (docs/decisions.md#D-card-images): the device\'s card'],
    ['the same issue in another context', '// ——— The sell flow\'s drafts (issue 12): new', '// ——— The sell flow\'s drafts (docs/decisions.md#D-sell-drafts): new'],
    ['an issue spread over two SQL lines', '-- by edit time" (issue 10,\n-- items 1 and 2).', '-- by edit time" (docs/decisions.md#D-atomic-listing-save).'],
    ['a bare § with no document', "it('shows the §8 toast', () => {", "it('shows the docs/product.md §8 toast', () => {"],
    ['two bare § on one line', '// asked to log in (§6, §8)', '// asked to log in (docs/product.md §6, §8)'],
    ['an outside standard', '/** an HTTP date (RFC 9110 §10.2.3) */', '/** an HTTP date (RFC 9110 §10.2.3) */'],
    ['a docs citation', '// docs/product.md §2.6 and docs/decisions.md#D-work-caps', '// docs/product.md §2.6 and docs/decisions.md#D-work-caps'],
  ])('%s', (_, before, after) => {
    expect(rewrite(before)).toBe(after)
    expect(findCitationProblems(after, anchors)).toEqual([])
  })

  it('changes nothing the second time', () => {
    const once = rewrite('// spec §2.6; issue 12 §6; design.md §1 rule 3; the §8 toast\n')
    expect(rewrite(once)).toBe(once)
  })

  it('leaves what it cannot map, so the check still reports it', () => {
    const text = '// a new rule (issue 99 item 3)'
    expect(rewrite(text)).toBe(text)
    expect(findCitationProblems(text, anchors).map((p) => p.kind)).toEqual(['foreign'])
  })

  it('reports each change with its line', () => {
    const { changes } = rewriteText('ok\n// (spec §9; issue 15, item 6)\n', anchors)
    expect(changes).toEqual([
      { line: 2, from: 'issue 15, item 6', to: 'docs/decisions.md#D-safe-defaults' },
      { line: 2, from: 'spec §', to: 'docs/product.md §' },
    ])
  })
})
