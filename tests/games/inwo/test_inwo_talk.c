/* INWO table talk (INWO-5.0.7): gifts, showing, exposing, discarding,
 * returning and removing a token, issued outside the turn order; what each
 * player has seen afterwards (INWO-7.10, 7.11) and what determinization may
 * deal (INWO-7.12), through worked examples EX-38 and EX-39. */
#include "core/pile.h"
#include "inwo_fixture.h"
#include "tabletop/replay.h"

#define SEEN(...) seen_mask((const char[]){__VA_ARGS__, 0})

static unsigned seen_mask(const char *seats)
{
    unsigned m = 0;
    for (; *seats; seats++)
        m |= 1u << (*seats - 'A');
    return m;
}

static unsigned seen(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].seen_by;
}

/* Table talk of seat, whoever is to move; the canonical text in canon. */
static int talk(fx *f, int seat, const char *text, char *canon, tt_error *err)
{
    int offturn = 0;
    int rc = tt_apply_text_as(f->g, (tt_state *)f->s, seat, text, canon, canon ? 128 : 0, &offturn,
                              NULL, err);
    if (rc == TT_OK)
        assert_int_equal(offturn, 1);
    fx_sane(f);
    return rc;
}

static void talk_ok(fx *f, int seat, const char *text)
{
    tt_error err;
    if (talk(f, seat, text, NULL, &err) != TT_OK)
        fail_msg("%s: %s (%s)", text, err.msg, err.rule);
}

