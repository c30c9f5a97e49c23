/* INWO's terminal picture (picture.c): the exact text of EX-15's position
 * for the defender and the attacker (INWO-7.7), and, over random games,
 * that a viewer's picture stays the same when everything he does not know
 * is dealt again (INWO-7.12): it never names a card he has not seen. */
#include "inwo_fixture.h"
#include "tabletop/view.h"

/* EX-15 input 2 up to Shock Troops (S = 7), A's polls to come; A holds
 * Deniable Denial, which he showed B (INWO-7.10). */
static fx ex15_shock_troops(void)
{
    fx f = fx_ex15();
    int dd = fx_zone(&f, 0, "A:PL16#1", Z_HAND);
    f.s->card[dd].seen_by = 1u << 0 | 1u << 1;
    fx_ex15_aided(&f);
    fx_ok(&f, "play A:PL01#1 target=A:G37#1 for=action");
    return f;
}

/* The end of both pictures: the items pending, as everyone sees them. */
#define EX15_PENDING                                                                               \
    "Pending, oldest first:\n"                                                                     \
    "  i1 B attack to control A:G37#1 Riot Police Auxiliary -> A:G11#1 General Thorn\n"            \
    "    i2 B aid C:G41#1 Mercenary Guild -> A:G11#1 General Thorn\n"                              \
    "    i3 B play A:PL01#1 Shock Troops -> A:G37#1 Riot Police Auxiliary\n"                       \
    "Strength of i1: 7; it succeeds on a roll of 7 or less (INWO-5.9.8).\n"                        \
    "Priority: C.\n"                                                                               \
    "C to decide: a response round.\n"

static void expect_picture(const fx *f, int viewer, const char *want)
{
    char *pic = tt_view_text(f->g, (const tt_state *)f->s, viewer);
    assert_non_null(pic);
    if (strcmp(pic, want) != 0)
        fprintf(stderr, "picture of %d:\n%s", viewer, pic);
    assert_string_equal(pic, want);
    free(pic);
}

static void test_EX_15_picture_defender(void **state)
{
    (void)state;
    fx f = ex15_shock_troops();
    expect_picture(
        &f, 0,
        "Round 5, B's turn: Main Phase.\n"
        "Basic Goal 12 groups: A 3, B 3, C 1.\n"
        "Special Goals: A 12/35, B 3/12, C 0/7.\n"
        "A (you): hand 4 (4 Plot, 0 Group); decks 22 Plot, 14 Group; discard 0\n"
        "  A:I01#1 The Obsidian Lodge P10/10, 1 token\n"
        "     N> A:G02#1 Cobalt Republic P7 R6 GOV CONS VIOL Huge, 1 token\n"
        "        N> A:G11#1 General Thorn P5 R4 GOV CONS VIOL, 1 token\n"
        "  hand: A:PL19#1 Closed Session; A:PL30#1 Goal: Iron Consensus; A:PL20#1 Leak to the Press;\n"
        "    A:PL16#1 Deniable Denial (seen by AB)\n"
        "B: hand 3 (3 Plot, 0 Group); decks 24 Plot, 17 Group; discard 0\n"
        "  B:I02#1 The Choir of Static P8/8, 1 token\n"
        "     N> A:G37#1 Riot Police Auxiliary P4 R3 GOV VIOL STR\n"
        "     E> C:G41#1 Mercenary Guild P6 R4 VIOL CRIM\n"
        "C: hand 3 (3 Plot, 0 Group); decks 24 Plot, 16 Group; discard 0\n"
        "  C:I04#1 The Hollow Crown P9/9, 1 token\n" EX15_PENDING);
    fx_free(&f);
}

