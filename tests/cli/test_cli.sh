#!/bin/sh
# The `tabletop` command as scripts see it: exit statuses, where messages go,
# determinism under --seed, and the output formats of every subcommand.
# Usage: test_cli.sh path/to/tabletop [source dir]   (exit 0 when every check passes)
set -u
BIN=${1:?usage: test_cli.sh path/to/tabletop [source dir]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0

fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

# expect STATUS CMD... : runs CMD with stdout/stderr in $TMP/out, $TMP/err
expect() {
    want=$1; shift
    "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    got=$?
    [ "$got" -eq "$want" ] || fail "exit $got, not $want: $* ($(head -c 300 "$TMP/err"))"
}
has() { grep -q -- "$2" "$1" || fail "$1 lacks '$2' ($3)"; }
one_error_line() {
    [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q '^tabletop: ' "$TMP/err" ||
        fail "stderr is not one 'tabletop: ' line: $* ($(head -c 300 "$TMP/err"))"
}

# --- top level -------------------------------------------------------------------
expect 0 "$BIN" --version;  has "$TMP/out" '^tabletop [0-9]' "--version"
expect 0 "$BIN" --help;     has "$TMP/out" 'Usage: tabletop' "--help"
expect 2 "$BIN"
expect 2 "$BIN" frobnicate; has "$TMP/err" "^tabletop: unknown command 'frobnicate'" "unknown command"
expect 0 "$BIN" list;       has "$TMP/out" 'invaders' "list"
# every command of main.c's table is in --help, with its own --help (and
# `help <command>`), and every option a command reads is in that help
cmds=$(grep -o '{"[a-z]*", cmd_[a-z]*}' "$SRC/src/cli/main.c" | sed 's/{"\([a-z]*\)".*/\1/')
[ "$(echo "$cmds" | wc -w)" -ge 9 ] || fail "the command table of main.c was not found"
"$BIN" --help >"$TMP/help" 2>&1
for cmd in $cmds; do
    has "$TMP/help" "^  $cmd " "--help lists $cmd"
    expect 0 "$BIN" "$cmd" --help; has "$TMP/out" "Usage: tabletop $cmd" "$cmd --help"
    cp "$TMP/out" "$TMP/cmdhelp"
    expect 0 "$BIN" help "$cmd"; cmp -s "$TMP/out" "$TMP/cmdhelp" || fail "help $cmd is not $cmd --help"
    src="$SRC/src/cli/cmd_$cmd.c"
    [ -f "$src" ] || src="$SRC/src/cli/main.c"
    for opt in $(grep -o '"--[a-z-]*"' "$src" | tr -d '"' | sort -u); do
        case $opt in --help | --version) continue ;; esac
        [ "$src" = "$SRC/src/cli/main.c" ] && [ "$cmd" != protocol ] && continue
        grep -q -- "$opt" "$TMP/cmdhelp" || fail "$cmd --help does not mention $opt, which it reads"
    done
    if grep -q 'cli_param_option' "$src"; then
        for opt in --mode --difficulty; do
            grep -q -- "$opt" "$TMP/cmdhelp" || fail "$cmd --help does not mention $opt"
        done
    fi
done
has "$TMP/help" '^  help \[<command>\]' "--help lists help"
expect 0 "$BIN" --help;     has "$TMP/out" '^  deck new <game>' "--help lists deck new"
has "$TMP/out" '^  deck list <game> FILE' "--help lists deck list"
# a game's declared parameters: `list <game>`, and `<command> <game> --help`
expect 0 "$BIN" list tannhauser
has "$TMP/out" '^Players: 2$' "list tannhauser: players"
has "$TMP/out" '^  mode           the game mode (TAN-3.1)$' "list tannhauser: a parameter"
has "$TMP/out" 'one of story|deathmatch|ctf|domination; default deathmatch$' "list: allowed, default"
expect 0 "$BIN" list braunau; has "$TMP/out" '^Players: 2 to 3 ' "list braunau: players"
for cmd in play sim bench; do
    expect 0 "$BIN" "$cmd" braunau --help; has "$TMP/out" "Usage: tabletop $cmd" "$cmd braunau --help"
    has "$TMP/out" '^  germans        the faction.s deck (BRA-3.1)' "$cmd braunau --help: parameters"
done
expect 2 "$BIN" play invaders --param colour=red; one_error_line "unknown parameter"
has "$TMP/err" "unknown parameter 'colour' for invaders (known: content, auto_decline)" "known keys"

# --- usage errors: exit 2, one line on stderr ----------------------------------------
for args in "play" "play nogame" "play invaders --players human" "play invaders --players human,bogus" \
    "play invaders --seed x" "play invaders --bogus" "play invaders --param nokey" \
    "play invaders --param bogus=1" "sim invaders --games 0" "sim invaders --games" \
    "sim invaders --players human,random" "sim invaders --json --csv" \
    "bench invaders --seconds 0" "bench nogame" "replay" "deck" "deck check invaders x" \
    "deck validate invaders" "deck validate nogame $TMP/none.json" "list extra"; do
    # shellcheck disable=SC2086
    expect 2 "$BIN" $args; one_error_line "$args"
done

# --- play ------------------------------------------------------------------------
printf 'quit\n' >"$TMP/in"
"$BIN" play invaders --seed 3 <"$TMP/in" >"$TMP/out" 2>"$TMP/err" || fail "play quit: exit $?"
has "$TMP/out" 'invader> ' "play prompt"
has "$TMP/out" '^  1\. ' "play numbered actions"
has "$TMP/out" 'Game abandoned' "play quit"
"$BIN" play invaders --seed 3 </dev/null >"$TMP/out" 2>&1 || fail "play at end of input: exit $?"
printf 'no such action\n9999\nhelp\nboard\nquit\n' >"$TMP/in"
"$BIN" play invaders --seed 3 <"$TMP/in" >"$TMP/out" 2>&1 || fail "play refusals: exit $?"
has "$TMP/out" '^refused: ' "a refused entry"
has "$TMP/out" '^refused: there is no action 9999' "an out-of-range number"
# an empty line is ignored; the Up arrow's escape sequence is refused as what it is
printf '\n   \n\033[A\n\001\002\nquit\n' >"$TMP/in"
"$BIN" play invaders --seed 3 <"$TMP/in" >"$TMP/out" 2>&1 || fail "play control bytes: exit $?"
[ "$(grep -c '^refused: ' "$TMP/out")" -eq 2 ] || fail "play: not two refusals for two lines of control bytes"
has "$TMP/out" '^refused: control character 0x1B at byte 1 (as an arrow key sends): an action is plain text$' "the Up arrow"
has "$TMP/out" '^refused: control character 0x01 at byte 1 ' "a line of control bytes"
grep -q 'unknown action' "$TMP/out" && fail "play: control bytes read as an unknown action"
printf 'concede\n' >"$TMP/in"
"$BIN" play invaders --seed 3 <"$TMP/in" >"$TMP/out" 2>&1 || fail "play concede: exit $?"
has "$TMP/out" '^Game over after .*: Mankind wins (CONCEDED)\.$' "concede ends the game"
# save at the prompt, --load: another game's record and a record with --seed are refused
printf 'save %s\nquit\n' "$TMP/saved.json" >"$TMP/in"
"$BIN" play invaders --seed 3 <"$TMP/in" >"$TMP/out" 2>&1 || fail "play save: exit $?"
has "$TMP/out" "^saved to $TMP/saved.json (1 action); resume with: tabletop play invaders --load $TMP/saved.json\$" "save at the prompt"
expect 1 "$BIN" play braunau --load "$TMP/saved.json"; one_error_line "another game's record"
has "$TMP/err" "^tabletop: $TMP/saved.json is a record of invaders, not of braunau: play it with 'tabletop play invaders --load $TMP/saved.json'\$" "another game's record"
expect 2 "$BIN" play invaders --load "$TMP/saved.json" --seed 4; one_error_line "--load with --seed"
expect 1 "$BIN" play invaders --load "$TMP/none.json"; one_error_line "--load of a missing file"
printf 'undo\nquit\n' >"$TMP/in"
"$BIN" play invaders --load "$TMP/saved.json" <"$TMP/in" >"$TMP/out" 2>&1 || fail "play --load: exit $?"
has "$TMP/out" '^Resumed from .*saved.json: 1 action played, turn 1\.$' "--load resumes"
has "$TMP/out" '^refused: nothing to undo: the Invader has taken no decision yet$' "undo with nothing of one's own"
# A resumed game's undo reaches past the steps the table takes for a person, as
# the game played here does: the Covenant's 23rd decision, move EN, is followed
# by move n3, its only answer, taken automatically (Tannhäuser, seed 1).
{ yes 1 | head -n 23; printf 'save %s\nquit\n' "$TMP/forced.json"; } >"$TMP/in"
"$BIN" play tannhauser --players human,random --seed 1 <"$TMP/in" >"$TMP/out" 2>&1 ||
    fail "play tannhauser save: exit $?"
has "$TMP/out" '^covenant: move n3 (the only possible answer, taken automatically)$' "a forced step"
printf 'undo\nquit\n' >"$TMP/in"
"$BIN" play tannhauser --players human,random --load "$TMP/forced.json" <"$TMP/in" >"$TMP/out" 2>&1 ||
    fail "play tannhauser --load: exit $?"
has "$TMP/out" '^undone: move EN$' "undo after --load takes back the decision before a forced step"
# the seats of --players set a game's `players` when it has one and none is given
printf 'quit\n' >"$TMP/in"
"$BIN" play xfiles --players human,random,random --seed 1 <"$TMP/in" >"$TMP/out" 2>&1 ||
    fail "play xfiles with three seats: exit $?"
has "$TMP/out" '^xfiles: p0 (human) vs p1 (random) vs p2 (random), seed 1$' "three seats, three players"
expect 0 "$BIN" sim xfiles --players random,random,random --games 1 --seed 1 --json
has "$TMP/out" '"params":"players=3"' "sim: three seats, three players"
expect 2 "$BIN" play xfiles --players human,random,random --param players=2
has "$TMP/err" 'xfiles has 2 players, not more' "an explicit players= wins over the seats"
"$BIN" play invaders --players random,random --seed 7 >"$TMP/a" 2>&1 || fail "demo: exit $?"
"$BIN" play invaders --players random,random --seed 7 >"$TMP/b" 2>&1
cmp -s "$TMP/a" "$TMP/b" || fail "play --seed 7 is not repeatable"
grep -q '^Game over after [0-9]* turns\{0,1\}: .* wins (.*)\.$' "$TMP/a" ||
    fail "demo ends without the result line: $(tail -n 5 "$TMP/a")"

# info at the prompt: a legal action's number, a display name (case aside), refusals
printf 'info 2\ninfo FORWARD SPAWNING\ninfo nothing_here\ninfo 9999\ninfo 1\ninfo\nquit\n' >"$TMP/in"
"$BIN" play invaders --seed 3 <"$TMP/in" >"$TMP/out" 2>&1 || fail "play info: exit $?"
has "$TMP/out" '^Skitter Drone (skitter_drone)$' "info 2 describes the card action 2 plays"
has "$TMP/out" '^Invader unit of type Invader, power 1 (INV-2.9, INV-2.10); 5 in the deck\.$' "info 2"
has "$TMP/out" '^Forward Spawning (forward_spawning)$' "info by display name"
has "$TMP/out" '^  - Draw 2 cards (INV-5.20)\.$' "info: an effect in words"
has "$TMP/out" "^info: invaders has no card, item or token named 'nothing_here' (tabletop cards invaders lists them)$" "info: unknown name"
has "$TMP/out" '^info: there is no action 9999 (choose 1-13)$' "info: unknown number"
has "$TMP/out" '^info: action 1 (pass) names no card, item or token$' "info: an action naming nothing"
has "$TMP/out" '^info: name a card, item or token, or the number of an action (info 2)$' "bare info"

# --- cards -----------------------------------------------------------------------
expect 0 "$BIN" --help; has "$TMP/out" '^  cards <game> \[NAME\]' "--help lists cards"
expect 2 "$BIN" cards; one_error_line "cards without a game"
expect 2 "$BIN" cards nogame; one_error_line "cards of an unknown game"
expect 2 "$BIN" cards invaders --bogus; one_error_line "cards: unknown option"
expect 2 "$BIN" cards invaders a b; one_error_line "cards: two names"
expect 1 "$BIN" cards invaders no_such_card; one_error_line "cards: unknown name"
has "$TMP/err" "^tabletop: invaders has no card, item or token named 'no_such_card' (tabletop cards invaders lists them)$" "cards: unknown name"
expect 1 "$BIN" cards invaders --param content="$TMP/none.json"; one_error_line "cards: missing content"
for g in invaders tannhauser braunau; do
    expect 0 "$BIN" cards "$g"
    cmp -s "$TMP/out" "$SRC/docs/cards/$g.md" || fail "cards $g differs from docs/cards/$g.md"
done
expect 0 "$BIN" cards invaders MIND_PROBE --param content="$SRC/tests/data/invaders/test_content.json"
has "$TMP/out" '^  - The opponent draws 2 cards, a forced draw (INV-5.20)\.$' "cards of a user's own set"
[ "$(grep -c '^### ' "$SRC/docs/cards/invaders.md")" -eq 48 ] || fail "invaders catalogue: not 48 entries"
expect 0 "$BIN" cards invaders --param content="$SRC/tests/data/invaders/test_content.json"
[ "$(grep -c '^### ' "$TMP/out")" -eq 10 ] || fail "catalogue of a user's set: not 10 entries"
has "$TMP/out" '^### Research Lab (`research_lab`)$' "catalogue of a user's set"
expect 0 "$BIN" cards tannhauser kestrel; has "$TMP/out" '^Kestrel Pistol (kestrel)$' "cards tannhauser NAME"
expect 0 "$BIN" cards braunau "the brewery hands"; has "$TMP/out" '^Mob of Locals, base agent (BRA-2.7)\.$' "cards braunau NAME"

# --- sim -------------------------------------------------------------------------
# a game with scores: each player's VP and the margin; a game without: none
expect 0 "$BIN" sim braunau --games 100 --seed 11
has "$TMP/out" '^  VP               mean    min    25%  median    75%    max$' "sim braunau: VP table"
has "$TMP/out" '^  margin  ' "sim braunau: the margin row"
expect 0 "$BIN" sim braunau --games 100 --seed 11 --json
has "$TMP/out" '"scores":{"name":"VP","players":\[{"player":"germans","mean":' "sim braunau --json: scores"
has "$TMP/out" '"margin":{"mean":' "sim braunau --json: margin"
expect 0 "$BIN" sim invaders --games 50 --seed 11 --json
grep -q '"scores"' "$TMP/out" && fail "sim invaders --json reports scores it does not keep"
expect 0 "$BIN" sim invaders --games 200 --seed 11
for key in 'wins' 'rate' '95% interval' 'turns' 'actions' 'ended by' 'seat-0 edge' 'first-mover edge' 'games/s'; do
    has "$TMP/out" "$key" "sim table"
done
[ -s "$TMP/err" ] && fail "sim wrote to stderr when it is not a terminal"
expect 0 "$BIN" sim invaders --games 200 --seed 11 --json
sed 's/"seconds":.*//' "$TMP/out" >"$TMP/j1"
for key in '"game":"invaders"' '"games":200' '"players":' '"ci95":' '"turns":' \
    '"reasons":' '"seat0_edge":' '"first_mover_edge":' '"games_per_s":'; do
    has "$TMP/out" "$key" "sim --json"
done
"$BIN" sim invaders --games 200 --seed 11 --json | sed 's/"seconds":.*//' >"$TMP/j2"
cmp -s "$TMP/j1" "$TMP/j2" || fail "sim --seed is not deterministic"
expect 0 "$BIN" sim invaders --games 50 --seed 11 --csv
[ "$(wc -l <"$TMP/out")" -eq 51 ] || fail "sim --csv: not a header and 50 rows"
head -n 1 "$TMP/out" | grep -q '^game,seed,winner,reason,turns,actions$' || fail "sim --csv header"
# game 3 of the run, watched again with `play`
row=$(sed -n 5p "$TMP/out")
seed=$(echo "$row" | cut -d, -f2)
"$BIN" play invaders --players random,random --seed "$seed" >"$TMP/game" 2>&1
winner=$(sed -n 's/^  \([a-z]*\) *win .*/\1/p' "$TMP/game") # the final table's row
sed -n "s/^Game over after \([0-9]*\) turns\{0,1\}: .* (\(.*\))\.$/$winner,\2,\1/p" "$TMP/game" >"$TMP/last"
[ "$(cat "$TMP/last")" = "$(echo "$row" | cut -d, -f3-5)" ] ||
    fail "sim game 3 ($row) does not replay in play: $(cat "$TMP/last")"
# X-Files' correct-guess figures apply only to the games a correct guess ended
# (XF-8.1.1): their CSV fields are empty in the others, and the means count
# only the games they apply to
expect 0 "$BIN" sim xfiles --games 40 --seed 3 --csv
head -n 1 "$TMP/out" | grep -q ',correct guess|games ended by one|turn,' || fail "sim xfiles --csv header"
awk -F, 'NR > 1 { named = $4 == "XFILE_NAMED" || $4 == "PENALTY_GUESS"
    if (named != ($(NF - 3) != "") || (named && $(NF - 3) != $5)) bad = 1; n += named; t += $(NF - 3) }
    END { if (bad || n == 0 || n == NR - 1) exit 1; printf "%.2f\n", t / n }' "$TMP/out" >"$TMP/mean" ||
    fail "sim xfiles --csv: the correct-guess turn is not set exactly in the games a guess ended"
