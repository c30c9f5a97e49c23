/* libFuzzer harness for records: loading, replaying and undoing.
 *
 * The input is a record file. Loading it either fails with a one-line error
 * or gives a record; replaying that either fails naming the entry (or the
 * mismatch) or reproduces a game whose every state is sane. A record that
 * replays is then loaded into a protocol session and undone entry by entry
 * back to the start, which must be the game's initial state for the record's
 * seed, with the record empty. Files a record names must lie in the scratch
 * directory, as they would under 'tabletop protocol --allow-dir'. */
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static tt_files *files;
    if (!files) {
        files = tt_files_new();
        FUZZ_CHECK(files && tt_files_allow(files, fuzz_dir(), NULL) == TT_OK);
    }
    const char *path = fuzz_write("record.json", data, size);
    tt_record *r = NULL;
    tt_error err;
    if (tt_record_load(path, &r, &err) != TT_OK) {
        FUZZ_CHECK(r == NULL && err.msg[0] && !strchr(err.msg, '\n'));
        return 0;
    }
    tt_game *g = NULL;
    tt_state *s = NULL;
    int rc = tt_record_replay_within(r, files, &g, &s, step, NULL, &err);
    int n = tt_record_length(r);
    uint64_t seed = tt_record_seed(r);
    tt_record_free(r);
    if (rc != TT_OK) {
        FUZZ_CHECK(g == NULL && s == NULL && err.msg[0]);
        return 0;
    }
    tt_proto *p = tt_proto_new();
    FUZZ_CHECK(p && tt_proto_allow_dir(p, fuzz_dir(), NULL) == TT_OK);
    FUZZ_CHECK(proto_session_load(p, path, &err) == TT_OK);
    FUZZ_CHECK(tt_record_length(p->rec) == n && p->hist.n == n);
    FUZZ_CHECK(!memcmp(p->state, s, tt_state_size(g)));
    while (proto_undo(p))
        FUZZ_CHECK(tt_sanity(p->game, p->state, NULL) == TT_OK);
    tt_state_init(g, s, seed);
    FUZZ_CHECK(tt_record_length(p->rec) == 0 && !memcmp(p->state, s, tt_state_size(g)));
    tt_proto_free(p);
    free(s);
    tt_game_free(g);
    return 0;
}