static void talk_refused(fx *f, int seat, const char *text, const char *rule, const char *msg)
{
    size_t n = tt_state_size(f->g);
    void *before = malloc(n);
    memcpy(before, f->s, n);
    tt_error err;
    assert_int_equal(talk(f, seat, text, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.rule, rule);
    assert_string_equal(err.msg, msg);
    assert_memory_equal(before, f->s, n);
    free(before);
}

/* Empties seat's hand into his discard pile. */
static void empty_hand(fx *f, int seat)
{
    while (f->s->npile[seat][Z_HAND]) {
        int n;
        int card = inwo_pile(f->s, seat, Z_HAND, &n)[0];
        inwo_lift(f->s, card);
        inwo_put(f->s, card, Z_DISCARD, seat);
    }
}

/* EX-39's position: 3 players, B's Main Phase; A holds Deniable Denial,
 * Slush Money and Lucky Break hidden, over a Plot deck of 10 unknown cards. */
static fx ex39(void)
{
    fx f = fx_new("players=3");
    empty_hand(&f, 0);
    fx_zone(&f, 0, "A:PL16#1", Z_HAND);
    fx_zone(&f, 0, "A:PL03#1", Z_HAND);
    fx_zone(&f, 0, "A:PL43#1", Z_HAND);
    while (f.s->npile[0][Z_PLOT_DECK] > 10) {
        int card = inwo_pile_take(f.s, 0, Z_PLOT_DECK, 0);
        inwo_put(f.s, card, Z_DISCARD, 0);
    }
    fx_main(&f, 1);
    fx_sane(&f);
    return f;
}

static char *view(const fx *f, int viewer)
{
    return tt_view_json(f->g, (const tt_state *)f->s, viewer);
}

/* determinize(s, viewer) over a few seeds: the viewer's view never changes
 * and the state stays legal (INWO-7.14); returns in how many of them `id`
 * left its place. */
static int deals_moving(const fx *f, int viewer, const char *id)
{
    size_t n = tt_state_size(f->g);
    fx d = *f;
    d.s = malloc(n);
    char *want = view(f, viewer);
    int moved = 0, card = fx_card(f, id);
    for (uint64_t seed = 1; seed <= 40; seed++) {
        memcpy(d.s, f->s, n);
        tt_determinize(f->g, (tt_state *)d.s, viewer, seed);
        fx_sane(&d);
        char *got = view(&d, viewer);
        assert_string_equal(got, want);
        free(got);
        const inwo_card *a = &f->s->card[card], *b = &d.s->card[card];
        int n1, n2;
        const uint16_t *p1 = inwo_pile(f->s, a->holder, a->zone, &n1);
        const uint16_t *p2 = inwo_pile(d.s, b->holder, b->zone, &n2);
        moved += a->zone != b->zone || a->holder != b->holder ||
                 tt_pile_find(p1, n1, (uint16_t)card) != tt_pile_find(p2, n2, (uint16_t)card);
    }
    free(want);
    free(d.s);
    return moved;
}

/* EX-39 input 1: A shows Deniable Denial to B. */
static void test_EX_39_show(void **state)
{
    (void)state;
    fx f = ex39();
    char canon[128];
    tt_error err;
    assert_int_equal(talk(&f, 0, "show A:PL16#1 to=B", canon, &err), TT_OK);
    assert_string_equal(canon, "show A:PL16#1 to=B");
    assert_int_equal(seen(&f, "A:PL16#1"), SEEN('A', 'B'));
    assert_int_equal(seen(&f, "A:PL03#1"), SEEN('A'));
    assert_int_equal(seen(&f, "A:PL43#1"), SEEN('A'));
    assert_int_equal(f.s->to_move, 1); /* no priority needed, none taken */
    char *b = view(&f, 1), *c = view(&f, 2);
    assert_non_null(strstr(b, "\"hand\":[\"A:PL16#1\",\"A:plot\",\"A:plot\"]"));
    assert_non_null(strstr(c, "\"hand\":[\"A:plot seen AB\",\"A:plot\",\"A:plot\"]"));
    free(b);
    free(c);
    assert_int_equal(deals_moving(&f, 1, "A:PL16#1"), 0); /* B knows it */
    assert_true(deals_moving(&f, 2, "A:PL16#1") > 0);     /* C does not */
    assert_true(deals_moving(&f, 1, "A:PL03#1") > 0);
    fx_free(&f);
}

/* EX-39 input 2: A gives Lucky Break to C; B, who took no part, loses track
 * of Deniable Denial (INWO-7.11). */
static void test_EX_39_give(void **state)
{
    (void)state;
    fx f = ex39();
    talk_ok(&f, 0, "show A:PL16#1 to=B");
    char canon[128];
    tt_error err;
    assert_int_equal(talk(&f, 0, "give A:PL43#1 to=C", canon, &err), TT_OK);
    assert_string_equal(canon, "give A:PL43#1 to=C");
    int card = fx_card(&f, "A:PL43#1");
    assert_int_equal(f.s->card[card].zone, Z_HAND);
    assert_int_equal(f.s->card[card].holder, 2);
    assert_int_equal(seen(&f, "A:PL43#1"), SEEN('A', 'C'));
    assert_int_equal(seen(&f, "A:PL16#1"), SEEN('A'));
    assert_int_equal(f.s->npile[0][Z_HAND], 2);
    assert_int_equal(f.s->npile[2][Z_HAND], 4);
    assert_true(deals_moving(&f, 1, "A:PL16#1") > 0); /* anywhere among A's 13 */
    assert_int_equal(deals_moving(&f, 2, "A:PL43#1"), 0);
    fx_free(&f);
}

/* EX-39 input 3: exposed, then returned to the top: every player knows the
 * top card of A's Plot deck, and when A draws it, that A holds it. */
static void test_EX_39_expose_return(void **state)
{
    (void)state;
    fx f = ex39();
    talk_ok(&f, 0, "expose A:PL03#1");
    assert_int_equal(seen(&f, "A:PL03#1"), SEEN('A', 'B', 'C'));
    assert_true(f.s->card[fx_card(&f, "A:PL03#1")].flags & INWO_F_EXPOSED);
    talk_refused(&f, 0, "expose A:PL03#1", "INWO-7.3", "name a hidden Plot of your hand");
    talk_ok(&f, 0, "return A:PL03#1 top");
    int n, card = fx_card(&f, "A:PL03#1");
    const uint16_t *deck = inwo_pile(f.s, 0, Z_PLOT_DECK, &n);
    assert_int_equal(n, 11);
    assert_int_equal(deck[n - 1], card);
    assert_int_equal(seen(&f, "A:PL03#1"), SEEN('A', 'B', 'C'));
    assert_false(f.s->card[card].flags & INWO_F_EXPOSED);
    for (int v = 0; v < 3; v++)
        assert_int_equal(deals_moving(&f, v, "A:PL03#1"), 0);
    /* A's next step 1 draws it: hidden, yet known to all */
    f.s->active = f.s->to_move = 0;
    f.s->step = f.s->point = PT_STEP1;
    fx_ok(&f, "draw");
    assert_int_equal(f.s->card[card].zone, Z_HAND);
    assert_int_equal(seen(&f, "A:PL03#1"), SEEN('A', 'B', 'C'));
    for (int v = 0; v < 3; v++)
        assert_int_equal(deals_moving(&f, v, "A:PL03#1"), 0);
    fx_free(&f);
}

/* A hidden Plot returned to the deck: the others lose track of it and of
 * the cards it lay among (INWO-7.11); a Group-back card never goes back. */
/* INWO-7.12 step 3: a deal never leaves two Goal cards in one hand. D holds
 * Iron Consensus among eight Plots, Scorched Earth lies in his Plot deck,
 * and A knows none of them: over 200 deals for A, D's hand holds at most one
 * Goal card, and the Goal cards are dealt like the others. */
static void test_INWO_7_12_one_goal_card_a_hand(void **state)
{
    (void)state;
    fx f = fx_new("players=4");
    static const char *const held[] = {"D:PL30#1", "D:PL01#1", "D:PL01#2", "D:PL04#1",
                                       "D:PL06#1", "D:PL06#2", "D:PL12#1", "D:PL16#1"};
    for (int i = 0; i < 8; i++)
        f.s->card[fx_zone(&f, 3, held[i], Z_HAND)].seen_by = 1u << 3;
    f.s->card[fx_zone(&f, 3, "D:PL31#1", Z_PLOT_DECK)].seen_by = 0;
    fx_main(&f, 0);
    fx_sane(&f);
    size_t n = tt_state_size(f.g);
    fx d = f;
    d.s = malloc(n);
    int left = 0, g30 = fx_card(&f, "D:PL30#1"), g31 = fx_card(&f, "D:PL31#1");
    for (uint64_t seed = 1; seed <= 200; seed++) {
        memcpy(d.s, f.s, n);
        tt_determinize(f.g, (tt_state *)d.s, 0, seed);
        fx_sane(&d);
        int in30 = d.s->card[g30].zone == Z_HAND, in31 = d.s->card[g31].zone == Z_HAND;
        assert_true(in30 + in31 <= 1);
        left += !in30;
    }
    assert_true(left > 0);
    free(d.s);
    fx_free(&f);
}

static void test_return_and_discard(void **state)
{
    (void)state;
    fx f = ex39();
    talk_ok(&f, 0, "show A:PL16#1 to=B");
    talk_ok(&f, 0, "return A:PL43#1 bottom");
    int n;
    assert_int_equal(inwo_pile(f.s, 0, Z_PLOT_DECK, &n)[0], fx_card(&f, "A:PL43#1"));
    assert_int_equal(seen(&f, "A:PL43#1"), SEEN('A'));
    assert_int_equal(seen(&f, "A:PL16#1"), SEEN('A'));
    fx_zone(&f, 0, "A:G01#1", Z_HAND);
    talk_refused(&f, 0, "return A:G01#1 top", "INWO-5.7.3",
                 "Group-back cards never go back to a deck");
    talk_ok(&f, 0, "discard A:G01#1");
    assert_int_equal(f.s->card[fx_card(&f, "A:G01#1")].zone, Z_DISCARD);
    talk_refused(&f, 2, "discard A:PL16#1", "INWO-5.0.7", "that card is not in your hand");
    fx_free(&f);
}

/* Removing one's own token (INWO-4.7.1): not an action, nothing to cancel. */
static void test_untoken(void **state)
{
    (void)state;
    fx f = ex39();
    talk_ok(&f, 2, "untoken C:I03#1");
    assert_int_equal(f.s->card[fx_card(&f, "C:I03#1")].u.p.tokens, 0);
    talk_refused(&f, 2, "untoken C:I03#1", "INWO-4.7.1", "it holds no token");
    talk_refused(&f, 2, "untoken A:I01#1", "INWO-4.7.1", "remove a token from a card you control");
    assert_int_equal(f.s->nitems, 0);
    fx_free(&f);
}

/* What table talk may never do, and when it waits. */
static void test_refusals(void **state)
{
    (void)state;
    fx f = ex39();
    talk_refused(&f, 0, "give A:PL16#1 to=A", "INWO-5.6.1", "give to another player in the game");
    talk_refused(&f, 0, "show A:PL16#1 to=A", "INWO-7.3", "show it to a rival in the game");
    f.s->pl[2].protected_ = 1;
    talk_refused(&f, 0, "give A:PL16#1 to=C", "INWO-4.8.1", "C has not completed his first turn");
    f.s->pl[2].protected_ = 0;
    /* A's own step 1 is a multiple-card draw */
    f.s->active = f.s->to_move = 0;
    f.s->step = f.s->point = PT_STEP1;
    talk_refused(&f, 0, "give A:PL16#1 to=C", "INWO-5.6.1",
                 "not in the middle of a multiple-card draw");
    talk_ok(&f, 1, "untoken B:I02#1"); /* others are not drawing */
    /* not while someone is half-way through a declaration */
    f.s->step = f.s->point = PT_MAIN;
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 2, "C:G20#1", "C:I03#1", SIDE_N);
    fx_ok(&f, "attack A:G02#1");
    talk_refused(&f, 2, "untoken C:I03#1", "INWO-5.0.7",
                 "not while A is half-way through a declaration");
    talk_refused(&f, 0, "give A:PL16#1 to=C", "INWO-5.0.7",
                 "not while A is half-way through a declaration");
    fx_free(&f);
}