static void test_EX_15_picture_attacker(void **state)
{
    (void)state;
    fx f = ex15_shock_troops();
    expect_picture(&f, 1,
                   "Round 5, B's turn: Main Phase.\n"
                   "Basic Goal 12 groups: A 3, B 3, C 1.\n"
                   "Special Goals: A 12/35, B 3/12, C 0/7.\n"
                   "B (you): hand 3 (3 Plot, 0 Group); decks 24 Plot, 17 Group; discard 0\n"
                   "  B:I02#1 The Choir of Static P8/8, 1 token\n"
                   "     N> A:G37#1 Riot Police Auxiliary P4 R3 GOV VIOL STR\n"
                   "     E> C:G41#1 Mercenary Guild P6 R4 VIOL CRIM\n"
                   "  hand: B:PL26#1 NWO: Common Ground; B:PL17#2 Red Tape; B:PL43#1 Lucky Break\n"
                   "C: hand 3 (3 Plot, 0 Group); decks 24 Plot, 16 Group; discard 0\n"
                   "  C:I04#1 The Hollow Crown P9/9, 1 token\n"
                   "A: hand 4 (4 Plot, 0 Group); decks 22 Plot, 14 Group; discard 0\n"
                   "  A:I01#1 The Obsidian Lodge P10/10, 1 token\n"
                   "     N> A:G02#1 Cobalt Republic P7 R6 GOV CONS VIOL Huge, 1 token\n"
                   "        N> A:G11#1 General Thorn P5 R4 GOV CONS VIOL, 1 token\n"
                   "  known in hand: A:PL16#1 Deniable Denial (seen by AB)\n" EX15_PENDING);
    fx_free(&f);
}

/* The parts hold the picture's pieces: the status the round, the decision
 * the items (INWO-4.6), the map the structures: the viewer's whole, as in
 * the picture, and each rival's in brief on one line, with the effective
 * values (INWO-2.14) and tokens; a card not of its holder's first copy
 * named by its instance. */
static void test_EX_15_parts(void **state)
{
    (void)state;
    fx f = ex15_shock_troops();
    const tt_state *s = (const tt_state *)f.s;
    char *all = tt_view_text(f.g, s, 0);
    char *status = tt_view_text_part(f.g, s, 0, TT_TEXT_STATUS);
    char *map = tt_view_text_part(f.g, s, 0, TT_TEXT_MAP);
    char *decision = tt_view_text_part(f.g, s, 0, TT_TEXT_DECISION);
    size_t ns = strlen(status), nd = strlen(decision);
    assert_memory_equal(all, status, ns);
    assert_string_equal(all + strlen(all) - nd, decision);
    assert_string_equal(
        map, "A (you): hand 4 (4 Plot, 0 Group); decks 22 Plot, 14 Group; discard 0\n"
             "  A:I01#1 The Obsidian Lodge P10/10, 1 token\n"
             "     N> A:G02#1 Cobalt Republic P7 R6 GOV CONS VIOL Huge, 1 token\n"
             "        N> A:G11#1 General Thorn P5 R4 GOV CONS VIOL, 1 token\n"
             "  hand: A:PL19#1 Closed Session; A:PL30#1 Goal: Iron Consensus; A:PL20#1 Leak to the "
             "Press;\n"
             "    A:PL16#1 Deniable Denial (seen by AB)\n"
             "B: hand 3; I02 P8/8 1tok; A:G37#1 P4 R3; C:G41#1 P6 R4\n"
             "C: hand 3; I04 P9/9 1tok\n");
    free(all);
    free(status);
    free(map);
    free(decision);
    fx_free(&f);
}

/* A declaration half made is its declarer's (INWO-7.13): B sees his own,
 * A sees B deciding at Main Phase and nothing more. */
static void test_INWO_7_13_declaration_is_his_own(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_ok(&f, "attack A:G37#1");
    const tt_state *s = (const tt_state *)f.s;
    char *mine = tt_view_text_part(f.g, s, 1, TT_TEXT_DECISION);
    fx_ok(&f, "kind control");
    char *aimed = tt_view_text_part(f.g, s, 1, TT_TEXT_DECISION);
    assert_string_equal(aimed, "You are declaring: attack A:G37#1 Riot Police Auxiliary, to "
                               "control.\n"
                               "B to decide: Main Phase.\n");
    free(aimed);
    char *theirs = tt_view_text_part(f.g, s, 0, TT_TEXT_DECISION);
    assert_string_equal(mine, "You are declaring: attack A:G37#1 Riot Police Auxiliary.\n"
                              "B to decide: Main Phase.\n");
    assert_string_equal(theirs, "B to decide: Main Phase.\n");
    free(mine);
    free(theirs);
    fx_free(&f);
}

