/* Braunau test fixture: the positions of the rules' worked examples (BRA-8.4,
 * BRA-11 fixture F1), built by hand and then played through the public
 * interface.
 *
 * bx_open loads braunau (default: three factions, standardized decks split
 * 3/3/3/3, as F1 has them) and resets the state to F1: seats GERMANS 0,
 * AUSTRIANS 1, LOCALS 2, the first player seat 0; every deck in canonical
 * order (G01 on top); residents at home and exposed, every other agent in
 * the reserve; home support 1; gold 2; no items; market [I07, I05, I11] and
 * the item deck I01 first, then the rest in id order; round 1, the Germans'
 * turn with 6 AP. The helpers then move tokens, agents and items where an
 * example says they are, keeping every token in exactly one zone and every
 * knowledge set sound, so bx_sane (and the checks after every bx_apply) hold.
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

typedef struct bx {
    tt_game *g;
    const bra_content *c;
    bra_state *s; /* tt_state_size(g) bytes, owned */
    size_t size;
    tt_event evbuf[512]; /* events of the last bx_apply */
    tt_events ev;
    tt_error err; /* the error of the last bx_refuse */
} bx;

/* Loads braunau with params (NULL: the default three-faction game) and
 * resets to F1. Free with bx_close. */
bx *bx_open(const char *params);
void bx_close(bx *x);
void bx_f1(bx *x);

/* Lookups; they fail the test when the name is unknown. */
int bx_tok(const bx *x, const char *id);
int bx_agent_id(const bx *x, const char *id);
int bx_area(const bx *x, const char *id);
int bx_item(const bx *x, const char *id);

/* Faction f's turn in round r, started as BRA-5.2 starts it, with ap AP. */
void bx_turn(bx *x, int f, int round, int ap);
/* The named tokens ("G17 G08") into their owner's stash, from wherever. */
void bx_stash(bx *x, const char *ids);
/* The named tokens on top of their deck, first named on top. */
void bx_deck_top(bx *x, const char *ids);
/* The deck becomes exactly these tokens; the others not in the stash go to
 * the discard pile. */
void bx_deck_exact(bx *x, int f, const char *ids);
/* A pending draw of these tokens, in draw order (the faction has drawn). */
void bx_pending(bx *x, const char *ids);
/* An agent in an area ("RESERVE" for the reserve), not exposed, level 0. */
void bx_place(bx *x, const char *agent, const char *area);
void bx_level(bx *x, const char *agent, int level, int charges);
void bx_exposed(bx *x, const char *agent, int exposed);
/* A decoy planted in its owner's latest turn (that turn's CI is counted). */
void bx_decoy(bx *x, const char *agent, const char *area);
void bx_support(bx *x, int f, const char *area, int value);
void bx_gold(bx *x, int f, int gold);
void bx_vp(bx *x, int f, int vp);
/* Item id to faction f, from the item deck or the market row. */
void bx_own_item(bx *x, const char *item, int f);

void bx_sane(const bx *x);
/* tt_apply_text; fails the test unless it returns TT_OK; checks sanity. The
 * events are in x->ev. */
void bx_apply(bx *x, const char *text);
/* tt_apply_text must fail, with a message that starts with `code`
 * ("E_STASH_FULL"), and leave every byte of the state unchanged. */
void bx_refuse(bx *x, const char *text, const char *code);

/* Queries. */
int bx_ap(const bx *x, int f);
int bx_in_stash(const bx *x, const char *id);
int bx_deck_at(const bx *x, int f, int k); /* the token k-th from the top */
int bx_deck_from_bottom(const bx *x, int f, int k);
int bx_loc(const bx *x, const char *agent); /* area, BRA_RESERVE, BRA_OUT */
/* How many events of this type the last bx_apply produced; the k-th one. */
int bx_events(const bx *x, int type);
const tt_event *bx_event(const bx *x, int type, int k);
/* The narration of the last bx_apply for viewer (seat, TT_VIEW_SPECTATOR),
 * one line per event, into buf. */
const char *bx_story(const bx *x, int viewer, char *buf, size_t n);
/* Is text among the canonical texts of the legal actions now? */
int bx_offered(const bx *x, const char *text);

/* A deck declaration checked against the sample content: the problems, one
 * per line, as their code and details ("E_DECK_SIZE (51)"). */
const char *bx_validate(const char *json, char *buf, size_t n);

/* A declaration in memory as the JSON of BRA-3.9, into buf; a random one as
 * the STANDARDIZED declaration of its split, as `tabletop deck new --mode
 * random` writes it. */
const char *bx_deck_json(const bra_content *c, const bra_deck *d, char *buf, size_t n);
/* The number of the first check of BRA-3.10 that a declaration (JSON)
 * breaks, checked as `tabletop deck validate` checks it; 0 when it is legal. */
int bx_deck_first_check(const bra_content *c, const char *json);

#endif
