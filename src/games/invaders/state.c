/* Invaders state: board arithmetic, moving cards, setup, and the tools that
 * stand outside play (sanity checker, rigging, determinization).
 *
 * Every card instance is in exactly one place, and loc[] says which: the piles
 * and columns are the truth for order, loc[] the index for lookups. The sanity
 * checker proves the two agree after every apply in tests. A side's deck, hand
 * and discard pile share one array (core/pile.h, tt_piles_…), in that order:
 * the deck starts the side's array, so shuffles and rigging work on it as on a
 * pile of its own, and a hidden hand lies right after it. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "core/errors.h"
#include "core/pile.h"
#include "games/invaders/invaders.h"

/* --- power (INV-2.5, INV-5.25) ------------------------------------------------ */

int inv_power(const inv_content *c, const inv_state *s, int inst)
{
    int side = inv_owner(c, inst), z = inv_zone_of(s, inst);
    int p = inv_def(c, inst)->power;
    for (int i = 0; i < s->ncol[side][z]; i++) {
        int other = s->col[side][z][i];
        if (other != inst)
            p += inv_def(c, other)->aura; /* INV-9.18: never boosts itself */
    }
    return p;
}

/* Sum of current power of side's units in z; a rotated hero adds 0 (INV-4.7.2). */
int inv_side_total(const inv_content *c, const inv_state *s, int side, int z)
{
    int total = 0;
    for (int i = 0; i < s->ncol[side][z]; i++) {
        int u = s->col[side][z][i];
        if (!(s->iflags[u] & IF_ROTATED))
            total += inv_power(c, s, u);
    }
    return total;
}

/* --- moving cards --------------------------------------------------------------- */

void inv_leave_play(inv_state *s, int inst)
{
    int z = inv_zone_of(s, inst);
    for (int sd = 0; sd < 2; sd++)
        if (tt_pile_remove(s->col[sd][z], &s->ncol[sd][z], (uint16_t)inst))
            break;
    s->counters[inst] = 0; /* INV-2.15 */
    s->iflags[inst] = 0;
    s->loc[inst] = L_LIMBO;
    if (s->hero == inst)
        s->hero = INV_NONE;
}

void inv_to_discard(const inv_content *c, inv_state *s, int inst)
{
    int side = inv_owner(c, inst);
    tt_piles_insert_at(inv_cards(s, side), s->npile[side], INV_NPILES, inv_cards_cap(side),
                       L_DISCARD, s->npile[side][L_DISCARD], (uint16_t)inst);
    s->loc[inst] = L_DISCARD;
}

void inv_enter_slot(inv_state *s, int side, int z, int inst)
{
    tt_pile_push(s->col[side][z], &s->ncol[side][z], INV_MAX_SLOTS, (uint16_t)inst);
    s->loc[inst] = (uint8_t)(L_SLOT | z << 4);
}

/* The first copy of card `def` in side's hand, by hand order; -1 if none. */
int inv_hand_find(const inv_content *c, const inv_state *s, int side, int def)
{
    const uint16_t *hand = inv_pile(s, side, L_HAND);
    for (int i = 0; i < s->npile[side][L_HAND]; i++)
        if (c->inst_def[hand[i]] == def)
            return hand[i];
    return -1;
}

/* INV-5.8 (a)–(c): may the current hero be sacrificed so that a unit takes its
 * slot? `mover` is a unit in play leaving its own slot (its slot then receives
 * the replacement), or INV_NONE for a card from hand. */
int inv_hero_sacrificable(const inv_content *c, const inv_state *s, int mover)
{
    if (s->active != INV_MANKIND || s->nhero_deck == 0)
        return 0;
    int empty = mover != INV_NONE && mover != s->hero;
    for (int z = 0; z < INV_NZ; z++)
        empty += c->slots - s->ncol[INV_MANKIND][z];
    return empty > 0;
}

/* INV-5.7–5.9: can side put a unit into z (by play or move)? Mankind may use a
 * full column when some unit there may be sacrificed. */
