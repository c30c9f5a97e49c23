/* The descriptions every game with content texts gets checked for
 * (tt_describe, tt_describe_id), through the public interface; the registry
 * (core/rules.h) only names the games, so that a game still being written,
 * which declares no configuration and which tt_game_list leaves out, is
 * checked too.
 *
 * For each registered game that describes its content, with its default
 * parameters: every id is found by its id and by its display name in other
 * case; every text fits the shapes front ends rely on (a summary is one line;
 * a full text ends with a newline, has no empty line, which would end a
 * protocol answer, and no line over 96 columns); ids are unique, case aside;
 * the things of one kind are listed together, so a catalogue has one heading
 * per kind. An unknown name and a buffer too small are refused with TT_EARG
 * and an empty buffer. Games without descriptions (the test-only games) list
 * no id and refuse every name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "core/rules.h"
#include "tabletop/tt.h"

#define TEXT_MAX 4096

static int columns(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n; i++)
        c += (s[i] & 0xC0) != 0x80;
    return c;
}

static void upper(char *s)
{
    for (; *s; s++)
        if (*s >= 'a' && *s <= 'z')
            *s = (char)(*s - 'a' + 'A');
}

static void check_full_shape(const char *game, const char *id, const char *full)
{
    size_t n = strlen(full);
    if (n == 0 || full[n - 1] != '\n')
        fail_msg("%s %s: the full text does not end with a newline", game, id);
    for (const char *p = full; *p;) {
        size_t len = strcspn(p, "\n");
        if (len == 0)
            fail_msg("%s %s: an empty line in the full text", game, id);
        if (columns(p, len) > 96)
            fail_msg("%s %s: a line of %d columns", game, id, columns(p, len));
        p += len + (p[len] == '\n');
    }
}

static void check_game(const char *game)
{
    tt_game *g;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_game_new(game, NULL, &g, &err), TT_OK);
    char full[TEXT_MAX], again[TEXT_MAX], summary[512], name[256], kind[128], prev_kind[128] = "";
    char seen[64][128];
    int nseen = 0;
    const char *id;
    int i;
    for (i = 0; (id = tt_describe_id(g, i)); i++) {
        assert_int_equal(tt_describe(g, id, TT_DESCRIBE_FULL, full, sizeof full, &err), TT_OK);
        assert_int_equal(tt_describe(g, id, TT_DESCRIBE_SUMMARY, summary, sizeof summary, &err),
                         TT_OK);
        assert_int_equal(tt_describe(g, id, TT_DESCRIBE_NAME, name, sizeof name, &err), TT_OK);
        assert_int_equal(tt_describe(g, id, TT_DESCRIBE_KIND, kind, sizeof kind, &err), TT_OK);
        check_full_shape(game, id, full);
        if (!summary[0] || strchr(summary, '\n') || !name[0] || strchr(name, '\n'))
            fail_msg("%s %s: summary '%s' or name '%s' is not one line", game, id, summary, name);
        /* ids are unique, case aside */
        for (int k = 0; k < i; k++)
            if (strcasecmp(tt_describe_id(g, k), id) == 0)
                fail_msg("%s: ids %d and %d are both '%s'", game, k, i, id);
        /* a kind, once left, never comes back */
        if (strcmp(kind, prev_kind) != 0) {
            for (int k = 0; k < nseen; k++)
                if (strcmp(seen[k], kind) == 0)
                    fail_msg("%s: kind '%s' is listed in two places", game, kind);
            assert_true(nseen < 64);
            snprintf(seen[nseen++], sizeof seen[0], "%s", kind);
            snprintf(prev_kind, sizeof prev_kind, "%s", kind);
        }
        /* the display name in capitals finds the first thing of that name */
        char shout[256];
        snprintf(shout, sizeof shout, "%s", name);
        upper(shout);
        assert_int_equal(tt_describe(g, shout, TT_DESCRIBE_NAME, again, sizeof again, &err), TT_OK);
        assert_string_equal(again, name);
        /* so does the id in capitals */
        snprintf(shout, sizeof shout, "%s", id);
        upper(shout);
        assert_int_equal(tt_describe(g, shout, TT_DESCRIBE_FULL, again, sizeof again, &err), TT_OK);
        assert_string_equal(again, full);
        /* a buffer one byte short is refused, and left empty */
        size_t need = strlen(full) + 1;
        assert_int_equal(tt_describe(g, id, TT_DESCRIBE_FULL, again, need - 1, &err), TT_EARG);
        assert_string_equal(again, "");
        assert_int_equal(tt_describe(g, id, TT_DESCRIBE_FULL, again, need, &err), TT_OK);
        assert_string_equal(again, full);
    }
    char msg[320];
    snprintf(msg, sizeof msg,
             "%s has no card, item or token named 'no such thing' (tabletop cards %s lists them)",
             game, game);
    assert_int_equal(tt_describe(g, "no such thing", TT_DESCRIBE_FULL, full, sizeof full, &err),
                     TT_EARG);
    assert_string_equal(err.msg, msg);
    assert_string_equal(full, "");
    assert_int_equal(tt_describe(g, "", TT_DESCRIBE_SUMMARY, full, sizeof full, &err), TT_EARG);
    assert_null(tt_describe_id(g, i));
    assert_null(tt_describe_id(g, -1));
    if (i > 0) {
        assert_int_equal(tt_describe(g, tt_describe_id(g, 0), 99, full, sizeof full, &err),
                         TT_EARG);
        assert_string_equal(err.msg, "no such description kind 99");
        assert_int_equal(tt_describe(g, tt_describe_id(g, 0), TT_DESCRIBE_FULL, full, 0, &err),
                         TT_EARG);
        /* a buffer larger than any description is no trouble */
        static char big[20000];
        assert_int_equal(
            tt_describe(g, tt_describe_id(g, 0), TT_DESCRIBE_FULL, big, sizeof big, &err), TT_OK);
        assert_int_equal(
            tt_describe(g, tt_describe_id(g, 0), TT_DESCRIBE_FULL, full, sizeof full, &err), TT_OK);
        assert_string_equal(big, full);
    }
    tt_game_free(g);
}

