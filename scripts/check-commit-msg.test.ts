import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkCommitsSince, cleanMessage, commitMessageProblems, numstatLines } from './check-commit-msg.ts'

const BODY = '\n\nWhy it changed, and the figure measured (`npm run bench -- web`, load 2).'
const long = (n: number) => `sync: ${'x'.repeat(n - 6)}`

describe('a commit message', () => {
  it.each([
    ['a subject and a body', `docs: the product rules with stable ids${BODY}`, undefined],
    ['a subject of exactly 72 characters', `${long(72)}${BODY}`, undefined],
    ['72 characters with umlauts, counted as characters', `i18n: ${'ü'.repeat(66)}${BODY}`, undefined],
    ['a trivial change without a body', 'docs: fix a typo', 3],
    ['a merge without a body', "Merge branch 'docs'", 500],
    ['a revert without a body', 'Revert "sync: push at once"', 200],
    ['a fixup without a body', 'fixup! sync: push at once', 200],
    [
      "git's comment lines and scissors are not part of it",
      `ui: one toast at a time${BODY}\n# Please enter the commit message\n# ------------------------ >8 ------------------------\ndiff --git a/x b/x`,
      40,
    ],
  ])('good: %s', (_, message, changed) => {
    expect(commitMessageProblems(message, changed)).toEqual([])
  })

  it.each([
    ['an empty message', '# only comments\n\n', 10, ['the subject line is empty']],
    ['a subject of 73 characters', `${long(73)}${BODY}`, 10, ['the subject is 73 characters; at most 72']],
    [
      'an issue number in the subject',
      `sync: finish ${['iss', 'ue'].join('')} 27 item 6${BODY}`,
      10,
      ['the subject names an issue number; say what changed instead'],
    ],
    [
      'a hash issue number in the subject',
      `sync: fixes ${'#'}27${BODY}`,
      10,
      ['the subject names an issue number; say what changed instead'],
    ],
    [
      'no blank line after the subject',
      'sync: push at once\nbecause a poke waited behind a pull',
      10,
      [
        'the second line must be blank, between subject and body',
        'a body is missing: after a blank line, say why, and give the figures with their command',
      ],
    ],
    [
      'no body for a change of 6 lines',
      'sync: push at once',
      6,
      ['a body is missing: after a blank line, say why, and give the figures with their command'],
    ],
    [
      'no body and an unknown change',
      'sync: push at once',
      undefined,
      ['a body is missing: after a blank line, say why, and give the figures with their command'],
    ],
    ['a long merge subject', `Merge branch '${'x'.repeat(70)}'`, 10, ['the subject is 85 characters; at most 72']],
  ])('bad: %s', (_, message, changed, problems) => {
    expect(commitMessageProblems(message, changed)).toEqual(problems)
  })

  it('is read as git stores it', () => {
    expect(cleanMessage('\n\nsubject  \n\nbody\n# comment\n\n')).toBe('subject\n\nbody')
  })

  it('counts changed lines from numstat, a binary file as one', () => {
    expect(numstatLines('3\t1\tsrc/a.ts\n-\t-\tpublic/icon.png\n\n')).toBe(5)
  })
})

describe('the commits after a baseline, in a real repository', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kreis-commit-msg-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=T', '-c', 'user.email=t@example.ch', '-c', 'core.hooksPath=/dev/null', ...args],
      { cwd: dir, encoding: 'utf8' },
    ).trim()
  const commit = (file: string, lines: number, message: string) => {
    writeFileSync(path.join(dir, file), Array.from({ length: lines }, (_, i) => `line ${i}`).join('\n'))
    git('add', file)
    git('commit', '-q', '-m', message)
    return git('rev-parse', 'HEAD')
  }

  it('checks only what came after the baseline, and each with its own size', () => {
    git('init', '-q', '-b', 'main')
    const baseline = commit(
      'old.txt',
      50,
      'an old commit whose subject is far longer than seventy-two characters, from before',
    )
    commit('a.txt', 40, `feed: twelve listings a page${BODY}`)
    commit('b.txt', 2, 'docs: a typo')
    const bad = commit('c.txt', 30, 'feed: everything about issue 11 and the filters')
    expect(checkCommitsSince(dir, baseline)).toEqual([
      {
        commit: bad.slice(0, 10),
        subject: 'feed: everything about issue 11 and the filters',
        problems: [
          'the subject names an issue number; say what changed instead',
          'a body is missing: after a blank line, say why, and give the figures with their command',
        ],
      },
    ])
  })
})
