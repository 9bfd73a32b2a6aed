-- The local stand-in for Realtime's replication stream: what hosted Supabase reads from the WAL, the local stack
-- gets from a row trigger on every table of the publication supabase_realtime. The trigger logs the change and
-- notifies only its id (NOTIFY payloads are limited to 8000 bytes); the stack reads the row, checks each
-- subscriber's right to see it, and prunes the log. Installed idempotently, as superuser, each time the stack starts.
-- Nothing here is granted to the API roles: the schema is invisible to PostgREST callers.

create schema if not exists realtime;
revoke all on schema realtime from public;

create table if not exists realtime.changes (
  id bigserial primary key,
  relid oid not null,
  schema_name text not null,
  table_name text not null,
  type text not null check (type in ('INSERT', 'UPDATE', 'DELETE')),
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default clock_timestamp()
);

-- Security definer: the writer is usually `authenticated`, which may not touch the realtime schema itself.
create or replace function realtime.log_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  change_id bigint;
begin
  insert into realtime.changes (relid, schema_name, table_name, type, record, old_record)
  values (
    tg_relid, tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('realtime', change_id::text);
  return null;
end
$$;
revoke all on function realtime.log_change() from public;

-- Puts the change trigger on every table of the publication and takes it off tables that left it; returns the
-- published tables.
create or replace function realtime.sync_triggers() returns setof oid
language plpgsql as $$
declare
  r record;
begin
  for r in
    select t.tgrelid, c.relnamespace::regnamespace::text as nsp, c.relname
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname = 'zz_realtime_changes'
      and not exists (
        select 1 from pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = c.relnamespace::regnamespace::text
          and p.tablename = c.relname
      )
  loop
    execute format('drop trigger zz_realtime_changes on %s.%I', r.nsp, r.relname);
  end loop;

  for r in
    select c.oid, n.nspname, c.relname
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
  loop
    if not exists (select 1 from pg_trigger where tgrelid = r.oid and tgname = 'zz_realtime_changes') then
      execute format(
        'create trigger zz_realtime_changes after insert or update or delete on %I.%I '
        'for each row execute function realtime.log_change()',
        r.nspname, r.relname
      );
    end if;
    return next r.oid;
  end loop;
end
$$;
revoke all on function realtime.sync_triggers() from public;

-- Which of the given subscribers (their JWT claims) may SELECT the row with these primary-key values right now:
-- each check runs as the subscriber's role with its claims, so row-level security decides, as in hosted Realtime
-- (walrus' apply_rls does the same, also with one prepared statement per change: planning it once and switching
-- only role and claims makes 50 checks take a few milliseconds). A failing check (no privilege, a policy error)
-- counts as "not visible". The primary-key values are quoted with %L into the statement, never spliced raw.
create or replace function realtime.visible_to(entity oid, pk_values jsonb, claims jsonb[]) returns boolean[]
language plpgsql as $$
declare
  cond text;
  c jsonb;
  ok boolean;
  result boolean[] := '{}';
begin
  select string_agg(
           format('t.%I = %L::%s', a.attname, pk_values ->> a.attname, format_type(a.atttypid, a.atttypmod)),
           ' and ' order by a.attnum)
    into cond
    from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
   where i.indrelid = entity and i.indisprimary;
  if cond is null then
    return array_fill(false, array[coalesce(array_length(claims, 1), 0)]);
  end if;
  if exists (select 1 from pg_prepared_statements where name = 'realtime_visible') then
    deallocate realtime_visible;
  end if;
  execute (select format('prepare realtime_visible as select exists (select 1 from %I.%I t where %s)', n.nspname, c2.relname, cond)
    from pg_class c2 join pg_namespace n on n.oid = c2.relnamespace where c2.oid = entity);

  foreach c in array claims loop
    ok := false;
    begin
      perform set_config('role', c ->> 'role', true), set_config('request.jwt.claims', c::text, true);
      execute 'execute realtime_visible' into ok;
    exception when others then
      ok := false;
    end;
    perform set_config('role', 'none', true);
    result := result || coalesce(ok, false);
  end loop;
  deallocate realtime_visible;
  return result;
end
$$;
revoke all on function realtime.visible_to(oid, jsonb, jsonb[]) from public;
