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
    fx_pass_round(&f);
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
    fx_pass_round(&f);
    assert_int_equal(tokens(&f, "A:G17#1"), 0);
    fx_refused(&f, "move A:G17#1 arrow=A:G42#1/E", "INWO-5.5.1",
               "that arrow is in the moving subtree");
    fx_refused(&f, "move A:I01#1", "INWO-5.5.1",
               "move a group of your structure, not the Illuminati");
    fx_ok(&f, "move A:G24#1 arrow=A:G01#1/N pay=A:I01#1");
    fx_pass_round(&f);
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
    fx_pass_round(&f);
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

/* INWO-2.11.8: Bureau of Standards moves from the Lodge's E arrow to its W
 * arrow; Neighborhood Watch, on Bureau's local E, would go to (−1,1), where
 * the Gardeners stand: A is asked where it goes instead. */
static fx reassign_move(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N); /* (0,1) */
    fx_group(&f, 0, "A:G28#1", "A:G02#1", SIDE_W); /* (−1,1) */
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_E); /* (1,0) rot 1 */
    fx_group(&f, 0, "A:G24#1", "A:G17#1", SIDE_E); /* (1,−1) */
    fx_main(&f, 0);
    fx_ok(&f, "move A:G17#1 arrow=A:I01#1/W pay=A:G17#1");
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_RESOLVE);
    assert_int_equal(f.s->to_move, 0);
    char legal[256];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "reassign A:G24#1 N|reassign A:G24#1 W|reassign A:G24#1 none");
    fx_refused(&f, "reassign A:G24#1 E", "INWO-2.11.8", "that side of its master is not open");
    fx_refused(&f, "reassign A:G28#1 N", "INWO-2.11.8", "the card asked about is G24");
    return f;
}

static void test_INWO_2_11_8_reassign_on_a_move(void **state)
{
    (void)state;
    fx f = reassign_move();
    fx_ok(&f, "reassign A:G24#1 N");
    assert_int_equal(f.s->point, PT_MAIN);
    const inwo_node *v = &f.s->node[fx_node(&f, "A:G24#1")];
    assert_int_equal(v->x, -2);
    assert_int_equal(v->y, 0);
    assert_int_equal(INWO_SIDE(v->geo), SIDE_N);
    assert_int_equal(f.s->node[v->master].card, fx_card(&f, "A:G17#1"));
    assert_int_equal(tokens(&f, "A:G24#1"), 1);
    fx_free(&f);
    f = reassign_move();
    fx_ok(&f, "reassign A:G24#1 none"); /* unplaceable: back to hand (INWO-5.5.4) */
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(zone(&f, "A:G24#1"), Z_HAND);
    assert_int_equal(holder(&f, "A:G24#1"), 0);
    fx_free(&f);
}

/* INWO-2.11.8 on a capture whose arrow is not asked (one open arrow): the
 * captured Tollkeepers' puppet Grand Casino finds its cell taken and goes
 * on Tollkeepers' other side. */
static void test_INWO_2_11_8_reassign_on_a_capture(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N); /* (0,1) */
    fx_group(&f, 0, "A:G28#1", "A:G02#1", SIDE_W); /* (−1,1) rot 3 */
    fx_group(&f, 0, "A:G24#1", "A:G28#1", SIDE_N); /* (−2,1) */
    fx_group(&f, 0, "A:G37#1", "A:I01#1", SIDE_W); /* (−1,0) rot 3: N → (−2,0) */
    fx_group(&f, 0, "A:G33#1", "A:I01#1", SIDE_E);
    fx_group(&f, 0, "A:G36#1", "A:I01#1", SIDE_S);
    fx_group(&f, 2, "C:G16#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G06#1", "C:G16#1", SIDE_E);
    fx_zone(&f, 0, "A:PL01#1", Z_HAND);
    fx_main(&f, 0);
    fx_ok(&f, "attack A:G37#1 kind=control target=C:G16#1 privilege=none");
    fx_passes(&f, 2);
    fx_ok(&f, "aid A:I01#1");
    fx_passes(&f, 2);
    fx_ok(&f, "play A:PL01#1 target=A:G37#1");
    assert_int_equal(fx_strength(&f), 7); /* 4 + 10 + 10 − 13 − 4 */
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_RESOLVE);
    char legal[256];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "reassign C:G06#1 N|reassign C:G06#1 none");
    fx_ok(&f, "reassign C:G06#1 N");
    assert_int_equal(f.s->point, PT_MAIN);
    const inwo_node *v = &f.s->node[fx_node(&f, "C:G06#1")];
    assert_int_equal(v->x, -3);
    assert_int_equal(v->y, 0);
    assert_int_equal(holder(&f, "C:G06#1"), 0);
    assert_int_equal(holder(&f, "C:G16#1"), 0);
    fx_sane(&f);
    fx_free(&f);
}