/* Random games of 3 players: at every decision, for each viewer, the
 * picture after determinizing for him is the picture before (INWO-7.12). */
static void test_INWO_7_12_picture_never_leaks(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        fx f = fx_new("players=3");
        tt_state *s = (tt_state *)f.s, *t = malloc(tt_state_size(f.g));
        assert_non_null(t);
        tt_state_init(f.g, s, seed);
        uint64_t rng = seed * 0x9E3779B97F4A7C15ull;
        tt_action a[INWO_MAX_ACTIONS];
        for (int step = 0; step < 600 && tt_to_move(f.g, s) != TT_TERMINAL; step++) {
            for (int p = TT_VIEW_SPECTATOR; p < 3; p++) {
                if (p == -1)
                    continue;
                char *before = tt_view_text(f.g, s, p);
                tt_state_copy(f.g, t, s);
                tt_determinize(f.g, t, p, rng + (uint64_t)step);
                char *after = tt_view_text(f.g, t, p);
                if (strcmp(before, after) != 0)
                    print_message("seed %llu step %d viewer %d\nbefore:\n%s\nafter:\n%s",
                                  (unsigned long long)seed, step, p, before, after);
                assert_string_equal(before, after);
                free(before);
                free(after);
            }
            int n = tt_legal(f.g, s, a);
            assert_true(n > 0);
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            tt_error err;
            assert_int_equal(tt_apply(f.g, s, a[(rng >> 33) % (uint64_t)n], NULL, &err), TT_OK);
        }
        free(t);
        fx_free(&f);
    }
}

/* Links on the map (INWO-6): the cards linked to a group end its line
 * while they fit in 98 columns, then go on a line under it; a Resource
 * linked to a group is named there, not again among the Resources; a
 * rival's links follow his card in brief, by their short ids. */
static void test_INWO_6_links_on_the_map(void **state)
{
    (void)state;
    fx f = ex15_shock_troops();
    fx_link(&f, "B:R01#1", "B:I02#1", LK_RESOURCE, 0);
    fx_link(&f, "B:R02#1", "B:I02#1", LK_RESOURCE, 0);
    fx_link(&f, "A:R04#1", "B:I02#1", LK_RESOURCE, 0);
    const tt_state *s = (const tt_state *)f.s;
    char *mine = tt_view_text_part(f.g, s, 1, TT_TEXT_MAP);
    char *theirs = tt_view_text_part(f.g, s, 0, TT_TEXT_MAP);
    assert_string_equal(
        mine,
        "B (you): hand 3 (3 Plot, 0 Group); decks 24 Plot, 15 Group; discard 0\n"
        "  B:I02#1 The Choir of Static P8/8, 1 token + B:R01#1 Sunken Codex (inactive for good)\n"
        "     + B:R02#1 Signal Jammer + A:R04#1 Black Budget\n"
        "     N> A:G37#1 Riot Police Auxiliary P4 R3 GOV VIOL STR\n"
        "     E> C:G41#1 Mercenary Guild P6 R4 VIOL CRIM\n"
        "  hand: B:PL26#1 NWO: Common Ground; B:PL17#2 Red Tape; B:PL43#1 Lucky Break\n"
        "C: hand 3; I04 P9/9 1tok\n"
        "A: hand 4; I01 P10/10 1tok; G02 P7 R6 1tok; G11 P5 R4 1tok\n"
        "  known in hand: A:PL16#1 Deniable Denial (seen by AB)\n");
    assert_non_null(strstr(theirs, "\nB: hand 3; I02 P8/8 1tok +R01? +R02 +A:R04#1; A:G37#1 P4 R3; "
                                   "C:G41#1 P6 R4\n"));
    free(mine);
    free(theirs);
    fx_free(&f);
}

static int count_frozen(const char *text)
{
    int n = 0;
    for (const char *p = strstr(text, " FR"); p; p = strstr(p + 1, " FR"))
        n++;
    return n;
}

/* INWO-5.18.2: a card with a frozen attribute is marked on the map, as in
 * the view's flags: FROZEN on its holder's whole structure, FRZ in brief
 * on a rival's line. */
