/* libFuzzer harness for the text protocol: a session fed an input line by
 * line, as `tabletop protocol` reads stdin.
 *
 * The first byte picks the game (every registered one), started with seed 1;
 * each further line is one request, with any bytes in it (NULs too). After
 * every line: a request gets exactly one answer, framed ("=…" or "?…", ending
 * in the one empty line, an error on one line), a blank line or comment none;
 * a refused request changed nothing (game, state, record, undo history, next
 * seed); the state passes the game's sanity check and the undo history is as
 * long as the record. One session serves the whole process and files may only
 * be named in its scratch directory; games without files are loaded once. The
 * sanity check runs when a line changed the state: one that left its bytes as
 * they were has the verdict of the line before. An input ends by clearing the
 * session, so it frees what it allocated (libFuzzer's leak check runs again
 * only for inputs that do not). */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "proto/proto_int.h"

#define MAX_LINES 64

static tt_proto *session(void)
{
    static tt_proto *p;
    if (!p) {
        p = tt_proto_new();
        FUZZ_CHECK(p != NULL);
        FUZZ_CHECK(tt_proto_allow_dir(p, fuzz_dir(), NULL) == TT_OK);
    }
    return p;
}

static void check_framing(const char *answer, int silent)
{
    if (silent) {
        FUZZ_CHECK(answer == NULL);
        return;
    }
    FUZZ_CHECK(answer != NULL);
    size_t len = strlen(answer);
    FUZZ_CHECK(len >= 3 && (answer[0] == '=' || answer[0] == '?'));
    FUZZ_CHECK(strstr(answer, "\n\n") == answer + len - 2);
    if (answer[0] == '?')
        FUZZ_CHECK(strchr(answer, '\n') == answer + len - 2);
}

/* One request, with the properties above. */
static int request(tt_proto *p, const char *line, size_t n, unsigned char *before)
{
    const tt_game *g0 = p->game;
    size_t sz = g0 ? tt_state_size(g0) : 0;
    if (g0)
        memcpy(before, p->state, sz);
    int len0 = p->rec ? tt_record_length(p->rec) : 0, hist0 = p->hist.n;
    uint64_t seed0 = p->next_seed;
    int quit = 0, silent = 0;
    char *answer = proto_handle_bytes(p, line, n, &quit, &silent);
    check_framing(answer, silent);
    if (!answer || answer[0] == '?') {
        FUZZ_CHECK(p->game == g0 && p->next_seed == seed0 && p->hist.n == hist0);
        FUZZ_CHECK(!g0 || (tt_record_length(p->rec) == len0 && !memcmp(before, p->state, sz)));
    }
    free(answer);
    if (p->game) {
        if (p->game != g0 || memcmp(before, p->state, sz) != 0)
            FUZZ_CHECK(tt_sanity(p->game, p->state, NULL) == TT_OK);
        FUZZ_CHECK(p->hist.n == tt_record_length(p->rec));
    }
    return quit;
}

static void say(tt_proto *p, const char *line)
{
    char *answer = tt_proto_handle(p, line, NULL);
    FUZZ_CHECK(answer && answer[0] == '=');
    free(answer);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    tt_proto *p = session();
    char line[80];
    snprintf(line, sizeof line, "new %s seed=1", tt_game_list(data[0] % fuzz_ngames()));
    say(p, "seed 1");
    say(p, line);
    FUZZ_CHECK(tt_sanity(p->game, p->state, NULL) == TT_OK);
    static unsigned char *before;
    static size_t cap;
    const char *s = (const char *)data + 1, *end = (const char *)data + size;
    for (int k = 0; k < MAX_LINES && s < end; k++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl ? (size_t)(nl - s) + 1 : (size_t)(end - s);
        if (p->game && tt_state_size(p->game) > cap) {
            free(before);
            cap = tt_state_size(p->game) * 4;
            before = malloc(cap);
            FUZZ_CHECK(before != NULL);
        }
        if (request(p, s, n, before))
            break;
        s += n;
    }
    proto_session_clear(p);
    return 0;
}