/* EX-38 (c): while B's Privileged attack on C lasts, A may not give C a
 * card (INWO-4.7.2); afterwards he may. */
static void test_EX_38_privileged(void **state)
{
    (void)state;
    fx f = ex39();
    fx_group(&f, 1, "B:G38#1", "B:I02#1", SIDE_N);
    fx_group(&f, 2, "C:G20#1", "C:I03#1", SIDE_N);
    fx_ok(&f, "attack B:G38#1"); /* control of C:G20#1, the only answers */
    assert_int_equal(f.s->item[0].target, fx_card(&f, "C:G20#1"));
    f.s->item[0].who |= 0x40; /* Privileged (INWO-5.14) */
    talk_refused(&f, 0, "give A:PL16#1 to=C", "INWO-4.7.2", "C takes part in a Privileged attack");
    talk_ok(&f, 1, "untoken B:I02#1"); /* the attacker's own talk is not held up */
    fx_passes(&f, 2);                  /* C, A */
    fx_ok(&f, "call_off");
    assert_int_equal(f.s->nitems, 0);
    talk_ok(&f, 0, "give A:PL16#1 to=C");
    assert_int_equal(f.s->card[fx_card(&f, "A:PL16#1")].holder, 2);
    fx_free(&f);
}

/* A Resource in play changes hands in the Main Phase of giver or recipient,
 * and arrives linked to the recipient's Illuminati (INWO-5.6.3, 6.3.4). */
