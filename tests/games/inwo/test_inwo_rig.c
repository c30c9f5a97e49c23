/* Rigging INWO (the protocol's `rig`): stacked decks, a chosen hand, the
 * next dice; never a card a player has seen (INWO-7.10). */
#include "inwo_fixture.h"

static int top(const fx *f, int seat, int zone, int depth)
{
    int n;
    const uint16_t *pile = inwo_pile(f->s, seat, zone, &n);
    return pile[n - 1 - depth];
}

static void rig_refused(fx *f, const char *what, const char *values, const char *msg)
{
    size_t n = tt_state_size(f->g);
    void *before = malloc(n);
    memcpy(before, f->s, n);
    tt_error err;
    assert_int_equal(tt_rig(f->g, (tt_state *)f->s, what, values, &err), TT_EARG);
    assert_string_equal(err.msg, msg);
    assert_memory_equal(before, f->s, n);
    free(before);
}

static void test_decks(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    tt_error err;
    /* Benefit Gala: twice in B's deck, each copy the topmost not yet named */
    assert_int_equal(tt_rig(f.g, (tt_state *)f.s, "p1_plot_deck", "PL02 B:PL21#1 PL02", &err),
                     TT_OK);
    assert_int_equal(top(&f, 1, Z_PLOT_DECK, 1), fx_card(&f, "B:PL21#1"));
    int first = top(&f, 1, Z_PLOT_DECK, 0), third = top(&f, 1, Z_PLOT_DECK, 2);
    assert_true((first == fx_card(&f, "B:PL02#1") && third == fx_card(&f, "B:PL02#2")) ||
                (first == fx_card(&f, "B:PL02#2") && third == fx_card(&f, "B:PL02#1")));
    assert_int_equal(f.s->npile[1][Z_PLOT_DECK], 27 - 3);
    assert_int_equal(tt_rig(f.g, (tt_state *)f.s, "p2_group_deck", "C:G20#1", &err), TT_OK);
    assert_int_equal(top(&f, 2, Z_GROUP_DECK, 0), fx_card(&f, "C:G20#1"));
    fx_sane(&f);
    rig_refused(&f, "p1_plot_deck", "PL02 PL02 PL02", "no (more) PL02 unseen in p1's Plot deck");
    rig_refused(&f, "p1_group_deck", "PL16", "no (more) PL16 unseen in p1's Group deck");
    rig_refused(&f, "p3_plot_deck", "PL16",
                "cannot rig 'p3_plot_deck' (p<n>_plot_deck, "
                "p<n>_group_deck, p<n>_hand, dice)");
    fx_free(&f);
}

/* A card someone has seen in the deck stays where he knows it. */
static void test_seen_cards_stay(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    int k = top(&f, 0, Z_PLOT_DECK, 3);
    f.s->card[k].seen_by = 1u << 2;
    char id[32];
    inwo_instance_text(f.c, k, id, sizeof id);
    char msg[96];
    snprintf(msg, sizeof msg, "no (more) %s unseen in p0's Plot deck", id);
    rig_refused(&f, "p0_plot_deck", id, msg);
    fx_free(&f);
}

static void test_hand(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    tt_error err;
    assert_int_equal(tt_rig(f.g, (tt_state *)f.s, "p0_hand", "PL16 A:G01#1", &err), TT_OK);
    int n;
    const uint16_t *hand = inwo_pile(f.s, 0, Z_HAND, &n);
    assert_int_equal(n, 2);
    assert_int_equal(f.c->deck[0].def[hand[0] % INWO_DECK_CARDS],
                     inwo_find_def(f.c, "PL16")); /* one of A's two */
    assert_int_equal(hand[1], fx_card(&f, "A:G01#1"));
    assert_int_equal(f.s->npile[0][Z_PLOT_DECK] + f.s->npile[0][Z_GROUP_DECK], 44 - 2);
    assert_int_equal(f.s->card[hand[1]].seen_by, 1);
    fx_sane(&f);
    fx_zone(&f, 0, "B:PL11#1", Z_HAND); /* a card of B's in A's hand */
    rig_refused(&f, "p0_hand", "PL16", "p0's hand holds a card another player knows or owns");
    fx_free(&f);
}

static void test_dice(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    tt_error err;
    assert_int_equal(tt_rig(f.g, (tt_state *)f.s, "dice", "6 5 1 1", &err), TT_OK);
    tt_rng r = f.s->head.rng;
    static const int want[] = {6, 5, 1, 1};
    for (int i = 0; i < 4; i++)
        assert_int_equal(1 + (int)tt_rng_below(&r, 6), want[i]);
    rig_refused(&f, "dice", "7", "a die is 1..6, not '7'");
    rig_refused(&f, "dice", "1 2 3 4 5 6 1", "at most 6 dice at a time");
    rig_refused(&f, "dice", "", "rig dice needs faces: rig dice 6 5");
    fx_free(&f);
}

/* A:G02#1 attacks C:G20#1 to control, aided by the Lodge, with the dice
 * rigged; returns who controls the target afterwards. */
static int attack_with_dice(const char *dice)
{
    fx f = fx_new("players=3");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:G20#1", "C:I03#1", SIDE_N);
    fx_main(&f, 0);
    tt_error err;
    fx_ok(&f, "attack A:G02#1 kind=control target=C:G20#1 privilege=none");
    fx_passes(&f, 2);
    fx_ok(&f, "aid A:I01#1");
    assert_int_equal(fx_strength(&f), 11);
    assert_int_equal(tt_rig(f.g, (tt_state *)f.s, "dice", dice, &err), TT_OK);
    fx_passes(&f, 3);
    assert_int_equal(f.s->roll, dice[0] - '0' + dice[2] - '0');
    while (f.s->point == PT_AFTER_ROLL) /* INWO-5.9.9 */
        fx_ok(&f, "pass");
    tt_action a[INWO_MAX_ACTIONS];
    while (f.s->point == PT_RESOLVE) { /* the capture's arrow: the first offered */
        assert_true(tt_legal(f.g, (tt_state *)f.s, a) > 0);
        assert_int_equal(tt_apply(f.g, (tt_state *)f.s, a[0], NULL, &err), TT_OK);
    }
    int holder = f.s->card[fx_card(&f, "C:G20#1")].holder;
    fx_free(&f);
    return holder;
}

/* The rigged dice decide an attack: 2 succeeds, 12 always fails (INWO-5.9.8). */
static void test_dice_in_an_attack(void **state)
{
    (void)state;
    assert_int_equal(attack_with_dice("1 1"), 0);
    assert_int_equal(attack_with_dice("6 6"), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decks),
        cmocka_unit_test(test_seen_cards_stay),
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_dice),
        cmocka_unit_test(test_dice_in_an_attack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