/* --- links (INWO-6) ------------------------------------------------------------------------ */

/* EX-1: Mood Swing's one-turn "add VIOL" on Free Clinics makes Peace Medal's
 * link temporarily illegal: the Plot stays, dormant (Power 2); when the
 * record expires the link is legal again (Power 6). */
static void test_EX_1_temporarily_illegal_link(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 2, "C:G43#1", "C:I03#1", SIDE_N);
    fx_link(&f, "C:PL08#1", "C:G43#1", LK_PLOT, 1);
    fx_main(&f, 1);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 6);
    inwo_record_add(f.s, fx_card(&f, "C:G43#1"), AL_VIOL, 0, 1, 1); /* Mood Swing on PEACE */
    assert_int_equal(inwo_links_settle(f.g, f.s, NULL), 0);
    assert_int_equal(fx_align(&f, "C:G43#1"), AL(LIB) | AL(VIOL));
    assert_int_equal(link_status(&f, "C:PL08#1"), LS_INACTIVE_TEMPORARY);
    assert_int_equal(zone(&f, "C:PL08#1"), Z_TABLE);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 2);
    inwo_records_expire(f.s); /* cleanup (INWO-4.5.1 (1)) */
    inwo_links_settle(f.g, f.s, NULL);
    assert_int_equal(fx_align(&f, "C:G43#1"), AL(PEACE) | AL(LIB));
    assert_int_equal(link_status(&f, "C:PL08#1"), LS_ACTIVE);
    assert_int_equal(fx_value(&f, "C:G43#1", STAT_POWER, CX_BASE), 6);
    fx_sane(&f);
    fx_free(&f);
}

/* EX-2: Turncoat's permanent "add WEIRD" on Neighborhood Watch: Main Street
 * Support's link is permanently illegal, the Plot goes to A's discard pile. */
static void test_EX_2_permanently_illegal_link(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G24#1", "A:I01#1", SIDE_N);
    fx_link(&f, "A:PL07#1", "A:G24#1", LK_PLOT, 1);
    fx_main(&f, 1);
    assert_int_equal(fx_value(&f, "A:G24#1", STAT_POWER, CX_BASE), 6);
    inwo_record_add(f.s, fx_card(&f, "A:G24#1"), AL_WEIRD, 0, 0, 1);
    assert_int_equal(inwo_links_settle(f.g, f.s, NULL), 0);
    assert_int_equal(fx_align(&f, "A:G24#1"), AL(CONS) | AL(WEIRD));
    assert_int_equal(zone(&f, "A:PL07#1"), Z_DISCARD);
    assert_int_equal(holder(&f, "A:PL07#1"), 0);
    assert_int_equal(inwo_link_of(f.s, fx_card(&f, "A:PL07#1")), -1);
    assert_int_equal(fx_value(&f, "A:G24#1", STAT_POWER, CX_BASE), 2);
    fx_sane(&f);
    fx_free(&f);
}

/* EX-3: Straight Arrow linked in round 4, Turncoat in round 5: the later
 * change wins ({VIOL, WEIRD}) and the link stays legal; once the record is
 * repealed, the linked Plot's STR reasserts itself. */
static void test_EX_3_later_change_wins(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 1, "B:G38#1", "B:I02#1", SIDE_N);
    fx_main(&f, 1);
    int arrow = fx_zone(&f, 1, "A:PL09#1", Z_TABLE);
    assert_int_equal(inwo_link_plot_check(f.c, f.s, arrow, fx_card(&f, "B:G38#1"), 1, NULL), TT_OK);
    inwo_link_plot(f.c, f.s, arrow, fx_card(&f, "B:G38#1"));
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(VIOL) | AL(STR));
    inwo_record_add(f.s, fx_card(&f, "B:G38#1"), AL_WEIRD, 0, 0, 1); /* Turncoat */
    inwo_links_settle(f.g, f.s, NULL);
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(VIOL) | AL(WEIRD));
    assert_int_equal(link_status(&f, "A:PL09#1"), LS_ACTIVE);
    assert_int_equal(zone(&f, "A:PL09#1"), Z_TABLE);
    f.s->nrecords--; /* Repeal deletes Turncoat's record */
    inwo_links_settle(f.g, f.s, NULL);
    assert_int_equal(fx_align(&f, "B:G38#1"), AL(VIOL) | AL(STR));
    fx_free(&f);
}

