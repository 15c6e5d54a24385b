#!/usr/bin/env bash
# Opens the built documentation in headless Chromium, as a reader's browser would: the
# landing page and the Getting started tutorial must render (their titles are set by DocC's
# JavaScript, so a title proves the page ran) with their text, and log nothing to the
# console. The archive is served from 127.0.0.1 on a free port, as static hosting serves it.
#
#   swift package generate-documentation --target TermLayout   # builds the archive
#   bash scripts/docs-smoke.sh [ARCHIVE]
set -euo pipefail
cd "$(dirname "$0")/.."

archive=${1:-.build/plugins/Swift-DocC/outputs/TermLayout.doccarchive}
if [ ! -f "$archive/index.html" ]; then
  echo "error: no static-hosting archive at $archive (build the documentation first)" >&2
  exit 1
fi
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "error: Chromium is needed (Debian: apt-get install chromium)" >&2
  exit 1
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$archive" >/dev/null 2>&1 &
server=$!
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html', timeout=1)" 2>/dev/null && break
  sleep 0.1
done

failures=0
# check PATH TITLE TEXT: the page at PATH has the title "TITLE | Documentation", shows TEXT,
# and writes nothing to the console.
check() {
  local path=$1 title=$2 text=$3
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --enable-logging=stderr --log-level=0 \
    --user-data-dir="$work/profile" --virtual-time-budget=15000 --dump-dom "http://127.0.0.1:$port/$path" \
    >"$work/page.html" 2>"$work/browser.log" || true
  if ! grep -qF "<title>$title | Documentation</title>" "$work/page.html"; then
    echo "error: /$path did not render with the title '$title | Documentation'" >&2
    failures=$((failures + 1))
  elif ! grep -qF "$text" "$work/page.html"; then
    echo "error: /$path does not show '$text'" >&2
    failures=$((failures + 1))
  elif grep -F 'CONSOLE' "$work/browser.log" >&2; then
    echo "error: /$path wrote to the console (above)" >&2
    failures=$((failures + 1))
  else
    echo "ok: /$path renders as '$title'"
  fi
}

check documentation/termlayout "TermLayout" "Build terminal user interfaces from XML templates"
check documentation/termlayout/gettingstarted "Getting started" "makeCounterApp"
check documentation/termlayout/layoutapp "LayoutApp" "LayoutApp"
[ "$failures" -eq 0 ]
