#!/usr/bin/env bash
# Regenerates the card catalogues of the sample sets: docs/cards/<game>.md is
# `tabletop cards <game>` with the default parameters, for every game whose
# catalogue is committed (and the games named as arguments). The test
# cards_doc_<game> fails while a committed catalogue differs from what the
# build writes, so a change to a description or to the sample content is
# regenerated here and reviewed with `git diff -- docs/cards`.
#
# Usage: scripts/regen-cards.sh [<game> ...]   BUILD=<dir> picks the build (default: build).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
case $build in /*) ;; *) build=$root/$build ;; esac
bin=$build/tabletop
if [ ! -x "$bin" ]; then
    echo "regen-cards: $bin not found: build first (make build)" >&2
    exit 1
fi
mkdir -p "$root/docs/cards"

if [ $# -eq 0 ]; then
    for doc in "$root"/docs/cards/*.md; do
        [ -f "$doc" ] && set -- "$@" "$(basename "$doc" .md)"
    done
fi

for game in "$@"; do
    out=$root/docs/cards/$game.md
    if ! "$bin" cards "$game" >"$out.tmp"; then
        rm -f "$out.tmp"
        echo "regen-cards: tabletop cards $game failed" >&2
        exit 1
    fi
    mv "$out.tmp" "$out"
    echo "regenerated docs/cards/$game.md"
done
