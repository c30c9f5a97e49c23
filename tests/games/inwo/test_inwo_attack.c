/* INWO attacks to control and destroy (INWO-5.9 – 5.16) through the worked
 * examples of section 11 that need no Plot card: the declaration and its
 * atomic actions, polling, aid, opposition, self-defense, strength, the
 * roll, capture and destruction, immunity, Secret groups, and refusals. */
#include "inwo_fixture.h"

static int tokens(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].u.p.tokens;
}

static int to_move(const fx *f)
{
    return tt_to_move(f->g, (const tt_state *)f->s);
}

/* EX-15 input 1: S = 4 − 21 + 8 = −9, no roll; G37's token spent. */
static void test_EX_15_control_arithmetic(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_ok(&f, "attack A:G37#1 kind=control target=A:G11#1");
    assert_int_equal(f.s->nitems, 1);
    assert_int_equal(fx_strength(&f), -9);
    assert_int_equal(tokens(&f, "A:G37#1"), 1); /* uncommitted: not spent yet */
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(tokens(&f, "A:G37#1"), 0);
    assert_int_equal(f.s->card[fx_card(&f, "A:G11#1")].holder, 0);
    assert_int_equal(f.s->pl[1].attacks[ATK_CONTROL][0], 1);
    assert_int_equal(f.s->pl[1].attacks[ATK_CONTROL][1], 0);
    fx_free(&f);
}

/* EX-37 (EX-15 input 2): the compound text is three atomic actions;
 * polling starts with C; B's aid commits the attack (S = −3) and restarts
 * polling; Shock Troops on G37's action (S = 7); A's oppose with Thorn's
 * master (S = 0): no roll, Shock Troops discarded. */
static void test_EX_37_commands_and_polling(void **state)
{
    (void)state;
    fx f = fx_ex15();
    char canon[256];
    tt_error err;
    assert_int_equal(tt_apply_text_canon(f.g, (tt_state *)f.s,
                                         "attack A:G37#1 kind=control target=A:G11#1", canon,
                                         sizeof canon, NULL, &err),
                     TT_OK);
    assert_string_equal(canon, "attack A:G37#1\nkind control\ntarget A:G11#1");
    assert_int_equal(f.s->item[0].num, 1); /* i1 */
    assert_int_equal(to_move(&f), 2);      /* C */
    char legal[1024];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(
        legal, "pass|buy|play C:PL24#1|play C:PL25#1|aid C:I04#1|oppose C:I04#1"); /* Global 9 */
    fx_ok(&f, "pass");
    assert_int_equal(to_move(&f), 0);
    fx_legal(&f, legal, sizeof legal);
    /* the defender may aid too (INWO-5.9.5): Cobalt Republic shares alignments */
    assert_string_equal(legal,
                        "pass|buy|defend|aid A:I01#1|oppose A:I01#1|aid A:G02#1|oppose A:G02#1");
    fx_ok(&f, "pass");
    assert_int_equal(to_move(&f), 1);
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "pass|buy|play B:PL26#1|play A:PL01#1|call_off|aid B:I02#1|"
                               "oppose B:I02#1|"
                               "aid C:G41#1|"
                               "oppose C:G41#1");
    fx_ok(&f, "aid C:G41#1");
    assert_int_equal(f.s->item[1].num, 2); /* i2 */
    assert_int_equal(fx_strength(&f), -3);
    assert_int_equal(to_move(&f), 2); /* polling restarts from C */
    fx_passes(&f, 2);                 /* C, A */
    /* the use is not asked: on the attacker only `action` fits (INWO-5.0.1) */
    if (tt_apply_text_canon(f.g, (tt_state *)f.s, "play A:PL01#1 target=A:G37#1 for=action", canon,
                            sizeof canon, NULL, &err) != TT_OK)
        fail_msg("%s (%s)", err.msg, err.rule);
    assert_string_equal(canon, "play A:PL01#1\ntarget A:G37#1");
    assert_int_equal(f.s->item[2].num, 3); /* i3 */
    assert_int_equal(fx_strength(&f), 7);  /* A = 4 + 6 + 10 */
    fx_ok(&f, "pass");                     /* C */
    fx_ok(&f, "oppose A:G02#1");           /* i4 */
    assert_int_equal(fx_strength(&f), 0);
    assert_int_equal(to_move(&f), 1);
    fx_refused(&f, "call_off", "INWO-5.9.3", "only an uncommitted attack is called off");
    fx_refused(&f, "aid C:G41#1", "INWO-5.10.1", "a group of yours with a token contributes");
    f.s->card[fx_card(&f, "C:G41#1")].u.p.tokens = 1; /* one token per attack (INWO-5.9.6) */
    fx_refused(&f, "aid C:G41#1", "INWO-5.9.6", "G41 spent a token in this attack already");
    f.s->card[fx_card(&f, "C:G41#1")].u.p.tokens = 0;
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(tokens(&f, "A:G37#1"), 0);
    assert_int_equal(tokens(&f, "C:G41#1"), 0);
    assert_int_equal(tokens(&f, "A:G02#1"), 0);
    assert_int_equal(f.s->announced, 4);
    assert_int_equal(f.s->card[fx_card(&f, "A:PL01#1")].zone, Z_DISCARD); /* INWO-5.9.10 */
    assert_int_equal(f.s->card[fx_card(&f, "A:PL01#1")].holder, 0);
    fx_free(&f);
}