static void test_give_resource(void **state)
{
    (void)state;
    fx f = ex39();                                     /* B's Main Phase */
    fx_link(&f, "A:R04#1", "A:I01#1", LK_RESOURCE, 0); /* Black Budget */
    talk_ok(&f, 0, "give A:R04#1 to=B");               /* in the recipient's Main Phase */
    int r = fx_card(&f, "A:R04#1"), k = inwo_link_of(f.s, r);
    assert_int_equal(f.s->card[r].zone, Z_RESOURCE);
    assert_int_equal(f.s->card[r].holder, 1);
    assert_int_equal(f.s->link[k].b, fx_card(&f, "B:I02#1"));
    f.s->active = 0; /* A's Main Phase: B may give it to A, not to C */
    talk_refused(&f, 1, "give A:R04#1 to=C", "INWO-5.6.3",
                 "a Resource is given in the Main Phase of the giver or the recipient");
    f.s->active = 1;
    f.s->card[r].flags |= INWO_F_BENEFIT;
    talk_refused(&f, 1, "give A:R04#1 to=C", "INWO-5.6.3", "it has served this turn");
    f.s->card[r].flags &= (uint8_t)~INWO_F_BENEFIT;
    talk_ok(&f, 1, "give A:R04#1 to=C"); /* in the giver's */
    assert_int_equal(f.s->card[r].holder, 2);
    /* permanently linked to a group: it stays */
    fx_group(&f, 0, "A:G11#1", "A:I01#1", SIDE_N); /* General Thorn, a Personality */
    fx_link(&f, "A:R08#1", "A:G11#1", LK_RESOURCE, 1);
    f.s->active = 0;
    talk_refused(&f, 0, "give A:R08#1 to=B", "INWO-5.6.3", "it is permanently linked to a group");
    fx_free(&f);
}

/* B, outside his turn, receives a sixth Plot: he disposes at once, and the
 * Main Phase of C resumes when he is within his limit (INWO-4.6.6, 5.7.2). */
static void test_gift_makes_dispose(void **state)
{
    (void)state;
    fx f = ex39();
    f.s->active = f.s->to_move = 2; /* C's Main Phase */
    empty_hand(&f, 1);
    static const char *const five[] = {"B:PL02#1", "B:PL02#2", "B:PL05#1", "B:PL05#2", "B:PL11#1"};
    for (int i = 0; i < 5; i++)
        fx_zone(&f, 1, five[i], Z_HAND);
    talk_ok(&f, 0, "give A:PL16#1 to=B");
    assert_int_equal(f.s->point, PT_DISPOSE);
    assert_int_equal(f.s->to_move, 1);
    char legal[2048];
    fx_legal(&f, legal, sizeof legal);
    assert_non_null(strstr(legal, "discard A:PL16#1|"));
    talk_refused(&f, 0, "give A:PL03#1 to=C", "INWO-5.7.2",
                 "not until B is within his hand limits");
    fx_ok(&f, "return B:PL11#1 bottom"); /* the listed answer ends it */
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->to_move, 2);
    assert_int_equal(f.s->resume, 0);
    /* a gift of the disposing player ends it too, unless it only moves the excess */
    talk_ok(&f, 0, "give A:PL43#1 to=B");
    assert_int_equal(f.s->to_move, 1);
    static const char *const more[] = {"A:PL01#1", "A:PL07#1", "A:PL07#2", "A:PL09#1"};
    for (int i = 0; i < 4; i++)
        fx_zone(&f, 0, more[i], Z_HAND); /* A holds 5 Plots: one more is too many */
    talk_refused(&f, 1, "give A:PL43#1 to=A", "INWO-5.7.2", "A would be over his hand limits too");
    talk_ok(&f, 1, "give A:PL43#1 to=C");
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->to_move, 2);
    fx_free(&f);
}

/* EX-38's position: 3 players, B's Main Phase; A holds Slush Money and
 * Deniable Denial hidden, C four Plots, among them a hidden Wiretap. */
static fx ex38(void)
{
    fx f = fx_new("players=3");
    empty_hand(&f, 0);
    empty_hand(&f, 2);
    fx_zone(&f, 0, "A:PL03#1", Z_HAND);
    fx_zone(&f, 0, "A:PL16#1", Z_HAND);
    static const char *const c4[] = {"C:PL41#1", "C:PL03#1", "C:PL14#1", "C:PL39#1"};
    for (int i = 0; i < 4; i++)
        fx_zone(&f, 2, c4[i], Z_HAND);
    fx_main(&f, 1);
    fx_sane(&f);
    return f;
}

/* EX-38 (a): a trade offered and accepted while B holds priority. */
static void test_EX_38_trade(void **state)
{
    (void)state;
    fx f = ex38();
    char canon[128];
    tt_error err;
    assert_int_equal(talk(&f, 0, "trade with=C give=A:PL03#1 ask=PL41", canon, &err), TT_OK);
    assert_string_equal(canon, "trade C\ngive A:PL03#1\nask PL41");
    assert_int_equal(f.s->pl[0].offer.kind, OF_TRADE);
    assert_int_equal(seen(&f, "A:PL03#1"), SEEN('A', 'C')); /* named to C */
    assert_int_equal(f.s->to_move, 1);
    assert_int_equal(talk(&f, 2, "accept A give=C:PL41#1", canon, &err), TT_OK);
    assert_string_equal(canon, "accept A give=C:PL41#1");
    int slush = fx_card(&f, "A:PL03#1"), wiretap = fx_card(&f, "C:PL41#1");
    assert_int_equal(f.s->card[slush].holder, 2);
    assert_int_equal(f.s->card[wiretap].holder, 0);
    assert_false((f.s->card[slush].flags | f.s->card[wiretap].flags) & INWO_F_EXPOSED);
    assert_int_equal(seen(&f, "A:PL03#1"), SEEN('A', 'C'));
    assert_int_equal(seen(&f, "C:PL41#1"), SEEN('A', 'C'));
    assert_int_equal(f.s->npile[2][Z_HAND], 4); /* C still holds 4 Plots */
    assert_int_equal(f.s->npile[0][Z_HAND], 2);
    assert_int_equal(f.s->pl[0].offer.kind, OF_NONE);
    assert_int_equal(f.s->to_move, 1);
    assert_true(deals_moving(&f, 1, "C:PL41#1") > 0); /* B lost track of it */
    assert_int_equal(deals_moving(&f, 0, "C:PL41#1"), 0);
    fx_free(&f);
}