expect 0 "$BIN" sim xfiles --games 40 --seed 3
has "$TMP/out" "^  games ended by one *$(cat "$TMP/mean") " "sim xfiles: the mean turn of a correct guess"

# --- bench -----------------------------------------------------------------------
expect 0 "$BIN" bench invaders --seconds 0.2 --json
for key in '"game":"invaders"' '"games_per_s":' '"actions_per_s":' '"state_bytes":' '"copy_ns":'; do
    has "$TMP/out" "$key" "bench --json"
done

# --- deck ------------------------------------------------------------------------
expect 1 "$BIN" deck validate invaders "$TMP/none.json"; one_error_line "unreadable deck"
for f in "$SRC"/tests/data/bad/invaders/*.json; do
    [ -e "$f" ] || continue
    expect 1 "$BIN" deck validate invaders "$f"
    [ -s "$TMP/out" ] || fail "deck validate $f: no report on stdout"
done
# game options of deck validate: X-Files Basic mode (XF-9.12.1)
expect 0 "$BIN" deck validate xfiles "$SRC/data/xfiles/deck_b.json"
expect 1 "$BIN" deck validate xfiles "$SRC/data/xfiles/deck_b.json" --mode BASIC
has "$TMP/out" "deck_b.json:2: the starting team has 5 Agents; Basic mode takes exactly 4 (item 2) (XF-9.12.1)" \
    "deck validate --mode BASIC"
expect 0 "$BIN" deck validate xfiles "$SRC/data/xfiles/deck_b_basic.json" --mode BASIC
expect 2 "$BIN" deck validate xfiles "$SRC/data/xfiles/deck_b.json" --mode EXPERT
one_error_line "deck validate --mode EXPERT"
expect 2 "$BIN" deck validate invaders "$SRC/data/xfiles/deck_b.json" --mode BASIC
one_error_line "deck validate invaders takes no options"

# --- replay ------------------------------------------------------------------------
printf 'seed 5\nnew invaders\ngenmove\ngenmove\ngenmove\nsave %s\nquit\n' "$TMP/rec.json" |
    "$BIN" protocol >"$TMP/proto" 2>&1 || fail "protocol: exit $?"
if [ -s "$TMP/rec.json" ]; then
    expect 0 "$BIN" replay "$TMP/rec.json"; has "$TMP/out" 'not over\|Game over' "replay result line"
    expect 0 "$BIN" replay "$TMP/rec.json" --view spectator
    expect 2 "$BIN" replay "$TMP/rec.json" --view nobody; one_error_line "replay --view nobody"
    sed 's/"final_hash": *"[0-9a-f]*"/"final_hash": "0000000000000001"/' "$TMP/rec.json" >"$TMP/bad.json"
    expect 1 "$BIN" replay "$TMP/bad.json"; one_error_line "tampered record"
else
    fail "protocol did not save a record: $(head -c 300 "$TMP/proto")"
fi
printf 'new invaders\ngenmove\nas mankind concede\nsave %s\nquit\n' "$TMP/conceded.json" |
    "$BIN" protocol >/dev/null 2>&1
expect 0 "$BIN" replay "$TMP/conceded.json"
has "$TMP/out" '^Game over after 1 turn: the Invader wins (CONCEDED)\.$' "replay of a concession"
expect 1 "$BIN" replay "$TMP/none.json"; one_error_line "missing record"
# a seed is refused in a record as on the command line: "-5" is not 2^64 - 5
for seed in -5 +5 18446744073709551616; do
    expect 2 "$BIN" play invaders --seed "$seed"; one_error_line "play --seed $seed"
    sed "s/\"seed\": *\"[0-9]*\"/\"seed\": \"$seed\"/" "$TMP/conceded.json" >"$TMP/seed.json"
    expect 1 "$BIN" replay "$TMP/seed.json"; one_error_line "a record with seed $seed"
    has "$TMP/err" ': not a game record: seed is not a whole number from 0 to 18446744073709551615$' \
        "a record with seed $seed"
    expect 2 "$BIN" deck list braunau "$SRC/data/braunau/germans_intrigue.json" --seed "$seed"
    one_error_line "deck list --seed $seed"
done
echo '{' >"$TMP/broken.json"
expect 1 "$BIN" replay "$TMP/broken.json"; one_error_line "malformed record"

# --- tannhauser: modes as options, its files, draws in records ------------------------
for args in "play tannhauser --mode bogus" "sim tannhauser --difficulty" \
    "bench tannhauser --difficulty impossible" "play invaders --mode story"; do
    # shellcheck disable=SC2086
    expect 2 "$BIN" $args; one_error_line "$args"
done
has "$TMP/err" "unknown parameter 'mode' for invaders" "--mode for a game without modes"
expect 0 "$BIN" sim tannhauser --mode ctf --difficulty hard --games 20 --seed 2
has "$TMP/out" 'mode=ctf difficulty=hard' "sim names its parameters"
has "$TMP/out" 'seat-0 edge' "sim edge line"
for f in board equipment teams crates objectives; do
    expect 0 "$BIN" deck validate tannhauser "$SRC/data/tannhauser/$f.json"
done
printf 'concede\n' >"$TMP/in"
"$BIN" play tannhauser --mode story --seed 4 <"$TMP/in" >"$TMP/out" 2>&1 || fail "tannhauser concede: exit $?"
has "$TMP/out" 'Story, normal difficulty' "tannhauser title line"
has "$TMP/out" 'covenant> ' "tannhauser prompt"
has "$TMP/out" 'the Legion wins (CONCEDED)' "tannhauser concession"
printf 'offer_draw\nquit\n' >"$TMP/in"
"$BIN" play tannhauser --seed 4 <"$TMP/in" >"$TMP/out" 2>&1 || fail "tannhauser draw offer: exit $?"
has "$TMP/out" 'Covenant offers a draw' "a draw offer at the prompt"
has "$TMP/out" 'Legion declines the draw' "the AI declines"
printf 'new tannhauser mode=domination seed=6\ngenmove\ngenmove\nplay offer_draw\nas legion accept_draw\nsave %s\nquit\n' \
    "$TMP/drawn.json" | "$BIN" protocol >/dev/null 2>&1
expect 0 "$BIN" replay "$TMP/drawn.json"
has "$TMP/out" 'DRAW_AGREED' "replay of an agreed draw"

# --- braunau ----------------------------------------------------------------------
# play: three seats, the person's own view only, commands in the rules' syntax
printf 'DRAW\nboard\nquit\n' >"$TMP/in"
"$BIN" play braunau --players human,random,random --seed 4 <"$TMP/in" >"$TMP/out" 2>&1 ||
    fail "play braunau: exit $?"
has "$TMP/out" 'germans> ' "braunau prompt"
has "$TMP/out" '^refused: E_DRAW_NOT_YET: .*(BRA-6.1.1)$' "braunau refusal names code and rule"
has "$TMP/out" '^Germans (you): AP 6' "braunau board shows the player's own faction"
has "$TMP/out" 'AUT_PICHLER  in play, maybe' "braunau board hides enemy positions"
grep -q '^  stash: A\|^  stash: L' "$TMP/out" && fail "braunau board shows another faction's stash"
expect 2 "$BIN" play braunau --players human,random; one_error_line "braunau needs 3 seats by default"
"$BIN" play braunau --players random,random --param germans=standardized \
    --param locals=random --seed 2 >"$TMP/out" 2>&1 || fail "braunau 2-player demo: exit $?"
grep -q '^Game over after 10 rounds: the .* \(win\|share the win\) (SCORED)\.$' "$TMP/out" ||
    fail "braunau demo ends without the result line: $(tail -n 5 "$TMP/out")"
# sim: decks, a second configuration, the game's figures
expect 0 "$BIN" sim braunau --games 300 --seed 5 --deck germans=standardized \
    --deck austrians=random --vs germans=germans_intrigue
for key in 'configuration A' 'configuration B' 'germans tokens' 'retained' 'deployed' \
    'forced by stash limit' 'win rates, B against A' 'significant'; do
    has "$TMP/out" "$key" "sim braunau --vs"
done
expect 0 "$BIN" sim braunau --games 100 --seed 5 --json
for key in '"game":"braunau"' '"stats":{"germans tokens":{"DROP":{"drawn":' '"discards":'; do
    has "$TMP/out" "$key" "sim braunau --json"
done
expect 0 "$BIN" sim braunau --games 50 --seed 5 --csv --vs locals=none
[ "$(wc -l <"$TMP/out")" -eq 101 ] || fail "sim braunau --csv --vs: not a header and 100 rows"
head -n 1 "$TMP/out" | grep -q '^config,game,seed,winner,reason,turns,actions,germans tokens|DROP|drawn,' ||
    fail "sim braunau --csv header"
expect 2 "$BIN" sim braunau --games 10 --deck locals=standardized; one_error_line "one deck"
expect 1 "$BIN" sim braunau --games 10 --deck germans="$SRC/tests/data/bad/braunau/v12_deck_size.json" \
    --deck austrians=random
one_error_line "a bad deck"
# bench, deck new/list/validate
expect 0 "$BIN" bench braunau --seconds 0.2 --json; has "$TMP/out" '"game":"braunau"' "bench braunau"
expect 0 "$BIN" deck new braunau --faction locals --mode random --seed 3
cp "$TMP/out" "$TMP/deck.json"
expect 0 "$BIN" deck validate braunau "$TMP/deck.json"
expect 0 "$BIN" deck list braunau "$TMP/deck.json"
[ "$(wc -l <"$TMP/out")" -eq 52 ] || fail "deck list: not 52 tokens"
head -n 1 "$TMP/out" | grep -q '^L01 DROP$' || fail "deck list: canonical ids"
expect 2 "$BIN" deck new braunau --faction bavarians --mode random; one_error_line "deck new"
expect 2 "$BIN" deck new braunau --faction germans; one_error_line "deck new without mode"
for f in "$SRC"/tests/data/bad/braunau/*.json; do
    expect 1 "$BIN" deck validate braunau "$f"
done
for f in "$SRC"/data/braunau/*.json; do
    expect 0 "$BIN" deck validate braunau "$f"
done
# replay of a braunau record
printf 'seed 5\nnew braunau\ngenmove\ngenmove\nplay END\nsave %s\nquit\n' "$TMP/bra.json" |
    "$BIN" protocol >/dev/null 2>&1
expect 0 "$BIN" replay "$TMP/bra.json"; has "$TMP/out" 'not over' "braunau replay"
expect 0 "$BIN" replay "$TMP/bra.json" --view austrians

# --- files that are not regular: refused at once, one line, exit 1 (docs/testing.md) ---------
mkfifo "$TMP/fifo"
for args in "replay /dev/zero" "replay $TMP/fifo" "replay $TMP" "deck validate invaders $TMP/fifo" \
    "deck validate braunau /dev/zero" "sim invaders --games 1 --param content=$TMP/fifo"; do
    expect 1 timeout 10 "$BIN" $args; one_error_line "$args"
done
expect 1 timeout 10 "$BIN" replay /dev/zero
has "$TMP/err" '^tabletop: cannot read /dev/zero: not a regular file$' "replay /dev/zero"
expect 1 timeout 10 "$BIN" replay "$TMP"
has "$TMP/err" "^tabletop: cannot read $TMP: it is a directory$" "replay of a directory"
# a file that cannot be read is exit 1 whatever its kind and however it is named
# (README: exit status); a deck name that is no sample deck is a usage error
M="$TMP/missing.json"
for args in "play invaders --param content=$M" "sim invaders --games 1 --param content=$M" \
    "bench tannhauser --seconds 0.1 --param board=$M" "play tannhauser --param equipment=$M" \
    "sim tannhauser --games 1 --param teams=$M" "play tannhauser --param crates=$M" \
    "play tannhauser --param objectives=$M" "play braunau --param content=$M" \
    "play braunau --param germans=$M" "sim braunau --games 1 --deck austrians=$M" \
    "sim braunau --games 1 --vs locals=$M" "ladder braunau --games 1 --param germans=$M" \
    "bench braunau --seconds 0.1 --param locals=$M" "deck validate invaders $M" \
    "deck validate tannhauser $M" "deck validate braunau $M" "deck list braunau $M" \
    "replay $M" "cards invaders --param content=$M" "cards braunau --param content=$M"; do
    # shellcheck disable=SC2086
    expect 1 "$BIN" $args; one_error_line "$args"
    has "$TMP/err" "^tabletop: cannot read $M: No such file or directory$" "$args"
done
expect 2 "$BIN" play braunau --param germans=no_such_deck; one_error_line "an unknown sample deck"
has "$TMP/err" "germans=no_such_deck: no such deck" "an unknown sample deck"
# protocol --allow-dir: a path outside is refused, a bad directory is a usage error
expect 2 "$BIN" protocol --allow-dir /nonexistent/dir; one_error_line "protocol --allow-dir"
printf 'new invaders content=/etc/passwd\n' | "$BIN" protocol --allow-dir "$TMP" >"$TMP/out" 2>&1
has "$TMP/out" "^? argument: '/etc/passwd' is outside the allowed directories$" "--allow-dir"

[ "$FAILS" -eq 0 ] && echo "test_cli: all checks passed"
exit "$FAILS"
