#!/usr/bin/env bash
# Restore drill: the point-in-time recovery of deploy/README.md ("Restoring PostgreSQL") tried on
# one machine with PostgreSQL's own tools, a folder standing in for the bucket:
#   1. a primary archives each WAL segment into the bucket (archive_command), as CloudNativePG's
#      WAL archiving does;
#   2. a base backup goes into the bucket (pg_basebackup), as the ScheduledBackup does;
#   3. rows are written after the base backup, the target moment is noted, then comes the mistake
#      (every row deleted, one written);
#   4. the primary is destroyed; a fresh data directory is restored from the bucket alone and
#      replays the archived WAL up to the target (recovery_target_time), as bootstrap.recovery
#      with recoveryTarget.targetTime does;
#   5. the rows written before the target are there, the mistake is not.
# It exits 0 only if they are. Nothing is left behind (KEEP_DRILL=1 keeps the folder).
#
#   deploy/restore-drill.sh
#
# PG_BIN: PostgreSQL's binaries (default /usr/lib/postgresql/15/bin). DRILL_PORT: a free port for
# the drill's servers on 127.0.0.1 (default 55432). As root, PostgreSQL runs as the postgres user.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${DRILL_PORT:-55432}
started_at=$(date +%s)

fail() {
  echo "restore drill FAILED: $*" >&2
  exit 1
}
say() { printf '\n== %s\n' "$*"; }

for tool in initdb pg_ctl pg_basebackup psql pg_isready; do
  [ -x "$PG_BIN/$tool" ] || fail "no $PG_BIN/$tool: install PostgreSQL's server binaries, or set PG_BIN"
done
[ "$PORT" != 5432 ] || fail "DRILL_PORT must not be 5432: the drill never touches a real server"
# pg_isready: 2 is "no response", so nothing listens there.
"$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" && in_use=0 || in_use=$?
[ "$in_use" = 2 ] || fail "something answers on 127.0.0.1:$PORT: set DRILL_PORT to a free port"

# Run as postgres when we are root (PostgreSQL refuses to run as root).
if [ "$(id -u)" = 0 ]; then
  command -v runuser >/dev/null || fail "runuser is missing (util-linux): run the drill as postgres"
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

WORK=$(mktemp -d /tmp/clarion-restore-drill.XXXXXX)
BUCKET=$WORK/bucket
[ "$(id -u)" != 0 ] || chown postgres: "$WORK"
as_pg mkdir -p "$BUCKET/wal" "$BUCKET/base" "$WORK/sock"