/* EX-38 (b): at most 3 cards on a side; nothing of the command stays. */
static void test_EX_38_too_many(void **state)
{
    (void)state;
    fx f = ex38();
    talk_refused(&f, 0, "trade with=C give=A:PL16#1 ask=PL03,PL41,PL43,PL44", "INWO-5.6.2",
                 "more than 3 cards on one side");
    talk_ok(&f, 0, "trade with=C give=A:PL16#1 ask=PL03,PL41,PL43");
    assert_int_equal(f.s->pl[0].offer.nask, 3);
    talk_refused(&f, 0, "trade with=B give=A:PL03#1", "INWO-5.0.7",
                 "you have an open offer: withdraw it first");
    talk_ok(&f, 0, "withdraw");
    assert_int_equal(f.s->pl[0].offer.kind, OF_NONE);
    talk_refused(&f, 0, "withdraw", "INWO-5.0.7", "you have no open offer");
    fx_free(&f);
}

/* EX-38 (d): the next listed action ends the offer. */
static void test_EX_38_lapse(void **state)
{
    (void)state;
    fx f = ex38();
    talk_ok(&f, 0, "trade with=C give=A:PL16#1 ask=PL41");
    fx_ok(&f, "end_main"); /* B */
    assert_int_equal(f.s->pl[0].offer.kind, OF_NONE);
    talk_refused(&f, 2, "accept A give=C:PL41#1", "INWO-5.6.2",
                 "no open trade offer from A to you");
    assert_int_equal(f.s->card[fx_card(&f, "A:PL16#1")].holder, 0);
    fx_free(&f);
}

/* Declining; an answer naming a card that is not the one asked. */
static void test_trade_answers(void **state)
{
    (void)state;
    fx f = ex38();
    talk_ok(&f, 0, "trade with=C give=A:PL16#1 ask=PL41");
    tt_error err;
    assert_int_equal(talk(&f, 2, "accept A give=C:PL03#1", NULL, &err), TT_EPARSE);
    assert_string_equal(err.rule, "INWO-5.6.2");
    assert_int_equal(talk(&f, 2, "accept A", NULL, &err), TT_EPARSE);
    assert_string_equal(err.msg, "accept A give=<card>,…: a hidden PL41 of your hand for each card "
                                 "asked by card_id, in their order");
    talk_refused(&f, 1, "decline A", "INWO-5.0.7", "no open offer from A to you");
    talk_ok(&f, 2, "decline A");
    assert_int_equal(f.s->pl[0].offer.kind, OF_NONE);
    /* asking for a card he does not hold: he can only decline */
    talk_ok(&f, 0, "trade with=C give=A:PL16#1 ask=PL44");
    assert_int_equal(talk(&f, 2, "accept A give=C:PL41#1", NULL, &err), TT_EPARSE);
    talk_ok(&f, 2, "decline A");
    /* an exposed Plot is asked for by instance */
    talk_ok(&f, 2, "expose C:PL14#1");
    talk_refused(
        &f, 0, "trade with=C ask=C:PL03#1", "INWO-5.6.2",
        "ask for a hidden card by card_id, an exposed Plot or a Resource of C by instance");
    talk_ok(&f, 0, "trade with=C ask=C:PL14#1");
    talk_ok(&f, 2, "accept A");
    assert_int_equal(f.s->card[fx_card(&f, "C:PL14#1")].holder, 0);
    assert_true(f.s->card[fx_card(&f, "C:PL14#1")].flags & INWO_F_EXPOSED);
    fx_free(&f);
}

/* A group gift (INWO-5.5.5): offered by the giver holding priority in the
 * Main Phase, accepted with an arrow, announced as the recipient's root
 * item, and moved when its round closes. */
