#!/usr/bin/env bash
# Starts or stops PostgreSQL, Redis and an SMTP capture server (maildev) on loopback ports of their own,
# for the real-services test mode and for CI. Nothing here touches system-wide service configuration.
#   scripts/services.sh start DIR   -> prints the env lines to export (DATABASE_URL, REDIS_URL, ...)
#   scripts/services.sh stop DIR
#   scripts/services.sh start|stop DIR pg|redis|mail   -> one service only (fault drills stop and restart them)
# Every service listens on 127.0.0.1 only.
set -euo pipefail
cmd=${1:?start|stop}
dir=$(realpath -m "${2:-.tmp/services}")
only=${3:-all}
PG_PORT=${PG_PORT:-55432}
REDIS_PORT=${REDIS_PORT:-56379}
SMTP_PORT=${SMTP_PORT:-51025}
MAIL_API_PORT=${MAIL_API_PORT:-51080}
here=$(cd "$(dirname "$0")/.." && pwd)

pg_bin() {
  local v
  for v in 17 16 15; do [ -x "/usr/lib/postgresql/$v/bin/initdb" ] && { echo "/usr/lib/postgresql/$v/bin"; return; }; done
  return 1
}

install_missing() {
  local need=()
  pg_bin >/dev/null || need+=(postgresql)
  command -v redis-server >/dev/null || need+=(redis-server)
  if [ ${#need[@]} -gt 0 ]; then
    echo "installing ${need[*]}" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >&2
  fi
}

# Each start_* does nothing when its service already runs (a drill's clean-up may start one that is up).
start_pg() {
  local bin; bin=$(pg_bin)
  if [ -f "$dir/pgdata/postmaster.pid" ] && kill -0 "$(head -1 "$dir/pgdata/postmaster.pid")" 2>/dev/null; then return 0; fi
  # initdb refuses to run as root: run PostgreSQL as the postgres user in a folder it owns.
  local runas=()
  if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; runas=(su postgres -s /bin/sh -c); else runas=(sh -c); fi
  if [ ! -f "$dir/pgdata/PG_VERSION" ]; then
    "${runas[@]}" "$bin/initdb -D '$dir/pgdata' -U postgres --auth=trust -E UTF8" >"$dir/initdb.log" 2>&1
  fi
  "${runas[@]}" "$bin/pg_ctl -D '$dir/pgdata' -o \"-p $PG_PORT -k '$dir/sock' -c listen_addresses=127.0.0.1 -c fsync=off\" -l '$dir/pg.log' -w start" >&2
}

start_redis() {
  redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return 0
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
    --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --dir "$dir" >&2
  for _ in $(seq 1 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
}

# The Node that runs maildev: its web UI needs packages that require Node 22 or later (content-disposition 3,
# cookie 2), so on an older Node it runs on Node 24 from the npm registry (its binary, so the pid is maildev's own).
maildev_node() {
  if [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 22 ]; then command -v node; return; fi
  npx -y -p node@24 -- node -p 'process.execPath'
}

start_mail() {
  if [ -f "$dir/maildev.pid" ] && kill -0 "$(cat "$dir/maildev.pid")" 2>/dev/null; then return 0; fi
  local node_bin; node_bin=$(maildev_node)
  # maildev: a real SMTP server with an HTTP API, from npm; both bound to loopback.
  nohup "$node_bin" "$here/node_modules/maildev/dist/bin/maildev.js" --smtp "$SMTP_PORT" --web "$MAIL_API_PORT" --ip 127.0.0.1 --web-ip 127.0.0.1 \
    --silent >"$dir/maildev.log" 2>&1 &
  echo $! >"$dir/maildev.pid"
  for _ in $(seq 1 100); do
    (echo > "/dev/tcp/127.0.0.1/$MAIL_API_PORT") 2>/dev/null && break
    sleep 0.1
  done
}

start() {
  install_missing
  mkdir -p "$dir/sock"
  case "$only" in
    pg) start_pg ;;
    redis) start_redis ;;
    mail) start_mail ;;
    *) start_pg; start_redis; start_mail ;;
  esac
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
  echo "SMTP_URL=smtp://127.0.0.1:$SMTP_PORT"
  echo "MAIL_API_URL=http://127.0.0.1:$MAIL_API_PORT"
}

stop_pg() {
  local bin; bin=$(pg_bin || true)
  if [ -n "$bin" ] && [ -f "$dir/pgdata/postmaster.pid" ]; then
    if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$bin/pg_ctl -D '$dir/pgdata' -m fast -w stop" >&2 || true
    else "$bin/pg_ctl" -D "$dir/pgdata" -m fast -w stop >&2 || true; fi
  fi
}

stop_redis() {
  [ -f "$dir/redis.pid" ] && { redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; rm -f "$dir/redis.pid"; }
  return 0
}

stop_mail() {
  [ -f "$dir/maildev.pid" ] || return 0
  local pid; pid=$(cat "$dir/maildev.pid")
  kill "$pid" 2>/dev/null || true
  # maildev can linger after SIGTERM with a client connection open: wait for it, then SIGKILL that pid.
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$dir/maildev.pid"
  return 0
}

stop() {
  case "$only" in
    pg) stop_pg ;;
    redis) stop_redis ;;
    mail) stop_mail ;;
    *) stop_pg; stop_redis; stop_mail ;;
  esac
  return 0
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop [DIR] [pg|redis|mail]" >&2; exit 2 ;;
esac
