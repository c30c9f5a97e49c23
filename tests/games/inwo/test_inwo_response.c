/* INWO's response ops as abilities and with costs (INWO-2.10.3, 2.10.7,
 * 5.8, 10.3) on a custom content file, tests/data/inwo/abilities.json:
 * Veto Committee (X01, a group: CANCEL an action, its own token, once
 * a turn), Standing Orders Board (X02, a group: DRAW, then CANCEL an
 * ability for an Illuminati token), Pocket Veto (X03, a Resource: CANCEL a
 * Plot or ability for a GOV group's token), Veto by Committee (Y01, a
 * CANCEL Plot for an Illuminati token) and Costly Denial (Y02, a CANCEL
 * Plot for a discarded Plot), and Twin Mandate (Y03, a linked Plot with two
 * effects, in B's deck); Croupier Guild (X04, ROLL_MOD −3..3 for its own
 * token), Saboteur Cell (X05, AUTO_FAIL for its own token) and Loaded Dice
 * (Y04, ROLL_MOD 1..2 for an Illuminati token) and Open File (Y05, an
 * EXPOSE of one card, free), put in place of cards of the decks. Each test asserts the items, tokens, piles
 * and the result. */
#include "inwo_fixture.h"

#define ABIL_DATA TT_SOURCE_DIR "/tests/data/inwo/"

static int card(const fx *f, const char *id)
{
    return fx_card(f, id);
}

static int tokens(const fx *f, const char *id)
{
    return f->s->card[card(f, id)].u.p.tokens;
}

static int zone(const fx *f, const char *id)
{
    return f->s->card[card(f, id)].zone;
}

/* 3 players on the custom decks: A (Obsidian Lodge) controls Cobalt
 * Republic; C (Mercantile Concord) controls Veto Committee and, on it,
 * Iron Legion Veterans, holds Veto by Committee, Costly Denial and Deniable Denial;
 * A's Main Phase. */
static fx abil(void)
{
    fx f = fx_new("players=3 content=" ABIL_DATA "abilities.json p0=" ABIL_DATA
                  "abilities_a.json p1=" ABIL_DATA "abilities_b.json p2=" ABIL_DATA
                  "abilities_c.json");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:X01#1", "C:I03#1", SIDE_N);
    fx_group(&f, 2, "C:G20#1", "C:X01#1", SIDE_N);
    fx_zone(&f, 2, "C:Y01#1", Z_HAND);
    fx_zone(&f, 2, "C:Y02#1", Z_HAND);
    fx_zone(&f, 2, "C:PL16#1", Z_HAND);
    fx_main(&f, 0);
    fx_sane(&f);
    return f;
}

/* The instance `id` becomes a copy of card `def` of the content, as a
 * custom deck holding it would have it (its text: <seat>:<def>#<n>). */
static void swap_card(fx *f, const char *id, const char *def)
{
    inwo_content *c = (inwo_content *)f->c;
    int k = fx_card(f, id);
    c->deck[inwo_owner(k)].def[k % INWO_DECK_CARDS] = (uint8_t)inwo_find_def(c, def);
    inwo_index_ops(c);
    inwo_index_uses(c);
}

/* A attacks Iron Legion Veterans with Cobalt Republic: i1; B passes. */
static void attack(fx *f)
{
    fx_ok(f, "attack A:G02#1 kind=control target=C:G20#1 privilege=none");
    fx_ok(f, "pass");
    assert_int_equal(f->s->to_move, 2);
}

/* INWO-10.3, 2.10.4: a cancel ability needs a pending item of a kind it
 * cancels, in its root's round; its answer names one (i<k>). */
