/**
 * Fixtures for the realtime tests and bench: a two-person-rooms chat of its own (so the tests do not depend on the
 * product schema), subscribers that are real supabase-js clients with minted tokens, and an event collector that
 * can wait for what arrives.
 */
import crypto from 'node:crypto'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { RunningStack } from '../stack.ts'
import { supabaseClient } from './test-stack.ts'

export const FIXTURE_SQL = `
create table public.rt_rooms (
  id int primary key,
  member_a uuid not null,
  member_b uuid not null
);
create table public.rt_messages (
  id bigint generated always as identity primary key,
  room_id int not null references public.rt_rooms (id),
  sender_id uuid not null,
  body text not null,
  score int not null default 0,
  tags text[] not null default '{}',
  internal_note text,
  created_at timestamptz not null default now()
);
alter table public.rt_rooms enable row level security;
alter table public.rt_messages enable row level security;
create policy rt_rooms_read on public.rt_rooms for select to authenticated
  using ((select auth.uid()) in (member_a, member_b));
create policy rt_messages_read on public.rt_messages for select to authenticated
  using (exists (select 1 from public.rt_rooms r where r.id = room_id and (select auth.uid()) in (r.member_a, r.member_b)));
create policy rt_messages_write on public.rt_messages for insert to authenticated
  with check (sender_id = (select auth.uid()));
create policy rt_messages_update on public.rt_messages for update to authenticated
  using (sender_id = (select auth.uid()));
create policy rt_messages_delete on public.rt_messages for delete to authenticated
  using (sender_id = (select auth.uid()));
revoke all on public.rt_rooms, public.rt_messages from anon, authenticated;
grant select on public.rt_rooms to authenticated;
grant select (id, room_id, sender_id, body, score, tags, created_at) on public.rt_messages to authenticated;
grant insert (room_id, sender_id, body, score, tags, internal_note) on public.rt_messages to authenticated;
grant update (body, score) on public.rt_messages to authenticated;
grant delete on public.rt_messages to authenticated;
alter publication supabase_realtime add table public.rt_messages;
notify pgrst, 'reload schema';
`

export async function installFixture(stack: RunningStack): Promise<void> {
  await stack.ctx.db.pg.exec(FIXTURE_SQL)
}

export interface Person {
  id: string
  token: string
}

export async function person(stack: RunningStack, ttlSeconds = 3600): Promise<Person> {
  const id = crypto.randomUUID()
  const token = await stack.ctx.jwt.sign({ sub: id, role: 'authenticated', aud: 'authenticated' }, ttlSeconds)
  return { id, token }
}

export async function room(stack: RunningStack, id: number, a: Person, b: Person): Promise<void> {
  await stack.ctx.db.pg.query(`insert into public.rt_rooms (id, member_a, member_b) values ($1, $2, $3)`, [
    id,
    a.id,
    b.id,
  ])
}

/** Inserts a message as its sender (through RLS, as the REST API would). */
export async function say(
  stack: RunningStack,
  sender: Person,
  roomId: number,
  body: string,
  score = 0,
): Promise<number> {
  return stack.ctx.db.withClaims({ role: 'authenticated', sub: sender.id }, async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `insert into public.rt_messages (room_id, sender_id, body, score, internal_note) values ($1, $2, $3, $4, 'secret')
       returning id`,
      [roomId, sender.id, body, score],
    )
    return Number(rows[0]!.id)
  })
}

export interface ChangeEvent {
  eventType: string
  schema: string
  table: string
  commit_timestamp: string
  new: Record<string, unknown>
  old: Record<string, unknown>
  errors: unknown
}

export interface Subscription {
  channel: RealtimeChannel
  events: ChangeEvent[]
  /** Resolves once `count` events have arrived (rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ChangeEvent[]>
}

export interface BindingSpec {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  table?: string
  filter?: string
}

export function realtimeClient(stack: RunningStack, token?: string): SupabaseClient {
  const client = supabaseClient(stack.url, stack.config.anonKey)
  if (token) void client.realtime.setAuth(token)
  return client
}

let channelCounter = 0

/** Subscribes and resolves on SUBSCRIBED; rejects with the status and error otherwise. */
export function subscribe(
  client: SupabaseClient,
  bindings: BindingSpec[],
  name = `t${++channelCounter}`,
): Promise<Subscription> {
  const events: ChangeEvent[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  let channel = client.channel(name)
  for (const b of bindings) {
    const filter = {
      event: b.event,
      schema: 'public',
      table: b.table ?? 'rt_messages',
      ...(b.filter ? { filter: b.filter } : {}),
    }
    channel = channel.on('postgres_changes' as never, filter as never, (payload: ChangeEvent) => {
      events.push(payload)
      for (const w of [...waiters]) if (events.length >= w.count) w.resolve()
    })
  }
  const sub: Subscription = {
    channel,
    events,
    waitFor(count, timeoutMs = 10_000) {
      if (events.length >= count) return Promise.resolve(events)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`expected ${count} events on ${name}, got ${events.length}: ${JSON.stringify(events)}`)),
          timeoutMs,
        )
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer)
            resolve(events)
          },
        })
      })
    },
  }
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(sub)
      else if (status !== 'CLOSED') reject(new Error(`${status}: ${err?.message ?? ''}`))
    })
  })
}

export async function closeClients(clients: SupabaseClient[]): Promise<void> {
  await Promise.all(clients.map((c) => c.removeAllChannels()))
  for (const c of clients) await c.realtime.disconnect()
}
