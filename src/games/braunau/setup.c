/* Braunau setup, turns and the end: BRA-4 (setup), BRA-5 (turn structure),
 * BRA-9 (scoring), and the tools that stand outside play: the sanity checker
 * and rigging.
 *
 * The random generator is used only here, at setup, in the order of BRA-8.3;
 * after setup the game is deterministic given the commands (BRA-8.1). Every
 * token of a faction is in exactly one of its zones (deck, pending draw,
 * stash, discard pile, played pile); the sanity checker proves it, and the
 * soundness of every knowledge set, after every apply in tests. The decks
 * are core/pile piles (top = n-1); the shuffles of BRA-8.3 read them from the
 * top (bra_shuffle). */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "games/braunau/braunau.h"

/* --- setup (BRA-4.1) ----------------------------------------------------------------- */

/* Steps 4 – 8 and 9, after the decks are built and shuffled. */
static void lay_out(const bra_content *c, bra_state *s)
{
    const bra_params *p = &c->p;
    for (int a = 0; a < c->nagents; a++) { /* step 5 */
        int f = c->a[a].faction;
        s->decoy[a] = BRA_NONE;
        if (c->faction_seat[f] == BRA_NONE || !(c->roster[f] >> c->a[a].local & 1)) {
            s->loc[a] = BRA_OUT;
        } else if (c->a[a].resident) {
            s->loc[a] = c->f[f].home;
            s->exposed[a] = 1; /* the home is common knowledge (BRA-7.5) */
            for (int v = 0; v < BRA_NV; v++)
                if (v != f)
                    s->maybe[v][a] = (uint16_t)(1u << c->f[f].home);
        } else {
            s->loc[a] = BRA_RESERVE;
        }
    }
    for (int i = 0; i < c->nseats; i++) {
        int f = c->seat_faction[i];
        bra_fstate *fs = &s->f[f];
        s->sup[c->f[f].home][f] = p->home_support; /* step 6 */
        fs->gold = p->start_gold;                  /* step 7 */
        fs->vp = 0;
        for (int k = 0; k < p->free_tokens && fs->ndeck; k++) /* step 8 */
            fs->stash |= 1ull << tt_pile_pop(fs->deck, &fs->ndeck);
    }
}

static void deal_market(const bra_content *c, bra_state *s)
{
    for (int k = 0; k < BRA_MAX_ROW; k++)
        s->market[k] = BRA_NONE;
    for (int k = 0; k < c->p.market_row && s->nitem_deck; k++) { /* step 4 */
        int item = tt_pile_pop(s->item_deck, &s->nitem_deck);
        s->market[k] = (uint8_t)item;
        s->iowner[item] = IO_MARKET;
    }
}

/* BRA-8.2: Fisher–Yates over the deck as an array with index 0 = top, so
 * over the pile read from the top (pile[n-1] is entry 0). */
void bra_shuffle(tt_rng *r, uint16_t *pile, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)tt_rng_below(r, (uint32_t)i + 1);
        uint16_t t = pile[n - 1 - i];
        pile[n - 1 - i] = pile[n - 1 - j];
        pile[n - 1 - j] = t;
    }
}

/* The numbers 0..n-1 as a pile, 0 on top: the order a deck is shuffled from. */
static void number_from_the_top(uint16_t *pile, uint16_t *n, int count)
{
    for (int k = 0; k < count; k++)
        pile[k] = (uint16_t)(count - 1 - k);
    *n = (uint16_t)count;
}