static void test_INWO_10_3_cancel_ability_refusals(void **state)
{
    (void)state;
    fx f = abil();
    fx_group(&f, 0, "A:X01#1", "A:I01#1", SIDE_E);
    fx_group(&f, 0, "A:X02#1", "A:G02#1", SIDE_N);
    fx_refused(&f, "use A:X01#1", "INWO-10.3",
               "a cancel is played on a pending item, before its roll or resolution");
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_null(strstr(legal, "use A:X01#1"));
    attack(&f);
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "pass|buy|play C:PL01#27|play C:PL01#3|play C:PL01#34|play "
                               "C:Y01#1|play C:PL16#1|use C:X01#1|defend|aid C:I03#1|oppose "
                               "C:I03#1|oppose C:X01#1");
    fx_zone(&f, 0, "A:PL01#1", Z_HAND);                   /* Shock Troops */
    fx_ok(&f, "defend");                                  /* i2 */
    fx_ok(&f, "play A:PL01#1 target=A:G02#1 for=action"); /* i3 */
    fx_ok(&f, "pass");                                    /* B */
    fx_ok(&f, "use C:X01#1");
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "target i1|target i2");
    fx_refused(&f, "target i3", "INWO-2.10.7", "this ability does not cancel a Plot");
    fx_refused(&f, "target i9", "INWO-10.3", "a cancel names a pending item of this round (i<k>)");
    fx_free(&f);
}

/* INWO-10.3, 10.3.5, 2.10.3: Veto Committee cancels the attack, paying its
 * own token (an action item after the cancel). The attack is void: Cobalt
 * Republic's token stays spent, nothing is captured, no dice. */
static void test_INWO_10_3_cancel_ability_cancels_attack(void **state)
{
    (void)state;
    fx f = abil();
    attack(&f);
    fx_ok(&f, "use C:X01#1 target=i1");
    assert_int_equal(f.s->nitems, 3);
    const inwo_item *c = &f.s->item[1], *pay = &f.s->item[2];
    assert_int_equal(c->kind, INWO_K_CANCEL);
    assert_int_equal(c->num, 2);
    assert_int_equal(c->card, card(&f, "C:X01#1"));
    assert_int_equal(c->target, 0);
    assert_int_equal(c->parent, 0);
    assert_int_equal(pay->kind, H_PAY);
    assert_int_equal(pay->num, 3);
    assert_int_equal(pay->card, card(&f, "C:X01#1"));
    assert_int_equal(pay->parent, 0);
    assert_int_equal(tokens(&f, "C:X01#1"), 0);
    assert_int_equal(f.s->card[card(&f, "C:X01#1")].u.p.used, 1); /* once a turn */
    assert_int_equal(inwo_cancel_kind(f.s, 1), CAN_ABILITY);
    assert_int_equal(inwo_cancel_kind(f.s, 2), CAN_ACTION);
    fx_passes(&f, 3); /* A, B, C */
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->roll, 0);
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(tokens(&f, "A:G02#1"), 0);
    assert_int_equal(zone(&f, "C:G20#1"), Z_STRUCTURE);
    assert_int_equal(f.s->card[card(&f, "C:G20#1")].holder, 2);
    assert_int_equal(zone(&f, "C:X01#1"), Z_STRUCTURE);
    assert_int_equal(f.s->card[card(&f, "C:X01#1")].u.p.used, 1);
    fx_free(&f);
}

/* INWO-10.3.2, 10.3.1: the token paying the cancel is an action; A's
 * Deniable Denial cancels it, so the cancel fizzles (its use does not
 * count) and the attack goes on to its roll. */
