#!/bin/sh
# tabletop-mpi against tabletop on this one machine: `mpirun -np 3` (more ranks
# than cores, hence --oversubscribe) must print byte for byte the report one
# process prints for the same options (timing lines aside), and bad input must
# give its one line once, with every rank exiting non-zero and none hanging.
# Usage: test_mpi.sh path/to/tabletop path/to/tabletop-mpi path/to/mpiexec
set -u
BIN=${1:?usage: test_mpi.sh tabletop tabletop-mpi mpiexec}
MPIBIN=${2:?usage: test_mpi.sh tabletop tabletop-mpi mpiexec}
MPIEXEC=${3:?usage: test_mpi.sh tabletop tabletop-mpi mpiexec}
# CI runs as root, which Open MPI refuses unless told
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

# mpi NP ARGS...: tabletop-mpi on NP ranks (-q: without mpirun's own notice of
# a non-zero exit); a run that hangs is stopped after two minutes.
mpi() {
    np=$1
    shift
    timeout 120 "$MPIEXEC" -q --oversubscribe -np "$np" "$MPIBIN" "$@"
}

# same NAME SED ARGS...: one process and 3 ranks print the same report (the
# sed script drops the timings), and the ranks nothing on stderr
same() {
    name=$1 untimed=$2
    shift 2
    "$BIN" "$@" | sed "$untimed" >"$TMP/one" || fail "$name: tabletop $*"
    mpi 3 "$@" 2>"$TMP/err" | sed "$untimed" >"$TMP/three" || fail "$name: tabletop-mpi $*"
    cmp -s "$TMP/one" "$TMP/three" || fail "$name: the 3-rank report differs:
$(diff "$TMP/one" "$TMP/three" | head -n 6)"
    [ -s "$TMP/err" ] && fail "$name: stderr: $(head -n 3 "$TMP/err")"
    [ -s "$TMP/one" ] || fail "$name: empty report"
}

NOTIME='/^  speed: /d'
same "sim --csv" "$NOTIME" sim invaders --games 600 --seed 5 --csv
same "sim, fewer games than ranks" "$NOTIME" sim invaders --games 2 --seed 5 --csv
same "sim --json, AIs and the game's figures" 's/"seconds":.*//' sim braunau --games 6 --seed 8 \
    --ai ismcts:iters=4,flat:n=1,random --json
same "sim --vs" "$NOTIME" sim braunau --games 120 --seed 2 --deck germans=standardized \
    --deck austrians=standardized --vs germans=random
same "ladder" '/ games in /d' ladder invaders --games 4 --ai random,flat:n=1,ismcts:iters=10 --seed 3

# no --seed: every rank plays with rank 0's fresh seed, which the report names
mpi 3 sim invaders --games 500 >"$TMP/three" || fail "sim without --seed"
seed=$(sed -n '1s/.* seed \([0-9]*\)$/\1/p' "$TMP/three")
"$BIN" sim invaders --games 500 --seed "${seed:-0}" >"$TMP/one"
sed "$NOTIME" "$TMP/one" >"$TMP/one.r"
sed "$NOTIME" "$TMP/three" >"$TMP/three.r"
cmp -s "$TMP/one.r" "$TMP/three.r" || fail "sim without --seed: not the run of seed '$seed'"

# bad input: tabletop's one line, once; exit status 2 (usage) or 1 (refused)
bad() {
    want=$1
    shift
    "$BIN" "$@" >/dev/null 2>"$TMP/err1"
    mpi 3 "$@" >"$TMP/out" 2>"$TMP/err3"
    rc=$?
    [ "$rc" -eq "$want" ] || fail "tabletop-mpi $*: exit $rc, not $want"
    [ "$(wc -l <"$TMP/err1")" -eq 1 ] || fail "tabletop $*: not one line on stderr"
    cmp -s "$TMP/err1" "$TMP/err3" || fail "tabletop-mpi $*: stderr is not tabletop's one line:
$(head -n 4 "$TMP/err3")"
    [ -s "$TMP/out" ] && fail "tabletop-mpi $*: printed on stdout"
}
bad 2 sim invaders --games x
bad 2 ladder invaders --ai random
bad 1 sim invaders --games 10 --param content=/nonexistent/set.json
mpi 3 chess >/dev/null 2>"$TMP/err3"
[ $? -eq 2 ] || fail "tabletop-mpi chess: not exit 2"
grep -q "^tabletop: unknown command 'chess'" "$TMP/err3" || fail "tabletop-mpi chess: no error"

# a fault on one host only (its content file missing) stops every rank, and
# rank 0 tells it, naming the rank
timeout 120 "$MPIEXEC" -q --oversubscribe -np 1 "$MPIBIN" sim invaders --games 10 : -np 2 "$MPIBIN" sim \
    invaders --games 10 --param content=/nonexistent/set.json >"$TMP/out" 2>"$TMP/err3"
rc=$?
[ "$rc" -eq 1 ] || fail "a rank without its content file: exit $rc, not 1"
[ "$(cat "$TMP/err3")" = "tabletop: rank 1 ($(hostname)): cannot read /nonexistent/set.json: No such file or directory" ] ||
    fail "a rank without its content file: stderr: $(head -n 3 "$TMP/err3")"

[ "$FAILS" -eq 0 ] && echo "test_mpi: all checks passed"
exit "$FAILS"
