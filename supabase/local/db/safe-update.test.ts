/**
 * pg-safeupdate inside functions (docs/supabase-wire.md §3.4): an API transaction refuses an UPDATE or DELETE
 * without a WHERE wherever Postgres parses it — a PL/pgSQL or SQL function, a trigger, a data-modifying WITH,
 * EXECUTE — and keeps nothing it wrote; a filtered one, `where true`, an upsert and every non-API transaction pass.
 * Real PGlite, real parse trees; the last test goes through supabase-js and the REST layer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '@electric-sql/pglite'
import { loadTemplate } from '../testing/template.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { Database, type Claims } from './database.ts'
import { unqualifiedWrite } from './safe-update.ts'

const USER = '00000000-0000-4000-8000-0000000000c1'
const AS_USER: Claims = { role: 'authenticated', sub: USER }

let db: Database

beforeAll(async () => {
  db = await Database.open({ pgDir: null, template: await loadTemplate() })
  await db.pg.exec(`
    create table public.counters (id int primary key, n int not null default 0);
    grant select, insert, update, delete on public.counters to anon, authenticated, service_role;
    create table public.counter_log (id serial primary key, at timestamptz default now());
    grant select, insert, update, delete on public.counter_log to anon, authenticated, service_role;
    grant usage on sequence public.counter_log_id_seq to anon, authenticated, service_role;

    create function public.reset_all() returns void language plpgsql as $$ begin update public.counters set n = 0; end $$;
    create function public.reset_filtered() returns void language plpgsql as $$ begin update public.counters set n = 0 where id > 0; end $$;
    create function public.reset_where_true() returns void language plpgsql as $$ begin update public.counters set n = 0 where true; end $$;
    create function public.clear_sql() returns void language sql as $$ delete from public.counter_log $$;
    create function public.clear_in_with() returns bigint language sql as $$ with d as (delete from public.counter_log returning 1) select count(*) from d $$;
    create function public.clear_dynamic() returns void language plpgsql as $$ begin execute 'delete from public.counter_log'; end $$;
    create function public.clear_definer() returns void language plpgsql security definer set search_path = '' as $$ begin delete from public.counter_log; end $$;
    create function public.bump_upsert() returns void language plpgsql as $$
      begin insert into public.counters (id, n) values (1, 1) on conflict (id) do update set n = public.counters.n + 1; end $$;
    create function public.reset_then_fail() returns void language plpgsql as $$ begin update public.counters set n = 0; raise exception 'later'; end $$;
    create function public.fail() returns void language plpgsql as $$ begin raise exception 'later'; end $$;
    create function public.noisy() returns void language plpgsql as $$ begin raise notice 'hello'; update public.counters set n = n where id = 1; end $$;

    create function public.counter_log_wipe() returns trigger language plpgsql as $$ begin update public.counters set n = -1; return new; end $$;
    create table public.wiping (id int primary key);
    grant select, insert on public.wiping to anon, authenticated, service_role;
    create trigger wiping_wipes after insert on public.wiping for each row execute function public.counter_log_wipe();
  `)
})
afterAll(() => db?.close())

async function fill(): Promise<void> {
  await db.pg.exec(`delete from public.counters where true; insert into public.counters values (1, 5), (2, 7);
    delete from public.counter_log where true; insert into public.counter_log default values;`)
}

async function attempt(claims: Claims | null, sql: string): Promise<string> {
  try {
    await db.withClaims(claims, (tx) => tx.query(sql))
    return 'ok'
  } catch (e) {
    return e instanceof messages.DatabaseError ? `${e.code} ${e.message}` : String(e)
  }
}

const counters = async () =>
  (await db.pg.query<{ n: number }>(`select n from public.counters order by id`)).rows.map((r) => r.n)
const logRows = async () =>
  (await db.pg.query<{ c: number }>(`select count(*)::int as c from public.counter_log`)).rows[0]!.c

describe('an API transaction refuses an UPDATE or DELETE without a WHERE inside a function, as hosted does', () => {
  it.each([
    ['a PL/pgSQL function', 'select public.reset_all()', 'UPDATE'],
    ['a SQL function', 'select public.clear_sql()', 'DELETE'],
    ['a data-modifying WITH in a function', 'select public.clear_in_with()', 'DELETE'],
    ['dynamic SQL (EXECUTE)', 'select public.clear_dynamic()', 'DELETE'],
    ['a security definer function', 'select public.clear_definer()', 'DELETE'],
    ['a trigger fired by the request', 'insert into public.wiping values (1)', 'UPDATE'],
  ])('%s: 21000, and nothing it wrote stays', async (_, sql, verb) => {
    await fill()
    expect(await attempt(AS_USER, sql)).toBe(`21000 ${verb} requires a WHERE clause`)
    expect(await counters()).toEqual([5, 7])
    expect(await logRows()).toBe(1)
    expect((await db.pg.query(`select * from public.wiping`)).rows).toEqual([])
  })

  it('refuses the same function again on the next call (its plan was kept)', async () => {
    await fill()
    for (let i = 0; i < 3; i++)
      expect(await attempt(AS_USER, 'select public.reset_all()')).toBe('21000 UPDATE requires a WHERE clause')
    expect(await counters()).toEqual([5, 7])
  })

  it.each<[string, Claims]>([
    ['anon', { role: 'anon' }],
    ['service_role', { role: 'service_role' }],
  ])('for %s too (every role PostgREST switches to)', async (_, claims) => {
    await fill()
    expect(await attempt(claims, 'select public.reset_all()')).toBe('21000 UPDATE requires a WHERE clause')
  })

  it.each([
    ['a filtered update', 'select public.reset_filtered()', [0, 0]],
    ['where true', 'select public.reset_where_true()', [0, 0]],
    ['INSERT … ON CONFLICT DO UPDATE', 'select public.bump_upsert()', [6, 7]],
  ])('lets %s through', async (_, sql, after) => {
    await fill()
    expect(await attempt(AS_USER, sql)).toBe('ok')
    expect(await counters()).toEqual(after)
  })

  it('checks the request’s own statement too, and a modifying WITH in it', async () => {
    await fill()
    expect(await attempt(AS_USER, 'update public.counters set n = 1')).toBe('21000 UPDATE requires a WHERE clause')
    expect(
      await attempt(AS_USER, 'with d as (delete from public.counter_log returning 1) select count(*) from d'),
    ).toBe('21000 DELETE requires a WHERE clause')
    expect(await counters()).toEqual([5, 7])
    expect(await logRows()).toBe(1)
  })

  it('answers the refusal before an error the statement met later (hosted refuses before running it)', async () => {
    await fill()
    expect(await attempt(AS_USER, 'select public.reset_then_fail()')).toBe('21000 UPDATE requires a WHERE clause')
    expect(await attempt(AS_USER, 'select public.fail()')).toBe('P0001 later')
    expect(await counters()).toEqual([5, 7])
  })

  it('still hands other notices to the caller', async () => {
    await fill()
    const notices: string[] = []
    await db.withClaims(AS_USER, (tx) =>
      tx.query('select public.noisy()', [], { onNotice: (n) => notices.push(`${n.severity} ${n.message}`) }),
    )
    expect(notices).toEqual(['NOTICE hello'])
  })
})

describe('a read-only API transaction (every GET) does not read trees: any write fails there anyway', () => {
  const readOnly = (sql: string) =>
    db.withClaims(AS_USER, async (tx) => {
      const started = await tx.exec('set transaction read only')
      expect(started).toHaveLength(1)
      return tx.query(sql)
    })

  it('answers 25006 for the function, and the next writing call is still refused (the plan made there is dropped)', async () => {
    await fill()
    await expect(readOnly('select public.reset_all()')).rejects.toMatchObject({ code: '25006' })
    expect(await attempt(AS_USER, 'select public.reset_all()')).toBe('21000 UPDATE requires a WHERE clause')
    await expect(readOnly('select public.reset_all()')).rejects.toMatchObject({ code: '25006' })
    expect(await attempt(AS_USER, 'select public.reset_all()')).toBe('21000 UPDATE requires a WHERE clause')
    expect(await counters()).toEqual([5, 7])
  })

  it('reads as before', async () => {
    await fill()
    expect((await readOnly('select n from public.counters order by id')).rows).toEqual([{ n: 5 }, { n: 7 }])
  })
})

describe('transactions outside the API are not checked (hosted: other roles, no safeupdate)', () => {
  it('a superuser transaction runs the same functions', async () => {
    await fill()
    expect(await attempt(null, 'select public.clear_sql()')).toBe('ok')
    expect(await logRows()).toBe(0)
    expect(await attempt(null, 'update public.counters set n = 3')).toBe('ok')
    expect(await counters()).toEqual([3, 3])
  })
})

describe('unqualifiedWrite reads Postgres parse trees', () => {
  it.each([
    [
      '{QUERY :commandType 2 :cteList <> :rtable <> :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>} :targetList <>}',
      'UPDATE',
    ],
    [
      '{QUERY :commandType 4 :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}\n{RANGETBLREF :rtindex 2}) :quals <>}}',
      'DELETE',
    ],
    [
      '{QUERY :commandType 4 :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals {CONST :consttype 16 :constvalue 1 [ 1 0 0 0 0 0 0 0 ]}}}',
      null,
    ],
    [
      '{QUERY :commandType 1 :cteList ({COMMONTABLEEXPR :ctename d :ctequery {QUERY :commandType 4 :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>}}}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>}}',
      'DELETE',
    ],
    ['{QUERY :commandType 1 :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>}}', null],
    ['{QUERY :commandType 3 :jointree {FROMEXPR :fromlist <> :quals <>}}', null],
    // A sub-select's own missing WHERE does not count for the UPDATE around it.
    [
      '{QUERY :commandType 2 :rtable ({RANGETBLENTRY :subquery {QUERY :commandType 1 :jointree {FROMEXPR :fromlist <> :quals <>}}}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals {OPEXPR :opno 96}}}',
      null,
    ],
    // Names with brackets and quotes are escaped by Postgres and do not confuse the reader.
    [
      '{QUERY :commandType 2 :rtable ({RANGETBLENTRY :eref {ALIAS :aliasname a\\}b\\{ :colnames ("x)" "y\\"}")}}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals {VAR :varno 1}}}',
      null,
    ],
  ])('%s → %s', (tree, verb) => {
    expect(unqualifiedWrite(tree)).toBe(verb)
  })
})

describe('through supabase-js and the REST layer', () => {
  let ts: TestStack
  beforeAll(async () => {
    ts = await startTestStack()
    await ts.stack.ctx.db.pg.exec(`
      create function public.forget_favourites() returns void language plpgsql security definer set search_path = '' as $$
        begin delete from public.favorites; end $$;
      grant execute on function public.forget_favourites() to authenticated;
      create sequence public.probe_calls;
      grant usage on sequence public.probe_calls to authenticated;
      create function public.stable_but_writes() returns bigint language sql stable as $$ select nextval('public.probe_calls') $$;
      grant execute on function public.stable_but_writes() to authenticated;
      create function public.volatile_answer() returns int language sql as $$ select 1 $$;
      grant execute on function public.volatile_answer() to authenticated;
      notify pgrst, 'reload schema';
    `)
  })
  afterAll(() => ts?.stop())

  it('an RPC whose function deletes without a WHERE answers 400 21000, every time, also after a GET of it (405)', async () => {
    const user = await ts.newUser()
    for (const get of [false, true, false]) {
      const { error, status } = await user.client.rpc('forget_favourites', {}, { get })
      expect(status).toBe(get ? 405 : 400)
      expect(error?.code).toBe(get ? '25006' : '21000')
    }
  })

  // docs/supabase-wire.md#rpc-access-mode: POST runs a STABLE or IMMUTABLE function read only, as PostgREST does.
  it('a POST of a STABLE function runs read only (25006 when it writes); a VOLATILE one may write', async () => {
    const user = await ts.newUser()
    const stable = await user.client.rpc('stable_but_writes')
    expect(stable.error?.message).toMatch(/read-only transaction/)
    expect(stable.status).toBe(405)
    expect(stable.error?.code).toBe('25006')
    const volatile = await user.client.rpc('volatile_answer')
    expect(volatile.error).toBeNull()
    expect(volatile.data).toBe(1)
  })
})