/* EX-4's position: A's Helix Laboratories with a Sole Franchise; C's
 * Consolidated Widgets with another, at d3 under Tess Arkwright. */
static fx ex4(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "C:G23#1", "A:I01#1", SIDE_N);
    fx_link(&f, "C:PL13#1", "C:G23#1", LK_PLOT, 1);
    fx_group(&f, 2, "C:G34#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G12#1", "C:G34#1", SIDE_N);
    fx_group(&f, 2, "C:G21#1", "C:G12#1", SIDE_N);
    fx_link(&f, "C:PL13#2", "C:G21#1", LK_PLOT, 1);
    fx_main(&f, 0);
    return f;
}

/* A captures Widgets: they arrive with C's Sole Franchise, two in A's
 * structure for a limit of one, and A chooses at once which to discard. */
static void ex4_capture(fx *f)
{
    assert_int_equal(fx_value(f, "C:G23#1", STAT_POWER, CX_BASE), 8);
    assert_int_equal(fx_value(f, "C:G21#1", STAT_POWER, CX_BASE), 9);
    fx_ok(f, "attack A:I01#1 kind=control target=C:G21#1 privilege=none");
    fx_ok(f, "pass");
    fx_ok(f, "pass");
    fx_ok(f, "aid C:G23#1");             /* shares CORP */
    assert_int_equal(fx_strength(f), 9); /* 10 + 8 − (5 + 4, CORP shared with Tess) */
    fx_dice(f, 1, 1);
    fx_pass_round(f); /* and the after-roll round */
    fx_ok(f, "arrow A:I01#1/E");
    assert_int_equal(holder(f, "C:G21#1"), 0);
    assert_int_equal(holder(f, "C:PL13#2"), 0); /* the card remembers (INWO-6.5.1) */
    assert_int_equal(f->s->point, PT_RESOLVE);
    assert_int_equal(f->s->to_move, 0);
    char legal[256];
    fx_legal(f, legal, sizeof legal);
    assert_string_equal(legal, "discard C:PL13#1|discard C:PL13#2");
    fx_refused(f, "discard A:PL01#1", "INWO-6.4.5", "discard a linked Plot of the conflict");
}

static void test_EX_4_limit_per_player_after_capture(void **state)
{
    (void)state;
    fx f = ex4();
    ex4_capture(&f);
    fx_ok(&f, "discard C:PL13#2");
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(zone(&f, "C:PL13#2"), Z_DISCARD);
    assert_int_equal(holder(&f, "C:PL13#2"), 2);
    assert_int_equal(fx_value(&f, "C:G23#1", STAT_POWER, CX_BASE), 8);
    assert_int_equal(fx_value(&f, "C:G21#1", STAT_POWER, CX_BASE), 5);
    fx_free(&f);
    f = ex4();
    ex4_capture(&f);
    fx_ok(&f, "discard C:PL13#1");
    assert_int_equal(zone(&f, "C:PL13#1"), Z_DISCARD);
    assert_int_equal(fx_value(&f, "C:G23#1", STAT_POWER, CX_BASE), 4);
    assert_int_equal(fx_value(&f, "C:G21#1", STAT_POWER, CX_BASE), 9);
    fx_free(&f);
}

/* EX-33's position at C's step 3: Field Office linked to Helix Laboratories,
 * which holds no token. */
