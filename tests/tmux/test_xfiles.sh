#!/bin/sh
# The X-Files at the terminal, p0 against the random AI: the catalogue with
# each X-File's values while choosing, the coin's choice of who begins, a
# window with who holds priority, `info` on a card in hand, a RESOURCE card
# played and narrated, a guess refused by the rule of the step, and what p0
# has deduced of p1's X-File.
# Usage: test_xfiles.sh BIN WORKDIR
. "$(dirname "$0")/lib.sh"

say() {
    send "$1"
    wait_prompt 'p0> '
}

start play xfiles --players human,random --ai random --seed 4
wait_prompt 'p0> '
has 'xfiles: p0 (human) vs p1 (random), seed 4'
has '  X-File AFFILIATION    MOTIVE      METHOD         RESULT'
has '  XF03   GOVERNMENT     SECURITY    THREATS        MANIPULATION_OF_EVIDENCE'

say 'xfile XF03'
has 'p0 (you), X-File XF03: RP 5, CP 5; deck 53, hand 7; discard 0'
has 'the coin picks p0, who names the first player'
lacks 'p1, X-File'
say 'first p0'
has 'Window: the window of step B1, p0 first; p0 holds priority'
has 'Deduced X-Files: p1 16 of 16'

say 'info E08'
has 'Effect: while in play, hand limit 10 (XF-2.14.1).'
say 'play E08'
has 'p0 plays E08, paying 3'
has "p0's E08 resolves"
has '  BUREAU [p0:A01#1 hp5, p0:A02#1 hp4, p0:A03#1 hp3, p0:A04#1 hp3]; resources p0:E08#1'

say 'guess XF01'
has 'refused: that is not an action of this step (XF-5.1.2)'
send 'quit'
wait_for '^\[exit 0\]$'