static void test_INWO_10_3_2_cancel_paid_token_canceled(void **state)
{
    (void)state;
    fx f = abil();
    fx_zone(&f, 0, "A:PL16#1", Z_HAND);
    attack(&f);
    fx_ok(&f, "use C:X01#1 target=i1");
    fx_ok(&f, "play A:PL16#1");
    char legal[256];
    fx_legal(&f, legal, sizeof legal); /* actions: the attack, the paying token */
    assert_string_equal(legal, "target i1|target i3");
    fx_ok(&f, "target i3");
    assert_int_equal(fx_strength(&f), 6);
    assert_int_equal(f.s->nitems, 4);
    assert_int_equal(f.s->item[3].target, 2);
    fx_dice(&f, 1, 1);
    fx_passes(&f, 3);                                       /* B, C, A */
    assert_true((f.s->item[1].who & INWO_I_CANCELED) != 0); /* fizzled */
    assert_true((f.s->item[2].who & INWO_I_CANCELED) != 0);
    assert_int_equal(f.s->item[0].who & INWO_I_CANCELED, 0);
    assert_int_equal(f.s->roll, 2);
    assert_int_equal(f.s->point, PT_AFTER_ROLL);
    assert_int_equal(tokens(&f, "C:X01#1"), 0);
    assert_int_equal(f.s->card[card(&f, "C:X01#1")].u.p.used, 0);
    fx_pass_round(&f);
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "arrow A:G02#1/N|arrow A:G02#1/W"); /* it succeeded */
    fx_ok(&f, "arrow A:G02#1/N");
    assert_int_equal(f.s->card[card(&f, "C:G20#1")].holder, 0); /* captured */
    assert_int_equal(zone(&f, "A:PL16#1"), Z_DISCARD);
    fx_free(&f);
}

/* INWO-5.8.3, 2.10.3: Pocket Veto, a Resource linked to Veto Committee,
 * cancels A's Shock Troops for a token of a GOV group of C's (Veto
 * Committee, the only one). The +10 is gone when the round closes: S = 6,
 * the roll of 7 fails; Shock Troops is discarded (INWO-10.3.6). */
static void test_INWO_5_8_3_resource_cancels_plot_for_group_token(void **state)
{
    (void)state;
    fx f = abil();
    fx_link(&f, "C:X03#1", "C:X01#1", LK_RESOURCE, 0);
    fx_zone(&f, 0, "A:PL01#1", Z_HAND);
    attack(&f);
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "play A:PL01#1 target=A:G02#1 for=action");
    assert_int_equal(fx_strength(&f), 16);
    fx_ok(&f, "pass");                              /* B */
    fx_ok(&f, "use C:X03#1 target=i2 pay=C:X01#1"); /* the only answers: not asked */
    assert_int_equal(f.s->nitems, 4);
    assert_int_equal(f.s->item[2].kind, INWO_K_CANCEL);
    assert_int_equal(f.s->item[2].card, card(&f, "C:X03#1"));
    assert_int_equal(f.s->item[2].target, 1);
    assert_int_equal(f.s->item[3].kind, H_PAY);
    assert_int_equal(f.s->item[3].card, card(&f, "C:X01#1"));
    assert_int_equal(f.s->item[3].parent, 0);
    assert_int_equal(tokens(&f, "C:X01#1"), 0);
    fx_dice(&f, 3, 4);
    fx_passes(&f, 3); /* A, B, C */
    assert_int_equal(f.s->roll, 7);
    fx_pass_round(&f);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->card[card(&f, "C:G20#1")].holder, 2); /* S = 6 < 7: it failed */
    assert_int_equal(zone(&f, "A:PL01#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "C:X03#1"), Z_RESOURCE);
    fx_free(&f);
}

/* INWO-2.10.3: Veto by Committee costs an Illuminati token, paid when it is
 * announced (an action item after the cancel); with no token it is neither
 * listed nor accepted. */
static void test_INWO_2_10_3_cancel_plot_with_token_cost(void **state)
{
    (void)state;
    fx f = abil();
    attack(&f);
    int concord = card(&f, "C:I03#1");
    f.s->card[concord].u.p.tokens = 0;
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_null(strstr(legal, "C:Y01#1"));
    fx_refused(&f, "play C:Y01#1", "INWO-2.10.3", "its cost cannot be paid");
    f.s->card[concord].u.p.tokens = 1;
    fx_ok(&f, "play C:Y01#1 target=i1");
    assert_int_equal(f.s->nitems, 3);
    assert_int_equal(f.s->item[1].kind, INWO_K_CANCEL);
    assert_int_equal(f.s->item[1].card, card(&f, "C:Y01#1"));
    assert_int_equal(f.s->item[2].kind, H_PAY);
    assert_int_equal(f.s->item[2].card, concord);
    assert_int_equal(f.s->card[concord].u.p.tokens, 0);
    assert_int_equal(zone(&f, "C:Y01#1"), Z_TABLE);
    assert_int_equal(inwo_cancel_kind(f.s, 1), CAN_PLOT);
    fx_passes(&f, 3);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->roll, 0); /* the attack is void */
    assert_int_equal(f.s->card[card(&f, "C:G20#1")].holder, 2);
    assert_int_equal(zone(&f, "C:Y01#1"), Z_DISCARD);
    fx_free(&f);
}

