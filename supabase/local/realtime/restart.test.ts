import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { silentLogger } from '../shared/logger.ts'
import { startStack, type RunningStack } from '../stack.ts'
import { loadTemplate } from '../testing/template.ts'
import {
  closeClients,
  installFixture,
  person,
  realtimeClient,
  room,
  say,
  type ChangeEvent,
} from '../testing/realtime-fixtures.ts'

const stacks: RunningStack[] = []

async function start(port: number): Promise<RunningStack> {
  const config = loadConfig({ KREIS_DATA_DIR: ':memory:' }, { port })
  const stack = await startStack(config, { template: await loadTemplate(), log: silentLogger })
  stacks.push(stack)
  await installFixture(stack)
  return stack
}

afterAll(async () => {
  for (const s of stacks) await s.close()
})

describe('realtime across a server restart', () => {
  it('lets supabase-js reconnect and re-join on its own, and delivers changes of the new server', async () => {
    const first = await start(0)
    const anna = await person(first)
    const ben = await person(first)
    await room(first, 1, anna, ben)
    const client = realtimeClient(first, ben.token)
    const statuses: string[] = []
    const events: ChangeEvent[] = []
    client
      .channel('survivor')
      .on(
        'postgres_changes' as never,
        { event: 'INSERT', schema: 'public', table: 'rt_messages' } as never,
        (e: ChangeEvent) => events.push(e),
      )
      .subscribe((status) => statuses.push(status))
    await expect.poll(() => statuses).toContain('SUBSCRIBED')
    await say(first, anna, 1, 'before the restart')
    await expect.poll(() => events.length).toBe(1)

    await first.close()
    // Same port, same JWT secret: the client's URL and token stay valid.
    const second = await start(first.port)
    await room(second, 1, anna, ben)
    await expect
      .poll(() => statuses.filter((s) => s === 'SUBSCRIBED').length, { timeout: 20_000, interval: 100 })
      .toBe(2)
    expect(second.ctx.realtime?.channelCount()).toBe(1)
    await say(second, anna, 1, 'after the restart')
    await expect.poll(() => events.map((e) => e.new.body)).toEqual(['before the restart', 'after the restart'])
    await closeClients([client])
  })
})