void bra_setup(const tt_game *g, bra_state *s, uint64_t seed)
{
    const bra_content *c = bra_content_of(g);
    tt_rng_seed(&s->head.rng, seed); /* step 2 */
    s->first = (uint8_t)tt_rng_below(&s->head.rng, (uint32_t)c->nseats);
    s->conceder = BRA_NONE;
    for (int i = 0; i < c->nseats; i++) { /* step 3, in seat order */
        int f = c->seat_faction[i];
        bra_deck d = c->deck[f];
        if (d.mode == DM_RANDOM)
            bra_deck_random_split(c, f, &s->head.rng, &d);
        bra_fstate *fs = &s->f[f];
        number_from_the_top(fs->deck, &fs->ndeck, bra_deck_tokens(c, &d, fs->tok));
        bra_shuffle(&s->head.rng, fs->deck, fs->ndeck);
    }
    number_from_the_top(s->item_deck, &s->nitem_deck, c->nitems);
    for (int i = 0; i < c->nitems; i++)
        s->iowner[i] = IO_DECK;
    bra_shuffle(&s->head.rng, s->item_deck, s->nitem_deck);
    deal_market(c, s);
    lay_out(c, s);
    s->head.turn = 1; /* step 9 */
    s->active = s->first;
    bra_start_turn(c, s, NULL);
}

/* --- turns (BRA-5) ------------------------------------------------------------------------ */

void bra_start_turn(const bra_content *c, bra_state *s, tt_events *ev)
{
    int f = bra_active_faction(c, s);
    bra_fstate *fs = &s->f[f];
    fs->ap = c->p.ap_per_turn; /* BRA-5.2 steps 1 – 4 */
    fs->drew = fs->motorcar_uses = fs->press_uses = 0;
    fs->ci_turn = 0;
    for (int k = 0; k < c->f[f].nagents; k++) {
        int a = c->f[f].agent[k];
        s->benefit[a] = 0;
        s->aflags[a] = 0;
        s->decoy[a] = BRA_NONE;
    }
    bra_know_window_closes(c, s, f);
    tt_emit(ev, EV_TURN, s->active, TT_SEEN_ALL, s->head.turn, 0, 0, 0);
}

void bra_end_turn(const bra_content *c, bra_state *s, tt_events *ev)
{
    s->f[bra_active_faction(c, s)].ap = 0; /* BRA-5.4: the rest is lost */
    int next = (s->active + 1) % c->nseats;
    if (next == s->first) { /* BRA-5.5: the round ends */
        if (s->head.turn == c->p.rounds) {
            s->head.reason = R_SCORED; /* bra_score ends the game with it */
            bra_score(c, s, ev);
            return;
        }
        s->head.turn++;
    }
    s->active = (uint8_t)next;
    bra_start_turn(c, s, ev);
}

/* --- scoring (BRA-9) ------------------------------------------------------------------------ */

static int total_support(const bra_content *c, const bra_state *s, int f)
{
    int t = 0;
    for (int x = 0; x < c->nareas; x++)
        t += s->sup[x][f];
    return t;
}

/* BRA-9.3: does seat i rank strictly before seat j? A conceder ranks last. */
static int before(const bra_content *c, const bra_state *s, int i, int j)
{
    if ((s->conceder == i) != (s->conceder == j))
        return s->conceder == j;
    int fi = c->seat_faction[i], fj = c->seat_faction[j];
    if (s->f[fi].vp != s->f[fj].vp)
        return s->f[fi].vp > s->f[fj].vp;
    int ti = total_support(c, s, fi), tj = total_support(c, s, fj);
    if (ti != tj)
        return ti > tj;
    return s->f[fi].gold > s->f[fj].gold;
}