static void test_INWO_5_18_2_frozen_on_the_map(void **state)
{
    (void)state;
    fx f = fx_ex15();
    int huge = 0;
    while (huge < f.c->nattrs && strcmp(f.c->attr[huge], "Huge") != 0)
        huge++;
    assert_true(huge < f.c->nattrs);
    f.s->frozen |= 1u << huge; /* Cobalt Republic is Huge */
    const tt_state *s = (const tt_state *)f.s;
    char *mine = tt_view_text_part(f.g, s, 0, TT_TEXT_MAP);
    char *theirs = tt_view_text_part(f.g, s, 1, TT_TEXT_MAP);
    char *json = tt_view_json(f.g, s, 1);
    assert_non_null(strstr(
        mine, "\n     N> A:G02#1 Cobalt Republic P7 R6 GOV CONS VIOL Huge, 1 token FROZEN\n"));
    assert_non_null(
        strstr(theirs, "\nA: hand 3; I01 P10/10 1tok; G02 P7 R6 1tok FRZ; G11 P5 R4 1tok\n"));
    assert_non_null(strstr(json, "\"attrs\":[\"Huge\"],\"flags\":[\"frozen\"]"));
    assert_int_equal(count_frozen(mine) + count_frozen(theirs), 2); /* General Thorn is not */
    free(mine);
    free(theirs);
    free(json);
    fx_free(&f);
}

/* INWO-2.10.6, 7.1: every player's progress toward his Illuminati's goal
 * is public and in the status, in the goal's own unit: The Hollow Crown
 * counts C's destroyed groups (2 of 7), the Lodge the Power of A's groups,
 * the Choir B's groups with Weird ones doubled; the view's special_goal
 * holds the same pair. */
static void test_INWO_2_10_6_special_goals_in_the_status(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_zone(&f, 2, "B:G26#1", Z_DESTROYED);
    fx_zone(&f, 2, "C:G20#1", Z_DESTROYED);
    fx_sane(&f);
    const tt_state *s = (const tt_state *)f.s;
    char *status = tt_view_text_part(f.g, s, 1, TT_TEXT_STATUS);
    char *json = tt_view_json(f.g, s, 0);
    assert_string_equal(status, "Round 5, B's turn: Main Phase.\n"
                                "Basic Goal 12 groups: A 3, B 3, C 1.\n"
                                "Special Goals: A 12/35, B 3/12, C 2/7.\n");
    assert_non_null(strstr(json, "\"seat\":\"C\",\"completed\":2,\"eliminated\":false,"
                                 "\"basic_goal\":[1,12],\"special_goal\":[2,7],"));
    free(status);
    free(json);
    fx_free(&f);
}

/* INWO-4.1.2, 4.2.3–4.2.6: the status names each step of the Beginning of
 * Turn by what happens in it. */
static void test_INWO_4_2_steps_in_the_status(void **state)
{
    (void)state;
    static const char *const want[] = {"step 1 (Plot draw)", "step 2 (Group draw)",
                                       "step 3 (takeover)", "step 4 (tokens)"};
    fx f = fx_ex15();
    for (int i = 0; i < 4; i++) {
        f.s->step = f.s->point = (uint8_t)(PT_STEP1 + i);
        char *status = tt_view_text_part(f.g, (const tt_state *)f.s, 1, TT_TEXT_STATUS);
        char line[64];
        snprintf(line, sizeof line, "Round 5, B's turn: %s.\n", want[i]);
        assert_int_equal(strncmp(status, line, strlen(line)), 0);
        free(status);
    }
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_15_picture_defender),
        cmocka_unit_test(test_EX_15_picture_attacker),
        cmocka_unit_test(test_EX_15_parts),
        cmocka_unit_test(test_INWO_6_links_on_the_map),
        cmocka_unit_test(test_INWO_5_18_2_frozen_on_the_map),
        cmocka_unit_test(test_INWO_2_10_6_special_goals_in_the_status),
        cmocka_unit_test(test_INWO_4_2_steps_in_the_status),
        cmocka_unit_test(test_INWO_7_13_declaration_is_his_own),
        cmocka_unit_test(test_INWO_7_12_picture_never_leaks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
