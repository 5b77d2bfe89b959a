#!/usr/bin/env bash
# npm run bench:tm — bench/tm/run.ts on PGlite and on a throw-away PostgreSQL cluster (scripts/postgres-cluster.sh).
# BENCH_TM_SIZES=10000,100000 npm run bench:tm for a quicker run; PG_PORT picks the cluster's port.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PG_PORT="${PG_PORT:-55471}"
# shellcheck source=scripts/postgres-cluster.sh
source scripts/postgres-cluster.sh
start_postgres_cluster
trap stop_postgres_cluster EXIT
create_postgres_database bench_tm
BENCH_TM_DATABASE_URL="$(postgres_url bench_tm)" NODE_OPTIONS="--expose-gc" node bench/built.mjs bench/tm/run.ts "$@"
