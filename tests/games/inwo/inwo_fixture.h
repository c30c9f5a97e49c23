/* INWO tests: positions built directly, as the worked examples of section 11
 * give them (INWO-11: "each builds its position directly"). A fixture is a
 * 4-player game with the sample decks A–D, whose state stands after the
 * initial shuffles with only the Illuminati in play; cards are then moved
 * where an example puts them, by instance id. Header-only: each test
 * program includes it once. */
#ifndef TESTS_INWO_FIXTURE_H
#define TESTS_INWO_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/rules.h"
#include "games/inwo/inwo.h"
#include "tabletop/tt.h"

typedef struct fx {
    tt_game *g;
    const inwo_content *c;
    inwo_state *s;
} fx;

static inline fx fx_new(const char *params)
{
    fx f;
    tt_error err;
    if (tt_game_new("inwo", params, &f.g, &err) != TT_OK)
        fail_msg("inwo %s: %s", params, err.msg);
    f.c = ((const struct tt_game *)f.g)->content;
    f.s = malloc(tt_state_size(f.g));
    assert_non_null(f.s);
    tt_state_init(f.g, (tt_state *)f.s, 1);
    return f;
}

static inline void fx_free(fx *f)
{
    free(f->s);
    tt_game_free(f->g);
}

/* The instance named by its id text (INWO-5.0.3). */
static inline int fx_card(const fx *f, const char *id)
{
    int k = inwo_instance_parse(f->c, id);
    if (k < 0)
        fail_msg("no card %s", id);
    return k;
}

static inline int fx_node(const fx *f, const char *id)
{
    return f->s->card[fx_card(f, id)].u.p.node;
}

/* Puts `id` into seat's structure on side of `master` (an id), 1 token. */
static inline int fx_group(fx *f, int seat, const char *id, const char *master, int side)
{
    int k = fx_card(f, id), m = fx_node(f, master);
    inwo_lift(f->s, k);
    inwo_place(f->c, f->s, seat, k, m, side);
    f->s->card[k].u.p.tokens = 1;
    return k;
}

/* Moves `id` into a zone of seat (a hand, the table, the NWO area …). */
static inline int fx_zone(fx *f, int seat, const char *id, int zone)
{
    int k = fx_card(f, id);
    inwo_lift(f->s, k);
    inwo_put(f->s, k, zone, seat);
    return k;
}

/* Links `a` (a Plot or Resource, put beside seat's structure) to group b. */
static inline void fx_link(fx *f, const char *a, const char *b, int kind, int permanent)
{
    int seat = f->s->card[fx_card(f, b)].holder;
    int k = fx_zone(f, seat, a, kind == LK_PLOT ? Z_TABLE : Z_RESOURCE);
    inwo_link_add(f->s, k, fx_card(f, b), kind, permanent);
    inwo_links_update(f->c, f->s);
}

/* Seat plays the Illuminati card_id `id` instead of his deck's, as a custom
 * deck would (INWO-12.1: The Pale Observatory and The Tidewater Cabal may
 * replace a deck's Illuminati); its instance is then `<seat>:<id>#1`. */
static inline void fx_illuminati(fx *f, int seat, const char *id)
{
    inwo_content *c = (inwo_content *)f->c;
    c->deck[seat].def[0] = (uint16_t)inwo_find_def(c, id);
    inwo_index_ops(c); /* what is derived from the decks, as a load does */
    inwo_index_uses(c);
}

static inline int fx_value(const fx *f, const char *id, int stat, int ctx)
{
    return inwo_value(f->c, f->s, fx_card(f, id), stat, ctx);
}

static inline unsigned fx_align(const fx *f, const char *id)
{
    return inwo_align_of(f->c, f->s, fx_card(f, id), 0);
}

#define AL(a) (1u << AL_##a)

static inline void fx_sane(const fx *f)
{
    tt_error err;
    if (tt_sanity(f->g, (const tt_state *)f->s, &err) != TT_OK)
        fail_msg("%s", err.msg);
}

/* Applies a text (atomic or compound) for the player to move; sanity after. */
static inline int fx_play(fx *f, const char *text)
{
    tt_error err;
    int rc = tt_apply_text(f->g, (tt_state *)f->s, text, NULL, &err);
    fx_sane(f);
    return rc;
}

static inline void fx_ok(fx *f, const char *text)
{
    tt_error err;
    if (tt_apply_text(f->g, (tt_state *)f->s, text, NULL, &err) != TT_OK)
        fail_msg("%s: %s (%s)", text, err.msg, err.rule);
    fx_sane(f);
}