int inv_can_place(const inv_content *c, const inv_state *s, int side, int z, int mover)
{
    if (s->ncol[side][z] < c->slots)
        return 1;
    if (side != INV_MANKIND)
        return 0;
    for (int i = 0; i < s->ncol[side][z]; i++) {
        int u = s->col[side][z][i];
        if (u != s->hero || inv_hero_sacrificable(c, s, mover))
            return 1;
    }
    return 0;
}

int inv_shield_counters(const inv_content *c, const inv_state *s, int side)
{
    int total = 0;
    for (int z = 0; z < INV_NZ; z++)
        for (int i = 0; i < s->ncol[side][z]; i++) {
            int u = s->col[side][z][i];
            if (inv_def(c, u)->shield)
                total += s->counters[u];
        }
    return total;
}

/* --- setup (INV-3) ---------------------------------------------------------------- */

/* INV-3.2–3.5: the board empty, the marker on its start, every card in its
 * deck in content order (unshuffled). Keeps the state's generator. */
void inv_reset(const inv_content *c, inv_state *s)
{
    tt_rng rng = s->head.rng;
    memset(s, 0, sizeof *s); /* states compare by bytes: padding too */
    s->head.rng = rng;
    s->head.turn = 1;
    s->active = c->first_player; /* INV-3.10 */
    s->step = S_SETUP;
    s->plot = c->plot_start;     /* INV-3.3 */
    s->supply = c->token_supply; /* INV-3.2 */
    s->hero = INV_NONE;
    tt_round_clear(&s->window); /* no cancel window open */
    s->draw_count[0] = s->draw_count[1] = c->draw_per_turn;
    for (int i = 0; i < c->ninst; i++) { /* INV-3.5 */
        int d = c->inst_deck[i];
        if (d == DECK_HERO) {
            s->hero_deck[s->nhero_deck++] = (uint16_t)i;
            s->loc[i] = L_HERO_DECK;
        } else {
            inv_cards(s, d)[s->npile[d][L_DECK]++] = (uint16_t)i; /* hand, discard empty */
            s->loc[i] = L_DECK;
        }
    }
}

void inv_setup(const tt_game *g, inv_state *s, uint64_t seed)
{
    const inv_content *c = inv_content_of(g);
    tt_rng_seed(&s->head.rng, seed);
    inv_reset(c, s);
    /* INV-3.6: shuffle the Invader, Mankind and hero decks, in that order */
    tt_rng_shuffle_u16(&s->head.rng, inv_cards(s, INV_INVADER), s->npile[INV_INVADER][L_DECK]);
    tt_rng_shuffle_u16(&s->head.rng, inv_cards(s, INV_MANKIND), s->npile[INV_MANKIND][L_DECK]);
    tt_rng_shuffle_u16(&s->head.rng, s->hero_deck, s->nhero_deck);
    /* INV-3.7: Mankind places the top hero; the hands follow (flow.c) */
    tt_stack_push(&s->stack, F_PLACE_HERO, INV_MANKIND);
}

/* --- sanity ------------------------------------------------------------------------ */

#define INSANE(...) tt_fail(err, TT_ESTATE, NULL, __VA_ARGS__)

static int count_pile(const uint16_t *pile, int n, int loc, const inv_state *s, uint8_t *seen)
{
    for (int i = 0; i < n; i++) {
        if (seen[pile[i]]++ || inv_loc(s, pile[i]) != loc)
            return -1;
    }
    return 0;
}

