# A throw-away PostgreSQL cluster on loopback for the tests (sourced by test-all.sh and bench scripts).
# Runs as the postgres user when we are root (initdb refuses root), otherwise as ourselves.
PG_PORT="${PG_PORT:-55439}"
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
PG_DIR=""

pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_postgres_cluster() {
  PG_DIR="$(mktemp -d /tmp/tulks-pg-XXXXXX)"
  [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
  pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -U tulks --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c max_connections=200" start >/dev/null
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
}

stop_postgres_cluster() {
  [ -n "$PG_DIR" ] || return 0
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DIR=""
}

create_postgres_database() {
  "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U tulks -d postgres -c "drop database if exists $1" -c "create database $1"
}

postgres_url() {
  echo "postgres://tulks@127.0.0.1:$PG_PORT/$1"
}