static void test_group_gift(void **state)
{
    (void)state;
    fx f = ex39(); /* B's Main Phase, B to move */
    fx_group(&f, 1, "B:G38#1", "B:I02#1", SIDE_N);
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    talk_refused(&f, 0, "give A:G02#1 to=B pay=A:I01#1", "INWO-5.5.5",
                 "give a group while you hold priority in the Main Phase of your turn or the "
                 "recipient's");
    talk_refused(&f, 1, "give B:I02#1 to=A pay=B:I02#1", "INWO-10.4.5",
                 "an Illuminati is never given away");
    talk_refused(&f, 1, "give A:G02#1 to=A pay=B:I02#1", "INWO-5.5.5",
                 "give a group of your structure");
    talk_refused(&f, 1, "give B:G38#1 to=A pay=A:I01#1", "INWO-5.5.5",
                 "pay with the group, its master or your Illuminati, holding a token, or "
                 "pay=recipient");
    char canon[128];
    tt_error err;
    assert_int_equal(talk(&f, 1, "give B:G38#1 to=A pay=B:G38#1", canon, &err), TT_OK);
    assert_string_equal(canon, "give B:G38#1 to=A pay=B:G38#1");
    talk_refused(&f, 0, "accept B arrow=A:I01#1/N", "INWO-2.11.5", "that arrow is not open");
    talk_refused(&f, 0, "accept B arrow=B:I02#1/E", "INWO-2.11.5",
                 "name an open arrow of your structure");
    talk_refused(&f, 0, "accept B arrow=A:I01#1/E pay=A:I01#1", "INWO-5.5.5",
                 "the giver pays for this gift");
    talk_refused(&f, 2, "accept B arrow=C:I03#1/E", "INWO-5.5.5", "no open gift from B to you");
    assert_int_equal(talk(&f, 0, "accept B arrow=A:I01#1/E", canon, &err), TT_OK);
    assert_string_equal(canon, "accept B arrow=A:I01#1/E");
    int g38 = fx_card(&f, "B:G38#1");
    assert_int_equal(f.s->nitems, 1);
    assert_int_equal(f.s->item[0].kind, INWO_K_GIFT);
    assert_int_equal(f.s->card[g38].u.p.tokens, 0); /* paid on announcement */
    assert_int_equal(f.s->point, PT_ROUND);
    assert_int_equal(f.s->to_move, 1); /* polled from the seat after A */
    assert_int_equal(f.s->card[g38].holder, 1);
    fx_passes(&f, 3);
    assert_int_equal(f.s->nitems, 0);
    assert_int_equal(f.s->card[g38].zone, Z_STRUCTURE);
    assert_int_equal(f.s->card[g38].holder, 0);
    assert_int_equal(f.s->node[f.s->card[g38].u.p.node].master, fx_node(&f, "A:I01#1"));
    assert_int_equal(f.s->point, PT_MAIN);
    assert_int_equal(f.s->to_move, 1);
    /* paid by the recipient */
    fx_group(&f, 1, "B:G40#1", "B:I02#1", SIDE_N);
    talk_ok(&f, 1, "give B:G40#1 to=C pay=recipient");
    talk_refused(&f, 2, "accept B arrow=C:I03#1/N", "INWO-5.5.5",
                 "pay with the arrow's card or your Illuminati, holding a token");
    talk_ok(&f, 2, "accept B arrow=C:I03#1/N pay=C:I03#1");
    assert_int_equal(f.s->card[fx_card(&f, "C:I03#1")].u.p.tokens, 0);
    talk_refused(&f, 1, "decline A", "INWO-5.0.7", "no open offer from A to you");
    fx_free(&f);
}

/* The first legal action, as the record stores it. */
static void play_first(fx *f, tt_record *rec)
{
    tt_action a[INWO_MAX_ACTIONS];
    char text[128];
    assert_true(tt_legal(f->g, (tt_state *)f->s, a) > 0);
    assert_int_equal(tt_action_format(f->g, (tt_state *)f->s, a[0], text, sizeof text), TT_OK);
    assert_int_equal(tt_apply(f->g, (tt_state *)f->s, a[0], NULL, NULL), TT_OK);
    assert_int_equal(tt_record_add_action(rec, text), TT_OK);
}

/* Table talk of seat on the first card of his hand, recorded. */
static void talk_first(fx *f, tt_record *rec, int seat, const char *fmt)
{
    int n;
    char id[32], text[64], canon[128];
    tt_error err;
    const uint16_t *hand = inwo_pile(f->s, seat, Z_HAND, &n);
    assert_true(n > 0);
    inwo_instance_text(f->c, hand[0], id, sizeof id);
    snprintf(text, sizeof text, fmt, id);
    if (talk(f, seat, text, canon, &err) != TT_OK)
        fail_msg("%s: %s", text, err.msg);
    assert_int_equal(tt_record_add_offturn(rec, f->g, seat, canon), TT_OK);
}

/* No table talk in any legal list (INWO-5.0.7); in the record it stands
 * with its player between the listed actions, and the record replays to
 * the same state. */