static fx ex33(void)
{
    fx f = fx_new("players=3");
    fx_group(&f, 2, "C:G23#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_E);
    f.s->card[fx_card(&f, "C:G23#1")].u.p.tokens = 0;
    fx_link(&f, "C:R03#1", "C:I03#1", LK_RESOURCE, 0);
    fx_main(&f, 2);
    fx_ok(&f, "link C:R03#1 to=C:G23#1");
    f.s->link[inwo_link_of(f.s, fx_card(&f, "C:R03#1"))].what &= (uint8_t)~8; /* last turn */
    f.s->step = f.s->point = PT_STEP3;
    return f;
}

/* EX-33: the benefit provided locks Field Office for the turn; declined,
 * Helix gets one token and Field Office may move to Widgets. */
static void test_EX_33_benefit_lock(void **state)
{
    (void)state;
    fx f = ex33();
    fx_ok(&f, "done");
    assert_int_equal(f.s->point, PT_STEP4);
    char legal[256];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "benefit C:R03#1 take|benefit C:R03#1 decline");
    fx_ok(&f, "benefit C:R03#1 take");
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(tokens(&f, "C:G23#1"), 2);
    fx_refused(&f, "link C:R03#1", "INWO-6.3.3", "R03 gave a benefit this turn");
    fx_free(&f);
    f = ex33();
    fx_ok(&f, "done");
    fx_ok(&f, "benefit C:R03#1 decline");
    assert_int_equal(tokens(&f, "C:G23#1"), 1);
    fx_ok(&f, "link C:R03#1 to=C:G21#1");
    assert_int_equal(f.s->link[inwo_link_of(f.s, fx_card(&f, "C:R03#1"))].b,
                     fx_card(&f, "C:G21#1"));
    fx_refused(&f, "link C:R03#1", "INWO-6.3.2", "a link moves once a turn");
    fx_free(&f);
}

/* INWO-6.2, 6.3: what may be linked where. Senator Vale links to a Place
 * and back off it once a turn; Archive of Names' first link to a
 * Personality is permanent; a Resource may always go back to the Lodge. */
static void test_INWO_6_2_link_commands(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G01#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G09#1", "A:G01#1", SIDE_N);
    fx_group(&f, 0, "A:G24#1", "A:I01#1", SIDE_E);
    fx_group(&f, 0, "A:G11#1", "A:G24#1", SIDE_N);
    fx_link(&f, "A:R08#1", "A:I01#1", LK_RESOURCE, 0);
    fx_main(&f, 0);
    fx_refused(&f, "link A:G24#1", "INWO-6.1.1",
               "link a Resource or a group that links to a group");
    fx_refused(&f, "link A:R08#1 to=A:G24#1", "INWO-6.2.2", "R08 cannot be linked to G24");
    fx_ok(&f, "link A:G09#1"); /* one Place: the answer is not asked */
    assert_int_equal(f.s->link[inwo_link_of(f.s, fx_card(&f, "A:G09#1"))].b,
                     fx_card(&f, "A:G01#1"));
    assert_int_equal(fx_value(&f, "A:G09#1", STAT_POWER, CX_BASE), 5);
    fx_refused(&f, "unlink A:G09#1", "INWO-6.3.2", "a link moves once a turn");
    fx_ok(&f, "link A:R08#1 to=A:G09#1");
    assert_int_equal(fx_value(&f, "A:G09#1", STAT_POWER, CX_BASE), 8);
    int l = inwo_link_of(f.s, fx_card(&f, "A:R08#1"));
    assert_int_equal(f.s->link[l].what & 4, 4); /* permanent (INWO-2.6.2) */
    f.s->link[l].what &= (uint8_t)~8;
    fx_refused(&f, "link A:R08#1", "INWO-6.3.1", "a permanent link never moves");
    fx_free(&f);
}

/* --- elimination after each resolution (INWO-9.2) ------------------------------------------ */

/* EX-35's position: D (The Hollow Crown) has completed three turns, holds 6
 * (or `victims`) groups in his destroyed pile and one puppet, Iron Legion
 * Veterans; he attacks it with his Illuminati. */
static fx ex35(int victims)
{
    static const char *const pile[] = {"A:G01#1", "A:G02#1", "A:G07#1",
                                       "A:G09#1", "A:G11#1", "A:G17#1"};
    fx f = fx_new("players=4");
    fx_group(&f, 3, "D:G20#1", "D:I04#1", SIDE_N);
    for (int i = 0; i < victims; i++)
        fx_zone(&f, 3, pile[i], Z_DESTROYED);
    while (f.s->npile[3][Z_HAND]) { /* no Goal card: Scorched Earth would count 6 */
        int n;
        int card = inwo_pile(f.s, 3, Z_HAND, &n)[0];
        inwo_lift(f.s, card);
        inwo_put(f.s, card, Z_DISCARD, 3);
    }
    fx_main(&f, 3);
    f.s->pl[3].completed = 3;
    fx_ok(&f, "attack D:I04#1 kind=destroy target=D:G20#1");
    assert_int_equal(fx_strength(&f), 8); /* 9 + 3 − 4, M = 0 */
    fx_dice(&f, 3, 4);
    fx_passes(&f, 8); /* the attack's round, the after-roll round */
    assert_int_equal(zone(&f, "D:G20#1"), Z_DESTROYED);
    assert_int_equal(holder(&f, "D:G20#1"), 3);
    return f;
}

