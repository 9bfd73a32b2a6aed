import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import {
  closeClients,
  installFixture,
  person,
  realtimeClient,
  room,
  say,
  subscribe,
  type Person,
} from '../testing/realtime-fixtures.ts'

let ts: TestStack
const clients: SupabaseClient[] = []
let anna: Person
let ben: Person
let carla: Person
let dora: Person

const client = (p: Person) => {
  const c = realtimeClient(ts.stack, p.token)
  clients.push(c)
  return c
}

const asAnna = (sql: string, id: number) =>
  ts.stack.ctx.db.withClaims({ role: 'authenticated', sub: anna.id }, (tx) => tx.query(sql, [id]))

beforeAll(async () => {
  ts = await startTestStack()
  await installFixture(ts.stack)
  anna = await person(ts.stack)
  ben = await person(ts.stack)
  carla = await person(ts.stack)
  dora = await person(ts.stack)
  await room(ts.stack, 1, anna, ben)
  await room(ts.stack, 2, carla, dora)
})

afterAll(async () => {
  await closeClients(clients)
  await ts?.stop()
})

describe('postgres_changes delivery through supabase-js', () => {
  it('delivers an INSERT with the record typed as PostgREST returns it, the columns the reader may see and no old', async () => {
    const sub = await subscribe(client(ben), [{ event: 'INSERT' }])
    const id = await say(ts.stack, anna, 1, 'hello ben', 7)
    const [event] = await sub.waitFor(1)
    expect(event).toMatchObject({ eventType: 'INSERT', schema: 'public', table: 'rt_messages', old: {}, errors: null })
    expect(event!.new).toEqual({
      id,
      room_id: 1,
      sender_id: anna.id,
      body: 'hello ben',
      score: 7,
      tags: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/),
    })
    // internal_note is not granted to authenticated, so it never leaves the server.
    expect(event!.new).not.toHaveProperty('internal_note')
    expect(event!.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('delivers an UPDATE with the new row and the primary key of the old one', async () => {
    const id = await say(ts.stack, anna, 1, 'draft')
    const sub = await subscribe(client(ben), [{ event: 'UPDATE' }])
    await asAnna(`update public.rt_messages set body = 'final', score = 3 where id = $1`, id)
    const [event] = await sub.waitFor(1)
    expect(event).toMatchObject({ eventType: 'UPDATE', new: { id, body: 'final', score: 3 }, old: { id } })
    expect(Object.keys(event!.old)).toEqual(['id'])
  })

  it('delivers a DELETE with only the primary key, since a deleted row can no longer be checked against RLS', async () => {
    const id = await say(ts.stack, anna, 1, 'oops')
    const sub = await subscribe(client(ben), [{ event: 'DELETE' }])
    await asAnna(`delete from public.rt_messages where id = $1`, id)
    const [event] = await sub.waitFor(1)
    expect(event).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } })
    expect(Object.keys(event!.old)).toEqual(['id'])
  })

  it('fires a binding only for its own event type, and `*` for all three', async () => {
    const c = client(ben)
    const inserts = await subscribe(c, [{ event: 'INSERT' }])
    const all = await subscribe(c, [{ event: '*' }])
    // One step at a time: RLS is checked when a change is dispatched, and a row deleted by then is seen by nobody.
    const id = await say(ts.stack, anna, 1, 'one')
    await all.waitFor(1)
    await asAnna(`update public.rt_messages set body = 'two' where id = $1`, id)
    await all.waitFor(2)
    await asAnna(`delete from public.rt_messages where id = $1`, id)
    // Both channels share one socket and frames arrive in order: once `*` saw the DELETE, nothing is in flight.
    expect((await all.waitFor(3)).map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE'])
    expect(inserts.events.map((e) => e.eventType)).toEqual(['INSERT'])
  })

  it('applies the eq, neq, lt, lte, gt, gte, in and not filters to the row', async () => {
    const c = client(ben)
    const specs = {
      eq: 'score=eq.5',
      neq: 'score=neq.5',
      lt: 'score=lt.5',
      lte: 'score=lte.5',
      gt: 'score=gt.5',
      gte: 'score=gte.5',
      in: 'score=in.(1,9)',
      notIn: 'score=not.in.(1,9)',
      both: 'score=gte.1,body=eq.x 9',
    }
    const subs = Object.fromEntries(
      await Promise.all(
        Object.entries(specs).map(
          async ([k, filter]) => [k, await subscribe(c, [{ event: 'INSERT', filter }])] as const,
        ),
      ),
    )
    const barrier = await subscribe(c, [{ event: 'INSERT', filter: 'body=eq.barrier' }])
    for (const score of [1, 5, 9]) await say(ts.stack, anna, 1, `x ${score}`, score)
    await say(ts.stack, anna, 1, 'barrier')
    await barrier.waitFor(1)
    const scores = (k: string) => subs[k]!.events.map((e) => e.new.score).filter((s) => s !== 0)
    expect(scores('eq')).toEqual([5])
    expect(scores('neq')).toEqual([1, 9])
    expect(scores('lt')).toEqual([1])
    expect(scores('lte')).toEqual([1, 5])
    expect(scores('gt')).toEqual([9])
    expect(scores('gte')).toEqual([5, 9])
    expect(scores('in')).toEqual([1, 9])
    expect(scores('notIn')).toEqual([5])
    expect(scores('both')).toEqual([9])
  })

  it('never shows a conversation to a third person, who still gets the rows of their own conversations', async () => {
    const annaSub = await subscribe(client(anna), [{ event: '*' }])
    const carlaSub = await subscribe(client(carla), [{ event: '*' }])
    await say(ts.stack, ben, 1, 'private to anna and ben')
    await say(ts.stack, dora, 2, 'for carla')
    const [forAnna] = await annaSub.waitFor(1)
    const [forCarla] = await carlaSub.waitFor(1)
    expect(forAnna!.new.body).toBe('private to anna and ben')
    expect(forCarla!.new.body).toBe('for carla')
    // Carla's socket delivers in change order: had she been sent room 1's message, it would have come first.
    expect(carlaSub.events.map((e) => e.new.room_id)).toEqual([2])
    expect(annaSub.events.map((e) => e.new.room_id)).toEqual([1])
  })

  it('sends nothing for tables outside the publication, and whole old rows where RLS is off and identity is full', async () => {
    await ts.stack.ctx.db.pg.exec(`
      create table public.rt_open (id int primary key, label text);
      alter table public.rt_open replica identity full;
      grant select, insert, delete on public.rt_open to authenticated;
      alter publication supabase_realtime add table public.rt_open;
      create table public.rt_unpublished (id int primary key, label text);
      grant select on public.rt_unpublished to authenticated;
    `)
    const c = client(ben)
    const unpublished = await subscribe(c, [{ event: '*', table: 'rt_unpublished' }])
    const open = await subscribe(c, [{ event: 'DELETE', table: 'rt_open', filter: 'label=eq.gone' }])
    await ts.stack.ctx.db.pg.exec(`
      insert into public.rt_unpublished values (1, 'x');
      insert into public.rt_open values (1, 'kept'), (2, 'gone');
      delete from public.rt_open;
    `)
    // The filter reads the whole old row (REPLICA IDENTITY FULL), and without RLS nothing needs hiding.
    const [event] = await open.waitFor(1)
    expect(event!.old).toEqual({ id: 2, label: 'gone' })
    expect(unpublished.events).toEqual([])
  })

  it('checks a statement of many rows as one batch: each reader gets exactly its rows, in commit order', async () => {
    const annaSub = await subscribe(client(anna), [{ event: 'INSERT' }])
    const carlaSub = await subscribe(client(carla), [{ event: 'INSERT' }])
    // One statement, rows alternating between the two rooms (a device's queue drained in one request).
    await ts.stack.ctx.db.pg.query(
      `insert into public.rt_messages (room_id, sender_id, body)
       select case when i % 2 = 0 then 1 else 2 end, case when i % 2 = 0 then $1::uuid else $2::uuid end, 'batch ' || i
       from generate_series(1, 40) as i`,
      [anna.id, carla.id],
    )
    const forAnna = await annaSub.waitFor(20)
    const forCarla = await carlaSub.waitFor(20)
    const bodies = (from: number) => Array.from({ length: 20 }, (_, k) => `batch ${from + 2 * k}`)
    expect(forAnna.map((e) => e.new.body)).toEqual(bodies(2))
    expect(forCarla.map((e) => e.new.body)).toEqual(bodies(1))
    // A barrier in Carla's room, sent after the batch: once it arrived, no stray row of Anna's room is in flight.
    await say(ts.stack, dora, 2, 'barrier')
    await carlaSub.waitFor(21)
    expect(carlaSub.events.filter((e) => e.new.room_id !== 2)).toEqual([])
  })

  it('gives each of 100 subscribers exactly the rows they may see', async () => {
    const people = await Promise.all(Array.from({ length: 100 }, () => person(ts.stack)))
    await ts.stack.ctx.db.pg.query(
      `insert into public.rt_rooms (id, member_a, member_b) select 1000 + i, $1, m from unnest($2::uuid[]) with ordinality as t(m, i)`,
      [anna.id, people.map((p) => p.id)],
    )
    const subs = await Promise.all(people.map((p) => subscribe(client(p), [{ event: 'INSERT' }])))
    for (let i = 0; i < people.length; i++) await say(ts.stack, anna, 1001 + i, `for ${people[i]!.id}`)
    await Promise.all(subs.map((s) => s.waitFor(1)))
    await say(ts.stack, anna, 1001, 'barrier for the first')
    await subs[0]!.waitFor(2)
    subs.forEach((s, i) => expect(s.events[0]!.new.body).toBe(`for ${people[i]!.id}`))
    expect(subs.slice(1).every((s) => s.events.length === 1)).toBe(true)
  })
})