/* EX-16 without the after-roll Plots: S = 7; a roll of 8 fails (the Plot
 * discarded); a roll of 6 succeeds and General Thorn joins the Riot Police
 * on its only arrow, with no token and captured this turn. */
static void test_EX_16_roll_and_capture(void **state)
{
    (void)state;
    for (int roll = 8; roll >= 6; roll -= 2) {
        fx f = fx_ex15();
        fx_ex15_aided(&f);
        fx_ok(&f, "play A:PL01#1 target=A:G37#1");
        assert_int_equal(fx_strength(&f), 7);
        fx_dice(&f, roll / 2 + 1, roll / 2 - 1);
        fx_passes(&f, 3);
        assert_int_equal(f.s->roll, roll);
        assert_int_equal(f.s->point, PT_AFTER_ROLL);
        fx_passes(&f, 3);
        int g11 = fx_card(&f, "A:G11#1");
        assert_int_equal(f.s->point, PT_MAIN);
        assert_int_equal(f.s->card[fx_card(&f, "A:PL01#1")].zone, Z_DISCARD);
        if (roll == 8) {
            assert_int_equal(f.s->card[g11].holder, 0);
        } else {
            assert_int_equal(f.s->card[g11].holder, 1);
            assert_int_equal(f.s->node[f.s->card[g11].u.p.node].master, fx_node(&f, "A:G37#1"));
            assert_int_equal(f.s->card[g11].u.p.tokens, 0);
            assert_true(f.s->card[g11].flags & INWO_F_CAPTURED);
        }
        fx_free(&f);
    }
}

/* INWO-5.9.3: calling off an uncommitted attack undoes every contribution. */
static void test_INWO_5_9_3_call_off(void **state)
{
    (void)state;
    fx f = fx_ex15();
    fx_ok(&f, "attack A:G37#1 kind=control target=A:G11#1");
    fx_ok(&f, "pass");
    fx_ok(&f, "oppose A:G02#1");
    assert_int_equal(tokens(&f, "A:G02#1"), 0);
    fx_ok(&f, "call_off");
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(tokens(&f, "A:G02#1"), 1);
    assert_int_equal(tokens(&f, "A:G37#1"), 1);
    assert_int_equal(f.s->pl[1].attacks[ATK_CONTROL][0], 0);
    fx_free(&f);
}

/* INWO-5.9.8 – 5.9.9, 5.11.5–5.11.6: the Lodge (10) attacks its hand's
 * Neighborhood Watch (Resistance 3): S = 7. A roll of 8 fails and the card
 * stays pending; a second attack rolls 6 and succeeds: the arrow is asked. */
static void test_INWO_5_9_8_roll_and_capture_from_hand(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    fx_zone(&f, 0, "A:G24#1", Z_HAND);
    fx_group(&f, 0, "A:G01#1", "A:I01#1", SIDE_N);
    fx_main(&f, 0);
    f.s->card[fx_card(&f, "A:I01#1")].u.p.tokens = 2;
    fx_ok(&f, "attack A:I01#1 kind=control target=A:G24#1 privilege=none");
    assert_int_equal(f.s->card[fx_card(&f, "A:G24#1")].zone, Z_PENDING); /* INWO-7.5 */
    assert_int_equal(fx_strength(&f), 7);
    fx_dice(&f, 5, 3);
    fx_passes(&f, 3);
    assert_int_equal(f.s->roll, 8);
    assert_int_equal(f.s->point, PT_AFTER_ROLL);
    assert_int_equal(to_move(&f), 1);
    fx_passes(&f, 3);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->card[fx_card(&f, "A:G24#1")].zone, Z_PENDING); /* INWO-5.11.7 */
    fx_ok(&f, "attack A:I01#1 kind=control target=A:G24#1 privilege=none");
    fx_dice(&f, 3, 3);
    fx_passes(&f, 3);
    fx_passes(&f, 3); /* the after-roll round */
    assert_int_equal(f.s->point, PT_RESOLVE);
    assert_int_equal(to_move(&f), 0);
    char legal[256];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "arrow A:I01#1/E|arrow A:I01#1/S|arrow A:I01#1/W");
    fx_ok(&f, "arrow A:I01#1/W");
    int g24 = fx_card(&f, "A:G24#1");
    assert_int_equal(f.s->card[g24].zone, Z_STRUCTURE);
    assert_int_equal(f.s->node[f.s->card[g24].u.p.node].x, -1);
    assert_int_equal(f.s->card[g24].u.p.tokens, 0);
    assert_true(f.s->card[g24].flags & INWO_F_CAPTURED);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->pl[0].attacks[ATK_CONTROL][1], 1);
    fx_free(&f);
}