/* To step 7 from the Main Phase: end_main, step 6, the knock. */
static void to_knock(fx *f)
{
    fx_ok(f, "end_main");
    fx_pass_round(f);
    fx_ok(f, "done");
    fx_pass_round(f);
    assert_int_equal(f->s->point, PT_DECLARE);
}

/* EX-35: the 7th destroyed group meets the Crown's Special Goal, so D is
 * passed over although his Illuminati has no puppet, and wins at step 7. */
static void test_EX_35_last_victim(void **state)
{
    (void)state;
    fx f = ex35(6);
    assert_int_equal(f.s->npile[3][Z_DESTROYED], 7);
    assert_int_equal(f.s->head.eliminated, 0);
    assert_int_equal(f.s->pl[3].exempt, 1);
    assert_int_equal(f.s->point, PT_MAIN);
    to_knock(&f);
    fx_ok(&f, "declare special");
    fx_knock(&f);
    fx_pass_round(&f); /* the thwart round */
    assert_int_equal(f.s->head.over, 1);
    assert_int_equal(f.s->head.reason, R_SPECIAL_GOAL);
    assert_int_equal(f.s->head.rank[3], 1);
    fx_free(&f);
}

/* EX-35 (a): with 5 earlier victims D is eliminated as the attack resolves
 * and his turn ends at once; (c): declining at step 7, the cleanup check
 * eliminates him. */
static void test_EX_35_variants(void **state)
{
    (void)state;
    fx f = ex35(5);
    assert_int_equal(f.s->head.eliminated, 1 << 3);
    assert_int_equal(f.s->head.over, 0);
    assert_int_equal(zone(&f, "D:I04#1"), Z_REMOVED);
    assert_int_equal(f.s->active, 0); /* A's turn begins */
    assert_int_equal(f.s->point, PT_UPKEEP);
    assert_int_equal(f.s->nitems, 0);
    fx_free(&f);
    f = ex35(6);
    to_knock(&f);
    fx_knock(&f); /* D answers nodeclare */
    assert_int_equal(f.s->head.eliminated, 1 << 3);
    assert_int_equal(f.s->pl[3].exempt, 0);
    fx_free(&f);
}

/* EX-35 (b): A opposes with Cobalt Republic (shares VIOL and CONS; Power
 * 7): S = 1, the attack fails with no roll and D keeps his puppet. */
static void test_EX_35_opposed(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 3, "D:G20#1", "D:I04#1", SIDE_N);
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_main(&f, 3);
    f.s->pl[3].completed = 3;
    fx_ok(&f, "attack D:I04#1 kind=destroy target=D:G20#1");
    fx_ok(&f, "oppose A:G02#1");
    assert_int_equal(fx_strength(&f), 1);
    fx_pass_round(&f);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(zone(&f, "D:G20#1"), Z_STRUCTURE);
    assert_int_equal(f.s->head.eliminated, 0);
    fx_free(&f);
}

/* INWO-9.2.1: a rival past his third turn who loses his last puppet is out
 * as soon as the attack resolves, not at cleanup; before his third turn is
 * complete he stays (EX-30). */
static void test_INWO_9_2_1_after_a_resolution(void **state)
{
    (void)state;
    for (int done = 2; done <= 3; done++) {
        fx f = fx_new("players=3");
        fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
        fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
        fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
        fx_main(&f, 0);
        f.s->pl[1].completed = (uint16_t)done;
        fx_ok(&f, "attack A:I01#1 kind=destroy target=B:G19#1 privilege=none");
        fx_passes(&f, 2);
        fx_ok(&f, "aid A:G02#1");
        assert_int_equal(fx_strength(&f), 6); /* 10 + 7 − (1 + 10) */
        fx_dice(&f, 1, 1);
        fx_pass_round(&f);
        assert_int_equal(zone(&f, "B:G19#1"), Z_DESTROYED);
        assert_int_equal(f.s->head.eliminated, done == 3 ? 2 : 0);
        assert_int_equal(f.s->point, PT_MAIN);
        fx_free(&f);
    }
}