void bra_score(const bra_content *c, bra_state *s, tt_events *ev)
{
    for (int x = 0; x < c->nareas; x++) { /* BRA-9.1 step 1: area control */
        int best = -1, high = 0, tied = 0;
        for (int i = 0; i < c->nseats; i++) {
            int f = c->seat_faction[i], v = s->sup[x][f];
            if (v > high) {
                high = v;
                best = f;
                tied = 0;
            } else if (v == high && v > 0) {
                tied = 1;
            }
        }
        if (best < 0 || tied)
            continue;
        s->f[best].vp = (uint16_t)(s->f[best].vp + c->area[x].value);
        s->f[best].vp_area = (uint16_t)(s->f[best].vp_area + c->area[x].value);
        tt_emit(ev, EV_SCORE_AREA, c->faction_seat[best], TT_SEEN_ALL, x, c->area[x].value, 0, 0);
    }
    for (int i = 0; i < c->nitems; i++) /* step 2: Dossiers */
        if (c->item[i].type == IT_DOSSIER && s->iowner[i] < BRA_NF) {
            bra_fstate *f = &s->f[s->iowner[i]];
            f->vp = (uint16_t)(f->vp + c->item[i].end_vp);
            f->vp_dossier = (uint16_t)(f->vp_dossier + c->item[i].end_vp);
            tt_emit(ev, EV_SCORE_DOSSIER, c->faction_seat[s->iowner[i]], TT_SEEN_ALL, i,
                    c->item[i].end_vp, 0, 0);
        }
    int key[BRA_NF] = {0};
    for (int i = 0; i < c->nseats; i++) {
        for (int j = 0; j < c->nseats; j++)
            key[i] -= j != i && before(c, s, j, i); /* fewer ahead ranks higher */
        s->head.score[i] = (int16_t)s->f[c->seat_faction[i]].vp;
    }
    if (s->conceder != BRA_NONE)
        s->head.eliminated = (uint8_t)(1u << s->conceder);
    tt_head_end_ranked(&s->head, c->nseats, key, s->head.reason);
    memset(&s->decl, 0, sizeof s->decl);
    tt_emit(ev, EV_GAME_OVER, 0, TT_SEEN_ALL, s->head.reason, bra_winners(s), s->head.turn, 0);
}

/* --- sanity ------------------------------------------------------------------------------------
 */

#define INSANE(...) tt_fail(err, TT_ESTATE, NULL, __VA_ARGS__)

static int check_tokens(const bra_content *c, const bra_state *s, int f, tt_error *err)
{
    const bra_fstate *fs = &s->f[f];
    uint8_t seen[BRA_MAX_DECK] = {0};
    int n = c->faction_seat[f] == BRA_NONE ? 0 : c->p.deck_size;
    for (int i = 0; i < fs->ndeck; i++)
        seen[fs->deck[i]]++;
    for (int i = 0; i < fs->npend; i++)
        seen[fs->pend[i]]++;
    for (int i = 0; i < fs->nplayed; i++)
        seen[fs->played[i]]++;
    if (fs->stash & fs->discard)
        return INSANE("%s: a token is in the stash and the discard pile", c->f[f].id);
    if ((fs->stash | fs->discard) >> BRA_MAX_DECK)
        return INSANE("%s: a token beyond the deck's %d is in play", c->f[f].id, BRA_MAX_DECK);
    for (int t = 0; t < BRA_MAX_DECK; t++) {
        int k = seen[t] + (int)(fs->stash >> t & 1) + (int)(fs->discard >> t & 1);
        if (k != (t < n))
            return INSANE("%s: token %d is in %d places", c->f[f].id, t + 1, k);
    }
    if (bra_stash_size(fs) > c->p.stash_max)
        return INSANE("%s: the stash holds %d tokens (BRA-6.2.4)", c->f[f].id, bra_stash_size(fs));
    if (fs->known > fs->ndeck || fs->npend > c->p.draw_count)
        return INSANE("%s: known bottom or pending draw out of range", c->f[f].id);
    if (fs->npend && (!fs->drew || c->seat_faction[s->active] != f))
        return INSANE("%s: a draw is pending outside its own turn", c->f[f].id);
    return TT_OK;
}

static int check_agents(const bra_content *c, const bra_state *s, tt_error *err)
{
    for (int a = 0; a < c->nagents; a++) {
        int f = c->a[a].faction, loc = s->loc[a];
        int in = c->faction_seat[f] != BRA_NONE && (c->roster[f] >> c->a[a].local & 1);
        if (!in != (loc == BRA_OUT) || (loc != BRA_OUT && loc != BRA_RESERVE && loc >= c->nareas))
            return INSANE("%s is at %d", c->a[a].id, loc);
        if (s->level[a] > c->p.ability_max_level || s->charges[a] > c->p.ability_charges ||
            (!s->level[a] && s->charges[a]))
            return INSANE("%s: level %d, charges %d", c->a[a].id, s->level[a], s->charges[a]);
        if (!bra_in_play(s, a) && (s->level[a] || s->exposed[a] || s->decoy[a] != BRA_NONE))
            return INSANE("%s is off the map with a level, exposure or decoy", c->a[a].id);
        if (s->decoy[a] != BRA_NONE && (c->a[a].mob || s->decoy[a] >= c->nareas))
            return INSANE("%s has a decoy it cannot have", c->a[a].id);
        for (int v = 0; v < BRA_NV; v++) {
            if (v == f || (v < BRA_NF && c->faction_seat[v] == BRA_NONE))
                continue;
            if (bra_in_play(s, a) && !(bra_known(c, s, v, a) >> loc & 1))
                return INSANE("%s: what %s knows of %s excludes its true area", c->a[a].id,
                              v < BRA_NF ? c->f[v].id : "the public", c->a[a].id);
            if (v < BRA_NF && s->intel[v][a].window && !s->f[f].ci_turn)
                return INSANE("%s: a report in a decoy window that is closed", c->a[a].id);
        }
    }
    return TT_OK;
}

