#!/usr/bin/env bash
# npm run bench:load — bench/load/run.ts on PGlite (one `npm start`), then on a throw-away PostgreSQL cluster
# (scripts/postgres-cluster.sh) with two web instances and a worker process. Flags go to both runs.
# npm run bench:capacity — the same with bench/load/capacity.ts (issue 53 point 5).
set -euo pipefail
cd "$(dirname "$0")/../.."
SCRIPT=bench/load/run.ts
if [ "${1:-}" = capacity ]; then
  SCRIPT=bench/load/capacity.ts
  shift
fi
npx remix build >/dev/null
DATABASE_URL= npx tsx "$SCRIPT" "$@"
export PG_PORT="${PG_PORT:-55472}"
# shellcheck source=scripts/postgres-cluster.sh
source scripts/postgres-cluster.sh
start_postgres_cluster
trap stop_postgres_cluster EXIT
create_postgres_database bench_load
DATABASE_URL="$(postgres_url bench_load)" npx tsx "$SCRIPT" "$@"