/* INWO-9.2.3: A destroys the last puppet of C, another faction of the
 * Lodge: C is out and A takes C's Resources, linked to A's Illuminati. */
static void test_INWO_9_2_3_faction_inherits_resources(void **state)
{
    (void)state;
    fx f = fx_new("players=3 p2=deck_a");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    fx_group(&f, 2, "C:G24#1", "C:I01#1", SIDE_N);
    fx_link(&f, "C:R04#1", "C:I01#1", LK_RESOURCE, 0);
    fx_main(&f, 0);
    f.s->pl[2].completed = 3;
    fx_ok(&f, "attack A:I01#1 kind=destroy target=C:G24#1 privilege=none");
    assert_int_equal(fx_strength(&f), 3); /* 10 + 5 (faction) − (2 + 10) */
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    assert_int_equal(f.s->head.eliminated, 1 << 2);
    assert_int_equal(zone(&f, "C:R04#1"), Z_RESOURCE);
    assert_int_equal(holder(&f, "C:R04#1"), 0);
    int l = inwo_link_of(f.s, fx_card(&f, "C:R04#1"));
    assert_int_equal(f.s->link[l].b, fx_card(&f, "A:I01#1"));
    assert_int_equal(link_status(&f, "C:R04#1"), LS_ACTIVE);
    assert_int_equal(zone(&f, "C:I01#1"), Z_REMOVED);
    fx_sane(&f);
    fx_free(&f);
}

/* EX-34: B, in his first turn, attacks A's Cobalt Republic: A may respond
 * against him (a cancel, an oppose); C, who has not played, may not take
 * part in the protected player's attack; an NWO A plays still reaches C's
 * groups. */
static void test_EX_34_first_turn_protection(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 1, "A:G37#1", "B:I02#1", SIDE_N);
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
    fx_zone(&f, 0, "A:PL16#1", Z_HAND);
    fx_zone(&f, 0, "B:PL28#1", Z_HAND); /* NWO: Boom Times */
    fx_main(&f, 1);
    f.s->round = 1;
    f.s->head.turn = 1;
    f.s->pl[0].completed = 1;
    f.s->pl[1].completed = 0;
    f.s->pl[2].completed = 0;
    f.s->pl[1].protected_ = 1;
    f.s->pl[2].protected_ = 1;
    fx_ok(&f, "attack A:G37#1 kind=control target=A:G02#1");
    fx_refused(&f, "oppose C:G21#1", "INWO-4.8.1", "B has not completed his first turn");
    fx_ok(&f, "pass");
    fx_ok(&f, "play A:PL16#1 target=i1");
    fx_ok(&f, "pass"); /* B */
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "oppose A:I01#1");
    fx_ok(&f, "pass"); /* B */
    fx_ok(&f, "pass"); /* C */
    assert_int_equal(fx_value(&f, "C:G21#1", STAT_POWER, CX_GOAL), 5);
    fx_ok(&f, "play B:PL28#1"); /* NWO: Boom Times, +2 to every CORP group */
    fx_pass_round(&f);
    assert_int_equal(zone(&f, "B:PL28#1"), Z_NWO);
    assert_int_equal(fx_value(&f, "C:G21#1", STAT_POWER, CX_GOAL), 7); /* C's too */
    fx_pass_round(&f);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(holder(&f, "A:G02#1"), 0);
    assert_int_equal(zone(&f, "A:PL16#1"), Z_DISCARD);
    fx_free(&f);
}

/* EX-34's position for Wiretap: A's response to B's first-turn attack on
 * Cobalt Republic, B and C protected; with four players D played first
 * this round and passes too. */
static fx ex34_wiretap(int nplayers)
{
    fx f = fx_new(nplayers == 4 ? "players=4" : "players=3");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "B:G27#1", "A:I01#1", SIDE_E); /* Computer: pays for Wiretap */
    fx_group(&f, 1, "A:G37#1", "B:I02#1", SIDE_N);
    fx_zone(&f, 0, "B:PL41#1", Z_HAND); /* Wiretap */
    fx_main(&f, 1);
    f.s->first = nplayers == 4 ? 3 : 0;
    f.s->round = 1;
    f.s->head.turn = nplayers == 4 ? 1 : 2;
    for (int p = 0; p < nplayers; p++)
        f.s->pl[p].completed = p == 1 || p == 2 ? 0 : 1;
    f.s->pl[1].protected_ = f.s->pl[2].protected_ = 1;
    fx_ok(&f, "attack A:G37#1 kind=control target=A:G02#1");
    fx_passes(&f, nplayers - 2); /* C, D */
    assert_int_equal(tt_to_move(f.g, (tt_state *)f.s), 0);
    return f;
}

