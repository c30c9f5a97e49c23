/* INWO's extra step draws (EXTRA_DRAW, INWO-4.2.3–4.2.4, 2.10.5) and the
 * benefit lock they set (INWO-6.3.3): Relay Satellite (R10), linked to a
 * Computer group, grants one extra Plot draw at step 1. */
#include "inwo_fixture.h"

/* C's step 1, Relay Satellite linked to Helix Laboratories (Computer). */
static fx satellite(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 2, "C:G23#1", "C:I03#1", SIDE_N);
    fx_link(&f, "C:R10#1", "C:G23#1", LK_RESOURCE, 0);
    fx_main(&f, 2);
    f.s->step = f.s->point = PT_STEP1;
    fx_sane(&f);
    return f;
}

static int top(const fx *f, int seat, int zone)
{
    int n;
    const uint16_t *pile = inwo_pile(f->s, seat, zone, &n);
    assert_true(n > 0);
    return pile[n - 1];
}

static int listed(const fx *f, const char *text)
{
    char legal[4096], bar[80];
    fx_legal(f, legal, sizeof legal);
    snprintf(bar, sizeof bar, "|%s|", text);
    size_t n = strlen(legal);
    char *wrapped = malloc(n + 3);
    snprintf(wrapped, n + 3, "|%s|", legal);
    int found = strstr(wrapped, bar) != NULL;
    free(wrapped);
    return found;
}

/* The extra draw is listed beside the step's own, takes the top Plot, and
 * is counted: a second one is refused. */
static void test_INWO_4_2_3_extra_plot_draw(void **state)
{
    (void)state;
    fx f = satellite();
    assert_true(listed(&f, "draw"));
    assert_true(listed(&f, "draw C:R10#1"));
    int hand = f.s->npile[2][Z_HAND], deck = f.s->npile[2][Z_PLOT_DECK];
    int first = top(&f, 2, Z_PLOT_DECK);
    fx_ok(&f, "draw C:R10#1");
    assert_int_equal(f.s->npile[2][Z_HAND], hand + 1);
    assert_int_equal(f.s->npile[2][Z_PLOT_DECK], deck - 1);
    assert_int_equal(top(&f, 2, Z_HAND), first);
    assert_int_equal(f.s->card[first].seen_by, 1u << 2);
    assert_false(listed(&f, "draw C:R10#1"));
    fx_refused(&f, "draw C:R10#1", "INWO-4.2.3", "R10 gave its 1 extra draw this turn");
    int second = top(&f, 2, Z_PLOT_DECK);
    fx_ok(&f, "draw"); /* the step's own draw is still there */
    assert_int_equal(top(&f, 2, Z_HAND), second);
    assert_int_equal(f.s->npile[2][Z_PLOT_DECK], deck - 2);
    assert_int_equal(f.s->point, PT_STEP1);
    fx_ok(&f, "done");
    assert_int_equal(f.s->point, PT_STEP2);
    assert_false(listed(&f, "draw C:R10#1"));
    fx_refused(&f, "draw C:R10#1", "INWO-4.2.4", "R10 grants no extra draw from your Group deck");
    fx_free(&f);
}

/* INWO-6.3.3: the Satellite that gave its draw is locked for the turn; one
 * whose draw was declined (`done`) may be re-linked. */
static void test_INWO_6_3_3_extra_draw_lock(void **state)
{
    (void)state;
    for (int take = 0; take < 2; take++) {
        fx f = satellite();
        fx_group(&f, 2, "C:G44#1", "C:I03#1", SIDE_E); /* Data Brokers, Computer */
        if (take)
            fx_ok(&f, "draw C:R10#1");
        fx_ok(&f, "done");
        fx_ok(&f, "done");
        fx_ok(&f, "done");
        assert_int_equal(f.s->point, PT_MAIN);
        if (take) {
            fx_refused(&f, "link C:R10#1", "INWO-6.3.3", "R10 gave a benefit this turn");
        } else {
            fx_ok(&f, "link R10 to=C:G44#1"); /* a Resource typed by its card_id */
            assert_int_equal(f.s->link[inwo_link_of(f.s, fx_card(&f, "C:R10#1"))].b,
                             fx_card(&f, "C:G44#1"));
        }
        fx_free(&f);
    }
}

/* Nothing is listed without an active EXTRA_DRAW: the Satellite on the
 * Illuminati (no Computer: an illegal link), a player with none, a card
 * not in play, the Main Phase. */
static void test_INWO_2_10_5_no_extra_draw(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_link(&f, "C:R10#1", "C:I03#1", LK_RESOURCE, 0);
    fx_main(&f, 2);
    f.s->step = f.s->point = PT_STEP1;
    assert_true(listed(&f, "draw"));
    assert_false(listed(&f, "draw C:R10#1"));
    fx_refused(&f, "draw C:R10#1", "INWO-2.10.5", "R10 is not active: its link is not legal");
    fx_refused(&f, "draw C:I03#1", "INWO-4.2.3", "that card of yours in play grants no extra draw");
    fx_free(&f);
    f = satellite();
    f.s->active = f.s->to_move = 0; /* A's step 1: C's Satellite is not his */
    assert_true(listed(&f, "draw"));
    assert_false(listed(&f, "draw C:R10#1"));
    fx_refused(&f, "draw C:R10#1", "INWO-4.2.3", "that card of yours in play grants no extra draw");
    fx_free(&f);
    f = satellite();
    f.s->step = f.s->point = PT_MAIN;
    assert_false(listed(&f, "draw C:R10#1"));
    fx_refused(&f, "draw C:R10#1", "INWO-4.2.3", "the step draws are made at steps 1 and 2");
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_INWO_4_2_3_extra_plot_draw),
        cmocka_unit_test(test_INWO_6_3_3_extra_draw_lock),
        cmocka_unit_test(test_INWO_2_10_5_no_extra_draw),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
