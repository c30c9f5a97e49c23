#!/usr/bin/env bash
# Regenerates the expected output of golden protocol transcripts:
# tests/golden/<game>/<name>.out from <name>.in, run through `tabletop protocol`
# in the same working directory ctest uses (the build's tests/ folder), so that
# `save`/`load` of relative file names behave as they do under ctest.
#
# Usage: scripts/regen-golden.sh [tests/golden/<game>/<name>.in ...]
#   With no arguments, every transcript. BUILD=<dir> picks the build (default: build).
# The .out files are what the tests hold the protocol to: read the diff
# (git diff -- tests/golden) before accepting it.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
case $build in /*) ;; *) build=$root/$build ;; esac
bin=$build/tabletop
if [ ! -x "$bin" ]; then
    echo "regen-golden: $bin not found: build first (make build)" >&2
    exit 1
fi
work=$build/tests
mkdir -p "$work"

if [ $# -eq 0 ]; then
    set -- "$root"/tests/golden/*/*.in
fi

n=0
for in in "$@"; do
    if [ ! -f "$in" ]; then
        echo "regen-golden: no transcript $in" >&2
        exit 1
    fi
    in=$(cd "$(dirname "$in")" && pwd)/$(basename "$in")
    out=${in%.in}.out
    if ! (cd "$work" && "$bin" protocol <"$in") >"$out.tmp"; then
        rm -f "$out.tmp"
        echo "regen-golden: tabletop protocol failed on ${in#"$root"/}" >&2
        exit 1
    fi
    mv "$out.tmp" "$out"
    echo "regenerated ${out#"$root"/}"
    n=$((n + 1))
done
echo "$n transcript(s); review them: git diff -- tests/golden"

# docs/protocol.md shows the `session` transcript, requests and answers
# interleaved, between its session:begin and session:end markers.
doc=$root/docs/protocol.md
session=$root/tests/golden/invaders/session
if [ -f "$doc" ] && [ -f "$session.in" ]; then
    awk -v outs="$session.out" -v ins="$session.in" '
        # each request line, then its answer; the last answer closes the block
        function interleave(   line, resp, r, n, k, blank) {
            RS = "\n\n"; n = 0
            while ((getline r < outs) > 0) resp[++n] = r
            close(outs); RS = "\n"; k = 0; blank = 0
            while ((getline line < ins) > 0) {
                if (blank) print ""
                print line; blank = 0
                if (line ~ /^[ \t]*$/ || line ~ /^[ \t]*#/) continue
                print resp[++k]; blank = 1
            }
            close(ins)
        }
        /<!-- session:begin/ { print; print "```"; interleave(); skip = 1; next }
        /<!-- session:end/   { print "```"; print; skip = 0; next }
        !skip' "$doc" >"$doc.tmp"
    mv "$doc.tmp" "$doc"
    echo "rewrote the example session in docs/protocol.md"
fi
