#!/bin/sh
# Braunau at the terminal, the Germans against two random AIs: a whole MOVE in
# the rules' syntax taken back (an exposed agent's move shows nothing new), a
# path refused with its rule, `info`, `map` (the support by area), Braunau's
# own `help`, an agitation, the other factions' round, and a draw whose `undo`
# is refused because it showed hidden tokens.
# Usage: test_braunau.sh BIN WORKDIR
. "$(dirname "$0")/lib.sh"

say() {
    send "$1"
    wait_prompt 'germans> '
}

start play braunau --players human,random,random --ai random --seed 4
wait_prompt 'germans> '
has 'braunau: germans (human) vs austrians (random) vs locals (random), seed 4'
has '  GER_WEISS    in INNBRUECKE (exposed)'

say 'MOVE agent=GER_WEISS path=STADTPLATZ'
has 'The Germans move GER_WEISS, no longer exposed'
say 'undo'
has 'undone: move GER_WEISS, path STADTPLATZ'
has '  GER_WEISS    in INNBRUECKE (exposed)'
say 'MOVE agent=GER_WEISS path=RATHAUS'
has 'refused: E_BAD_PATH: RATHAUS is not adjacent to INNBRUECKE (BRA-6.15)'

say 'info CI'
has 'Counterintelligence (CI)'

# the support by area is Braunau's map: drawn again when asked
say 'map'
has '  value             3       3           2       2          2        1        1'

# the help is Braunau's own, with no other game's example
say 'help'
has 'Braunau (docs/games/braunau.md): draw, keep [T,T], discard <token> ... done,'
has '  MOVE agent=GER_WEISS path=STADTPLATZ,BAHNHOF'
lacks 'zone=EU'

say 'agitate GER_WEISS'
has "The Germans' support in INNBRUECKE is now 2 (agitation, GER_WEISS)"
say 'end'
has '== Round 2: Germans =='
say 'log' # the oldest lines gave way to the board
has '== Round 2: Austrians =='
has 'The arrest of GER_WEISS fails: too far away'
say 'draw'
has '  drawn: G12 ABIL(GER_STROH)'
say 'log'
has 'The Germans draw 5 tokens'
# BRA-2.16: the drawn tokens were hidden in the deck
say 'undo'
has 'refused: cannot undo: it showed you what was hidden: drawn: G12 ABIL(GER_STROH)'
send 'quit'
wait_for '^\[exit 0\]$'
