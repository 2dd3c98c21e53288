#!/usr/bin/env bash
# The example deployment of docs/scale.md on one machine: PostgreSQL 15 in a
# directory of its own, three `meeple serve` on it, HAProxy in front.
#   deploy/local/start.sh start [DIR]   # prints the URL to open
#   deploy/local/start.sh stop [DIR]    # stops everything, keeps DIR/data
# DIR defaults to /tmp/meeple-local (HAProxy takes 4,000 connections:
# raise maxconn in the config with `ulimit -n`). Ports: HAProxy on $MEEPLE_PORT (8080),
# the servers on the three ports above it. The meeple binary is $MEEPLE
# (default: build/release/cli/meeple of this checkout, as scripts/run.sh builds it). Debian packages only:
# postgresql-15 and haproxy (scripts/setup.sh installs them).
# HAProxy names each client in X-Forwarded-For and the servers trust it
# (--trusted-proxy 127.0.0.1: the balancer and the other servers, which
# name the client when they forward), so quotas would count real clients;
# they are off here all the same, for the load generator (docs/scale.md).
# $MEEPLE_SERVE_FLAGS is passed to each server.
#
# PostgreSQL refuses to run as root: as root it runs as the `postgres`
# user (as scripts/pg-test-server.sh does), listening on a Unix socket in
# DIR only. Unlike the test server it keeps fsync on: this is for playing.
# Across machines: run PostgreSQL where every machine reaches it, start
# each `meeple serve --db postgresql://USER:PASSWORD@DBHOST/meeple
# --address 0.0.0.0 --advertise-url http://THIS_HOST:PORT`, and list them
# all in HAProxy's config (docs/api.md "Several servers on one database").
set -euo pipefail
cmd=${1:-}
dir=${2:-/tmp/meeple-local}
port=${MEEPLE_PORT:-8080}
here=$(cd "$(dirname "$0")/../.." && pwd)
meeple=${MEEPLE:-$here/build/release/cli/meeple}
bin=${MEEPLE_PG_BIN:-/usr/lib/postgresql/15/bin}
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
url="postgresql:///meeple?host=$dir&user=meeple"

stop() {
  for f in "$dir"/serve*.pid "$dir"/haproxy.pid; do
    [ -f "$f" ] || continue
    kill "$(cat "$f")" 2>/dev/null || true
    rm -f "$f"
  done
  if [ -f "$dir/data/postmaster.pid" ]; then
    (cd "$dir" && as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null) || true
  fi
}

case "$cmd" in
  start)
    for need in "$bin/initdb" "$meeple"; do
      [ -x "$need" ] || { echo "start.sh: $need is missing (scripts/setup.sh, then build)" >&2; exit 1; }
    done
    command -v haproxy >/dev/null || { echo "start.sh: haproxy is missing (scripts/setup.sh)" >&2; exit 1; }
    stop
    mkdir -p "$dir"
    chmod 700 "$dir"
    [ "$(id -u)" -ne 0 ] || chown postgres:postgres "$dir"
    cd "$dir"
    if [ ! -d "$dir/data" ]; then
      as_pg "$bin/initdb" -D "$dir/data" -U meeple --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
      cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$dir'
CONF
      fresh=1
    fi
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w start >/dev/null ||
      { cat "$dir/postgres.log" >&2; exit 1; }
    [ -z "${fresh:-}" ] || as_pg "$bin/createdb" -h "$dir" -U meeple meeple
    servers=""
    for i in 1 2 3; do
      p=$((port + i))
      "$meeple" serve --db "$url" --address 127.0.0.1 --port "$p" \
        --advertise-url "http://127.0.0.1:$p" --web "$here/web" --trusted-proxy 127.0.0.1 \
        --max-tables-per-minute 0 --max-live-tables 0 --max-actions-per-minute 0 \
        --max-connections-per-address 4000 ${MEEPLE_SERVE_FLAGS:-} >"$dir/serve$i.log" 2>&1 &
      echo $! >"$dir/serve$i.pid"
      servers="$servers  server s$i 127.0.0.1:$p check"$'\n'
    done
    cat >"$dir/haproxy.cfg" <<CFG
global
  maxconn 4000
defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  retries 3
  option redispatch
listen meeple
  bind 127.0.0.1:$port
  balance hash path,field(4,/)
  # Only servers mark requests as forwarded (docs/api.md).
  http-request del-header X-Meeple-Forwarded
  # The client's address, for the servers' per-client quotas.
  option forwardfor
  hash-type consistent
  option httpchk
  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host 127.0.0.1
  default-server inter 1s fall 2 rise 2
$servers
CFG
    haproxy -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
    echo $! >"$dir/haproxy.pid"
    for _ in $(seq 50); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$port" &&
        printf 'GET /api/health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3 &&
        grep -q '"ok":true' <&3) 2>/dev/null; then
        echo "meeple: http://127.0.0.1:$port/ (three servers on $url; logs in $dir)"
        exit 0
      fi
      sleep 0.2
    done
    echo "start.sh: nothing answers on port $port; see $dir/*.log" >&2
    exit 1
    ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop [DIR]" >&2
    exit 2
    ;;
esac
