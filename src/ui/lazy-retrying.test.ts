import { describe, expect, it } from 'vitest'
import { importRetrying, ONLINE_RETRY_DELAYS_MS, type ChunkRetryEnv } from './lazy-retrying'

type Attempt = 'ok' | 'fail-online' | 'fail-offline'

/** Runs importRetrying over scripted attempts; returns what happened, in order. */
async function run(attempts: readonly Attempt[]): Promise<{ result: string; events: string[] }> {
  const events: string[] = []
  let online = true
  let i = 0
  const env: ChunkRetryEnv = {
    isOnline: () => online,
    nextOnline: async () => {
      events.push('wait-online')
      online = true
    },
    sleep: async (ms) => {
      events.push(`sleep ${ms}`)
    },
  }
  const load = async () => {
    const attempt = attempts[i++]
    events.push(`load ${attempt ?? 'none'}`)
    if (attempt === 'ok') return 'module'
    online = attempt !== 'fail-offline'
    throw new Error(`attempt ${i} failed`)
  }
  const result = await importRetrying(load, env).catch((e: Error) => `error: ${e.message}`)
  return { result, events }
}

describe('importRetrying', () => {
  const [first, second] = ONLINE_RETRY_DELAYS_MS
  it.each<[string, Attempt[], string, string[]]>([
    ['loads at once', ['ok'], 'module', ['load ok']],
    [
      'offline: waits for the network, then loads',
      ['fail-offline', 'ok'],
      'module',
      ['load fail-offline', 'wait-online', 'load ok'],
    ],
    [
      'offline any number of times: keeps waiting, never gives up',
      ['fail-offline', 'fail-offline', 'fail-offline', 'fail-offline', 'ok'],
      'module',
      [
        'load fail-offline',
        'wait-online',
        'load fail-offline',
        'wait-online',
        'load fail-offline',
        'wait-online',
        'load fail-offline',
        'wait-online',
        'load ok',
      ],
    ],
    [
      'online: retries after each delay',
      ['fail-online', 'fail-online', 'ok'],
      'module',
      ['load fail-online', `sleep ${first}`, 'load fail-online', `sleep ${second}`, 'load ok'],
    ],
    [
      'online: after the last delay the error is the caller’s',
      ['fail-online', 'fail-online', 'fail-online', 'ok'],
      'error: attempt 3 failed',
      ['load fail-online', `sleep ${first}`, 'load fail-online', `sleep ${second}`, 'load fail-online'],
    ],
    [
      'offline spells do not use up the online retries',
      ['fail-online', 'fail-offline', 'fail-online', 'fail-offline', 'ok'],
      'module',
      [
        'load fail-online',
        `sleep ${first}`,
        'load fail-offline',
        'wait-online',
        'load fail-online',
        `sleep ${second}`,
        'load fail-offline',
        'wait-online',
        'load ok',
      ],
    ],
  ])('%s', async (_, attempts, result, events) => {
    expect(await run(attempts)).toEqual({ result, events })
  })
})
