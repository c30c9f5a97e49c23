/* The picture in parts (tt_view_text_part) and the words of an ending:
 * player titles, the game's unit of turns, reasons in words.
 *
 * Every game's parts are checked at positions of random games: the whole
 * part is tt_view_text; a game whose picture is a status and a decision gives
 * exactly those two; a game whose parts are brief (Braunau) begins its status
 * as the whole picture begins and ends its decision (its status, once over)
 * as the picture ends; each
 * part a player reads is the same after the state is determinized for him,
 * so a screen built from parts shows him nothing his view hides. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tabletop/tt.h"

static tt_game *load(const char *name, const char *params)
{
    tt_game *g;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_game_new(name, params, &g, &err), TT_OK);
    return g;
}

/* Plays `steps` random legal actions (or to the end) from seed. */
static void play_random(const tt_game *g, tt_state *s, uint64_t seed, int steps)
{
    tt_action *a = malloc((size_t)tt_max_actions(g) * sizeof *a);
    tt_state_init(g, s, seed);
    for (int i = 0; i < steps && tt_to_move(g, s) != TT_TERMINAL; i++) {
        int n = tt_legal(g, s, a);
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        tt_error err;
        assert_int_equal(tt_apply(g, s, a[(seed >> 33) % (uint64_t)n], NULL, &err), TT_OK);
    }
    free(a);
}

enum { SPLIT, MAP, BRIEF }; /* how a game's parts make its picture */

/* The first line of text, as a string of its own (malloc'd). */
static char *first_line(const char *text)
{
    size_t n = strcspn(text, "\n");
    char *line = malloc(n + 1);
    memcpy(line, text, n);
    line[n] = '\0';
    return line;
}

/* Does text end with its last line `end`? */
static int ends_with(const char *text, const char *end)
{
    size_t n = strlen(text), k = strlen(end);
    return n >= k && strcmp(text + n - k, end) == 0;
}

/* The checks of every part at one position, for every player and onlookers. */
static void check_position(const tt_game *g, const tt_state *s, int kind)
{
    tt_state *t = malloc(tt_state_size(g));
    int viewers[TT_MAX_PLAYERS + 2], nv = 0;
    for (int p = 0; p < tt_game_players(g); p++)
        viewers[nv++] = p;
    viewers[nv++] = TT_VIEW_SPECTATOR;
    viewers[nv++] = TT_VIEW_ALL;
    for (int k = 0; k < nv; k++) {
        int v = viewers[k];
        char *whole = tt_view_text(g, s, v), *all = tt_view_text_part(g, s, v, TT_TEXT_ALL);
        char *status = tt_view_text_part(g, s, v, TT_TEXT_STATUS);
        char *decision = tt_view_text_part(g, s, v, TT_TEXT_DECISION);
        char *map = tt_view_text_part(g, s, v, TT_TEXT_MAP);
        assert_string_equal(all, whole);
        if (kind == SPLIT) { /* a picture that is a status and a decision, and no map */
            char *both = malloc(strlen(status) + strlen(decision) + 1);
            strcpy(both, status);
            strcat(both, decision);
            assert_string_equal(both, whole);
            assert_string_equal(map, "");
            free(both);
        } else if (kind == MAP) { /* a map, drawn as the whole picture draws it */
            assert_true(map[0] != '\0');
            assert_non_null(strstr(whole, map));
        } else { /* a map of its own; the status and the decision briefly */
            char *head = first_line(whole), *last = strrchr(whole, '\n');
            assert_true(map[0] != '\0');
            assert_true(strncmp(status, head, strlen(head)) == 0);
            while (last > whole && last[-1] != '\n')
                last--;
            assert_true(
                ends_with(*decision ? decision : status, last)); /* once over: the ranking */
            free(head);
        }
        if (v >= 0) { /* what p reads does not depend on what p cannot see */
            tt_state_copy(g, t, s);
            tt_determinize(g, t, v, 99);
            for (int part = TT_TEXT_MAP; part <= TT_TEXT_DECISION; part++) {
                char *x = tt_view_text_part(g, s, v, part), *y = tt_view_text_part(g, t, v, part);
                assert_string_equal(x, y);
                free(x);
                free(y);
            }
        }
        free(whole);
        free(all);
        free(status);
        free(decision);
        free(map);
    }
    free(t);
}

