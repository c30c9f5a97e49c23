/* Invaders test fixture: building a position by hand, then playing it through
 * the public interface.
 *
 * A test starts from a freshly set-up game, clears it (inv_fx_clear: every card
 * back in its deck in content order, nothing in play, no hero) and then puts
 * the cards an example names where the example says they are, moving each
 * instance from its deck so that every card stays in exactly one place and
 * loc[] agrees with the piles. inv_fx_sane() runs the module's sanity checker; call
 * it once the position is built (inv_fx_apply calls it after every action).
 *
 * Every helper fails the running cmocka test on misuse (unknown card, no copy
 * left in the deck, full column) instead of returning an error, so tests read
 * as the example's setup. Hand cards are named by card id, cards in play by
 * instance ("man:militia_cadre#2"), zones by id ("PR", "EU", "AF"). Copies
 * are taken from a deck lowest copy number first, so the first militia_cadre a
 * test places is man:militia_cadre#1. */
#ifndef TT_TEST_INV_FIXTURE_H
#define TT_TEST_INV_FIXTURE_H

#include <stddef.h>

#include "games/invaders/invaders.h"
#include "tabletop/tt.h"

typedef struct inv_fx {
    tt_game *g;
    const inv_content *c;
    inv_state *s; /* tt_state_size(g) bytes, owned */
    size_t size;
    tt_event evbuf[1024]; /* events of the last inv_fx_apply */
    tt_events ev;
} inv_fx;

/* Loads invaders with `params` (NULL: the sample content) and a cleared state.
 * The caller frees it with inv_fx_close. */
inv_fx *inv_fx_open(const char *params);
void inv_fx_close(inv_fx *f);

/* Every instance back to its deck in content order (top = last), hands,
 * columns and discard piles empty, no counters or flags, zones undamaged with a
 * full supply, plot at its start, strategies dormant, no declaration, chain or
 * pending decision, no hero, nobody has won; Invader's turn 1, Main step. */
void inv_fx_clear(inv_fx *f);

/* Lookups; they fail the test when the name is unknown. */
int inv_fx_inst(const inv_fx *f, const char *name); /* "inv:skitter_drone#3" */
int inv_fx_def(const inv_fx *f, const char *card_id);
int inv_fx_zone(const inv_fx *f, const char *zone_id);
int inv_fx_strat(const inv_fx *f, const char *strategy_id);

/* Moves the lowest-numbered copy of card_id from its side's deck to the hand;
 * returns the instance. */
int inv_fx_hand(inv_fx *f, const char *card_id);
/* Moves n copies of `filler` to the hand (the "+ n others" of an example). */
void inv_fx_hand_n(inv_fx *f, const char *filler, int n);
/* Puts a copy of card_id in play in zone (deck → column, with its
 * enter_counters); a hero comes from the hero deck and becomes the current
 * hero. Returns the instance. */
int inv_fx_unit(inv_fx *f, const char *zone, const char *card_id);
/* Sets the hero deck to the listed heroes ("hero_anand hero_varga", first
 * named on top; "" for an empty deck). Heroes neither listed nor in play go to
 * Mankind's discard pile (they left play earlier). */
void inv_fx_hero_deck(inv_fx *f, const char *hero_ids);
/* Moves cards from the bottom of side's deck to its discard pile until the
 * deck holds exactly n (it must hold at least n). */
void inv_fx_deck_size(inv_fx *f, int side, int n);
/* Places n damage tokens on zone (taken from the supply). */
void inv_fx_tokens(inv_fx *f, const char *zone, int n);
/* side's turn (Invader: turn 1, Mankind: turn 2), Main step, nothing pending. */
void inv_fx_main(inv_fx *f, int side);

/* Runs inv_sanity and fails the test on a broken invariant. */
void inv_fx_sane(const inv_fx *f);

/* tt_apply_text; fails the test unless it returns TT_OK, then checks sanity.
 * The events of the action are in f->ev. */
void inv_fx_apply(inv_fx *f, const char *text);
/* tt_apply_text must fail with TT_EILLEGAL, name exactly `rule` ("INV-5.9")
 * and leave every byte of the state unchanged. */
void inv_fx_refuse(inv_fx *f, const char *text, const char *rule);

/* Queries. */
int inv_fx_loc(const inv_fx *f, int inst);                       /* enum inv_loc */
int inv_fx_in_zone(const inv_fx *f, int inst, const char *zone); /* in play there */
int inv_fx_in_hand(const inv_fx *f, int side, int inst);
/* The k-th card from the top of side's discard pile (0 = top). */
int inv_fx_discard_top(const inv_fx *f, int side, int k);
/* The top card of side's deck (the next drawn or drained). */
int inv_fx_deck_top(const inv_fx *f, int side, int k);
int inv_fx_power(const inv_fx *f, int inst);  /* INV-5.25 current power */
int inv_fx_events(const inv_fx *f, int type); /* how many of the last apply */
/* Is `text` among the legal actions' canonical texts right now? */
int inv_fx_offered(const inv_fx *f, const char *text);
/* The pending decision's frame kind, or F_NONE when the active player is free
 * to take a main action (or the game is over). */
int inv_fx_pending(const inv_fx *f);

#endif
