#!/usr/bin/env bash
# The late commit on a real PostgreSQL server (PGlite runs one transaction at a time, so the stack tests cannot stage
# it): transaction A begins and writes, B commits a change 3 s later, a device pulls, then A changes B's row and
# commits. A pull by time (updated_at from 2 s before the cursor) misses A's new row; the pull by transaction
# (sync_xid from the horizon asked before the first pull) reads it; B's row keeps moving forward in time.
# The functions are those of migration 20261125114800 (stamp_times without its created_at branch).
#
# Usage: supabase/tests/manual/late-commit-on-postgres.sh   (PGBIN defaults to /usr/lib/postgresql/15/bin; a
# throw-away cluster in a temp directory, run as user postgres when started as root; exits 1 on a wrong outcome.)
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PORT=${PORT:-55439}
DIR=$(mktemp -d)
AS=()
if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; AS=(runuser -u postgres --); fi
"${AS[@]}" "$PGBIN/initdb" -D "$DIR/data" -U postgres -A trust >/dev/null
"${AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -o "-p $PORT -k $DIR -c listen_addresses=''" -l "$DIR/log" -w start >/dev/null
trap '"${AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null; rm -rf "$DIR"' EXIT
P=("$PGBIN/psql" -h "$DIR" -p "$PORT" -U postgres -v ON_ERROR_STOP=1 -qAt)

"${P[@]}" <<'SQL'
create table listings (id int primary key, title text, updated_at timestamptz not null default now(), sync_xid bigint not null default 0);
create function stamp_times() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then new.updated_at := now(); return new; end if;
  if new is not distinct from old then return new; end if;
  new.updated_at := greatest(now(), old.updated_at + interval '1 microsecond');
  return new;
end $$;
create function stamp_sync_xid() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new is not distinct from old then return new; end if;
  new.sync_xid := pg_current_xact_id()::text::bigint;
  return new;
end $$;
create trigger listings_90_stamp_times before insert or update on listings for each row execute function stamp_times();
create trigger listings_95_stamp_sync_xid before insert or update on listings for each row execute function stamp_sync_xid();
create function pull_horizon() returns bigint language sql stable as $$ select pg_snapshot_xmin(pg_current_snapshot())::text::bigint $$;
insert into listings (id, title) values (1, 'seed'), (2, 'other');
SQL

mkfifo "$DIR/a"
"${P[@]}" <"$DIR/a" >"$DIR/a.out" 2>&1 &
A=$!
exec 3>"$DIR/a"
echo "begin; insert into listings (id, title) values (3, 'late'); select 'A began: xid ' || pg_current_xact_id() || ', now() ' || now();" >&3
sleep 3
"${P[@]}" -c "update listings set title = 'B' where id = 2 returning 'B committed: xid ' || sync_xid || ', updated_at ' || updated_at"
H=$("${P[@]}" -c "select pull_horizon()")
T=$("${P[@]}" -c "select max(updated_at) from listings")
echo "device pulled: horizon $H, time cursor $T"
echo "update listings set title = 'A late' where id = 2; commit;" >&3
exec 3>&-
wait $A
cat "$DIR/a.out"
"${P[@]}" -c "select 'row ' || id || ' ' || title || ': xid ' || sync_xid || ', updated_at ' || updated_at from listings order by id"
BY_TIME=$("${P[@]}" -c "select string_agg(id::text, ',' order by id) from listings where updated_at >= '$T'::timestamptz - interval '2 seconds'")
BY_XID=$("${P[@]}" -c "select string_agg(id::text, ',' order by id) from listings where sync_xid >= $H")
FORWARD=$("${P[@]}" -c "select updated_at > '$T'::timestamptz from listings where id = 2")
echo "next pull by time reads rows: $BY_TIME; by transaction: $BY_XID; row 2 moved forward: $FORWARD"
[ "$BY_TIME" = "2" ] && [ "$BY_XID" = "2,3" ] && [ "$FORWARD" = "t" ] || { echo "unexpected outcome" >&2; exit 1; }
echo ok
