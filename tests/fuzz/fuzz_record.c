/* libFuzzer harness for records: loading, replaying and undoing.
 *
 * The input is a record file. Loading it either fails with a one-line error
 * or gives a record; replaying that either fails naming the entry (or the
 * mismatch) or reproduces a game whose every state is sane. A record that
 * replays is then loaded into a protocol session and undone entry by entry
 * back to the start, which must be the game's initial state for the record's
 * seed, with the record empty. Files a record names must lie in the scratch
 * directory, as they would under 'tabletop protocol --allow-dir'.
 *
 * One session serves the process: its kept games (proto_game) are what the
 * records replay on, so a game is loaded once per parameters, not once per
 * input, and the session is cleared after each input, which so frees what it
 * allocated. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "proto/proto_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void step(void *ctx, int index, const char *text, const tt_game *g, const tt_state *s,
                 const tt_events *ev)
{
    (void)ctx, (void)index, (void)text, (void)ev;
    FUZZ_CHECK(tt_sanity(g, s, NULL) == TT_OK);
}

static tt_proto *session(void)
{
    static tt_proto *p;
    if (!p) {
        p = tt_proto_new();
        FUZZ_CHECK(p && tt_proto_allow_dir(p, fuzz_dir(), NULL) == TT_OK);
    }
    return p;
}

/* The record at path, which replayed to s on g, loaded into the session and
 * undone back to its start. */
static void load_and_undo(tt_proto *p, const char *path, const tt_game *g, tt_state *s, int n,
                          uint64_t seed)
{
    tt_error err;
    FUZZ_CHECK(proto_session_load(p, path, &err) == TT_OK);
    FUZZ_CHECK(tt_record_length(p->rec) == n && p->hist.n == n);
    FUZZ_CHECK(!memcmp(p->state, s, tt_state_size(g)));
    while (proto_undo(p))
        FUZZ_CHECK(tt_sanity(p->game, p->state, NULL) == TT_OK);
    tt_state_init(g, s, seed);
    FUZZ_CHECK(tt_record_length(p->rec) == 0 && !memcmp(p->state, s, tt_state_size(g)));
    proto_session_clear(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tt_proto *p = session();
    const char *path = fuzz_write("record.json", data, size);
    tt_record *r = NULL;
    tt_error err;
    if (tt_record_load(path, &r, &err) != TT_OK) {
        FUZZ_CHECK(r == NULL && err.msg[0] && !strchr(err.msg, '\n'));
        return 0;
    }
    tt_game *g = NULL;
    tt_state *s = NULL;
    int rc = proto_game(p, tt_record_game(r), tt_record_params(r), &g, &err);
    if (rc == TT_OK)
        rc = tt_record_replay_on(r, g, &s, step, NULL, &err);
    int n = tt_record_length(r);
    uint64_t seed = tt_record_seed(r);
    tt_record_free(r);
    if (rc == TT_OK)
        load_and_undo(p, path, g, s, n, seed);
    else
        FUZZ_CHECK(s == NULL && err.msg[0] && !strchr(err.msg, '\n'));
    free(s);
    if (g)
        proto_game_release(p, g);
    return 0;
}