static int check_places(const inv_content *c, const inv_state *s, tt_error *err)
{
    uint8_t seen[INV_MAX_INST] = {0};
    for (int sd = 0; sd < 2; sd++) {
        if (tt_piles_start(s->npile[sd], INV_NPILES) > inv_cards_cap(sd))
            return INSANE("%s deck, hand and discard overflow their array", inv_side_name(sd));
        if (count_pile(inv_pile(s, sd, L_DECK), s->npile[sd][L_DECK], L_DECK, s, seen) ||
            count_pile(inv_pile(s, sd, L_HAND), s->npile[sd][L_HAND], L_HAND, s, seen) ||
            count_pile(inv_pile(s, sd, L_DISCARD), s->npile[sd][L_DISCARD], L_DISCARD, s, seen))
            return INSANE("%s deck, hand or discard disagrees with card locations",
                          inv_side_name(sd));
        for (int z = 0; z < INV_NZ; z++) {
            if (s->ncol[sd][z] > c->slots)
                return INSANE("%s column %d holds %d units", inv_side_name(sd), z, s->ncol[sd][z]);
            for (int i = 0; i < s->ncol[sd][z]; i++) {
                int u = s->col[sd][z][i];
                if (seen[u]++ || s->loc[u] != (L_SLOT | z << 4) || inv_owner(c, u) != sd)
                    return INSANE("unit %d is misplaced in column %d", u, z);
            }
        }
    }
    if (count_pile(s->hero_deck, s->nhero_deck, L_HERO_DECK, s, seen))
        return INSANE("hero deck disagrees with card locations");
    if (s->decl.kind == ACT_PLAY && inv_loc(s, s->decl.source) == L_LIMBO)
        seen[s->decl.source]++; /* the card being played (INV-2.14) */
    for (int i = 0; i < s->nchain; i++)
        seen[s->chain[i].card]++;
    for (int i = 0; i < c->ninst; i++) {
        if (seen[i] != 1)
            return INSANE("card %d is in %d places", i, seen[i]);
        if (inv_loc(s, i) != L_SLOT && (s->counters[i] || s->iflags[i]))
            return INSANE("card %d has counters or flags out of play", i);
    }
    return TT_OK;
}

int inv_sanity(const tt_game *g, const void *st, tt_error *err)
{
    const inv_content *c = inv_content_of(g);
    const inv_state *s = st;
    int rc = check_places(c, s, err);
    if (rc)
        return rc;
    int tokens = s->supply;
    for (int z = 0; z < INV_NZ; z++) {
        if (s->tokens[z] > c->base_power[z])
            return INSANE("zone %d has more tokens than power (INV-2.5)", z);
        tokens += s->tokens[z];
    }
    if (tokens != c->token_supply)
        return INSANE("damage tokens are not conserved (%d of %d)", tokens, c->token_supply);
    if (s->plot > c->plot_max)
        return INSANE("plot marker %d above %d", s->plot, c->plot_max);
    int heroes = 0;
    for (int z = 0; z < INV_NZ; z++)
        for (int i = 0; i < s->ncol[INV_MANKIND][z]; i++)
            heroes += inv_def(c, s->col[INV_MANKIND][z][i])->type == T_HERO;
    int placing = 0;
    for (int i = 0; i < s->stack.n; i++)
        placing |= s->stack.f[i].kind == F_PLACE_HERO;
    const tt_frame *top = s->stack.n ? &s->stack.f[s->stack.n - 1] : NULL;
    if (top && top->kind == F_WINDOW) { /* INV-5.10: asked is the opponent of the card below */
        int below = s->nchain ? s->chain[s->nchain - 1].player : s->decl.player;
        if (tt_round_holder(&s->window) != top->player || s->window.last != below ||
            top->player == below)
            return INSANE("the cancel window disagrees with its round");
    }
    int none_left = s->hero == INV_NONE && s->nhero_deck == 0 && !c->heroes_exhausted_loses;
    if (s->step != S_GAME_OVER && !placing && !none_left && (heroes != 1 || s->hero == INV_NONE))
        return INSANE("Mankind has %d heroes in play (INV-5.22)", heroes);
    if ((s->step == S_GAME_OVER) != s->head.over || s->head.over != (s->head.reason != R_NONE))
        return INSANE("game-over step and result disagree");
    return TT_OK;
}

/* --- rigging --------------------------------------------------------------------------- */

/* Puts the named cards on top of a deck, the first named on top (drawn first).
 * A name takes the topmost copy of its card not named before. On error the
 * deck is unchanged. */
