/* Invaders test fixture: hand-built positions kept sane (see inv_fixture.h).
 *
 * The helpers edit the flat inv_state directly, always moving an instance
 * from one pile to another and setting loc[] with it, so that the sanity
 * checker's invariant (every card in exactly one place) holds once a position
 * is complete. Compiled into every test program; only tests that include
 * inv_fixture.h call it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/pile.h"
#include "inv_fixture.h"
#include "play_checks.h"

/* --- opening and clearing -------------------------------------------------- */

inv_fx *inv_fx_open(const char *params)
{
    inv_fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    tt_error err = {0};
    if (tt_game_new("invaders", params, &f->g, &err) != TT_OK)
        fail_msg("cannot load invaders (%s): %s", params ? params : "sample", err.msg);
    f->c = inv_content_of(f->g);
    f->size = tt_state_size(f->g);
    assert_int_equal(f->size, sizeof(inv_state));
    f->s = calloc(1, f->size);
    assert_non_null(f->s);
    tt_state_init(f->g, (tt_state *)f->s, 1);
    f->ev = (tt_events){f->evbuf, 0, (int)(sizeof f->evbuf / sizeof f->evbuf[0]), 0};
    inv_fx_clear(f);
    return f;
}

void inv_fx_close(inv_fx *f)
{
    if (!f)
        return;
    tt_game_free(f->g);
    free(f->s);
    free(f);
}

void inv_fx_clear(inv_fx *f)
{
    inv_reset(f->c, f->s); /* every card in its deck, the board empty */
    f->s->active = INV_INVADER;
    f->s->step = S_MAIN;
}

/* --- lookups ------------------------------------------------------------------ */

int inv_fx_inst(const inv_fx *f, const char *name)
{
    char buf[96];
    for (int i = 0; i < f->c->ninst; i++) {
        inv_inst_name(f->c, i, buf, sizeof buf);
        if (strcmp(buf, name) == 0)
            return i;
    }
    fail_msg("no instance '%s'", name);
    return -1;
}

int inv_fx_def(const inv_fx *f, const char *card_id)
{
    for (int i = 0; i < f->c->ncards; i++)
        if (strcmp(f->c->card[i].id, card_id) == 0)
            return i;
    fail_msg("no card '%s'", card_id);
    return -1;
}

int inv_fx_zone(const inv_fx *f, const char *zone_id)
{
    for (int z = 0; z < INV_NZ; z++)
        if (strcmp(f->c->zone_id[z], zone_id) == 0)
            return z;
    fail_msg("no zone '%s'", zone_id);
    return -1;
}

int inv_fx_strat(const inv_fx *f, const char *strategy_id)
{
    for (int i = 0; i < f->c->nstrats; i++)
        if (strcmp(f->c->strat[i].id, strategy_id) == 0)
            return i;
    fail_msg("no strategy '%s'", strategy_id);
    return -1;
}

/* --- building a position -------------------------------------------------------- */

/* The lowest-numbered copy of def still in its deck (or hero deck), removed
 * from that pile. */
static int take_from_deck(inv_fx *f, int def)
{
    const inv_content *c = f->c;
    inv_state *s = f->s;
    for (int i = 0; i < c->ninst; i++) {
        if (c->inst_def[i] != def)
            continue;
        if (inv_loc(s, i) == L_DECK) {
            int side = inv_owner(c, i);
            int k = tt_pile_find(inv_pile(s, side, L_DECK), s->npile[side][L_DECK], (uint16_t)i);
            assert_true(k >= 0);
            tt_piles_remove_at(inv_cards(s, side), s->npile[side], INV_NPILES, L_DECK, k);
            return i;
        }
        if (inv_loc(s, i) == L_HERO_DECK) {
            assert_true(tt_pile_remove(s->hero_deck, &s->nhero_deck, (uint16_t)i));
            return i;
        }
    }
    fail_msg("no copy of '%s' left in its deck", c->card[def].id);
    return -1;
}

int inv_fx_hand(inv_fx *f, const char *card_id)
{
    int def = inv_fx_def(f, card_id);
    if (f->c->card[def].type == T_HERO)
        fail_msg("heroes never go to a hand (INV-9.12)");
    int i = take_from_deck(f, def);
    int side = inv_owner(f->c, i);
    tt_piles_insert_at(inv_cards(f->s, side), f->s->npile[side], INV_NPILES, inv_cards_cap(side),
                       L_HAND, f->s->npile[side][L_HAND], (uint16_t)i);
    f->s->loc[i] = L_HAND;
    return i;
}

void inv_fx_hand_n(inv_fx *f, const char *filler, int n)
{
    for (int k = 0; k < n; k++)
        inv_fx_hand(f, filler);
}

int inv_fx_unit(inv_fx *f, const char *zone, const char *card_id)
{
    int def = inv_fx_def(f, card_id), z = inv_fx_zone(f, zone);
    const inv_card *card = &f->c->card[def];
    if (!card->is_unit)
        fail_msg("'%s' is not a unit", card_id);
    int hero = card->type == T_HERO;
    if (hero && f->s->hero != INV_NONE)
        fail_msg("Mankind already has a hero in play");
    int side = card->side;
    if (f->s->ncol[side][z] >= f->c->slots)
        fail_msg("the %s column in %s is full", inv_side_name(side), zone);
    int i = take_from_deck(f, def);
    inv_enter_slot(f->s, side, z, i);
    f->s->counters[i] = card->enter_counters;
    if (hero)
        f->s->hero = (uint8_t)i;
    return i;
}

