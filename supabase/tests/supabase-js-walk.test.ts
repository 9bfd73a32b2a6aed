import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { walkLocalStack, type WalkStep } from '../../scripts/try-local-stack.ts'

let ts: TestStack
let steps: WalkStep[]
beforeAll(async () => {
  ts = await startTestStack()
  steps = await walkLocalStack(ts.url, ts.anonKey)
})
afterAll(() => ts?.stop())

describe('a plain supabase-js app against the local stack (docs/decisions.md#D-supabase-js-walk)', () => {
  it.each([
    'sign up',
    'sign in',
    'read the feed with images',
    'download a feed photo',
    'upload a photo to my folder',
    'refused: upload into another user’s folder',
    'refused: a visitor creates a listing',
    'refused: editing someone else’s listing changes nothing',
    'refused: reading another user’s email',
    'read my own profile with email',
  ])('%s', (name) => {
    const step = steps.find((s) => s.step === name)
    expect(step, `step "${name}" ran`).toBeDefined()
    expect(step!.ok, step!.detail).toBe(true)
  })
})