/* INWO-2.10.3: Costly Denial discards another Plot of its player's hand. */
static void test_INWO_2_10_3_cancel_plot_with_discard_cost(void **state)
{
    (void)state;
    fx f = abil();
    fx_zone(&f, 0, "A:PL01#1", Z_HAND);
    attack(&f);
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "play A:PL01#1 target=A:G02#1 for=action");
    fx_ok(&f, "pass"); /* B */
    int n = f.s->npile[2][Z_HAND];
    fx_ok(&f, "play C:Y02#1 target=i2");
    char legal[512];
    fx_legal(&f, legal, sizeof legal); /* the hand's other Plots */
    assert_string_equal(legal, "discard C:PL01#27|discard C:PL01#3|discard C:PL01#34|discard "
                               "C:Y01#1|discard C:PL16#1");
    fx_refused(&f, "discard C:Y02#1", "INWO-2.10.3", "discard another Plot of your hand");
    fx_ok(&f, "discard C:PL16#1");
    assert_int_equal(f.s->npile[2][Z_HAND], n - 2);
    assert_int_equal(zone(&f, "C:PL16#1"), Z_DISCARD);
    assert_int_equal(f.s->nitems, 3); /* no token: no action item */
    assert_int_equal(f.s->item[2].kind, INWO_K_CANCEL);
    assert_int_equal(f.s->item[2].target, 1);
    assert_int_equal(fx_strength(&f), 16);
    fx_dice(&f, 3, 4);
    fx_passes(&f, 3);
    fx_pass_round(&f);
    assert_int_equal(f.s->card[card(&f, "C:G20#1")].holder, 2);
    assert_int_equal(zone(&f, "A:PL01#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "C:Y02#1"), Z_DISCARD);
    fx_free(&f);
}

/* INWO-2.10.3, 5.7.4: Costly Denial's `discard_plot` cost is paid with a
 * Plot of C's hand. With no other Plot there it is neither listed nor
 * accepted; with one, an exposed Plot of A's given to C, that one is taken
 * without a question (INWO-5.0.1) and goes to its owner's discard pile,
 * face up for all. */
static void test_INWO_2_10_3_discard_plot_cost_from_the_hand(void **state)
{
    (void)state;
    fx f = abil();
    fx_zone(&f, 0, "A:PL01#1", Z_HAND);
    static const char *const others[] = {"C:PL01#27", "C:PL01#3", "C:PL01#34", "C:Y01#1",
                                         "C:PL16#1"};
    for (int i = 0; i < 5; i++)
        fx_zone(&f, 2, others[i], Z_DISCARD);
    attack(&f);
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "play A:PL01#1 target=A:G02#1 for=action");
    fx_ok(&f, "pass"); /* B */
    assert_int_equal(f.s->npile[2][Z_HAND], 1);
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_null(strstr(legal, "C:Y02#1"));
    fx_refused(&f, "play C:Y02#1", "INWO-2.10.3", "its cost cannot be paid");
    int gift = fx_zone(&f, 2, "A:PL16#2", Z_HAND); /* Deniable Denial, exposed */
    f.s->card[gift].flags |= INWO_F_EXPOSED;
    f.s->card[gift].seen_by = 0x7;
    fx_ok(&f, "play C:Y02#1 target=i2");
    assert_int_equal(f.s->npile[2][Z_HAND], 0);
    assert_int_equal(zone(&f, "A:PL16#2"), Z_DISCARD);
    assert_int_equal(f.s->card[gift].holder, 0);
    assert_int_equal(f.s->card[gift].flags & INWO_F_EXPOSED, 0);
    int n;
    const uint16_t *pile = inwo_pile(f.s, 0, Z_DISCARD, &n);
    assert_int_equal(pile[n - 1], gift); /* on top */
    assert_int_equal(f.s->npile[2][Z_DISCARD], 5);
    assert_int_equal(f.s->nitems, 3); /* the attack, Shock Troops, the cancel: no payment item */
    assert_int_equal(f.s->item[2].kind, INWO_K_CANCEL);
    assert_int_equal(f.s->item[2].card, card(&f, "C:Y02#1"));
    assert_int_equal(f.s->item[2].target, 1);
    fx_free(&f);
}