/* The text is refused with exactly this rule and message, changing nothing. */
static inline void fx_refused(fx *f, const char *text, const char *rule, const char *msg)
{
    size_t n = tt_state_size(f->g);
    void *before = malloc(n);
    memcpy(before, f->s, n);
    tt_error err;
    assert_int_equal(tt_apply_text(f->g, (tt_state *)f->s, text, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.rule, rule);
    assert_string_equal(err.msg, msg);
    assert_memory_equal(before, f->s, n);
    free(before);
}

/* Makes the lead choices (each seat's first offered), ending setup. */
static inline void fx_setup(fx *f)
{
    tt_action a[INWO_MAX_ACTIONS];
    tt_error err;
    while (f->s->point == PT_LEAD) {
        assert_true(tt_legal(f->g, (tt_state *)f->s, a) > 0);
        assert_int_equal(tt_apply(f->g, (tt_state *)f->s, a[0], NULL, &err), TT_OK);
    }
}

/* Every seat passes in the open round. */
static inline void fx_passes(fx *f, int n)
{
    for (int i = 0; i < n; i++)
        fx_ok(f, "pass");
}

/* The legal actions as texts, one a line. */
static inline void fx_legal(const fx *f, char *out, size_t n)
{
    tt_action a[INWO_MAX_ACTIONS];
    int k = tt_legal(f->g, (const tt_state *)f->s, a);
    size_t at = 0;
    out[0] = 0;
    for (int i = 0; i < k && at < n; i++) {
        char t[64];
        tt_action_format(f->g, (const tt_state *)f->s, a[i], t, sizeof t);
        at += (size_t)snprintf(out + at, n - at, "%s%s", i ? "|" : "", t);
    }
}

/* A position in seat's Main Phase: every player past his first turn, round
 * 5, no round open. The worked examples' players have completed three turns
 * (INWO-11), but their positions leave most Illuminati without puppets, and
 * the check after every resolution (INWO-9.2.1) would end such a game at
 * once: the counter says two, and a test of elimination sets it. */
static inline void fx_main(fx *f, int seat)
{
    inwo_state *s = f->s;
    for (int p = 0; p < s->nplayers; p++) {
        s->pl[p].completed = 2;
        s->pl[p].protected_ = 0;
        s->pl[p].lead = INWO_NONE;
        s->pl[p].lead_state = 0;
        s->card[p * INWO_DECK_CARDS].u.p.tokens = 1; /* its Illuminati */
    }
    s->first = 0;
    s->round = 5;
    s->head.turn = 5;
    s->active = s->to_move = (uint8_t)seat;
    s->step = s->point = PT_MAIN;
}

/* The next two dice the state rolls will be d1 and d2 (a seed found for them). */
static inline void fx_dice(fx *f, int d1, int d2)
{
    for (uint64_t seed = 1;; seed++) {
        tt_rng r;
        tt_rng_seed(&r, seed);
        tt_rng keep = r;
        if (1 + (int)tt_rng_below(&r, 6) == d1 && 1 + (int)tt_rng_below(&r, 6) == d2) {
            f->s->head.rng = keep;
            return;
        }
    }
}

static inline int fx_strength(const fx *f)
{
    for (int k = f->s->nitems - 1; k >= 0; k--)
        if (f->s->item[k].kind == H_ATTACK)
            return inwo_strength(f->g, f->s, k);
    fail_msg("no attack");
    return 0;
}

/* Step 7 from round 2 on: every player answers nodeclare (INWO-9.4.2). */
static inline void fx_knock(fx *f)
{
    while (f->s->point == PT_DECLARE)
        fx_ok(f, "nodeclare");
}

/* Puts `id` on the first open arrow of seat's structure (node order, sides
 * N, E, S, W), 1 token. */
static inline int fx_add(fx *f, int seat, const char *id)
{
    for (int k = 0; k < INWO_NODES_MAX; k++)
        if (f->s->node[k].card != INWO_NONE && INWO_SEAT(f->s->node[k].geo) == seat)
            for (int side = 0; side < 4; side++)
                if (inwo_arrow_open(f->c, f->s, k, side)) {
                    int card = fx_card(f, id);
                    inwo_lift(f->s, card);
                    inwo_place(f->c, f->s, seat, card, k, side);
                    f->s->card[card].u.p.tokens = 1;
                    return card;
                }
    fail_msg("no open arrow for %s", id);
    return -1;
}

/* Passes until the round on top closes, and any round that takes its place
 * at that depth (an attack's after-roll round). */
static inline void fx_pass_round(fx *f)
{
    int n = f->s->nrounds;
    while (f->s->nrounds >= n && f->s->point != PT_OVER)
        fx_ok(f, "pass");
}

/* EX-15's position, 3 players (C plays deck D, for its Mercenary Guild):
 * A: Lodge → Cobalt Republic (N) → General Thorn (d2); B: Riot Police
 * Auxiliary and Mercenary Guild under the Choir, Shock Troops in hand; B's
 * Main Phase. */
static inline fx fx_ex15(void)
{
    fx f = fx_new("players=3 p2=deck_d");
    fx_group(&f, 0, "A:G02#1", "A:I01#1", SIDE_N);
    fx_group(&f, 0, "A:G11#1", "A:G02#1", SIDE_N);
    fx_group(&f, 1, "A:G37#1", "B:I02#1", SIDE_N);
    fx_group(&f, 1, "C:G41#1", "B:I02#1", SIDE_E);
    fx_zone(&f, 1, "A:PL01#1", Z_HAND); /* Shock Troops */
    fx_main(&f, 1);
    fx_sane(&f);
    return f;
}

/* EX-15 input 2 up to the aid: B's Riot Police attacks General Thorn, C and
 * A pass, B's Mercenary Guild aids (S = −3), C and A pass again: B to play. */
static inline void fx_ex15_aided(fx *f)
{
    fx_ok(f, "attack A:G37#1 kind=control target=A:G11#1");
    fx_passes(f, 2);
    fx_ok(f, "aid C:G41#1");
    fx_passes(f, 2);
}

#endif