int bra_sanity(const tt_game *g, const void *st, tt_error *err)
{
    const bra_content *c = bra_content_of(g);
    const bra_state *s = st;
    for (int f = 0; f < BRA_NF; f++) {
        int rc = check_tokens(c, s, f, err);
        if (rc)
            return rc;
    }
    int rc = check_agents(c, s, err);
    if (rc)
        return rc;
    for (int x = 0; x < c->nareas; x++)
        for (int f = 0; f < BRA_NF; f++) {
            if (s->sup[x][f] > c->p.support_max)
                return INSANE("support %d in %s", s->sup[x][f], c->area[x].id);
            if (s->sup[x][f] >= c->p.trigger_level && !(s->rally[f] >> x & 1))
                return INSANE("%s reached the trigger level in %s without a Rally", c->f[f].id,
                              c->area[x].id);
        }
    int places[BRA_MAX_ITEMS] = {0};
    for (int i = 0; i < s->nitem_deck; i++)
        places[s->item_deck[i]] += s->iowner[s->item_deck[i]] == IO_DECK;
    for (int k = 0; k < c->p.market_row; k++)
        if (s->market[k] != BRA_NONE)
            places[s->market[k]] += s->iowner[s->market[k]] == IO_MARKET;
    for (int i = 0; i < c->nitems; i++) {
        int o = s->iowner[i];
        places[i] += o < BRA_NF || o == IO_DISCARD;
        if (places[i] != 1)
            return INSANE("item %s is in %d places", c->item[i].id, places[i]);
    }
    if (s->head.turn < 1 || s->head.turn > c->p.rounds || s->active >= c->nseats ||
        s->first >= c->nseats)
        return INSANE("round %d, active seat %d", s->head.turn, s->active);
    if (s->head.over != (s->head.reason != R_NONE))
        return INSANE("the game-over flag and the reason disagree");
    return TT_OK;
}

/* --- rigging -------------------------------------------------------------------------------- */

/* Stacks the pile order[0..n-1]: the named tokens (ids) or, with items,
 * items on top, the first named drawn first. Returns how many were named, or
 * -1 with err set and order unchanged. */