cleanup() {
  for data in "$WORK/primary" "$WORK/restored"; do
    [ -f "$data/postmaster.pid" ] && as_pg "$PG_BIN/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1
  done
  if [ "${KEEP_DRILL:-}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

sql() {
  as_pg "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres -d drill \
    -c "$1"
}
# Polls a condition (a command) every 0.1 s up to a deadline, instead of sleeping a fixed time.
wait_for() {
  local what=$1 seconds=$2
  shift 2
  local deadline=$(($(date +%s) + seconds))
  until "$@"; do
    [ "$(date +%s)" -lt "$deadline" ] || fail "gave up after ${seconds}s waiting for $what"
    sleep 0.1
  done
}
server_settings() {
  cat <<EOF
port = $PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$WORK/sock'
EOF
}

say "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') in $WORK, port $PORT; the bucket is $BUCKET"
as_pg "$PG_BIN/initdb" -D "$WORK/primary" -U postgres --auth=trust --no-locale -E UTF8 >/dev/null
{
  server_settings
  echo "wal_level = replica"
  echo "archive_mode = on"
  # Copy, then rename: the bucket never holds half a segment, and never overwrites one.
  echo "archive_command = 'test ! -f $BUCKET/wal/%f && cp %p $BUCKET/wal/%f.part && mv $BUCKET/wal/%f.part $BUCKET/wal/%f'"
} | as_pg tee -a "$WORK/primary/postgresql.conf" >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$WORK/primary" -l "$WORK/primary.log" -w start >/dev/null
as_pg "$PG_BIN/psql" -X -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -c 'CREATE DATABASE drill'
sql "CREATE TABLE sends (id int PRIMARY KEY, note text NOT NULL,
       written_at timestamptz NOT NULL DEFAULT clock_timestamp())"
sql "INSERT INTO sends (id, note) SELECT i, 'before the base backup' FROM generate_series(1, 3) i"

say "1. base backup into the bucket (pg_basebackup, tar, WAL from the archive only)"
as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PORT" -U postgres -D "$BUCKET/base" \
  -Ft -z -X none -c fast -l restore-drill
ls -l "$BUCKET/base" | tail -n +2

say "2. writes after the base backup, the target moment, then the mistake"
sql "INSERT INTO sends (id, note) SELECT i, 'after the base backup' FROM generate_series(4, 6) i"
TARGET=$(sql "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'")
echo "target: $TARGET"
sql "DELETE FROM sends"
sql "INSERT INTO sends (id, note) VALUES (7, 'after the target: must not come back')"
echo "primary now holds: $(sql "SELECT string_agg(id || ' ' || note, '; ' ORDER BY id) FROM sends")"
# Close the current segment, so the WAL holding the mistake reaches the bucket too.
SEGMENT=$(sql "SELECT pg_walfile_name(pg_switch_wal())")
wait_for "$SEGMENT in the bucket" 60 test -f "$BUCKET/wal/$SEGMENT"
echo "archived WAL: $(ls "$BUCKET/wal" | grep -cv '\.part$') segments, the last $SEGMENT"

say "3. the primary is lost (stopped without a checkpoint, its data directory deleted)"
as_pg "$PG_BIN/pg_ctl" -D "$WORK/primary" -m immediate stop >/dev/null
rm -rf "$WORK/primary"

say "4. restore into a fresh data directory from the bucket, up to the target"
as_pg mkdir -m 700 "$WORK/restored"
as_pg tar -xzf "$BUCKET/base/base.tar.gz" -C "$WORK/restored"
as_pg mkdir -p -m 700 "$WORK/restored/pg_wal"
{
  server_settings
  echo "restore_command = 'cp $BUCKET/wal/%f %p'"
  echo "recovery_target_time = '$TARGET'"
  echo "recovery_target_action = 'promote'"
  # The restored server starts a new timeline: it does not archive into the old one's bucket.
  echo "archive_mode = off"
} | as_pg tee -a "$WORK/restored/postgresql.conf" >/dev/null
as_pg touch "$WORK/restored/recovery.signal"
as_pg "$PG_BIN/pg_ctl" -D "$WORK/restored" -l "$WORK/restored.log" -w -t 120 start >/dev/null
promoted() { [ "$(sql 'SELECT pg_is_in_recovery()' 2>/dev/null)" = f ]; }
wait_for "the restored server to reach the target and promote" 120 promoted
grep -E 'starting point-in-time recovery|restored log file|recovery stopping|selected new timeline|archive recovery complete' \
  "$WORK/restored.log" | sed -E 's/^[0-9-]+ [0-9:.]+ [A-Z]+ \[[0-9]+\] //'

say "5. what the restored database holds"
ROWS=$(sql "SELECT id || ' ' || note FROM sends ORDER BY id")
echo "$ROWS"
EXPECTED=$(printf '%s\n' '1 before the base backup' '2 before the base backup' \
  '3 before the base backup' '4 after the base backup' '5 after the base backup' \
  '6 after the base backup')
[ "$ROWS" = "$EXPECTED" ] || fail "expected rows 1-6 and not 7, got the above"
echo
echo "restore drill PASSED in $(($(date +%s) - started_at)) s: rows 1-3 from the base backup, 4-6 from the archived WAL, the mistake after the target not replayed"
