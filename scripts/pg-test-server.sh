#!/usr/bin/env bash
# A throwaway PostgreSQL 15 for the storage tests (tests/storage/), in DIR:
#   bash scripts/pg-test-server.sh start DIR   # prints the database's URL
#   bash scripts/pg-test-server.sh stop DIR    # stops it and removes DIR
# initdb + pg_ctl with trust authentication, no TCP (listen_addresses='')
# and the Unix socket in DIR, so it touches no other server and needs no
# password. PostgreSQL refuses to run as root: as root, the server runs as
# the unprivileged `postgres` user (Debian's postgresql package creates it)
# and DIR belongs to that user. ctest starts and stops it as a fixture
# (tests/CMakeLists.txt) and hands the URL to the tests in
# MEEPLE_TEST_POSTGRES.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  echo "usage: $0 start|stop DIR" >&2
  exit 2
fi
bin=${MEEPLE_PG_BIN:-/usr/lib/postgresql/15/bin}
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
stop() {
  if [ -f "$dir/data/postmaster.pid" ]; then
    (cd "$dir" && as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null) || true
  fi
  rm -rf "$dir"
}
case "$cmd" in
  start)
    if [ ! -x "$bin/initdb" ]; then
      echo "pg-test-server: no PostgreSQL 15 at $bin (bash scripts/setup.sh installs it)" >&2
      exit 1
    fi
    stop # a server left over from an interrupted run
    mkdir -p "$dir"
    chmod 700 "$dir"
    [ "$(id -u)" -ne 0 ] || chown postgres:postgres "$dir"
    cd "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -U meeple --auth=trust -E UTF8 --no-sync \
      >"$dir/initdb.log" 2>&1 || {
      cat "$dir/initdb.log" >&2
      exit 1
    }
    # Test data need not survive a power cut: no fsync, for speed.
    cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start >/dev/null || {
      cat "$dir/server.log" >&2
      exit 1
    }
    as_pg "$bin/createdb" -h "$dir" -U meeple meeple
    echo "postgresql:///meeple?host=$dir&user=meeple"
    ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