/* EX-17 without Shock Troops: Iron Legion Veterans (4) + the Crown's
 * any-attempt +3 against Moonlit Poets (1, d1): S = 7 − 11 + 8 = 4;
 * self-defense 1 × 2 ⇒ S = 2; a roll of 2 destroys it. */
static void test_EX_17_destroy_with_self_defense(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 3, "D:G20#1", "D:I04#1", SIDE_N);
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    fx_main(&f, 3);
    fx_ok(&f, "attack D:G20#1 kind=destroy target=B:G19#1");
    assert_int_equal(fx_strength(&f), 4);
    fx_ok(&f, "pass");   /* A */
    fx_ok(&f, "defend"); /* B */
    assert_int_equal(fx_strength(&f), 2);
    fx_refused(&f, "defend", "INWO-5.9.6", "the target's controller spends its tokens");
    fx_dice(&f, 1, 1);
    fx_passes(&f, 4);
    assert_int_equal(f.s->roll, 2);
    fx_passes(&f, 4);
    int g19 = fx_card(&f, "B:G19#1");
    assert_int_equal(f.s->card[g19].zone, Z_DESTROYED);
    assert_int_equal(f.s->card[g19].holder, 3);
    assert_int_equal(f.s->card[g19].u.d.align_now, AL(WEIRD) | AL(LIB) | AL(PEACE));
    assert_int_equal(f.s->npile[3][Z_DESTROYED], 1);
    /* the Choir as its master: Power 8 would have made it S = −6 */
    fx_free(&f);
    f = fx_new("players=4");
    fx_group(&f, 3, "D:G20#1", "D:I04#1", SIDE_N);
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    fx_main(&f, 3);
    fx_ok(&f, "attack D:G20#1 kind=destroy target=B:G19#1");
    fx_ok(&f, "pass");
    fx_ok(&f, "defend");
    fx_passes(&f, 3); /* C, D, A: polling went on from C */
    fx_ok(&f, "oppose B:I02#1");
    assert_int_equal(fx_strength(&f), -6);
    fx_free(&f);
}

/* EX-19 without agents: from hand; direct +4 beats any-attempt +2 on one
 * card; Pamphleteers aid with Power, Consolidated Widgets with Global 3. */
static void test_EX_19_attack_from_hand_global_power(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 1, "B:G40#1", "B:I02#1", SIDE_N);
    fx_group(&f, 1, "B:G25#1", "B:I02#1", SIDE_E);
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
    fx_zone(&f, 1, "B:G26#1", Z_HAND);
    fx_main(&f, 1);
    fx_ok(&f, "attack B:G40#1 kind=control target=B:G26#1");
    assert_int_equal(fx_strength(&f), 10 - 4 - 4 - 4); /* A = 2 + 4 before any aid */
    fx_ok(&f, "aid C:G21#1");                          /* C */
    fx_passes(&f, 2);                                  /* D, A */
    fx_ok(&f, "aid B:G25#1");
    assert_int_equal(fx_strength(&f), 2);
    fx_free(&f);
}

/* EX-20: Fanatic is never identical and two Fanatics are opposed; Secret
 * attackers are aided only by Illuminati and Secret groups. */
