#!/usr/bin/env bash
# npm run bench:load — bench/load/run.ts on PGlite (one `npm start`), then on a throw-away PostgreSQL cluster
# (scripts/postgres-cluster.sh) with two web instances and a worker process. Flags go to both runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
npx remix build >/dev/null
DATABASE_URL= npx tsx bench/load/run.ts "$@"
export PG_PORT="${PG_PORT:-55472}"
# shellcheck source=scripts/postgres-cluster.sh
source scripts/postgres-cluster.sh
start_postgres_cluster
trap stop_postgres_cluster EXIT
create_postgres_database bench_load
DATABASE_URL="$(postgres_url bench_load)" npx tsx bench/load/run.ts "$@"
