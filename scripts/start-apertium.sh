#!/usr/bin/env bash
# Apertium APY on loopback for the machine-translation tests (and for trying Tulks with a real engine).
#
#   scripts/start-apertium.sh [port]        start it (default port 2737), wait until /listPairs answers,
#                                           print its URL as the only line on stdout: APERTIUM_URL=$(…)
#   scripts/start-apertium.sh stop [port]   stop the one this script started on that port
#
# Needs Debian's apertium-apy and apertium-eng-spa; installs them when missing if we are root or have
# passwordless sudo (CI), otherwise prints the install command and stops. Every installed pair is served
# (/usr/share/apertium/modes). APY 0.11 has no listen-address option and binds every interface, so it is started
# through a few lines of Python that make tornado bind 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = stop ]; then
  pid_file=".tmp/apertium-${2:-2737}.pid"
  if [ -f "$pid_file" ]; then
    kill "$(cat "$pid_file")" 2>/dev/null || true
    rm -f "$pid_file"
  fi
  exit 0
fi

port="${1:-2737}"
url="http://127.0.0.1:$port"
modes=/usr/share/apertium/modes
mkdir -p .tmp
pid_file=".tmp/apertium-$port.pid"
log_file=".tmp/apertium-$port.log"

say() { printf '%s\n' "$*" >&2; }

answers() {
  /usr/bin/python3 - "$url" <<'PY' 2>/dev/null
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1] + '/listPairs', timeout=2) as response:
    sys.exit(0 if b'"eng"' in response.read() else 1)
PY
}

if [ ! -x /usr/bin/apertium-apy ] || [ ! -f "$modes/eng-spa.mode" ]; then
  if [ "$(id -u)" = 0 ]; then
    as_root=()
  elif sudo -n true 2>/dev/null; then
    as_root=(sudo)
  else
    say "Apertium is not installed. Install it with:"
    say "  sudo apt-get install -y apertium-apy apertium-eng-spa"
    say "  scripts/start-apertium.sh $port"
    exit 1
  fi
  say "Installing apertium-apy and apertium-eng-spa…"
  "${as_root[@]}" apt-get update -qq >&2
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    apertium-apy apertium-eng-spa >&2
fi

if answers; then
  say "Apertium APY already answers on $url"
  echo "$url"
  exit 0
fi

# Debian's APY runs on the system Python (it needs python3-tornado), whatever python3 comes first in PATH.
LC_ALL=C.UTF-8 nohup setsid /usr/bin/python3 -c '
import sys
import tornado.tcpserver
bind = tornado.tcpserver.TCPServer.bind
tornado.tcpserver.TCPServer.bind = lambda self, port, address=None, *rest, **named: bind(self, port, "127.0.0.1", *rest, **named)
from apertium_apy.apy import main
sys.argv = ["apertium-apy"] + sys.argv[1:]
main()
' --port "$port" "$modes" >"$log_file" 2>&1 &
echo $! >"$pid_file"

for _ in $(seq 1 60); do
  if answers; then
    say "Apertium APY $(dpkg-query -W -f='${Version}' apertium-apy 2>/dev/null) on $url (log: $log_file)"
    echo "$url"
    exit 0
  fi
  if ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then
    say "Apertium APY stopped at start; its log:"
    cat "$log_file" >&2
    exit 1
  fi
  sleep 0.5
done
say "Apertium APY did not answer on $url within 30 s; its log: $log_file"
exit 1
