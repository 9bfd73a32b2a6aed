/**
 * PostgREST v13 conformance (docs/decisions.md#D-postgrest-parity), part 3: aggregates (count/sum/avg/min/max with PostgREST's grouping, the
 * db-aggregates-enabled switch, the legacy `rel(count)`) and spread embeds `...rel(cols)`, within the work caps.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { createCompatFixture } from '../testing/rest-compat-fixture.ts'
import { MAX_VISITED_ROWS } from './limits.ts'

let ts: TestStack
let anon: SupabaseClient

beforeAll(async () => {
  ts = await startTestStack()
  await createCompatFixture(ts)
  anon = ts.anon()
})

afterAll(async () => {
  await ts?.stop()
})

/** PostgREST reads db-aggregates-enabled from the database's role settings; so does the schema cache here. */
async function setAggregates(on: boolean): Promise<void> {
  const change = on ? "set pgrst.db_aggregates_enabled = 'true'" : 'reset pgrst.db_aggregates_enabled'
  await ts.stack.ctx.db.pg.exec(`alter role postgres ${change}; notify pgrst, 'reload schema';`)
}

describe('aggregates', () => {
  it('counts embedded rows with the legacy rel(count) whatever the switch says', async () => {
    await setAggregates(false)
    const { data, error } = await anon.from('members').select('handle, posts(count)').order('handle')
    expect(error).toBeNull()
    expect(data).toEqual([
      { handle: 'ada', posts: [{ count: 2 }] },
      { handle: 'bob', posts: [{ count: 1 }] },
      { handle: 'cy', posts: [{ count: 1 }] },
    ])
  })

  it('refuses aggregate functions with 400 PGRST123 while db-aggregates-enabled is off (PostgREST default)', async () => {
    await setAggregates(false)
    const res = await anon.from('posts').select('score.sum()')
    expect(res.status).toBe(400)
    expect(res.error).toEqual({
      code: 'PGRST123',
      message: 'Use of aggregate functions is not allowed',
      details: null,
      hint: null,
    })
  })

  it('groups by the other selected columns, names results after the function unless aliased', async () => {
    await setAggregates(true)
    const grouped = await anon.from('posts').select('author, score.sum(), count()').order('author')
    expect(grouped.error).toBeNull()
    expect(grouped.data).toEqual([
      { author: 'ada', sum: 8, count: 2 },
      { author: 'bob', sum: 1, count: 1 },
      { author: 'cy', sum: 2, count: 1 },
    ])
    const whole = await anon.from('posts').select('score.avg(), top:score.max(), low:score.min(), bodies:body.count()')
    expect(whole.data).toEqual([{ avg: 2.75, top: 5, low: 1, bodies: 3 }])
  })

  it('aggregates inside an embed per parent row, with a cast of the result', async () => {
    await setAggregates(true)
    const { data, error } = await anon.from('rooms').select('slug, posts(score.sum()::text)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { slug: 'general', posts: [{ sum: '10' }] },
      { slug: 'random', posts: [{ sum: '1' }] },
    ])
  })

  it('groups by the columns of a to-one spread', async () => {
    await setAggregates(true)
    const { data, error } = await anon.from('posts').select('score.sum(), ...rooms(slug)')
    expect(error).toBeNull()
    const sorted = [...(data as { slug: string }[])].sort((a, b) => a.slug.localeCompare(b.slug))
    expect(sorted).toEqual([
      { sum: 10, slug: 'general' },
      { sum: 1, slug: 'random' },
    ])
  })

  it('hoists an aggregate inside a to-one spread to the parent, grouped by the parent’s other columns', async () => {
    await setAggregates(true)
    // posts by room: 1 → ada, ada, cy (born 1990, 1990, 2000); 2 → bob (1985).
    const byRoom = await anon.from('posts').select('room_id, ...author(born.sum())').order('room_id')
    expect(byRoom.error).toBeNull()
    expect(byRoom.data).toEqual([
      { room_id: 1, sum: 5980 },
      { room_id: 2, sum: 1985 },
    ])
    // Grouped by another spread's column, with count() and labels.
    const other = await anon.from('posts').select('...rooms(slug), ...author(n:count(), oldest:born.min())')
    const sorted = [...(other.data as { slug: string }[])].sort((a, b) => a.slug.localeCompare(b.slug))
    expect(sorted).toEqual([
      { slug: 'general', n: 3, oldest: 1990 },
      { slug: 'random', n: 1, oldest: 1985 },
    ])
    // From a spread within a spread (each one's boss's boss): to the root, past the middle one.
    const nested = await anon.from('staff').select('...boss_id(...boss_id(top:name, n:id.count()))')
    const rows = [...(nested.data as { top: string | null }[])].sort((a, b) =>
      String(a.top).localeCompare(String(b.top)),
    )
    expect(rows).toEqual([
      { top: 'Chief', n: 1 },
      { top: null, n: 0 },
    ])
  })

  it('refuses an aggregate in a to-many spread with 400 PGRST127, as PostgREST does', async () => {
    await setAggregates(true)
    const res = await anon.from('rooms').select('slug, ...posts(score.sum())')
    expect([res.status, res.error]).toEqual([
      400,
      {
        code: 'PGRST127',
        message: 'Feature not implemented',
        details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        hint: null,
      },
    ])
  })
})