/* INWO-7.4, 2.10.3: while A's Open File (an EXPOSE) on C is pending, C's
 * hidden Plots are held. Costly Denial may still cancel it (it counters
 * that very play), but its `discard_plot` cost may not take a held card:
 * with only hidden Plots beside it, it cannot be paid; an exposed Plot,
 * which the EXPOSE cannot touch, pays it. */
static void test_INWO_7_4_discard_plot_cost_not_from_held_cards(void **state)
{
    (void)state;
    fx f = abil();
    swap_card(&f, "A:Y02#1", "Y05");
    fx_zone(&f, 0, "A:Y05#1", Z_HAND);
    fx_ok(&f, "play A:Y05#1 target=C"); /* i1 */
    fx_ok(&f, "pass");                  /* B */
    assert_int_equal(f.s->to_move, 2);
    fx_refused(&f, "play C:Y02#1", "INWO-2.10.3", "its cost cannot be paid");
    fx_refused(&f, "play C:PL16#1", "INWO-7.4",
               "i1 may expose your hidden Plots: until it resolves they may only be played to "
               "cancel it");
    int open = fx_zone(&f, 2, "C:PL01#1", Z_HAND);
    f.s->card[open].flags |= INWO_F_EXPOSED;
    f.s->card[open].seen_by = 0x7;
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "pass|buy|play C:Y02#1");
    int n = f.s->npile[2][Z_HAND];
    fx_ok(&f, "play C:Y02#1 target=i1"); /* the exposed Plot pays: not asked */
    assert_int_equal(zone(&f, "C:PL01#1"), Z_DISCARD);
    assert_int_equal(zone(&f, "C:PL16#1"), Z_HAND);
    assert_int_equal(f.s->npile[2][Z_HAND], n - 2);
    assert_int_equal(f.s->item[1].kind, INWO_K_CANCEL);
    assert_int_equal(f.s->item[1].target, 0);
    fx_free(&f);
}

/* INWO-10.3, 5.0.5: Standing Orders Board's second ability cancels an
 * ability use (its first, a DRAW), chosen with `ability 2`: the draw never
 * happens, its token stays spent (INWO-10.3.1). */
static void test_INWO_10_3_ability_cancels_ability(void **state)
{
    (void)state;
    fx f = abil();
    fx_group(&f, 0, "A:X02#1", "A:G02#1", SIDE_N);
    fx_group(&f, 2, "C:X02#1", "C:I03#1", SIDE_E);
    int hand = f.s->npile[0][Z_HAND], deck = f.s->npile[0][Z_PLOT_DECK];
    fx_ok(&f, "use A:X02#1 ability=1");
    assert_int_equal(f.s->item[0].kind, H_USE);
    fx_ok(&f, "pass"); /* B */
    char legal[512];
    fx_ok(&f, "use C:X02#1");
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "ability 1|ability 2");
    fx_ok(&f, "ability 2");
    assert_int_equal(f.s->nitems, 4); /* the target and the Illuminati token: one answer each */
    assert_int_equal(f.s->item[2].kind, INWO_K_CANCEL);
    assert_int_equal(f.s->item[2].target, 0);
    assert_int_equal(f.s->item[3].card, card(&f, "C:I03#1"));
    fx_passes(&f, 3);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->npile[0][Z_HAND], hand);
    assert_int_equal(f.s->npile[0][Z_PLOT_DECK], deck);
    assert_int_equal(tokens(&f, "A:X02#1"), 0);
    assert_int_equal(tokens(&f, "C:I03#1"), 0);
    fx_free(&f);
}