/* EX-34, Wiretap: in A's response to B's first-turn attack, A's Wiretap may
 * name B (INWO-4.8.1's exception) but not C, who has not played yet. With
 * three players B is its only answer, so the question is not asked
 * (INWO-5.0.1); here a fourth seat, D, who played first this round, makes
 * it asked: seats D, A, B, C in turn order. */
static void test_EX_34_wiretap_on_a_protected_player(void **state)
{
    (void)state;
    fx f = ex34_wiretap(4);
    fx_ok(&f, "play B:PL41#1");
    char legal[256];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "target B|target D");
    fx_refused(&f, "target C", "INWO-4.8.1", "C has not completed his first turn");
    fx_ok(&f, "target B");
    fx_free(&f);
}

/* EX-34 with three players: only B may be named by A's Wiretap, so its
 * target is not asked (INWO-5.0.1). Typed anyway, `target=B` is accepted
 * and `target=C` is refused for what is wrong with C (INWO-5.0.2). */
static void test_EX_34_forced_target_typed(void **state)
{
    (void)state;
    fx f = ex34_wiretap(3);
    fx_refused(&f, "play B:PL41#1 target=C", "INWO-4.8.1", "C has not completed his first turn");
    fx_refused(&f, "play B:PL41#1 target=C pay=B:G27#1", "INWO-4.8.1",
               "C has not completed his first turn");
    fx_ok(&f, "play B:PL41#1 pay=B:G27#1 target=B");
    const inwo_item *it = &f.s->item[f.s->nitems - 2]; /* the Plot, then its payment */
    assert_int_equal(it->kind, H_PLAY);
    assert_int_equal(it->card, fx_card(&f, "B:PL41#1"));
    assert_int_equal(it->target, INWO_PLAYER_ARG | 1);
    fx_free(&f);
}

/* EX-40, setup 1: with 64 cards in hand, buying is not listed and refused. */
static void test_EX_40_full_hand(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_main(&f, 0);
    for (int i = INWO_DECK_CARDS; f.s->npile[0][Z_HAND] < INWO_HAND_MAX; i++)
        if (f.s->card[i].zone != Z_STRUCTURE) {
            inwo_lift(f.s, i);
            inwo_put(f.s, i, Z_HAND, 0);
        }
    fx_sane(&f);
    char legal[4096];
    fx_legal(&f, legal, sizeof legal);
    assert_null(strstr(legal, "buy"));
    fx_refused(&f, "buy pay=A:I01#1", "INWO-2.15.2", "your hand holds 64 cards");
    fx_free(&f);
}

/* EX-40, setup 1 (a normal attack standing for the Instant Attack): the
 * puppet of a destroyed group, bound for a full hand, goes to its owner's
 * discard pile instead, not destroyed (INWO-2.15.2 (c)). */
static void test_EX_40_puppet_of_a_full_hand(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G24#1", "A:G17#1", SIDE_N); /* d2 */
    fx_group(&f, 0, "A:G28#1", "A:G24#1", SIDE_N);
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    fx_main(&f, 1);
    for (int i = INWO_DECK_CARDS; f.s->npile[0][Z_HAND] < INWO_HAND_MAX; i++)
        if (f.s->card[i].zone != Z_STRUCTURE) {
            inwo_lift(f.s, i);
            inwo_put(f.s, i, Z_HAND, 0);
        }
    fx_ok(&f, "attack B:I02#1 kind=destroy target=A:G24#1");
    fx_ok(&f, "pass");                    /* C */
    fx_ok(&f, "pass");                    /* A */
    fx_ok(&f, "aid B:G19#1");             /* STR-WEIRD, CONS-LIB */
    assert_int_equal(fx_strength(&f), 2); /* 8 + 1 − (2 + 5) */
    fx_dice(&f, 1, 1);
    fx_pass_round(&f);
    assert_int_equal(zone(&f, "A:G24#1"), Z_DESTROYED);
    assert_int_equal(zone(&f, "A:G28#1"), Z_DISCARD);
    assert_int_equal(holder(&f, "A:G28#1"), 0);
    assert_true(inwo_copy_free(f.c, f.s, fx_card(&f, "A:G28#1")));
    assert_int_equal(f.s->npile[0][Z_HAND], INWO_HAND_MAX);
    fx_free(&f);
}

