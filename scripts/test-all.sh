#!/usr/bin/env bash
# Installs everything the tests need and runs every test (the README's second command; .ci/run calls it):
#   Debian packages (chromium, postgresql, libreoffice-writer-nogui, -calc-nogui and -impress-nogui, translate-toolkit, apertium-apy + eng-spa, hunspell with its lv/ru/en dictionaries, gettext's msgfmt) when missing, npm packages, then lint, types, the build,
#   vitest on PGlite and on a throw-away PostgreSQL cluster, and Playwright in Debian's Chromium with
#   JavaScript on and off on PGlite, JavaScript on again on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
export VITE_CJS_IGNORE_WARNING=true
results="$(pwd)/.tmp/results"
rm -rf "$results" && mkdir -p "$results"

step() { printf '\n=== %s (%s) ===\n' "$*" "$(date -u +%H:%M:%S)"; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-writer-nogui)
dpkg -s libreoffice-calc-nogui >/dev/null 2>&1 || missing+=(libreoffice-calc-nogui)
dpkg -s libreoffice-impress-nogui >/dev/null 2>&1 || missing+=(libreoffice-impress-nogui)
[ -d /usr/lib/python3/dist-packages/translate ] || missing+=(translate-toolkit)
[ -f /usr/share/apertium/modes/eng-spa.mode ] || missing+=(apertium-apy apertium-eng-spa)
command -v hunspell >/dev/null 2>&1 || missing+=(hunspell)
command -v msgfmt >/dev/null 2>&1 || missing+=(gettext)
for dictionary in lv:lv_LV ru:ru_RU en-us:en_US; do
  [ -f "/usr/share/hunspell/${dictionary#*:}.dic" ] || missing+=("hunspell-${dictionary%%:*}")
done
if [ ${#missing[@]} -gt 0 ]; then
  step "apt-get install ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

step "npm ci"
npm ci --no-audit --no-fund --loglevel=error

step "lint and types"
npm run -s lint
npm run -s typecheck

step "build"
npx remix build

step "start Apertium APY on loopback (machine-translation tests)"
APERTIUM_PORT=55737
APERTIUM_URL="$(scripts/start-apertium.sh "$APERTIUM_PORT")"
export APERTIUM_URL
trap 'scripts/start-apertium.sh stop "$APERTIUM_PORT"' EXIT

step "unit and integration tests on PGlite"
npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest-pglite.json"

step "start a throw-away PostgreSQL cluster"
# shellcheck source=scripts/postgres-cluster.sh
source scripts/postgres-cluster.sh
start_postgres_cluster
trap 'scripts/start-apertium.sh stop "$APERTIUM_PORT"; stop_postgres_cluster' EXIT

step "unit and integration tests on PostgreSQL"
create_postgres_database tulks_test
TEST_DATABASE_URL="$(postgres_url tulks_test)" \
  npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest-postgres.json"

# The two modes as two Playwright processes at once, each with its own server, database and MT switch: about a
# fifth less time on two cores than one after the other (their tests wait on pages as much as they compute).
step "end-to-end tests on PGlite (Chromium, JavaScript on and off, side by side)"
E2E_MODE=nojs E2E_PORT_MT_SWITCH=3104 PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-pglite-nojs.json" \
  npx playwright test --reporter=list,json > "$results/e2e-pglite-nojs.log" 2>&1 &
nojs_run=$!
js_status=0
E2E_MODE=js PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-pglite-js.json" npx playwright test --reporter=list,json || js_status=$?
nojs_status=0
wait "$nojs_run" || nojs_status=$?
printf '\n--- JavaScript off ---\n'
cat "$results/e2e-pglite-nojs.log"
[ "$js_status" = 0 ] || exit "$js_status"
[ "$nojs_status" = 0 ] || exit "$nojs_status"

# On PostgreSQL the JavaScript project and the specs whose pages run the most SQL: the no-JS project runs the
# same loaders and actions (PGlite run above), vitest runs every query on PostgreSQL, and everything twice would
# take CI past half an hour on a fresh 2-core machine.
step "end-to-end tests on PostgreSQL (Chromium, JavaScript on)"
create_postgres_database e2e_js
create_postgres_database e2e_nojs
E2E_MODE=js E2E_DATABASE_URL_JS="$(postgres_url e2e_js)" E2E_DATABASE_URL_NOJS="$(postgres_url e2e_nojs)" \
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-postgres.json" npx playwright test --project=setup-js --project=js --reporter=list,json \
  e2e/translate.spec.ts e2e/comments.spec.ts e2e/split-merge.spec.ts e2e/suggestions.spec.ts e2e/memories.spec.ts e2e/pretranslate.spec.ts

step "summary"
node scripts/summarize-tests.mjs "$results"