/* INWO-2.10.8: a linked Plot with two effects is played like one with one,
 * and both apply to its group (Twin Mandate: Power +2, Resistance +3). */
static void test_INWO_2_10_8_linked_plot_with_two_effects(void **state)
{
    (void)state;
    fx f = abil();
    fx_group(&f, 1, "B:G02#1", "B:I02#1", SIDE_N);
    fx_zone(&f, 1, "B:Y03#1", Z_HAND);
    fx_main(&f, 1);
    assert_int_equal(fx_value(&f, "B:G02#1", STAT_POWER, CX_BASE), 7);
    assert_int_equal(fx_value(&f, "B:G02#1", STAT_RES, CX_BASE), 6);
    fx_ok(&f, "play B:Y03#1 target=B:G02#1");
    fx_passes(&f, 3); /* C, A, B */
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(zone(&f, "B:Y03#1"), Z_TABLE);
    assert_int_equal(inwo_link_of(f.s, card(&f, "B:Y03#1")) >= 0, 1);
    assert_int_equal(fx_value(&f, "B:G02#1", STAT_POWER, CX_BASE), 9);
    assert_int_equal(fx_value(&f, "B:G02#1", STAT_RES, CX_BASE), 9);
    fx_free(&f);
}

/* INWO-5.9.9, 2.10.3: Croupier Guild's ROLL_MOD ability, used for its own
 * token in the after-roll round: the value is asked (−3..3), the use is an
 * item attached to the attack, its token an action after it. The roll of
 * 7 becomes 6 ≤ S = 6: the attack succeeds. */
static void test_INWO_5_9_9_roll_mod_ability(void **state)
{
    (void)state;
    fx f = abil();
    swap_card(&f, "A:G11#1", "X04");
    fx_group(&f, 0, "A:X04#1", "A:I01#1", SIDE_E);
    fx_refused(&f, "use A:X04#1", "INWO-5.9.9",
               "after-roll Plots are played once the dice are rolled");
    attack(&f);
    fx_dice(&f, 3, 4);
    fx_passes(&f, 2); /* C, A: the roll */
    assert_int_equal(f.s->roll, 7);
    fx_ok(&f, "pass"); /* B */
    fx_ok(&f, "pass"); /* C */
    fx_ok(&f, "use A:X04#1");
    char legal[256];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "value -3|value -2|value -1|value 0|value 1|value 2|value 3");
    fx_refused(&f, "value 4", "INWO-2.10.7", "the value is from -3 to 3");
    fx_ok(&f, "value -1");
    assert_int_equal(f.s->nitems, 3);
    assert_int_equal(f.s->item[1].kind, INWO_K_AFTER);
    assert_int_equal(f.s->item[1].card, card(&f, "A:X04#1"));
    assert_int_equal(f.s->item[1].arg, INWO_VALUE_BIAS - 1);
    assert_int_equal(f.s->item[2].kind, H_PAY);
    assert_int_equal(f.s->item[2].parent, 0);
    assert_int_equal(tokens(&f, "A:X04#1"), 0);
    fx_passes(&f, 3); /* B, C, A */
    assert_int_equal(inwo_final_roll(f.s), 6);
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "arrow A:G02#1/N|arrow A:G02#1/W"); /* it succeeded */
    fx_free(&f);
}

/* INWO-5.9.9, 2.10.3: Loaded Dice, an after-roll Plot costing an Illuminati
 * token: refused before the roll; after it, +2 turns the 6 into an 8 > S. */
