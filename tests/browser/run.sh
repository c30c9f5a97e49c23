#!/bin/sh
# The web client in real Chromium: starts `tabletop serve` on a free loopback
# port with a database of its own, and runs the specs (tests/browser/specs.mjs)
# in Debian's chromium driven by playwright-core, which never downloads a
# browser. Screenshots go to WORK_DIR/artefacts; TT_SPECS=REGEX runs only the
# specs whose names match. Exits 77 (ctest: skipped) only when
# chromium or node is not installed (scripts/install-deps.sh installs both).
#   run.sh TABLETOP SOURCE_DIR WORK_DIR
set -eu
tabletop=$1 src=$2 work=$3
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ] || ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "browser tests skipped: chromium, node or npm is not installed" >&2
  exit 77
fi
mkdir -p "$work/artefacts"
# playwright-core at the version package-lock.json pins; offline once cached
cp "$src/tests/browser/package.json" "$src/tests/browser/package-lock.json" "$work/"
if ! cmp -s "$work/package-lock.json" "$work/node_modules/.package-lock.json" 2>/dev/null ||
   [ ! -d "$work/node_modules/playwright-core" ]; then
  (cd "$work" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefer-offline --no-audit --no-fund \
     --loglevel=error >/dev/null)
fi
cp "$src/tests/browser/specs.mjs" "$work/"

db=$(mktemp -d)
log="$work/artefacts/serve.log"
fifo="$db/out"
mkfifo "$fifo"
"$tabletop" serve --port 0 --db "$db/tables.db" >"$fifo" 2>"$log" &
pid=$!
# under set -e a failing command in the trap would make the exit status 1:
# the server is usually stopped already when it runs
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$db"' EXIT
exec 3<"$fifo"
read -r line <&3 || { echo "the server did not start:" >&2; cat "$log" >&2; exit 1; }
url=${line#listening on }
echo "server: $url"
status=0
TT_URL=$url TT_BIN=$tabletop TT_ARTEFACTS="$work/artefacts" CHROMIUM=$chromium \
  timeout 240 node --test-reporter=spec ${TT_SPECS:+--test-name-pattern="$TT_SPECS"} \
  "$work/specs.mjs" || status=$?
# a clean stop first, so that a sanitizer's leak report is in the log too
kill $pid 2>/dev/null && wait $pid 2>/dev/null || true
if grep -q "ERROR: AddressSanitizer\|ERROR: LeakSanitizer\|runtime error:" "$log"; then
  echo "the server's log holds a sanitizer's report:" >&2
  cat "$log" >&2
  status=1
fi
exit $status
