/**
 * Commit messages that read: `git log --oneline` must be skimmable, and each change must say why.
 *
 * - The subject (first line) is at most 72 characters and names no issue number (say what changed instead).
 * - If there is more than the subject, the second line is blank.
 * - A commit that changes more than a few lines has a body: why, and the figures measured with their command.
 *   Merges, reverts and fixup!/squash! commits need none.
 *
 *   tsx scripts/check-commit-msg.ts <message file>   the commit-msg hook (.githooks/commit-msg): the staged change
 *   tsx scripts/check-commit-msg.ts --ci             every commit after BASELINE up to HEAD (run by `npm run lint`)
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export const MAX_SUBJECT = 72
/** Changed lines (added + removed) up to which a commit may go without a body. */
export const TRIVIAL_LINES = 5
/** main when this check arrived; the history before it cannot be rewritten and is not checked. */
export const BASELINE = '8c15b5653de412e1fbcaaa5f438c01ac98f4468c'

const ISSUE_NUMBER = /\b[Ii]ssues? #?\d+|(?:^|\s)#\d+\b/
const NEEDS_NO_BODY = /^(Merge |Revert "|fixup! |squash! |amend! )/

/** The message as git stores it: comment lines and everything below the scissors line dropped. */
export function cleanMessage(raw: string): string {
  const lines: string[] = []
  for (const line of raw.replace(/\r\n/g, '\n').split('\n')) {
    if (/^# -+ >8 -+$/.test(line)) break
    if (!line.startsWith('#')) lines.push(line.trimEnd())
  }
  while (lines.length && lines[0] === '') lines.shift()
  while (lines.length && lines.at(-1) === '') lines.pop()
  return lines.join('\n')
}

/**
 * What is wrong with a commit message; `changedLines` is the commit's added + removed lines, when known (unknown
 * counts as more than trivial).
 */
export function commitMessageProblems(raw: string, changedLines?: number): string[] {
  const message = cleanMessage(raw)
  const [subject = '', second, ...rest] = message.split('\n')
  const problems: string[] = []
  if (subject.trim() === '') return ['the subject line is empty']
  const length = [...subject].length
  if (length > MAX_SUBJECT) problems.push(`the subject is ${length} characters; at most ${MAX_SUBJECT}`)
  if (ISSUE_NUMBER.test(subject)) problems.push('the subject names an issue number; say what changed instead')
  if (second !== undefined && second !== '') problems.push('the second line must be blank, between subject and body')
  const body = rest.join('\n').trim()
  const trivial = changedLines !== undefined && changedLines <= TRIVIAL_LINES
  if (!body && !trivial && !NEEDS_NO_BODY.test(subject)) {
    problems.push('a body is missing: after a blank line, say why, and give the figures with their command')
  }
  return problems
}

const git = (cwd: string, args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

/** Added + removed lines of a `git diff --numstat`-style listing (binary files count as one line). */
export function numstatLines(numstat: string): number {
  return numstat
    .split('\n')
    .filter((line) => line.trim() !== '')
    .reduce((sum, line) => {
      const [added = '0', removed = '0'] = line.split('\t')
      return sum + (added === '-' ? 1 : Number(added) + Number(removed))
    }, 0)
}

export interface CommitProblem {
  commit: string
  subject: string
  problems: string[]
}

/** Every commit after `baseline` up to HEAD in the repository at `cwd`, with what is wrong with its message. */
export function checkCommitsSince(cwd: string, baseline: string): CommitProblem[] {
  const commits = git(cwd, ['rev-list', '--reverse', `${baseline}..HEAD`])
    .split('\n')
    .filter(Boolean)
  return commits.flatMap((commit) => {
    const message = git(cwd, ['log', '-1', '--format=%B', commit])
    const parents = git(cwd, ['log', '-1', '--format=%P', commit]).trim().split(' ')
    const changed = parents.length > 1 ? undefined : numstatLines(git(cwd, ['show', '--numstat', '--format=', commit]))
    const problems = commitMessageProblems(message, changed)
    return problems.length
      ? [{ commit: commit.slice(0, 10), subject: cleanMessage(message).split('\n')[0] ?? '', problems }]
      : []
  })
}

type Outcome = { code: number; out: string }

function runCi(cwd: string, baseline: string): Outcome {
  try {
    git(cwd, ['rev-parse', '--is-inside-work-tree'])
  } catch {
    return { code: 0, out: 'commit messages: not a git checkout, nothing to check' }
  }
  try {
    git(cwd, ['merge-base', '--is-ancestor', baseline, 'HEAD'])
  } catch {
    const shallow = git(cwd, ['rev-parse', '--is-shallow-repository']).trim() === 'true'
    if (shallow) return { code: 0, out: `commit messages: shallow clone without ${baseline.slice(0, 10)}, not checked` }
    return { code: 1, out: `commit messages: HEAD does not descend from the baseline ${baseline.slice(0, 10)}` }
  }
  const found = checkCommitsSince(cwd, baseline)
  if (found.length === 0) return { code: 0, out: 'commit messages: every commit since the baseline reads well' }
  const lines = found.map((f) => `${f.commit} ${f.subject}\n${f.problems.map((p) => `    - ${p}`).join('\n')}`)
  return {
    code: 1,
    out: `commit messages that need rewording (git rebase -i; see scripts/check-commit-msg.ts):\n${lines.join('\n')}`,
  }
}

function runHook(cwd: string, messageFile: string): Outcome {
  let changed: number | undefined
  try {
    changed = numstatLines(git(cwd, ['diff', '--cached', '--numstat']))
  } catch {
    changed = undefined
  }
  const problems = commitMessageProblems(readFileSync(messageFile, 'utf8'), changed)
  if (problems.length === 0) return { code: 0, out: '' }
  return {
    code: 1,
    out: `commit message refused (your text is kept in ${messageFile}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  }
}

function main(argv: string[]): number {
  const cwd = process.cwd()
  const { code, out } =
    argv[0] === '--ci'
      ? runCi(cwd, BASELINE)
      : argv[0]
        ? runHook(cwd, argv[0])
        : { code: 2, out: 'usage: check-commit-msg.ts <message file> | --ci' }
  if (out) (code === 0 ? console.log : console.error)(out)
  return code
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2))