static void test_record(void **state)
{
    (void)state;
    fx f = fx_new("players=3");
    tt_record *rec = tt_record_new(f.g, 1);
    tt_action a[INWO_MAX_ACTIONS];
    while (f.s->round < 3 && !f.s->head.over) {
        int n = tt_legal(f.g, (tt_state *)f.s, a);
        for (int i = 0; i < n; i++)
            assert_false(tt_action_is_offturn(a[i]));
        play_first(&f, rec);
    }
    talk_first(&f, rec, 1, "show %s to=C");
    talk_first(&f, rec, 2, "give %s to=A");
    play_first(&f, rec);
    talk_first(&f, rec, 0, "expose %s");
    talk_first(&f, rec, 1, "trade with=C give=%s");
    talk_first(&f, rec, 2, "decline B"); /* the card is not named: a format without %s */
    play_first(&f, rec);
    tt_game *g2;
    tt_state *s2;
    tt_error err;
    if (tt_record_replay(rec, &g2, &s2, NULL, NULL, &err) != TT_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(tt_state_hash(g2, s2), tt_state_hash(f.g, (tt_state *)f.s));
    free(s2);
    tt_game_free(g2);
    tt_record_free(rec);
    fx_free(&f);
}

/* INWO-7.4's position: 3 players, A's Main Phase, A controls Evening
 * Gazette (EXPOSE, cost: its token) and holds Burglary (STEAL_EXPOSED, cost:
 * an Illuminati token). B holds Red Tape (cancels a Plot or an ability),
 * Deniable Denial (cancels an action) and NWO: Iron Fist hidden, Kind
 * Words and NWO: Velvet Glove exposed. */
static fx look(void)
{
    fx f = fx_new("players=3");
    empty_hand(&f, 0);
    empty_hand(&f, 1);
    fx_group(&f, 0, "B:G26#1", "A:I01#1", SIDE_N);
    fx_zone(&f, 0, "B:PL42#1", Z_HAND);
    fx_zone(&f, 2, "C:PL03#1", Z_HAND); /* for C's trade */
    static const char *const hidden[] = {"A:PL17#1", "A:PL16#1", "C:PL24#1"};
    static const char *const exposed[] = {"B:PL12#1", "B:PL25#1"};
    for (int i = 0; i < 3; i++)
        fx_zone(&f, 1, hidden[i], Z_HAND);
    for (int i = 0; i < 2; i++)
        f.s->card[fx_zone(&f, 1, exposed[i], Z_HAND)].flags |= INWO_F_EXPOSED;
    fx_main(&f, 0);
    fx_sane(&f);
    return f;
}

/* A announces the look or steal `play` on B, and B, polled first, is
 * offered exactly `legal`. */
static fx look_announced(const char *play, const char *legal)
{
    fx f = look();
    fx_ok(&f, play);
    assert_int_equal(f.s->to_move, 1);
    char got[512];
    fx_legal(&f, got, sizeof got);
    assert_string_equal(got, legal);
    return f;
}

#define EXPOSING                                                                                   \
    "i1 may expose your hidden Plots: until it resolves they may only be played to cancel it"
#define STEALING                                                                                   \
    "i1 may steal your exposed Plots: until it resolves they may only be played to cancel it"

/* INWO-7.4: from the announcement of Evening Gazette's EXPOSE on B until it
 * resolves, B's hidden Plots stay in his hand, except Red Tape played to
 * cancel it; his exposed Plots stay free. */
static void test_INWO_7_4_expose_pending(void **state)
{
    (void)state;
    fx f = look_announced("use B:G26#1 target=B",
                          "pass|buy|play A:PL17#1|play B:PL12#1|play B:PL25#1");
    fx_refused(&f, "play C:PL24#1", "INWO-7.4", EXPOSING);
    fx_refused(&f, "play A:PL16#1", "INWO-7.4", EXPOSING); /* it could cancel only i2, the token */
    talk_refused(&f, 1, "discard C:PL24#1", "INWO-7.4", EXPOSING);
    talk_refused(&f, 1, "give C:PL24#1 to=C", "INWO-7.4", EXPOSING);
    talk_refused(&f, 1, "return C:PL24#1 top", "INWO-7.4", EXPOSING);
    talk_refused(&f, 1, "trade with=C give=C:PL24#1 ask=PL03", "INWO-7.4", EXPOSING);
    talk_ok(&f, 1, "give B:PL12#1 to=C"); /* exposed: EXPOSE cannot touch it */
    fx_ok(&f, "play A:PL17#1 target=i1");
    fx_free(&f);
    /* resolved: everything is free again */
    f = look();
    fx_ok(&f, "use B:G26#1 target=B");
    fx_pass_round(&f);
    assert_int_equal(f.s->nrounds, 0);
    assert_int_equal(f.s->point, PT_MAIN);
    talk_ok(&f, 1, "discard C:PL24#1");
    talk_ok(&f, 1, "return A:PL16#1 top");
    fx_free(&f);
}

/* INWO-7.4: while Burglary on B is pending, B's exposed Plots stay in his
 * hand (whichever it took: a cancel of a take could let it take another);
 * his hidden ones stay free. A trade B accepts is held as well. */
static void test_INWO_7_4_steal_pending(void **state)
{
    (void)state;
    fx f = look_announced("play B:PL42#1 target=B take=B:PL12#1",
                          "pass|buy|play A:PL17#1|play A:PL16#1|play C:PL24#1");
    fx_refused(&f, "play B:PL25#1", "INWO-7.4", STEALING);
    talk_refused(&f, 1, "discard B:PL12#1", "INWO-7.4", STEALING);
    talk_refused(&f, 1, "give B:PL25#1 to=C", "INWO-7.4", STEALING);
    talk_refused(&f, 1, "return B:PL25#1 bottom", "INWO-7.4", STEALING);
    talk_ok(&f, 2, "trade with=B give=C:PL03#1 ask=B:PL25#1");
    talk_refused(&f, 1, "accept C", "INWO-7.4", STEALING);
    talk_ok(&f, 1, "decline C");
    talk_ok(&f, 1, "discard A:PL16#1"); /* hidden: Burglary cannot touch it */
    fx_ok(&f, "play A:PL17#1 target=i1");
    fx_pass_round(&f);
    assert_int_equal(f.s->card[fx_card(&f, "B:PL12#1")].holder, 1); /* canceled */
    talk_ok(&f, 1, "give B:PL25#1 to=C");
    fx_free(&f);
}

/* INWO-7.4, 5.7.2: B is over his Plot limit while Evening Gazette's EXPOSE
 * on him is pending (C gives him a hidden Plot). At `dispose` only his
 * exposed Plots, which the EXPOSE cannot touch, are offered; a hidden one
 * is refused with the rule that holds it. */
static void test_INWO_7_4_dispose_sheds_a_free_card(void **state)
{
    (void)state;
    fx f = look_announced("use B:G26#1 target=B",
                          "pass|buy|play A:PL17#1|play B:PL12#1|play B:PL25#1");
    talk_ok(&f, 2, "give C:PL03#1 to=B");
    assert_int_equal(f.s->point, PT_DISPOSE);
    assert_int_equal(f.s->to_move, 1);
    char legal[512];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(legal, "discard B:PL12#1|discard B:PL25#1|return B:PL12#1 top|return "
                               "B:PL12#1 bottom|return B:PL25#1 top|return B:PL25#1 bottom");
    fx_refused(&f, "discard C:PL03#1", "INWO-7.4", EXPOSING);
    fx_refused(&f, "return C:PL24#1 top", "INWO-7.4", EXPOSING);
    fx_ok(&f, "discard B:PL25#1");
    assert_int_equal(f.s->card[fx_card(&f, "B:PL25#1")].zone, Z_DISCARD);
    assert_int_equal(f.s->card[fx_card(&f, "C:PL03#1")].holder, 1);
    assert_int_equal(f.s->npile[1][Z_HAND], 5);
    assert_int_equal(f.s->point, PT_ROUND); /* back to B's priority in i1's round */
    assert_int_equal(f.s->to_move, 1);
    fx_free(&f);
}

/* INWO-7.4, 5.7.2: when every Plot-back card of B's hand is held by the
 * EXPOSE, the hand limit prevails: all of them are offered, and the one he
 * sheds is gone when the EXPOSE resolves, which exposes one of the others. */
static void test_INWO_7_4_dispose_when_every_card_is_held(void **state)
{
    (void)state;
    fx f = look();
    f.s->card[fx_card(&f, "B:PL12#1")].flags &= (uint8_t)~INWO_F_EXPOSED;
    f.s->card[fx_card(&f, "B:PL25#1")].flags &= (uint8_t)~INWO_F_EXPOSED;
    fx_ok(&f, "use B:G26#1 target=B");
    talk_ok(&f, 2, "give C:PL03#1 to=B");
    assert_int_equal(f.s->point, PT_DISPOSE);
    char legal[1024];
    fx_legal(&f, legal, sizeof legal);
    assert_string_equal(
        legal, "discard A:PL17#1|discard A:PL16#1|discard C:PL24#1|discard B:PL12#1|discard "
               "B:PL25#1|discard C:PL03#1|return A:PL17#1 top|return A:PL17#1 bottom|return "
               "A:PL16#1 top|return A:PL16#1 bottom|return C:PL24#1 top|return C:PL24#1 "
               "bottom|return B:PL12#1 top|return B:PL12#1 bottom|return B:PL25#1 top|return "
               "B:PL25#1 bottom|return C:PL03#1 top|return C:PL03#1 bottom");
    fx_ok(&f, "discard C:PL24#1");
    int iron_fist = fx_card(&f, "C:PL24#1");
    assert_int_equal(f.s->card[iron_fist].zone, Z_DISCARD); /* its owner's pile */
    assert_int_equal(f.s->card[iron_fist].holder, 2);
    assert_int_equal(f.s->point, PT_ROUND);
    talk_refused(&f, 1, "discard A:PL16#1", "INWO-7.4", EXPOSING); /* within his limit again */
    fx_pass_round(&f);
    assert_int_equal(f.s->nitems, 0);
    int n, exposed = 0;
    const uint16_t *hand = inwo_pile(f.s, 1, Z_HAND, &n);
    for (int i = 0; i < n; i++)
        exposed += (f.s->card[hand[i]].flags & INWO_F_EXPOSED) != 0;
    assert_int_equal(n, 5);
    assert_int_equal(exposed, 1);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_EX_39_show),
        cmocka_unit_test(test_EX_39_give),
        cmocka_unit_test(test_EX_39_expose_return),
        cmocka_unit_test(test_INWO_7_12_one_goal_card_a_hand),
        cmocka_unit_test(test_return_and_discard),
        cmocka_unit_test(test_untoken),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_EX_38_privileged),
        cmocka_unit_test(test_record),
        cmocka_unit_test(test_give_resource),
        cmocka_unit_test(test_gift_makes_dispose),
        cmocka_unit_test(test_EX_38_trade),
        cmocka_unit_test(test_EX_38_too_many),
        cmocka_unit_test(test_EX_38_lapse),
        cmocka_unit_test(test_trade_answers),
        cmocka_unit_test(test_group_gift),
        cmocka_unit_test(test_INWO_7_4_expose_pending),
        cmocka_unit_test(test_INWO_7_4_steal_pending),
        cmocka_unit_test(test_INWO_7_4_dispose_sheds_a_free_card),
        cmocka_unit_test(test_INWO_7_4_dispose_when_every_card_is_held),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
