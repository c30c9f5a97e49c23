#!/bin/sh
# Tannhäuser at the terminal against the random AI: the secret recruitment
# (one recruit taken back, which shows nothing), the reveal, `info`, the
# packs, an entry, and a character's first steps by `goto` — taken back and
# walked again — to the end of its cycle.
# Usage: test_tannhauser.sh BIN WORKDIR
. "$(dirname "$0")/lib.sh"

# Types a line and waits for the covenant's next prompt.
say() {
    send "$1"
    wait_prompt 'covenant> '
}

start play tannhauser --players human,random --ai random --seed 3
wait_prompt 'covenant> '
has 'tannhauser: covenant (human) vs legion (random), seed 3'

# TAN-3.5: a recruit is secret until both teams are complete
say 'recruit varga'
has 'The Covenant recruits Major Ilse Varga (1 of 5)'
say 'undo'
has 'undone: recruit varga'
for k in 1 2 3 4; do say 1; done
say 1
has 'The Legion recruits a character (5 of 5)'
has 'Both teams are revealed'
say 'log' # the oldest lines gave way to the packs
has 'The Covenant recruits Covenant Grenadier (5 of 5)'
say 'undo'
has 'refused: cannot undo: the Legion has decided since'

say 'info kestrel'
has 'Kestrel Pistol (kestrel)'

for k in 1 2 3 4; do say 1; done
say 1
has 'The equipment packs are revealed'
say 1
has 'The Covenant takes entry ES (South)'
say 1
has 'The Covenant activates Varga'
has 'Active: C1 Varga in reserve, 6 MP left (0 spent, 0 bought), action not taken'

say 'goto s3'
has 'Varga moves to ES (1 MP)'
has 'Varga moves to s3 (1 MP)'
say 'undo'
has 'undone: move ES, move s3'
has 'Active: C1 Varga in reserve, 6 MP left (0 spent, 0 bought), action not taken'
say 'goto s3'
has 'Active: C1 Varga on s3, 4 MP left (2 spent, 0 bought), action not taken'
say 'end'
has 'Varga ends its cycle'
has 'The Legion activates Sorel'
has 'Decision: covenant to activate a character'
send 'quit'
wait_for '^\[exit 0\]$'
