#!/bin/sh
# Invaders at the terminal, as a person plays it against the random AI: the
# actions listed, `info`, a move taken back with `undo`, the Up arrow
# recalling it, an `undo` refused with its reason, `save`, and `--load`
# resuming the same position, from which the game goes on.
# Usage: test_invaders.sh BIN WORKDIR
. "$(dirname "$0")/lib.sh"

# The board and the actions, from the last "--- invader to decide" on.
board() {
    screen | awk '/^--- invader to decide/ { n = 0 } { b[++n] = $0 } END {
        for (i = 1; i < n; i++) print b[i] }'
}

start play invaders --players human,random --ai random --seed 1
wait_prompt 'invader> '
has 'invaders: invader (human) vs mankind (random), seed 1'
wait_for '^  2\. play skitter_drone  '
wait_for ' 12\. strategy inv_plot_surge$'

send 'info 2'
wait_prompt 'invader> '
has 'Skitter Drone (skitter_drone)'

send 'strategy inv_plot_surge'
wait_prompt 'invader> '
has 'The Invader enables strategy Plot Surge'
has 'Plot marker 10 -> 12'

# INV-5.14: enabling a face-up strategy shows nothing hidden and draws nothing
send 'undo'
wait_prompt 'invader> '
has 'undone: strategy inv_plot_surge'
has 'Turn 1, invader, MAIN step. Plot marker 10 (Mankind wins at 0). Damage tokens in supply: 20.'

# the line editor: an empty line asks again; Up twice recalls the strategy
send ''
wait_prompt 'invader> '
keys Up Up
poll "the Up arrow to recall the strategy" at_prompt 'invader> strategy inv_plot_surge'
keys C-u
send 'pass'
wait_prompt 'invader> '
has 'Mankind plays Deep Vault Complex (discard 3)'
has 'To decide: invader (cancel_window: cancel Deep Vault Complex (man:deep_vault#1) or decline)'

send 'undo'
wait_prompt 'invader> '
has 'refused: cannot undo: Mankind has decided since'

send "save $WORK/invaders.json"
wait_prompt 'invader> '
has "saved to $WORK/invaders.json (12 actions); resume with: tabletop play invaders --load $WORK/invaders.json"
send 'board'
wait_prompt 'invader> '
board >"$WORK/invaders.board"
send 'quit'
wait_for '^\[exit 0\]$'
has 'Game abandoned at turn 2.'

start play invaders --players human,random --ai random --load "$WORK/invaders.json"
wait_prompt 'invader> '
has "Resumed from $WORK/invaders.json: 12 actions played, turn 2."
board | cmp -s - "$WORK/invaders.board" || fail "the resumed board differs from the saved one"

send 'decline'
wait_prompt 'invader> '
has 'Turn 3, invader, MAIN step. Plot marker 9 (Mankind wins at 0). Damage tokens in supply: 20.'
# the oldest lines of what happened gave way to the board: `log` has them
send 'log'
wait_prompt 'invader> '
has 'The Invader declines to cancel'
has 'Deep Vault Complex enters Eurasia (power 1, with counters)'

send 'play skitter_drone zone=AF'
wait_prompt 'invader> '
has 'The Invader plays Skitter Drone (free)'
send 'quit'
wait_for '^\[exit 0\]$'
