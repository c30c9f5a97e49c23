#!/bin/sh
# The AI commands as scripts see them: sim and ladder give the same output on
# any number of threads, two run seeds share no game, bench --ai reports its
# figures, play and genmove take every AI, and bad AI options are refused.
# Usage: test_ai_cli.sh path/to/tabletop   (exit 0 when every check passes)
set -u
BIN=${1:?usage: test_ai_cli.sh path/to/tabletop}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }
has() { grep -q -- "$2" "$1" || fail "$1 lacks '$2' ($3)"; }

# sim: byte-identical for 1, 2 and 3 threads (timings aside), with an AI seat
for t in 1 2 3; do
    "$BIN" sim invaders --games 500 --seed 8 --threads $t --csv >"$TMP/csv$t" || fail "sim --threads $t"
    "$BIN" sim braunau --games 3 --seed 8 --threads $t --ai ismcts:iters=8,flat:n=1,random --json |
        sed 's/"seconds":.*//' >"$TMP/json$t" || fail "sim braunau --threads $t"
done
for t in 2 3; do
    cmp -s "$TMP/csv1" "$TMP/csv$t" || fail "sim --csv differs between 1 and $t threads"
    cmp -s "$TMP/json1" "$TMP/json$t" || fail "sim --json with AIs differs between 1 and $t threads"
done
[ "$(wc -l <"$TMP/csv1")" -eq 501 ] || fail "sim --csv: not a header and 500 rows"
has "$TMP/json1" '"ai":"ismcts:iters=8"' "sim names an AI with its parameters"

# two run seeds share no game (they used to share all but one)
"$BIN" sim invaders --games 300 --seed 1 --csv | cut -d, -f2 | tail -n +2 | sort >"$TMP/s1"
"$BIN" sim invaders --games 300 --seed 2 --csv | cut -d, -f2 | tail -n +2 | sort >"$TMP/s2"
[ "$(sort -u "$TMP/s1" | wc -l)" -eq 300 ] || fail "seed 1: game seeds repeat"
[ "$(comm -12 "$TMP/s1" "$TMP/s2" | wc -l)" -eq 0 ] || fail "seeds 1 and 2 share games"

# ladder: the same report for any thread count (the timing line aside)
for t in 1 2; do
    "$BIN" ladder invaders --games 4 --ai random,flat:n=1,ismcts:iters=10 --seed 3 --threads $t |
        grep -v ' games in ' >"$TMP/ladder$t" || fail "ladder --threads $t"
done
cmp -s "$TMP/ladder1" "$TMP/ladder2" || fail "ladder differs between 1 and 2 threads"
has "$TMP/ladder1" '^  ismcts:iters=10 ' "ladder matrix row"
has "$TMP/ladder1" 'rating (Elo scale, random = 0)' "ladder ratings"
has "$TMP/ladder1" 'score of each AI by its seat' "ladder per seat"
# names longer than a column are printed whole, so that two AIs never read alike
"$BIN" ladder invaders --games 2 --ai ismcts:iters=8:c=0.5,ismcts:iters=8:c=0.25,random --seed 3 \
    --threads 2 >"$TMP/out" || fail "ladder of long names"
has "$TMP/out" '^ \{25\}ismcts:iters=8:c=0.5 ismcts:iters=8:c=0.25 \{16\}random$' "long names in the header"
"$BIN" ladder braunau --games 2 --ai random,ismcts:iters=4 --threads 1 >"$TMP/out" || fail "ladder braunau"
has "$TMP/out" 'braunau ladder: 2 AIs' "ladder of three players"

# bench --ai
"$BIN" bench invaders --seconds 0.2 --ai ismcts:iters=50 --threads 1 --json >"$TMP/out" || fail "bench --ai"
for key in '"ai":"ismcts:iters=50"' '"iterations_per_s":' '"share_of_random":' '"threads":1'; do
    has "$TMP/out" "$key" "bench --ai --json"
done

# play: --ai, thinking time, and the default opponent
printf '1\nquit\n' | "$BIN" play invaders --players ai,human --ai ismcts:iters=30 --seed 3 >"$TMP/out" 2>&1 ||
    fail "play --ai"
has "$TMP/out" 'invader (ismcts:iters=30) vs mankind (human)' "play --ai header"
has "$TMP/out" '^(invader thought [0-9.]* s over 4 decisions: 120 playouts)$' "thinking time"
printf 'quit\n' | "$BIN" play invaders --seed 3 >"$TMP/out" 2>&1 || fail "play default"
has "$TMP/out" 'mankind (ismcts:ms=1000)' "ISMCTS is the default opponent"

# genmove with every AI, in every game
for game in invaders tannhauser braunau; do
    printf 'new %s seed=4\ngenmove ai=ismcts ms=50\ngenmove ai=flat n=2\ngenmove ai=ismcts iters=20\nquit\n' \
        "$game" | "$BIN" protocol >"$TMP/out" 2>&1
    [ "$(grep -c '^= ' "$TMP/out")" -eq 4 ] || fail "genmove in $game: $(head -c 300 "$TMP/out")"
done

# refusals: exit 2 and one line naming the fault
check2() {
    "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    [ $? -eq 2 ] || fail "not exit 2: $*"
    [ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "not one line on stderr: $*"
}
check2 "$BIN" sim invaders --ai ismcts:depth=3,random
has "$TMP/err" "ismcts: unknown parameter 'depth'" "an unknown AI parameter"
check2 "$BIN" sim invaders --ai ismcts:ms=5:iters=5,random
check2 "$BIN" sim invaders --threads 0
check2 "$BIN" ladder invaders --ai random
check2 "$BIN" ladder invaders --ai random,random
check2 "$BIN" ladder invaders --ai random,alphazero
check2 "$BIN" play invaders --ai random,random
check2 "$BIN" bench invaders --threads 2
check2 "$BIN" bench invaders --ai ismcts:c=-1

[ "$FAILS" -eq 0 ] && echo "test_ai_cli: all checks passed"
exit "$FAILS"