static void test_EX_20_fanatic_and_secret(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 1, "B:G22#1", "B:I02#1", SIDE_N);
    fx_group(&f, 0, "A:G01#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G24#1", "A:G01#1", SIDE_N);
    fx_group(&f, 0, "A:G33#1", "A:G24#1", SIDE_N);
    fx_group(&f, 2, "D:G41#1", "C:I03#1", SIDE_N);
    fx_main(&f, 1);
    fx_ok(&f, "attack B:G22#1 kind=control target=A:G33#1");
    assert_int_equal(fx_strength(&f), -17);
    fx_refused(&f, "aid D:G41#1", "INWO-5.16.1",
               "only Illuminati and Secret groups take part here");
    fx_ok(&f, "aid C:I03#1");
    assert_int_equal(fx_strength(&f), -9);
    fx_passes(&f, 1);            /* D */
    fx_ok(&f, "oppose A:G24#1"); /* the target is not Secret */
    fx_free(&f);
    /* input 2: a non-Secret attacker is refused; the Lodge may attack */
    f = fx_new("players=4");
    fx_group(&f, 1, "B:G22#1", "B:I02#1", SIDE_N);
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:G21#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G23#1", "C:I03#1", SIDE_E);
    fx_main(&f, 0);
    fx_ok(&f, "attack A:G02#1");
    fx_ok(&f, "kind destroy");
    fx_refused(&f, "target B:G22#1", "INWO-5.16.1", "only Illuminati and Secret groups attack G22");
    fx_free(&f);
}

/* EX-21: immunity, and a card naming the immune group. */
static void test_EX_21_immunity_and_naming(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    fx_group(&f, 2, "C:G23#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G44#1", "C:G23#1", SIDE_N);
    fx_group(&f, 0, "A:G35#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_E);
    fx_main(&f, 0);
    fx_ok(&f, "attack A:G35#1");
    fx_ok(&f, "kind destroy");
    fx_refused(&f, "target C:G44#1", "INWO-5.15.1", "G44 is immune to G35");
    memset(&f.s->decl, 0, sizeof f.s->decl);
    fx_ok(&f, "attack A:G17#1 kind=control target=C:G44#1 privilege=none");
    assert_int_equal(fx_strength(&f), -13);
    fx_passes(&f, 3); /* B, C, D */
    fx_refused(&f, "aid A:G35#1", "INWO-5.15.1", "G44 is immune to G35");
    fx_ok(&f, "pass");
    fx_free(&f);
}

/* EX-23's grids: A's Lodge with Bureau of Standards N, Port Vesper E, the
 * Kingdom of Marrow on Vesper's local N, Senator Vale on Marrow's local W;
 * B's Basement Netrunners on his Illuminati's E with Tabloid Ring on its N.
 * Bureau has captured Netrunners: placed on the arrow `side` of Bureau. */
static fx ex23(int side)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G17#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G01#1", "A:I01#1", SIDE_E);
    fx_group(&f, 0, "A:G07#1", "A:G01#1", SIDE_N);
    fx_group(&f, 0, "A:G09#1", "A:G07#1", SIDE_W);
    fx_group(&f, 1, "B:G27#1", "B:I02#1", SIDE_E);
    fx_group(&f, 1, "B:G40#1", "B:G27#1", SIDE_N);
    fx_main(&f, 0);
    f.s->item[0] = (inwo_item){
        H_ATTACK,    0, (uint16_t)fx_card(&f, "A:G17#1"), (uint16_t)fx_card(&f, "B:G27#1"), 0xFF,
        ATK_CONTROL, 1};
    f.s->nitems = 1;
    inwo_capture(f.g, f.s, 0, fx_card(&f, "A:G17#1"), side, NULL, 0, NULL);
    fx_sane(&f);
    return f;
}

static void expect_at(const fx *f, const char *id, int x, int y, int rot)
{
    const inwo_card *v = &f->s->card[fx_card(f, id)];
    assert_int_equal(v->zone, Z_STRUCTURE);
    assert_int_equal(v->holder, 0);
    const inwo_node *n = &f->s->node[v->u.p.node];
    assert_int_equal(n->x, x);
    assert_int_equal(n->y, y);
    assert_int_equal(INWO_ROT(n->geo), rot);
    assert_int_equal(v->u.p.tokens, 0);
    assert_true(v->flags & INWO_F_CAPTURED);
}

/* EX-23: the subtree keeps its sides (INWO-2.11.8); a card whose cell is
 * taken is unplaceable and discarded, not destroyed (INWO-5.11.5). */
