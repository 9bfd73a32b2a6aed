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
  -- The triggers this creates or drops change nothing the realtime catalogue caches (see realtime.note_ddl).
  perform set_config('realtime.syncing', 'on', true);
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
  perform set_config('realtime.syncing', 'off', true);
end
$$;
revoke all on function realtime.sync_triggers() from public;

-- Tells the stack that the schema may have changed (tables, columns, privileges, policies, the publication), so its
-- realtime catalogue cache (catalogue.ts) reads again; joins read nothing otherwise. Fires after every DDL statement.
create or replace function realtime.note_ddl() returns event_trigger
language plpgsql as $$
begin
  if current_setting('realtime.syncing', true) is distinct from 'on' then
    perform pg_notify('realtime_ddl', '');
  end if;
end
$$;
revoke all on function realtime.note_ddl() from public;
drop event trigger if exists realtime_ddl_watch;
create event trigger realtime_ddl_watch on ddl_command_end execute function realtime.note_ddl();

-- Which rows each subscriber may SELECT right now, for a batch of changes of one table: each check runs as the
-- subscriber's role with its claims, so row-level security decides, as in hosted Realtime (walrus' apply_rls). One
-- query per subscriber covers every row of the batch (a device draining its queue commits hundreds of rows in one
-- statement; one check per row made realtime, not the writes, the local stack's bottleneck). A failing check (no
-- privilege, a policy error) counts as "not visible". Key values travel as a parameter, never spliced into SQL.
-- Returns the visible (subscriber, row) pairs, both 1-based positions in the arrays given.
drop function if exists realtime.visible_to(oid, jsonb, jsonb[]);
create or replace function realtime.visible_rows(entity oid, pk_values jsonb[], claims jsonb[])
returns table (claim_index int, row_index int)
language plpgsql as $$
declare
  cond text;
  tbl text;
  c jsonb;
  i int := 0;
  found int[];
begin
  select string_agg(
           format('t.%I = (k.v ->> %L)::%s', a.attname, a.attname, format_type(a.atttypid, a.atttypmod)),
           ' and ' order by a.attnum)
    into cond
    from pg_index x
    join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any(x.indkey)
   where x.indrelid = entity and x.indisprimary;
  if cond is null then
    return;
  end if;
  select format('%I.%I', n.nspname, t.relname) into tbl
    from pg_class t join pg_namespace n on n.oid = t.relnamespace where t.oid = entity;
  foreach c in array claims loop
    i := i + 1;
    begin
      perform set_config('role', c ->> 'role', true), set_config('request.jwt.claims', c::text, true);
      execute format(
        'select array_agg(k.ord::int) from unnest($1) with ordinality k(v, ord) where exists (select 1 from %s t where %s)',
        tbl, cond)
        into found using pk_values;
    exception when others then
      found := null;
    end;
    perform set_config('role', 'none', true);
    if found is not null then
      return query select i, unnest(found);
    end if;
  end loop;
end
$$;
revoke all on function realtime.visible_rows(oid, jsonb[], jsonb[]) from public;
