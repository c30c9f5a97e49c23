#!/bin/sh
# Hot-seat at one terminal: two people play Invaders. Between them the screen
# is cleared and the next one asked for by name; each then reads the events
# since he last looked, narrated for his own seat, on his own screen, and sees
# his own hand only.
# Usage: test_hotseat.sh BIN WORKDIR
. "$(dirname "$0")/lib.sh"

# The screen holds the hand-over line and nothing else.
only_hand_over() {
    [ "$(screen)" = "=== pass to $1, then press Enter ===" ]
}

start play invaders --players human,human --seed 3
poll "the hand-over to mankind" only_hand_over mankind
send ''
wait_prompt 'mankind> '
has '--- mankind to decide (turn 1) ---'
has 'Hero to place: hero:hero_reyes#1, Dr. Okon Reyes (power 1)'

send 'place EU'
poll "a cleared screen handed over to the invader" only_hand_over invader
send ''
wait_prompt 'invader> '
has '--- invader to decide (turn 1) ---'
has 'The Invader draws Skitter Drone'
has 'Mankind draws a card (7 times)'
has '    tunnel_wyrm          Tunnel Wyrm            power 3   cost discard 1 use: move self (adjacent)'
# Mankind's hand: drawn unseen, listed nowhere
lacks 'Precision Strike'
lacks 'precision_strike'
lacks 'Deep Vault'
# what the full screen left out, still narrated for the Invader's seat
send 'log'
wait_prompt 'invader> '
has 'Mankind places hero Dr. Okon Reyes in Eurasia'
lacks 'Precision Strike'

send '1'
poll "a cleared screen handed over to mankind" only_hand_over mankind
send ''
wait_prompt 'mankind> '
has '--- mankind to decide (turn 1) ---'
has 'Mankind draws Deep Vault Complex'
has 'The Invader draws a card (7 times)'
has '    precision_strike x2  Precision Strike       one-shot  cost discard 1 play: destroy enemy <=2'
lacks 'Skitter Drone'
lacks 'tunnel_wyrm'

send 'undo'
wait_prompt 'mankind> '
has 'refused: cannot undo: the Invader has decided since'
send 'quit'
wait_for '^\[exit 0\]$'