static void test_EX_23_capture_placement(void **state)
{
    (void)state;
    fx f = ex23(SIDE_E);
    expect_at(&f, "B:G27#1", 1, 1, 1);
    assert_int_equal(f.s->card[fx_card(&f, "B:G40#1")].zone, Z_DISCARD); /* (2,1): Vale */
    assert_int_equal(f.s->card[fx_card(&f, "B:G40#1")].holder, 1);
    assert_int_equal(f.s->npile[1][Z_DESTROYED], 0);
    fx_free(&f);
    f = ex23(SIDE_W);
    expect_at(&f, "B:G27#1", -1, 1, 3);
    expect_at(&f, "B:G40#1", -2, 1, 3);
    fx_free(&f);
    f = ex23(SIDE_N);
    expect_at(&f, "B:G27#1", 0, 2, 0);
    expect_at(&f, "B:G40#1", 0, 3, 0);
    fx_free(&f);
}

/* INWO-4.8.1, 4.8.3 (b): protected players and the two-player opening. */
static void test_INWO_4_8_protection(void **state)
{
    (void)state;
    fx f = fx_new("players=2");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 1, "B:G19#1", "B:I02#1", SIDE_N);
    fx_main(&f, 0);
    f.s->pl[1].completed = 0;
    fx_refused(&f, "attack A:G02#1", "INWO-4.8.3",
               "no attack on a rival before both completed a turn");
    f.s->pl[1].protected_ = 1;
    fx_refused(&f, "attack A:G02#1", "INWO-4.8.1", "B has not completed his first turn");
    fx_free(&f);
}

/* Places every Group of seat `from`'s deck into seat's structure until it
 * holds `size` cards; returns the last placed. */
static int grow(fx *f, int seat, int from, int size)
{
    int last = -1;
    for (int i = from * INWO_DECK_CARDS; i < (from + 1) * INWO_DECK_CARDS; i++) {
        if (inwo_structure_size(f->s, seat) >= size)
            break;
        char id[32];
        inwo_instance_text(f->c, i, id, sizeof id);
        if (inwo_def_of(f->c, i)->kind == INWO_GROUP && f->s->card[i].zone != Z_STRUCTURE &&
            inwo_copy_free(f->c, f->s, i))
            last = fx_add(f, seat, id);
    }
    return last;
}

/* INWO-2.15.2: a capture that would put the attacker's structure past 40
 * cards is refused, counting the target's puppets; at exactly 40 it is
 * not. */
static void test_INWO_2_15_2_capture_cap(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    int t = fx_group(&f, 1, "B:G45#1", "B:I02#1", SIDE_N), side = 0;
    while (!inwo_arrow_open(f.c, f.s, f.s->card[t].u.p.node, side))
        side++;
    fx_group(&f, 1, "B:G38#1", "B:G45#1", side);
    for (int from = 0; from < 4; from++) /* distinct Groups of every deck */
        grow(&f, 0, from, 39);
    assert_int_equal(inwo_structure_size(f.s, 0), 39);
    fx_main(&f, 0);
    int x = -1; /* a group of A with an open arrow */
    for (int k = 0; k < f.s->nodes_end && x < 0; k++)
        for (int sd = 0; sd < 4 && x < 0; sd++)
            if (INWO_SEAT(f.s->node[k].geo) == 0 && k != 0 && inwo_arrow_open(f.c, f.s, k, sd))
                x = f.s->node[k].card;
    assert_true(x >= 0);
    tt_error err;
    assert_int_equal(inwo_attack_check(f.g, f.s, x, ATK_CONTROL, t, &err), TT_EILLEGAL);
    assert_string_equal(err.rule, "INWO-2.15.2");
    assert_string_equal(err.msg, "the capture would put your structure past 40 cards");
    inwo_lift(f.s, fx_card(&f, "B:G38#1")); /* the target alone: 39 + 1 */
    inwo_put(f.s, fx_card(&f, "B:G38#1"), Z_HAND, 1);
    assert_int_equal(inwo_attack_check(f.g, f.s, x, ATK_CONTROL, t, &err), TT_OK);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_15_control_arithmetic),
        cmocka_unit_test(test_EX_37_commands_and_polling),
        cmocka_unit_test(test_EX_16_roll_and_capture),
        cmocka_unit_test(test_INWO_5_9_3_call_off),
        cmocka_unit_test(test_INWO_5_9_8_roll_and_capture_from_hand),
        cmocka_unit_test(test_EX_17_destroy_with_self_defense),
        cmocka_unit_test(test_EX_19_attack_from_hand_global_power),
        cmocka_unit_test(test_EX_20_fanatic_and_secret),
        cmocka_unit_test(test_EX_21_immunity_and_naming),
        cmocka_unit_test(test_EX_23_capture_placement),
        cmocka_unit_test(test_INWO_4_8_protection),
        cmocka_unit_test(test_INWO_2_15_2_capture_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