static void check_game(const char *name, const char *params, int kind)
{
    tt_game *g = load(name, params);
    tt_state *s = malloc(tt_state_size(g));
    for (uint64_t seed = 1; seed <= 4; seed++)
        for (int steps = 0; steps <= 400; steps += 40) {
            play_random(g, s, seed, steps);
            check_position(g, s, kind);
        }
    free(s);
    tt_game_free(g);
}

static void test_invaders_parts(void **state)
{
    (void)state;
    check_game("invaders", NULL, SPLIT);
}

static void test_braunau_parts(void **state)
{
    (void)state;
    check_game("braunau", NULL, BRIEF);
}

static void test_tannhauser_parts(void **state)
{
    (void)state;
    check_game("tannhauser", "mode=ctf", MAP);
}

/* A game without parts: its status is the whole picture, nothing else. */
static void test_parts_of_a_game_without_them(void **state)
{
    (void)state;
    tt_game *g = load("auction", NULL);
    tt_state *s = malloc(tt_state_size(g));
    tt_state_init(g, s, 1);
    char *whole = tt_view_text(g, s, 0), *status = tt_view_text_part(g, s, 0, TT_TEXT_STATUS);
    char *map = tt_view_text_part(g, s, 0, TT_TEXT_MAP);
    char *decision = tt_view_text_part(g, s, 0, TT_TEXT_DECISION);
    assert_string_equal(status, whole);
    assert_string_equal(map, "");
    assert_string_equal(decision, "");
    assert_null(tt_view_text_part(g, s, 0, 99));
    free(whole);
    free(status);
    free(map);
    free(decision);
    free(s);
    tt_game_free(g);
}

/* Players as sentences name them, with the verb's number. */
static void test_player_titles(void **state)
{
    (void)state;
    static const struct {
        const char *game, *player, *title;
        int plural;
    } t[] = {
        {"invaders", "invader", "the Invader", 0},
        {"invaders", "mankind", "Mankind", 0},
        {"tannhauser", "covenant", "the Covenant", 0},
        {"tannhauser", "legion", "the Legion", 0},
        {"braunau", "germans", "the Germans", 1},
        {"braunau", "locals", "the Locals", 1},
        {"auction", "0", "ann", 0}, /* a game without titles: the player's name */
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        tt_game *g = load(t[i].game, NULL);
        char buf[64];
        int plural = -1;
        int p = tt_player_parse(g, t[i].player);
        assert_true(p >= 0);
        tt_player_title(g, p, buf, sizeof buf, &plural);
        assert_string_equal(buf, t[i].title);
        assert_int_equal(plural, t[i].plural);
        tt_game_free(g);
    }
}

/* Braunau counts rounds; a concession is told in words, nothing while playing. */
static void test_units_and_reasons(void **state)
{
    (void)state;
    static const struct {
        const char *game, *unit, *conceded;
    } t[] = {
        {"invaders", "turn", "the other side conceded (INV-8.2)"},
        {"tannhauser", "turn", "the other team conceded (TAN-8.6)"},
        {"braunau", "round", "a faction conceded"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        tt_game *g = load(t[i].game, NULL);
        tt_state *s = malloc(tt_state_size(g));
        tt_events ev = {NULL, 0, 0, 0};
        tt_error err;
        tt_state_init(g, s, 3);
        assert_string_equal(tt_game_turn_name(g), t[i].unit);
        assert_null(tt_result_reason_text(g, s));
        assert_int_equal(tt_offturn_apply(g, s, 0, TT_CONCEDE, &ev, &err), TT_OK);
        if (tt_to_move(g, s) != TT_TERMINAL) /* three factions: the others concede too */
            assert_int_equal(tt_offturn_apply(g, s, 1, TT_CONCEDE, &ev, &err), TT_OK);
        assert_string_equal(tt_result_reason_text(g, s), t[i].conceded);
        free(s);
        tt_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invaders_parts),
        cmocka_unit_test(test_braunau_parts),
        cmocka_unit_test(test_tannhauser_parts),
        cmocka_unit_test(test_parts_of_a_game_without_them),
        cmocka_unit_test(test_player_titles),
        cmocka_unit_test(test_units_and_reasons),
    };
    return cmocka_run_group_tests_name("view parts and endings", tests, NULL, NULL);
}