describe('work caps on aggregates', () => {
  it('counts the rows an aggregate reads toward the per-request row budget (400 54000 past it)', async () => {
    await setAggregates(true)
    await ts.stack.ctx.db.pg.exec(`create table public.ticks (n int primary key);
      insert into public.ticks select generate_series(1, ${MAX_VISITED_ROWS + 10});
      grant select on public.ticks to anon; notify pgrst, 'reload schema';`)
    const res = await anon.from('ticks').select('n.sum()')
    expect(res.status).toBe(400)
    expect(res.error?.code).toBe('54000')
    const legacy = await anon.from('rooms').select('id, ticks:posts(count)').limit(1)
    expect(legacy.error).toBeNull()
  })
})

describe('spread embeds', () => {
  it('lifts a to-one embed’s columns (aliases kept) into the parent object', async () => {
    const { data, error } = await anon
      .from('posts')
      .select('id, ...rooms(room:slug), ...author(mood)')
      .eq('id', 1)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ id: 1, room: 'general', mood: 'happy' })
  })

  it('turns a to-many spread into one array per column', async () => {
    const { data, error } = await anon.from('rooms').select('slug, ...posts(id, body)').eq('id', 2).single()
    expect(error).toBeNull()
    expect(data).toEqual({ slug: 'random', id: [3], body: ['hi'] })
  })

  it('keeps the parent with nulls when a to-one spread finds nothing, and drops it with !inner', async () => {
    await ts.stack.ctx.db.pg.exec(`insert into public.staff values (9, 'Solo', null)`)
    const left = await anon.from('staff').select('name, ...boss_id(boss:name)').eq('id', 9).single()
    expect(left.data).toEqual({ name: 'Solo', boss: null })
    const inner = await anon.from('staff').select('name, ...boss_id!inner(boss:name)').in('id', [2, 9])
    expect(inner.data).toEqual([{ name: 'Lead', boss: 'Chief' }])
  })

  it('counts spreads toward the embedding depth cap (400 PGRST100 past two levels)', async () => {
    const res = await anon.from('posts').select('id, ...rooms(...posts(...rooms(slug)))')
    expect(res.status).toBe(400)
    expect(res.error?.code).toBe('PGRST100')
  })

  it("refuses an alias on a spread as PostgREST's grammar does", async () => {
    const res = await fetch(`${ts.url}/rest/v1/posts?select=x:...rooms(slug)`, { headers: { apikey: ts.anonKey } })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('PGRST100')
  })
})