static int stack(const bra_content *c, uint16_t *order, int n, int prefix, const char *values,
                 const char *what, int items, tt_error *err)
{
    char names[512];
    snprintf(names, sizeof names, "%s", values);
    uint16_t picked[BRA_MAX_DECK];
    int np = 0;
    char *save = NULL;
    for (char *w = strtok_r(names, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
        int id = items ? bra_find_item(c, w) : bra_token_parse(c, w);
        if (!items && id >= 0 && (id >> 6) != prefix)
            id = -1;
        if (!items && id >= 0)
            id &= 63;
        if (id < 0 || tt_pile_find(order, n, (uint16_t)id) < 0 ||
            tt_pile_find(picked, np, (uint16_t)id) >= 0)
            return tt_fail(err, TT_EARG, NULL, "'%s' is not (or no longer) in the %s", w, what);
        picked[np++] = (uint16_t)id;
    }
    if (!np)
        return tt_fail(err, TT_EARG, NULL, "usage: rig %s <id> [<id> ...]", what);
    int rc = tt_pile_stack_top(order, n, picked, np);
    assert(rc == 0); /* each picked once, and each there */
    (void)rc;
    return np;
}

static int rig_deck(const bra_content *c, bra_state *s, int f, const char *values, const char *what,
                    tt_error *err)
{
    bra_fstate *fs = &s->f[f];
    if (!s->started) { /* before any action: the free tokens go back on top first */
        uint16_t order[BRA_MAX_DECK], n = fs->ndeck;
        memcpy(order, fs->deck, n * sizeof *order);
        for (int t = BRA_MAX_DECK - 1; t >= 0; t--) /* the lowest on top */
            if (fs->stash >> t & 1)
                tt_pile_push(order, &n, BRA_MAX_DECK, (uint16_t)t);
        if (stack(c, order, n, f, values, what, 0, err) < 0)
            return TT_EARG;
        fs->stash = 0;
        for (int k = 0; k < c->p.free_tokens && n; k++) /* BRA-4.1 step 8 again */
            fs->stash |= 1ull << tt_pile_pop(order, &n);
        memcpy(fs->deck, order, n * sizeof *order);
        fs->ndeck = n;
        return TT_OK;
    }
    uint16_t order[BRA_MAX_DECK];
    memcpy(order, fs->deck, fs->ndeck * sizeof *order);
    if (stack(c, order, fs->ndeck, f, values, what, 0, err) < 0)
        return TT_EARG;
    /* the known bottom keeps the tokens that stayed where they were */
    int keep = 0;
    while (keep < fs->known && order[keep] == fs->deck[keep])
        keep++;
    memcpy(fs->deck, order, fs->ndeck * sizeof *order);
    fs->known = (uint8_t)keep;
    return TT_OK;
}

static int rig_items(const bra_content *c, bra_state *s, const char *values, tt_error *err)
{
    uint16_t order[BRA_MAX_ITEMS * 2], n = s->nitem_deck;
    memcpy(order, s->item_deck, n * sizeof *order);
    if (!s->started) /* the row goes back on top, its first slot on top, and is dealt again */
        for (int k = c->p.market_row - 1; k >= 0; k--)
            if (s->market[k] != BRA_NONE)
                tt_pile_push(order, &n, BRA_MAX_ITEMS * 2, s->market[k]);
    if (stack(c, order, n, 0, values, "item deck", 1, err) < 0)
        return TT_EARG;
    if (!s->started) {
        for (int i = 0; i < n; i++)
            s->iowner[order[i]] = IO_DECK;
        memcpy(s->item_deck, order, n * sizeof *order);
        s->nitem_deck = n;
        deal_market(c, s);
    } else {
        memcpy(s->item_deck, order, n * sizeof *order);
    }
    return TT_OK;
}

int bra_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err)
{
    const bra_content *c = bra_content_of(g);
    bra_state *s = st;
    if (s->head.over)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    for (int f = 0; f < BRA_NF; f++) {
        char name[32];
        snprintf(name, sizeof name, "%s_deck", bra_faction_player(f));
        if (strcasecmp(what, name) != 0)
            continue;
        if (c->faction_seat[f] == BRA_NONE)
            return tt_fail(err, TT_EARG, NULL, "the %s do not play in this game",
                           bra_faction_player(f));
        return rig_deck(c, s, f, values, name, err);
    }
    if (strcasecmp(what, "items") == 0)
        return rig_items(c, s, values, err);
    if (strcasecmp(what, "first_player") == 0) {
        int f = bra_find_faction(c, values);
        if (f < 0 || c->faction_seat[f] == BRA_NONE)
            return tt_fail(err, TT_EARG, NULL, "'%s' is not a faction in this game", values);
        if (s->started)
            return tt_fail(err, TT_EARG, NULL, "the first player is rigged before any action");
        s->f[bra_active_faction(c, s)].ap = 0;
        s->first = s->active = c->faction_seat[f];
        bra_start_turn(c, s, NULL);
        return TT_OK;
    }
    return tt_fail(err, TT_EARG, NULL,
                   "cannot rig '%s' (germans_deck, austrians_deck, locals_deck, items, "
                   "first_player)",
                   what);
}