/* EX-40, setup 2: a 39-card structure may capture a group alone, not one
 * with a puppet (41 cards); the latter is not among the targets listed. */
static void test_EX_40_full_structure(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 2, "C:G16#1", "C:I03#1", SIDE_N); /* Tollkeepers → Grand Casino */
    fx_group(&f, 2, "C:G06#1", "C:G16#1", SIDE_N);
    fx_group(&f, 2, "C:G30#1", "C:I03#1", SIDE_E);
    fx_main(&f, 0);
    for (int i = 0; inwo_structure_size(f.s, 0) < 39; i++)
        if (i / INWO_DECK_CARDS != 2 && f.s->card[i].zone != Z_STRUCTURE &&
            inwo_def_of(f.c, i)->kind == INWO_GROUP) {
            char id[32];
            inwo_instance_text(f.c, i, id, sizeof id);
            fx_add(&f, 0, id);
        }
    fx_sane(&f);
    int x = -1, lone = fx_card(&f, "C:G30#1");
    for (int k = 0; k < f.s->nodes_end && x < 0; k++) {
        int card = f.s->node[k].card;
        if (card != INWO_NONE && INWO_SEAT(f.s->node[k].geo) == 0 &&
            inwo_attack_check(f.g, f.s, card, ATK_CONTROL, lone, NULL) == TT_OK)
            x = card;
    }
    assert_true(x >= 0);
    tt_error err;
    assert_int_equal(inwo_attack_check(f.g, f.s, x, ATK_CONTROL, fx_card(&f, "C:G16#1"), &err),
                     TT_EILLEGAL);
    assert_string_equal(err.rule, "INWO-2.15.2");
    assert_string_equal(err.msg, "the capture would put your structure past 40 cards");
    char id[32], text[64];
    inwo_instance_text(f.c, x, id, sizeof id);
    snprintf(text, sizeof text, "attack %s", id);
    fx_ok(&f, text);
    if (f.s->decl.nans == 1)
        fx_ok(&f, "kind control");
    char legal[4096];
    fx_legal(&f, legal, sizeof legal);
    assert_null(strstr(legal, "C:G16#1"));
    assert_non_null(strstr(legal, "target C:G30#1"));
    fx_ok(&f, "target C:G30#1");
    fx_ok(&f, "privilege none"); /* the Lodge's Privilege ability (INWO-5.14.1) */
    assert_int_equal(f.s->item[0].kind, H_ATTACK);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_26_move_out_of_a_devastated_arm),
        cmocka_unit_test(test_INWO_5_5_3_move_into_a_devastated_arm),
        cmocka_unit_test(test_INWO_5_5_4_unplaceable_back_to_hand),
        cmocka_unit_test(test_INWO_2_11_8_reassign_on_a_move),
        cmocka_unit_test(test_INWO_2_11_8_reassign_on_a_capture),
        cmocka_unit_test(test_EX_1_temporarily_illegal_link),
        cmocka_unit_test(test_EX_2_permanently_illegal_link),
        cmocka_unit_test(test_EX_3_later_change_wins),
        cmocka_unit_test(test_EX_4_limit_per_player_after_capture),
        cmocka_unit_test(test_EX_33_benefit_lock),
        cmocka_unit_test(test_INWO_6_2_link_commands),
        cmocka_unit_test(test_EX_35_last_victim),
        cmocka_unit_test(test_EX_35_variants),
        cmocka_unit_test(test_EX_35_opposed),
        cmocka_unit_test(test_INWO_9_2_1_after_a_resolution),
        cmocka_unit_test(test_INWO_9_2_3_faction_inherits_resources),
        cmocka_unit_test(test_EX_34_first_turn_protection),
        cmocka_unit_test(test_EX_34_wiretap_on_a_protected_player),
        cmocka_unit_test(test_EX_34_forced_target_typed),
        cmocka_unit_test(test_EX_40_full_hand),
        cmocka_unit_test(test_EX_40_puppet_of_a_full_hand),
        cmocka_unit_test(test_EX_40_full_structure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
