/* The protocol session's kept games (src/proto/session.c): a game whose
 * parameters name no file is loaded once and kept, for `new` and for `load`
 * alike, the least recently used making room, and never the game the session
 * is playing. The cache is internal, so the tests read it through
 * proto/proto_int.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "proto/proto_int.h"

/* Sends one request, which must succeed. */
static void ok(tt_proto *p, const char *line)
{
    char *answer = tt_proto_handle(p, line, NULL);
    assert_non_null(answer);
    if (answer[0] != '=')
        fail_msg("%s: %s", line, answer);
    free(answer);
}

/* The kept game under "name params", or NULL. */
static tt_game *kept(const tt_proto *p, const char *key)
{
    for (int i = 0; i < p->ncache; i++)
        if (strcmp(p->cache_key[i], key) == 0)
            return p->cache[i];
    return NULL;
}

static int is_kept(const tt_proto *p, const tt_game *g)
{
    for (int i = 0; i < p->ncache; i++)
        if (p->cache[i] == g)
            return 1;
    return 0;
}

static void test_new_keeps_the_games_last_used(void **state)
{
    (void)state;
    tt_proto *p = tt_proto_new();
    char line[80], key[80];
    for (int n = 1; n <= PROTO_CACHE + 1; n++) {
        snprintf(line, sizeof line, "new tannhauser max_turns=%d", n);
        ok(p, line);
    }
    assert_int_equal(p->ncache, PROTO_CACHE);
    assert_null(kept(p, "tannhauser max_turns=1"));
    for (int n = 2; n <= PROTO_CACHE + 1; n++) {
        snprintf(key, sizeof key, "tannhauser max_turns=%d", n);
        assert_non_null(kept(p, key));
    }
    /* asked for again, a kept game is the same game, and used last */
    tt_game *two = kept(p, "tannhauser max_turns=2");
    ok(p, "new tannhauser   max_turns=2 seed=4");
    assert_ptr_equal(p->game, two);
    ok(p, "new tannhauser max_turns=1");
    assert_non_null(kept(p, "tannhauser max_turns=1"));
    assert_ptr_equal(kept(p, "tannhauser max_turns=2"), two);
    assert_null(kept(p, "tannhauser max_turns=3"));
    tt_proto_free(p);
}

/* A fresh directory under the build tree; the caller frees the name. */
static char *temp_dir(void)
{
    char *dir = malloc(512);
    assert_non_null(dir);
    snprintf(dir, 512, "%s/tests/session_XXXXXX", TT_BINARY_DIR);
    assert_non_null(mkdtemp(dir));
    return dir;
}

static void test_load_takes_a_kept_game(void **state)
{
    (void)state;
    char *dir = temp_dir(), line[600], path[560];
    snprintf(path, sizeof path, "%s/game.json", dir);
    tt_proto *p = tt_proto_new();
    ok(p, "new invaders auto_decline=1 seed=3");
    tt_game *inv = p->game;
    ok(p, "genmove");
    snprintf(line, sizeof line, "save %s", path);
    ok(p, line);
    ok(p, "new tannhauser");
    snprintf(line, sizeof line, "load %s", path);
    ok(p, line);
    assert_ptr_equal(p->game, inv);
    assert_int_equal(p->hist.n, 1);
    tt_proto_free(p);
    unlink(path);
    rmdir(dir);
    free(dir);
}

/* Loads that fail after their game was loaded and kept leave the session's
 * game the least recently used; making room must still pass it over. */
static void test_failed_loads_keep_the_session_game(void **state)
{
    (void)state;
    char *dir = temp_dir(), line[600], path[560];
    snprintf(path, sizeof path, "%s/bad.json", dir);
    tt_game *tan;
    assert_int_equal(tt_game_new("tannhauser", NULL, &tan, NULL), TT_OK);
    tt_proto *p = tt_proto_new();
    ok(p, "new invaders");
    tt_game *inv = p->game;
    for (int n = 1; n <= PROTO_CACHE; n++) {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fprintf(f,
                "{\"version\": 2, \"game\": \"tannhauser\", \"params\": \"max_turns=%d\", "
                "\"content_hash\": \"%s\", \"seed\": \"1\", \"actions\": [\"nothing\"]}",
                n, tt_game_content_hash(tan));
        fclose(f);
        snprintf(line, sizeof line, "load %s", path);
        char *answer = tt_proto_handle(p, line, NULL);
        assert_non_null(strstr(answer, "entry 1 'nothing' fails"));
        free(answer);
    }
    assert_ptr_equal(p->game, inv);
    assert_true(is_kept(p, inv));
    ok(p, "legal");
    tt_proto_free(p);
    tt_game_free(tan);
    unlink(path);
    rmdir(dir);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_new_keeps_the_games_last_used),
        cmocka_unit_test(test_load_takes_a_kept_game),
        cmocka_unit_test(test_failed_loads_keep_the_session_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
