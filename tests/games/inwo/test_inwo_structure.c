/* INWO's structure in play: moving groups (INWO-5.5), links made, moved and
 * made illegal (INWO-6), and elimination after every resolution (INWO-9.2),
 * through the worked examples of section 11 on positions built directly. */
#include "inwo_fixture.h"

static int tokens(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].u.p.tokens;
}

static int zone(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].zone;
}

static int holder(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].holder;
}

static int link_status(const fx *f, const char *id)
{
    int k = inwo_link_of(f->s, fx_card(f, id));
    assert_true(k >= 0);
    return f->s->link[k].what >> 4;
}

/* Passes until the round on top closes (every seat polled). */
static void pass_round(fx *f)
{
    int n = f->s->nrounds;
    while (f->s->nrounds >= n && f->s->point != PT_OVER)
        fx_ok(f, "pass");
}

/* --- moves (INWO-5.5) ---------------------------------------------------------------------- */

/* EX-25's structure after the Disaster: Lodge → (N) Bureau of Standards →
 * Alumni Network → Port Vesper (Devastated) → Senator Vale, linked to
 * Vesper; Vesper and Vale hold no token. */
static fx ex26(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G42#1", "A:G17#1", SIDE_N);
    fx_group(&f, 0, "A:G01#1", "A:G42#1", SIDE_N);
    fx_group(&f, 0, "A:G09#1", "A:G01#1", SIDE_N);
    inwo_link_add(f.s, fx_card(&f, "A:G09#1"), fx_card(&f, "A:G01#1"), LK_GROUP, 0);
    inwo_links_update(f.c, f.s);
    f.s->card[fx_card(&f, "A:G01#1")].flags |= INWO_F_DEVASTATED;
    f.s->card[fx_card(&f, "A:G01#1")].u.p.tokens = 0;
    f.s->card[fx_card(&f, "A:G09#1")].u.p.tokens = 0;
    fx_main(&f, 0);
    fx_sane(&f);
    return f;
}

/* EX-26: Vale moves to Bureau's W arrow, paid by the Lodge: it leaves the
 * Devastated arm (counts, receives tokens), its link to Vesper stays (+2). */
static void test_EX_26_move_out_of_a_devastated_arm(void **state)
{
    (void)state;
    fx f = ex26();
    int vale = fx_card(&f, "A:G09#1");
    assert_true(inwo_devastated_arm(f.s, vale));
    assert_false(inwo_receives_tokens(f.c, f.s, vale));
    /* an arrow whose cell is taken is refused, and the compound changes nothing */
    fx_refused(&f, "move A:G09#1 arrow=A:I01#1/N pay=A:I01#1", "INWO-2.11.5",
               "that arrow is not open");
    fx_ok(&f, "move A:G09#1");
    fx_ok(&f, "arrow A:G17#1/W");
    char legal[512];
    fx_legal(&f, legal, sizeof legal); /* Vale and Vesper hold none: the new master may pay */
    assert_string_equal(legal, "pay A:G17#1|pay A:I01#1");
    fx_ok(&f, "pay A:I01#1");
    assert_int_equal(tokens(&f, "A:I01#1"), 0); /* spent on announcement */
    assert_int_equal(f.s->item[0].kind, H_MOVE);
    pass_round(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    const inwo_node *v = &f.s->node[f.s->card[vale].u.p.node];
    assert_int_equal(v->x, -1);
    assert_int_equal(v->y, 1);
    assert_int_equal(INWO_ROT(v->geo), 3); /* its S arrow points E, at Bureau */
    assert_int_equal(f.s->node[v->master].card, fx_card(&f, "A:G17#1"));
    assert_false(inwo_devastated_arm(f.s, vale));
    assert_true(inwo_receives_tokens(f.c, f.s, vale));
    assert_int_equal(link_status(&f, "A:G09#1"), LS_ACTIVE);
    assert_int_equal(fx_value(&f, "A:G09#1", STAT_POWER, CX_BASE), 5); /* 3 + 2 */
    assert_int_equal(inwo_goals_met(f.c, f.s, 0) & GOAL_B, 0);
    fx_free(&f);
}

/* INWO-5.5.3: moving into a Devastated arm takes the moved cards' tokens;
 * INWO-5.5.1: the new master may pay; its subtree cannot be the arrow. */
static void test_INWO_5_5_3_move_into_a_devastated_arm(void **state)
{
    (void)state;
    fx f = ex26();
    fx_group(&f, 0, "A:G24#1", "A:I01#1", SIDE_E);
    fx_ok(&f, "move A:G09#1 arrow=A:G17#1/W pay=A:G17#1");
    pass_round(&f);
    assert_int_equal(tokens(&f, "A:G17#1"), 0);
    fx_refused(&f, "move A:G17#1 arrow=A:G42#1/E", "INWO-5.5.1",
               "that arrow is in the moving subtree");
    fx_refused(&f, "move A:I01#1", "INWO-5.5.1",
               "move a group of your structure, not the Illuminati");
    fx_ok(&f, "move A:G24#1 arrow=A:G01#1/N pay=A:I01#1");
    pass_round(&f);
    int w = fx_card(&f, "A:G24#1");
    assert_int_equal(f.s->node[f.s->node[f.s->card[w].u.p.node].master].card,
                     fx_card(&f, "A:G01#1"));
    assert_int_equal(tokens(&f, "A:G24#1"), 0);
    assert_true(inwo_devastated_arm(f.s, w));
    fx_free(&f);
}

/* INWO-5.5.4, 2.11.8: a moved group's puppet whose cell is taken is
 * unplaceable and goes back to its controller's hand without tokens. */
static void test_INWO_5_5_4_unplaceable_back_to_hand(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N); /* (0,1) */
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_E); /* (1,0) rot 1 */
    fx_group(&f, 0, "A:G07#1", "A:G02#1", SIDE_N); /* (2,0) rot 1 */
    fx_group(&f, 0, "A:G11#1", "A:G07#1", SIDE_W); /* (2,1) */
    fx_group(&f, 0, "A:G37#1", "A:I01#1", SIDE_W); /* (−1,0) rot 3 */
    fx_group(&f, 0, "A:G28#1", "A:G37#1", SIDE_N); /* (−2,0) */
    fx_main(&f, 0);
    /* Riot Police to Bureau's E arrow, (1,1) rot 1: Gardeners would go to (2,1) */
    fx_ok(&f, "move A:G37#1 arrow=A:G17#1/E pay=A:G37#1");
    pass_round(&f);
    const inwo_node *v = &f.s->node[fx_node(&f, "A:G37#1")];
    assert_int_equal(v->x, 1);
    assert_int_equal(v->y, 1);
    assert_int_equal(zone(&f, "A:G28#1"), Z_HAND);
    assert_int_equal(holder(&f, "A:G28#1"), 0);
    assert_int_equal(f.s->card[fx_card(&f, "A:G28#1")].u.p.tokens, 0);
    assert_int_equal(tokens(&f, "A:G37#1"), 0); /* it paid */
    assert_int_equal(tokens(&f, "A:G11#1"), 1);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_26_move_out_of_a_devastated_arm),
        cmocka_unit_test(test_INWO_5_5_3_move_into_a_devastated_arm),
        cmocka_unit_test(test_INWO_5_5_4_unplaceable_back_to_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
