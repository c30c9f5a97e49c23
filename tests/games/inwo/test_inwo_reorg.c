/* INWO's REORGANIZE (INWO-2.10.7, 5.0.6): The Tidewater Cabal's ability at
 * step 6; at its resolution `move <G>`, `arrow <arrow>` (and `reassign`) as
 * often as wanted, ended by `done`, no token spent. */
#include "inwo_fixture.h"

static int master_of(const fx *f, const char *id)
{
    int m = f->s->node[fx_node(f, id)].master;
    return m == INWO_NO_NODE ? -1 : f->s->node[m].card;
}

/* A plays the Tidewater Cabal: Bureau of Standards on its N arrow, Alumni
 * Network on the Bureau's N, Neighborhood Watch on the Cabal's E; A's
 * step 6, no round open. */
static fx tidewater(void)
{
    fx f = fx_new("players=3");
    fx_illuminati(&f, 0, "I06");
    fx_group(&f, 0, "A:G17#1", "A:I06#1", SIDE_N);
    fx_group(&f, 0, "A:G42#1", "A:G17#1", SIDE_N);
    fx_group(&f, 0, "A:G24#1", "A:I06#1", SIDE_E);
    fx_main(&f, 0);
    f.s->step = f.s->point = PT_STEP6;
    return f;
}

/* INWO-5.0.6 REORGANIZE: the moves are asked when the play resolves; each
 * keeps the group's token; a group moves once; `done` ends the play. */
static void test_INWO_5_0_6_reorganize(void **state)
{
    (void)state;
    fx f = tidewater();
    fx_refused(&f, "move A:G42#1", "INWO-5.5.1", "groups are moved in your Main Phase");
    fx_ok(&f, "use A:I06#1");
    assert_int_equal(f.s->nrounds, 1); /* a root item with its own round */
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_RESOLVE);
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 0);
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "done|move A:G17#1|move A:G42#1|move A:G24#1");
    fx_refused(&f, "arrow A:I06#1/W", "INWO-5.0.6", "REORGANIZE asks move <G> or done");
    fx_ok(&f, "move A:G42#1");
    fx_legal(&f, legal, sizeof legal);
    /* not its own arrows (its subtree), nor the Bureau's N, where it lies */
    assert_string_equal(legal, "arrow A:I06#1/S|arrow A:I06#1/W|arrow A:G17#1/E|"
                               "arrow A:G17#1/W|arrow A:G24#1/N");
    fx_refused(&f, "arrow B:I02#1/N", "INWO-2.11.5", "choose an arrow of your structure");
    fx_ok(&f, "arrow A:I06#1/W");
    assert_int_equal(master_of(&f, "A:G42#1"), fx_card(&f, "A:I06#1"));
    assert_int_equal(f.s->card[fx_card(&f, "A:G42#1")].u.p.tokens, 1); /* no token spent */
    assert_int_equal(f.s->card[fx_card(&f, "A:I06#1")].u.p.tokens, 1);
    assert_int_equal(f.s->point, PT_RESOLVE);
    fx_refused(&f, "move A:G42#1", "INWO-5.0.6",
               "move a group of your structure not moved yet that has an open arrow to go to");
    fx_ok(&f, "move A:G17#1 arrow=A:I06#1/S");
    assert_int_equal(master_of(&f, "A:G17#1"), fx_card(&f, "A:I06#1"));
    assert_int_equal(f.s->node[fx_node(&f, "A:G17#1")].master, fx_node(&f, "A:I06#1"));
    fx_ok(&f, "done");
    assert_int_equal(f.s->point, PT_STEP6);
    assert_int_equal(f.s->nitems, 0);
    fx_refused(&f, "use A:I06#1", "INWO-2.10.4", "its limit is used up"); /* once per turn */
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_INWO_5_0_6_reorganize),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