/* Every registered game, and the five that describe their content do: INWO
 * among them, though it declares no configuration yet. */
static void test_every_game(void **state)
{
    (void)state;
    int described = 0;
    for (int k = 0; tt_registry[k]; k++) {
        const char *game = tt_registry[k]->name;
        check_game(game);
        tt_game *g;
        assert_int_equal(tt_game_new(game, NULL, &g, NULL), TT_OK);
        described += tt_describe_id(g, 0) != NULL;
        tt_game_free(g);
    }
    assert_int_equal(described, 5);
}

/* The number of things each sample set describes, by kind. */
static void test_sample_counts(void **state)
{
    (void)state;
    static const struct {
        const char *game, *kind;
        int n;
    } want[] = {
        {"invaders", "Invader cards", 17},
        {"invaders", "Mankind cards", 16},
        {"invaders", "Heroes", 5},
        {"invaders", "Invader strategies", 5},
        {"invaders", "Mankind strategies", 4},
        {"invaders", "The board", 1},
        {"braunau", "Token types", 10},
        {"braunau", "Agents", 15},
        {"braunau", "Item cards", 12},
        {"tannhauser", "Characters", 10},
        {"xfiles", "X-Files", 16},
        {"xfiles", "Agents", 11},
        {"xfiles", "Sites", 12},
        {"xfiles", "Adversaries", 6},
        {"xfiles", "Witnesses", 6},
        {"xfiles", "Events", 13},
        {"xfiles", "Equipment", 6},
        {"xfiles", "Combat cards", 5},
        {"xfiles", "Bluffs", 4},
        {"inwo", "Illuminati", 6},
        {"inwo", "Groups", 45},
        {"inwo", "Resources", 10},
        {"inwo", "Plots", 44},
        {"inwo", "Goal cards", 4},
    };
    for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
        tt_game *g;
        assert_int_equal(tt_game_new(want[w].game, NULL, &g, NULL), TT_OK);
        int n = 0;
        const char *id;
        char kind[128];
        for (int i = 0; (id = tt_describe_id(g, i)); i++) {
            assert_int_equal(tt_describe(g, id, TT_DESCRIBE_KIND, kind, sizeof kind, NULL), TT_OK);
            n += strcmp(kind, want[w].kind) == 0;
        }
        if (n != want[w].n)
            fail_msg("%s: %d %s, not %d", want[w].game, n, want[w].kind, want[w].n);
        tt_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_game),
        cmocka_unit_test(test_sample_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
