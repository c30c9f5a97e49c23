#!/bin/sh
# The screens of `tabletop play` as a person reads them: the exact text of a
# decision and of an ending in each game, at 100 columns by 40 lines; whole
# Braunau, X-Files and INWO games in which every screen fits 100x40; and no line wider than a
# narrow terminal. The expected texts are in
# tests/cli/screens/<case>.txt; `test_screens.sh BIN SRC --regen` rewrites them
# from the build (read the diff before keeping it).
# Usage: test_screens.sh path/to/tabletop [source dir] [--regen]
set -u
BIN=${1:?usage: test_screens.sh path/to/tabletop [source dir] [--regen]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
REGEN=${3:-}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

# Not a terminal: the screen takes its size from COLUMNS and LINES.
COLUMNS=100 LINES=40
export COLUMNS LINES

# ones N: N answers "1", the first legal action each time
ones() { i=0; while [ "$i" -lt "$1" ]; do echo 1; i=$((i + 1)); done; }

# screen K FILE: the K-th screen (from 0), its header line to its prompt line
screen() {
    awk -v k="$1" '/^--- .* to decide \(/ { n++; on = (n == k + 1) }
        on { print } on && /^[A-Za-z][A-Za-z0-9]*> / { on = 0 }' "$2"
}
# ending FILE: what follows the last prompt
ending() { awk '/^[A-Za-z][A-Za-z0-9]*> / { n = NR } { line[NR] = $0 } END { for (i = n + 1; i <= NR; i++) print line[i] }' "$1"; }

# same NAME: the text in $TMP/cut must be tests/cli/screens/NAME.txt (not in a
# pipeline: a failure counts in this shell)
same() {
    cp "$TMP/cut" "$TMP/$1.txt"
    if [ "$REGEN" = --regen ]; then
        cp "$TMP/$1.txt" "$SRC/tests/cli/screens/$1.txt"
    elif ! cmp -s "$TMP/$1.txt" "$SRC/tests/cli/screens/$1.txt"; then
        fail "screen $1 differs:"
        diff -u "$SRC/tests/cli/screens/$1.txt" "$TMP/$1.txt" | head -n 40
    fi
}

# --- Invaders: Mankind to discard for Neural Blackout, after the deal and the
# Invader's first moves; the end of a game the Invader only passes ----------------
printf '1\n1\nquit\n' | "$BIN" play invaders --players random,human --seed 3 >"$TMP/inv" 2>&1 ||
    fail "play invaders: exit $?"
screen 1 "$TMP/inv" >"$TMP/cut"; same invaders_decision
ones 200 | "$BIN" play invaders --ai random --seed 42 >"$TMP/inv_end" 2>&1 ||
    fail "play invaders to the end: exit $?"
ending "$TMP/inv_end" >"$TMP/cut"; same invaders_ending

# --- Tannhäuser: the map after a move (after the Legion's cycle the narration leaves it no room);
# a screen too tall for the map, with a decision taken automatically; a one-turn game drawn ----
ones 100 | "$BIN" play tannhauser --ai random --seed 3 --param max_turns=1 >"$TMP/tan" 2>&1 ||
    fail "play tannhauser: exit $?"
screen 27 "$TMP/tan" >"$TMP/cut"; same tannhauser_decision
screen 33 "$TMP/tan" >"$TMP/cut"; same tannhauser_forced
ending "$TMP/tan" >"$TMP/cut"; same tannhauser_ending

# --- Braunau: the Germans' turn in round 3; the final scoring with VP by source ---
ones 200 | "$BIN" play braunau --players human,random,random --seed 4 >"$TMP/bra" 2>&1 ||
    fail "play braunau: exit $?"
screen 4 "$TMP/bra" >"$TMP/cut"; same braunau_decision
ending "$TMP/bra" >"$TMP/cut"; same braunau_ending

# --- Braunau late in a game: whole games of 3 and 2 factions, every seat a person
# answering from a fixed sequence (a number beyond the actions is refused and the
# next one read); every screen fits 100x40 and keeps the whole position: only
# what happened gives way, never the map (the support by area) ----------------
# answers SEED N: N answers drawn from the sequence by a Park-Miller generator
# seeded with SEED (exact in any awk)
answers() {
    awk -v x="$1" -v n="$2" 'BEGIN { k = split("1 3 4 3 5 3 4 6 3 4", w, " ")
        for (i = 0; i < n; i++) { x = (x * 16807) % 2147483647; print w[1 + x % k] } }'
}
# unfit FILE: a line for each screen taller than the terminal, with its height,
# and for each map that gave way to it
unfit() {
    awk -v lines="$LINES" '/^--- .* to decide \(/ { s = NR; head = $0 }
        /^[A-Za-z][A-Za-z0-9]*> / && s { if (NR - s + 1 > lines) printf "a screen of %d lines at line %d: %s\n", NR - s + 1, s, head; s = 0 }
        /^\(The map changed/ { printf "the map gave way at line %d\n", NR }' "$1"
}
# fits GAME END SEED ARGS...: a whole game of GAME, every seat a person answering
# `answers SEED`: it ends (a line matching END), shows 150 screens or more, and
# every screen fits the terminal
fits() {
    # whole games check the layout, which the release build's pass checks; the
    # sanitizer build's pass (TT_SCREEN_FITS=0) keeps the word-for-word screens
    [ "${TT_SCREEN_FITS:-1}" = 0 ] && return 0
    game=$1 end=$2 seed=$3
    shift 3
    answers "$seed" 30000 | "$BIN" play "$game" "$@" --seed "$seed" >"$TMP/long" 2>&1 ||
        fail "play $game --seed $seed: exit $?"
    grep -q "$end" "$TMP/long" || fail "play $game --seed $seed: no end"
    [ "$(grep -c '^--- .* to decide (' "$TMP/long")" -ge 150 ] || fail "play $game --seed $seed: too short"
    unfit "$TMP/long" >"$TMP/unfit"
    if [ -s "$TMP/unfit" ]; then
        fail "play $game --seed $seed at ${COLUMNS}x$LINES: $(grep -c '' "$TMP/unfit") screens do not fit, as"
        head -n 5 "$TMP/unfit" | sed 's/^/  /'
    fi
}
fits braunau '^Game over after 10 rounds' 189 --players human,human,human
fits braunau '^Game over after 10 rounds' 114 --players human,human --param locals=none

# --- The X-Files: p0 in a Site check's window, with what he has deduced of p1's
# X-File; the end of a game the random AI wins; whole games of 2 and 4 players,
# every seat a person, with and without the X-File Powers, in which every screen
# fits 100x40 --------------------------------------------------------------------
answers 9 3000 | "$BIN" play xfiles --players human,random --ai random --seed 9 >"$TMP/xf" 2>&1
screen 545 "$TMP/xf" >"$TMP/cut"; same xfiles_decision
answers 8 3000 | "$BIN" play xfiles --players human,random --ai random --seed 8 >"$TMP/xf" 2>&1 ||
    fail "play xfiles: exit $?"
ending "$TMP/xf" >"$TMP/cut"; same xfiles_ending
fits xfiles '^Game over after' 5 --players human,human
fits xfiles '^Game over after' 7 --players human,human,human,human --param players=4
fits xfiles '^Game over after' 7 --players human,human --param opt_xfile_powers=1
fits xfiles '^Game over after' 7 --players human,human,human,human --param players=4 \
    --param opt_xfile_powers=1

# --- INWO: A in B's first turn, with a cancel attached to B's draw; an attack's
# strength below 2 (no roll); the end of a game won at a knock -------------------
ones 300 | "$BIN" play inwo --players human,random,random --seed 3 >"$TMP/inwo" 2>&1 ||
    fail "play inwo: exit $?"
screen 2 "$TMP/inwo" >"$TMP/cut"; same inwo_cancel
screen 4 "$TMP/inwo" >"$TMP/cut"; same inwo_attack
ending "$TMP/inwo" >"$TMP/cut"; same inwo_ending

# --- INWO late in a game: whole hot-seat games of 2 and 4 players; every
# screen fits 100x40 with its map: the rivals' structures are in brief ------------
fits inwo '^Game over after' 9 --players human,human --param players=2
fits inwo '^Game over after' 3 --players human,human,human,human --param players=4

# --- the prompt's commands for the screen ----------------------------------------
printf '1\nlog\nlog x\nmap\nquit\n' | "$BIN" play invaders --players random,human --seed 3 >"$TMP/out" 2>&1
sed -n '/^mankind> log$/,/^mankind> log x$/p' "$TMP/out" >"$TMP/cut" # what the screen left out
same invaders_log
grep -q '^log: `log` shows the narration of this decision in full, `log all` the game.s$' "$TMP/out" ||
    fail "log x"
grep -q '^map: invaders has no map; `board` shows the whole table$' "$TMP/out" || fail "map without a map"
ones 2 >"$TMP/in"
printf 'map\nquit\n' >>"$TMP/in"
"$BIN" play tannhauser --ai random --seed 3 <"$TMP/in" >"$TMP/out" 2>&1
[ "$(grep -c '^         s0-------s1' "$TMP/out")" -eq 2 ] || fail "map draws the map again"

# --- a narrow terminal: every line within 60 columns, every screen within 24
# lines but for its narration's last five and the actions -------------------------
for game in "invaders --ai random" "tannhauser --ai random" "braunau --players human,random,random" \
    "xfiles --players human,random --ai random" "inwo --players human,random,random"; do
    # shellcheck disable=SC2086
    ones 300 | COLUMNS=60 LINES=24 "$BIN" play $game --seed 5 >"$TMP/narrow" 2>&1
    wide=$(LC_ALL=C.UTF-8 wc -L <"$TMP/narrow")
    [ "$wide" -le 60 ] || fail "play $game at 60 columns: a line of $wide"
done

[ "$FAILS" -eq 0 ] && echo "test_screens: all checks passed"
exit "$FAILS"