void inv_fx_hero_deck(inv_fx *f, const char *hero_ids)
{
    const inv_content *c = f->c;
    inv_state *s = f->s;
    uint16_t want[INV_MAX_HEROES];
    int nwant = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", hero_ids);
    for (char *save, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        int def = inv_fx_def(f, tok), inst = -1;
        for (int i = 0; i < c->ninst; i++)
            if (c->inst_def[i] == def)
                inst = i;
        if (inst < 0 || inv_loc(s, inst) != L_HERO_DECK)
            fail_msg("hero '%s' is not in the hero deck", tok);
        want[nwant++] = (uint16_t)inst;
    }
    /* unlisted heroes left play earlier: Mankind's discard pile, content order */
    for (int i = 0; i < c->ninst; i++) {
        if (inv_loc(s, i) != L_HERO_DECK || tt_pile_find(want, nwant, (uint16_t)i) >= 0)
            continue;
        inv_to_discard(c, s, i);
    }
    s->nhero_deck = 0;
    for (int k = nwant - 1; k >= 0; k--) /* top = last: the first named on top */
        s->hero_deck[s->nhero_deck++] = want[k];
}

void inv_fx_deck_size(inv_fx *f, int side, int n)
{
    inv_state *s = f->s;
    if (s->npile[side][L_DECK] < n)
        fail_msg("the %s deck holds %d cards, fewer than %d", inv_side_name(side),
                 s->npile[side][L_DECK], n);
    while (s->npile[side][L_DECK] > n) {
        inv_pile_move(s, side, L_DECK, 0, L_DISCARD); /* the bottom card: the top stays */
    }
}

void inv_fx_tokens(inv_fx *f, const char *zone, int n)
{
    int z = inv_fx_zone(f, zone);
    assert_true(f->s->supply >= n);
    assert_true(f->s->tokens[z] + n <= f->c->base_power[z]); /* INV-2.5 */
    f->s->tokens[z] = (uint8_t)(f->s->tokens[z] + n);
    f->s->supply = (uint8_t)(f->s->supply - n);
}

void inv_fx_main(inv_fx *f, int side)
{
    f->s->active = (uint8_t)side;
    f->s->head.turn = side == INV_INVADER ? 1 : 2;
    f->s->step = S_MAIN;
    f->s->stack.n = 0;
}

/* --- playing ---------------------------------------------------------------------- */

void inv_fx_sane(const inv_fx *f)
{
    chk_sane(f->g, (const tt_state *)f->s);
}

void inv_fx_apply(inv_fx *f, const char *text)
{
    chk_apply(f->g, (tt_state *)f->s, &f->ev, text);
}

void inv_fx_refuse(inv_fx *f, const char *text, const char *rule)
{
    chk_refused(f->g, (tt_state *)f->s, text, NULL, rule);
}

/* --- queries -------------------------------------------------------------------------- */

int inv_fx_loc(const inv_fx *f, int inst)
{
    return inv_loc(f->s, inst);
}

int inv_fx_in_zone(const inv_fx *f, int inst, const char *zone)
{
    int z = inv_fx_zone(f, zone);
    int side = inv_owner(f->c, inst);
    return f->s->loc[inst] == (L_SLOT | z << 4) &&
           tt_pile_find(f->s->col[side][z], f->s->ncol[side][z], (uint16_t)inst) >= 0;
}

int inv_fx_in_hand(const inv_fx *f, int side, int inst)
{
    return inv_loc(f->s, inst) == L_HAND &&
           tt_pile_find(inv_pile(f->s, side, L_HAND), f->s->npile[side][L_HAND], (uint16_t)inst) >=
               0;
}

int inv_fx_discard_top(const inv_fx *f, int side, int k)
{
    int n = f->s->npile[side][L_DISCARD];
    if (k >= n)
        fail_msg("the %s discard pile holds only %d cards", inv_side_name(side), n);
    return inv_pile(f->s, side, L_DISCARD)[n - 1 - k];
}

int inv_fx_deck_top(const inv_fx *f, int side, int k)
{
    int n = f->s->npile[side][L_DECK];
    if (k >= n)
        fail_msg("the %s deck holds only %d cards", inv_side_name(side), n);
    return inv_pile(f->s, side, L_DECK)[n - 1 - k];
}

int inv_fx_power(const inv_fx *f, int inst)
{
    return inv_power(f->c, f->s, inst);
}

int inv_fx_events(const inv_fx *f, int type)
{
    return chk_events(&f->ev, type);
}

int inv_fx_offered(const inv_fx *f, const char *text)
{
    return chk_offered(f->g, (const tt_state *)f->s, text);
}

int inv_fx_pending(const inv_fx *f)
{
    const tt_frame *top = tt_stack_peek(&f->s->stack);
    return top ? top->kind : F_NONE;
}
