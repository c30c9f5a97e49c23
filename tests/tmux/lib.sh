# The terminal as a person sees it: a test starts `tabletop play` in a detached
# tmux session of 100x40 (its own server, so tests run side by side), types
# lines into it as a person would, and reads the screen back with
# capture-pane. Nothing sleeps blindly: every wait polls the screen for what
# it expects, and gives up after TMUX_WAIT seconds showing the screen.
#
# Usage: . lib.sh BIN WORKDIR; start ARGS...; wait_prompt 'invader> '; send 'pass';
#        has 'a line'; ...; finish
set -u
BIN=$1
WORK=$2
NAME=$(basename "$0" .sh)
SOCK=
STARTS=0
TMUX_WAIT=${TMUX_WAIT:-30}
MARK=0
FIRST=
mkdir -p "$WORK"
unset TMUX

tm() {
    tmux -L "$SOCK" "$@"
}

finish() {
    [ -n "$SOCK" ] && tm kill-server 2>/dev/null
    return 0
}
trap finish EXIT

fail() {
    echo "$NAME: $*"
    echo "--- the screen (with its history) ---"
    screen
    exit 1
}

# Starts `tabletop ARGS...` in a new session, on a server of its own (one
# being shut down cannot take the new session with it); its exit status is
# shown when it ends.
start() {
    finish
    STARTS=$((STARTS + 1))
    SOCK="tt-$NAME-$$-$STARTS"
    tm -f /dev/null new-session -d -s play -x 100 -y 40 \
        "$BIN $*; echo \"[exit \$?]\"; sleep 600" || { echo "$NAME: tmux does not start"; exit 1; }
    MARK=0
    FIRST=
}

# Everything since the screen was last cleared, wrapped lines joined, without
# the empty rows below the last line.
screen() {
    tm capture-pane -p -J -S - -t play | awk '{ line[NR] = $0 } NF { last = NR }
        END { for (i = 1; i <= last; i++) print line[i] }'
}

# What appeared since the last `send` (everything after a screen clear).
recent() {
    screen | awk -v mark="$MARK" -v first="$FIRST" 'NR == 1 && $0 != first { mark = 0 }
        NR > mark'
}

# Types a line and Enter, as a person does.
send() {
    s=$(screen)
    MARK=$(printf '%s\n' "$s" | grep -c '')
    FIRST=$(printf '%s\n' "$s" | head -n 1)
    tm send-keys -t play -l "$1"
    tm send-keys -t play Enter
}

# Types keys as tmux names them (Up, C-u), with no Enter.
keys() {
    tm send-keys -t play "$@"
}

# Polls until `test_fn` (a command) succeeds, or fails the test saying `what`.
poll() {
    what=$1
    shift
    i=0
    while ! "$@"; do
        i=$((i + 1))
        [ $i -gt $((TMUX_WAIT * 20)) ] && fail "waited ${TMUX_WAIT}s for $what"
        sleep 0.05
    done
}

at_prompt() {
    r=$(recent)
    [ -n "$r" ] && [ "$(printf '%s\n' "$r" | tail -n 1 | sed 's/ *$//')" = "${1% }" ]
}

# Waits until the program asks with `prompt` again after the last send.
wait_prompt() {
    poll "the prompt '$1'" at_prompt "$1"
}

seen() {
    recent | grep -q -- "$1"
}

# Waits until a line matching the regular expression appears after the last send.
wait_for() {
    poll "a line matching '$1'" seen "$1"
}

# Since the last send: a line that is exactly $1.
has() {
    recent | grep -Fqx -- "$1" || fail "no line '$1' after the last entry"
}

# Anywhere on the screen since it was last cleared: no line containing $1.
lacks() {
    screen | grep -Fq -- "$1" && fail "'$1' is on the screen"
    return 0
}