static void test_INWO_5_9_9_after_roll_plot_with_cost(void **state)
{
    (void)state;
    fx f = abil();
    swap_card(&f, "C:Y02#1", "Y04"); /* in C's hand */
    attack(&f);
    fx_refused(&f, "play C:Y04#1", "INWO-5.9.9",
               "after-roll Plots are played once the dice are rolled");
    fx_dice(&f, 3, 3);
    fx_passes(&f, 2);  /* C, A: the roll */
    fx_ok(&f, "pass"); /* B */
    fx_ok(&f, "play C:Y04#1 value=2");
    assert_int_equal(f.s->item[1].kind, INWO_K_AFTER);
    assert_int_equal(f.s->item[1].arg, INWO_VALUE_BIAS + 2);
    assert_int_equal(f.s->item[2].card, card(&f, "C:I03#1"));
    assert_int_equal(tokens(&f, "C:I03#1"), 0);
    assert_int_equal(zone(&f, "C:Y04#1"), Z_TABLE);
    fx_passes(&f, 3); /* A, B, C */
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->card[card(&f, "C:G20#1")].holder, 2); /* 8 > 6: it failed */
    assert_int_equal(zone(&f, "C:Y04#1"), Z_DISCARD);
    fx_free(&f);
}

/* INWO-10.3.2, 5.9.9: Saboteur Cell's AUTO_FAIL for its own token; A's
 * Deniable Denial cancels that token after the roll, so the AUTO_FAIL
 * fizzles and the roll of 4 ≤ 6 succeeds. */
static void test_INWO_10_3_2_auto_fail_ability_token_canceled(void **state)
{
    (void)state;
    fx f = abil();
    swap_card(&f, "C:G11#1", "X05");
    fx_group(&f, 2, "C:X05#1", "C:I03#1", SIDE_E);
    fx_zone(&f, 0, "A:PL16#1", Z_HAND);
    attack(&f);
    fx_dice(&f, 2, 2);
    fx_passes(&f, 2);  /* C, A: the roll */
    fx_ok(&f, "pass"); /* B */
    fx_ok(&f, "use C:X05#1");
    assert_int_equal(f.s->item[1].kind, INWO_K_AFTER);
    assert_int_equal(f.s->item[1].arg, 0);
    assert_int_equal(inwo_cancel_kind(f.s, 2), CAN_ACTION); /* its token, after the roll */
    fx_ok(&f, "play A:PL16#1 target=i3");
    fx_passes(&f, 3); /* B, C, A */
    assert_int_equal(tokens(&f, "C:X05#1"), 0);
    char legal[256];
    fx_legal(&f, legal, sizeof legal); /* it succeeded: where the capture goes */
    assert_string_equal(legal, "arrow A:G02#1/N|arrow A:G02#1/W");
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_INWO_10_3_cancel_ability_refusals),
        cmocka_unit_test(test_INWO_10_3_cancel_ability_cancels_attack),
        cmocka_unit_test(test_INWO_10_3_2_cancel_paid_token_canceled),
        cmocka_unit_test(test_INWO_5_8_3_resource_cancels_plot_for_group_token),
        cmocka_unit_test(test_INWO_2_10_3_cancel_plot_with_token_cost),
        cmocka_unit_test(test_INWO_2_10_3_cancel_plot_with_discard_cost),
        cmocka_unit_test(test_INWO_2_10_3_discard_plot_cost_from_the_hand),
        cmocka_unit_test(test_INWO_7_4_discard_plot_cost_not_from_held_cards),
        cmocka_unit_test(test_INWO_10_3_ability_cancels_ability),
        cmocka_unit_test(test_INWO_2_10_8_linked_plot_with_two_effects),
        cmocka_unit_test(test_INWO_5_9_9_roll_mod_ability),
        cmocka_unit_test(test_INWO_5_9_9_after_roll_plot_with_cost),
        cmocka_unit_test(test_INWO_10_3_2_auto_fail_ability_token_canceled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
