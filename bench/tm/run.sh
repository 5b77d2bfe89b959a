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
# Each engine in a process of its own: measured second in the process the first had filled, PostgreSQL imported a
# million units at 15,491 units/s against 19,433–21,643 alone (2026-11-29). translate-toolkit answers in the first.
engines="${BENCH_TM_ENGINES:-pglite,postgres}"
toolkit="${BENCH_TM_TOOLKIT_QUERIES:-50}"
for engine in ${engines//,/ }; do
  BENCH_TM_ENGINES="$engine" BENCH_TM_TOOLKIT_QUERIES="$toolkit" BENCH_TM_DATABASE_URL="$(postgres_url bench_tm)" \
    NODE_OPTIONS="--expose-gc" node bench/built.mjs bench/tm/run.ts "$@"
  toolkit=0
done