static int rig_deck(const inv_content *c, uint16_t *deck, int n, const char *values,
                    const char *what, tt_error *err)
{
    char names[512];
    snprintf(names, sizeof names, "%s", values);
    uint16_t picked[INV_MAX_DECK];
    int npicked = 0;
    for (char *save, *tok = strtok_r(names, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        int found = -1;
        for (int i = n - 1; i >= 0 && found < 0; i--)
            if (tt_pile_find(picked, npicked, deck[i]) < 0 &&
                strcmp(inv_def(c, deck[i])->id, tok) == 0)
                found = deck[i];
        if (found < 0)
            return tt_fail(err, TT_EARG, NULL, "no (more) '%s' in the %s to stack", tok, what);
        picked[npicked++] = (uint16_t)found;
    }
    if (!npicked)
        return tt_fail(err, TT_EARG, NULL, "usage: rig %s <card> [<card> ...]", what);
    int rc = tt_pile_stack_top(deck, n, picked, npicked);
    assert(rc == 0); /* every pick is a distinct instance of the deck */
    (void)rc;
    return TT_OK;
}

int inv_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err)
{
    const inv_content *c = inv_content_of(g);
    inv_state *s = st;
    if (s->step == S_GAME_OVER)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    if (strcmp(what, "invader_deck") == 0)
        return rig_deck(c, inv_cards(s, INV_INVADER), s->npile[INV_INVADER][L_DECK], values, what,
                        err);
    if (strcmp(what, "mankind_deck") == 0)
        return rig_deck(c, inv_cards(s, INV_MANKIND), s->npile[INV_MANKIND][L_DECK], values, what,
                        err);
    if (strcmp(what, "hero_deck") == 0)
        return rig_deck(c, s->hero_deck, s->nhero_deck, values, what, err);
    return tt_fail(err, TT_EARG, NULL, "cannot rig '%s' (invader_deck, mankind_deck or hero_deck)",
                   what);
}

/* --- determinization --------------------------------------------------------------- */

/* Deals the hidden cards of one side again: hand (if hidden) and deck share one
 * pool of instances, redistributed at random with the same counts. */
static void redeal(inv_state *s, tt_rng *r, int side, int hand_hidden)
{
    uint16_t pool[2 * INV_MAX_DECK];
    uint16_t *deck = inv_cards(s, side), *hand = deck + s->npile[side][L_DECK]; /* adjacent */
    int n = 0, nh = hand_hidden ? s->npile[side][L_HAND] : 0;
    if (hand_hidden)
        memcpy(pool, hand, (size_t)nh * sizeof *pool);
    memcpy(pool + nh, deck, s->npile[side][L_DECK] * sizeof *pool);
    n = nh + s->npile[side][L_DECK];
    tt_rng_deal_u16(r, pool, n); /* the deal depends on nothing hidden */
    if (hand_hidden)
        memcpy(hand, pool, (size_t)nh * sizeof *pool);
    memcpy(deck, pool + nh, s->npile[side][L_DECK] * sizeof *pool);
    for (int i = 0; i < nh; i++)
        s->loc[pool[i]] = L_HAND;
    for (int i = nh; i < n; i++)
        s->loc[pool[i]] = L_DECK;
}

void inv_determinize(const tt_game *g, void *st, int viewer, uint64_t seed)
{
    (void)g;
    inv_state *s = st;
    if (viewer == TT_VIEW_ALL)
        return;
    tt_rng r;
    tt_rng_seed(&r, seed);
    for (int side = 0; side < 2; side++)
        redeal(s, &r, side, side != viewer);
    /* a hero awaiting placement has been revealed: only the rest is hidden */
    int placing = s->stack.n && s->stack.f[s->stack.n - 1].kind == F_PLACE_HERO;
    int hidden = s->nhero_deck - (placing ? 1 : 0);
    if (hidden > 1) {
        tt_rng_deal_u16(&r, s->hero_deck, hidden);
    }
    tt_rng_seed(&s->head.rng, tt_rng_next(&r)); /* future chance is unknown too */
}
