/* Braunau test fixture: the positions of the rules' worked examples (BRA-8.4,
 * BRA-11 fixture F1), built by hand and then played through the public
 * interface.
 *
 * bra_fx_open loads braunau (default: three factions, standardized decks split
 * 3/3/3/3, as F1 has them) and resets the state to F1: seats GERMANS 0,
 * AUSTRIANS 1, LOCALS 2, the first player seat 0; every deck in canonical
 * order (G01 on top); residents at home and exposed, every other agent in
 * the reserve; home support 1; gold 2; no items; market [I07, I05, I11] and
 * the item deck I01 first, then the rest in id order; round 1, the Germans'
 * turn with 6 AP. The helpers then move tokens, agents and items where an
 * example says they are, keeping every token in exactly one zone and every
 * knowledge set sound, so bra_fx_sane (and the checks after every bra_fx_apply) hold.
 *
 * Tokens are named by id ("G33"), agents, areas and items by their content
 * ids, factions by index (BX_G, BX_A, BX_L). Every helper fails the running
 * cmocka test on misuse instead of returning an error. */
#ifndef TT_TEST_BRA_FIXTURE_H
#define TT_TEST_BRA_FIXTURE_H

#include <stddef.h>

#include "games/braunau/braunau.h"
#include "tabletop/tt.h"

enum { BX_G = 0, BX_A = 1, BX_L = 2 };

typedef struct bra_fx {
    tt_game *g;
    const bra_content *c;
    bra_state *s; /* tt_state_size(g) bytes, owned */
    size_t size;
    tt_event evbuf[512]; /* events of the last bra_fx_apply */
    tt_events ev;
    tt_error err; /* the error of the last bra_fx_refuse */
} bra_fx;

/* Loads braunau with params (NULL: the default three-faction game) and
 * resets to F1. Free with bra_fx_close. */
bra_fx *bra_fx_open(const char *params);
void bra_fx_close(bra_fx *x);
void bra_fx_f1(bra_fx *x);

/* Lookups; they fail the test when the name is unknown. */
int bra_fx_tok(const bra_fx *x, const char *id);
int bra_fx_agent_id(const bra_fx *x, const char *id);
int bra_fx_area(const bra_fx *x, const char *id);
int bra_fx_item(const bra_fx *x, const char *id);

/* Faction f's turn in round r, started as BRA-5.2 starts it, with ap AP. */
void bra_fx_turn(bra_fx *x, int f, int round, int ap);
/* The named tokens ("G17 G08") into their owner's stash, from wherever. */
void bra_fx_stash(bra_fx *x, const char *ids);
/* The named tokens on top of their deck, first named on top. */
void bra_fx_deck_top(bra_fx *x, const char *ids);
/* The deck becomes exactly these tokens; the others not in the stash go to
 * the discard pile. */
void bra_fx_deck_exact(bra_fx *x, int f, const char *ids);
/* A pending draw of these tokens, in draw order (the faction has drawn). */
void bra_fx_pending(bra_fx *x, const char *ids);
/* An agent in an area ("RESERVE" for the reserve), not exposed, level 0. */
void bra_fx_place(bra_fx *x, const char *agent, const char *area);
void bra_fx_level(bra_fx *x, const char *agent, int level, int charges);
void bra_fx_exposed(bra_fx *x, const char *agent, int exposed);
/* A decoy planted in its owner's latest turn (that turn's CI is counted). */
void bra_fx_decoy(bra_fx *x, const char *agent, const char *area);
void bra_fx_support(bra_fx *x, int f, const char *area, int value);
void bra_fx_gold(bra_fx *x, int f, int gold);
void bra_fx_vp(bra_fx *x, int f, int vp);
/* Item id to faction f, from the item deck or the market row. */
void bra_fx_own_item(bra_fx *x, const char *item, int f);

void bra_fx_sane(const bra_fx *x);
/* tt_apply_text; fails the test unless it returns TT_OK; checks sanity. The
 * events are in x->ev. */
void bra_fx_apply(bra_fx *x, const char *text);
/* tt_apply_text must fail, with a message that starts with `code`
 * ("E_STASH_FULL"), and leave every byte of the state unchanged. */
void bra_fx_refuse(bra_fx *x, const char *text, const char *code);

/* Queries. */
int bra_fx_ap(const bra_fx *x, int f);
int bra_fx_in_stash(const bra_fx *x, const char *id);
int bra_fx_deck_at(const bra_fx *x, int f, int k); /* the token k-th from the top */
int bra_fx_deck_from_bottom(const bra_fx *x, int f, int k);
int bra_fx_loc(const bra_fx *x, const char *agent); /* area, BRA_RESERVE, BRA_OUT */
/* How many events of this type the last bra_fx_apply produced; the k-th one. */
int bra_fx_events(const bra_fx *x, int type);
const tt_event *bra_fx_event(const bra_fx *x, int type, int k);
/* The narration of the last bra_fx_apply for viewer (seat, TT_VIEW_SPECTATOR),
 * one line per event, into buf. */
const char *bra_fx_story(const bra_fx *x, int viewer, char *buf, size_t n);
/* Is text among the canonical texts of the legal actions now? */
int bra_fx_offered(const bra_fx *x, const char *text);

/* A deck declaration checked against the sample content: the problems, one
 * per line, as their code and details ("E_DECK_SIZE (51)"). */
const char *bra_fx_validate(const char *json, char *buf, size_t n);

/* A declaration in memory as the JSON of BRA-3.9, into buf; a random one as
 * the STANDARDIZED declaration of its split, as `tabletop deck new --mode
 * random` writes it. */
const char *bra_fx_deck_json(const bra_content *c, const bra_deck *d, char *buf, size_t n);
/* The number of the first check of BRA-3.10 that a declaration (JSON)
 * breaks, checked as `tabletop deck validate` checks it; 0 when it is legal. */
int bra_fx_deck_first_check(const bra_content *c, const char *json);

#endif
