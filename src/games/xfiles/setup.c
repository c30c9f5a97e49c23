/* X-Files setup (XF-3.4), the sanity checker and determinization.
 *
 * Setup runs in the rules' order but for step 3: the starting Agents, public
 * and the same whatever anyone chooses, are laid out at once. Then the
 * players choose their X-Files (step 2, one atomic action each, in seat
 * order), and only then are the Bureau Decks shuffled (4), the hands drawn
 * (5), the pools filled (6) and the coin tossed (7), so no player sees a
 * card before he chooses. The coin-toss winner names who begins; turn 1
 * then starts at step B1. Every card instance is in exactly one zone: the
 * four piles share one array (core/pile, top = n-1) and `where` says which
 * zone holds each instance; the sanity checker proves the two agree. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "games/xfiles/xfiles.h"

/* --- moving cards ---------------------------------------------------------------------- */

void xf_set_zone(xf_player *pl, int inst, int zone, int label)
{
    pl->where[inst] = (uint8_t)(zone | label << 4);
}

int xf_pile_move(xf_player *pl, int from, int i, int to)
{
    int inst = tt_piles_move(pl->cards, pl->n, from, i, to, pl->n[to]);
    xf_set_zone(pl, inst, to, to == Z_DISCARD ? xf_label(pl, inst) : 0);
    return inst;
}

/* XF-5.0.6 without the reshuffle, which setup never needs: the top card of
 * the deck to the hand. */
static void draw_one(xf_player *pl, int seat, tt_events *ev)
{
    if (!pl->n[Z_DECK])
        return;
    int inst = xf_pile_move(pl, Z_DECK, pl->n[Z_DECK] - 1, Z_HAND);
    tt_emit(ev, EV_DRAW, seat, TT_SEEN(seat), seat, inst, 0, 0);
}

/* XF-2.17.2: the smallest n from 1 that no other public card of p with the
 * same card id carries. */
int xf_free_label(const xf_content *c, const xf_player *pl, int p, int inst)
{
    unsigned used = 0;
    int def = c->deck[p].def[inst];
    for (int i = 0; i < c->deck[p].ncards; i++)
        if (i != inst && c->deck[p].def[i] == def)
            used |= 1u << xf_label(pl, i);
    int n = 1;
    while (used >> n & 1)
        n++;
    return n;
}

/* --- setup (XF-3.4) ------------------------------------------------------------------ */

void xf_init(const tt_game *g, void *st, uint64_t seed)
{
    const xf_content *c = xf_content_of(g);
    xf_state *s = st;
    tt_rng_seed(&s->head.rng, seed);
    s->step = ST_XFILE; /* step 1, the decks' check, was the game's load */
    s->actor = 0;
    s->active = s->first = s->investigating = XF_NONE;
    s->phase = PH_BRIEFING;
    for (int i = 0; i < XF_MAX_ROUNDS; i++)
        tt_round_clear(&s->rounds[i]);
    for (int p = 0; p < c->opt.nplayers; p++) {
        xf_player *pl = &s->pl[p];
        pl->xfile = XF_NONE;
        memset(pl->pw.survival, XF_NONE, sizeof pl->pw.survival);
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            pl->agent[k] = (xf_agent){.inst = XF_NONE, .team = XF_NONE};
        for (int k = 0; k < XF_MAX_SITES; k++)
            pl->site[k] = (xf_site){.inst = XF_NONE, .team = XF_NONE};
        /* step 3 at once: public, and the same whatever the choices */
        for (int i = 0; i < c->deck[p].nteam; i++) {
            pl->agent[i] = (xf_agent){.inst = (uint8_t)i, .section = SEC_BUREAU, .team = 0};
            xf_set_zone(pl, i, Z_AGENT, xf_free_label(c, pl, p, i));
            pl->aux[i] = (uint8_t)i;
        }
        /* the Bureau Deck in instance order, to be shuffled at step 4 */
        for (int i = c->deck[p].nteam; i < c->deck[p].ncards; i++) {
            tt_piles_insert_at(pl->cards, pl->n, XF_NPILES, XF_MAX_CARDS, Z_DECK, pl->n[Z_DECK],
                               (uint16_t)i);
            xf_set_zone(pl, i, Z_DECK, 0);
        }
    }
}

/* Steps 4 – 7, once every player has chosen. */
void xf_lay_out(const xf_content *c, xf_state *s, tt_events *ev)
{
    int np = c->opt.nplayers;
    for (int p = 0; p < np; p++) { /* step 4, in seat order */
        xf_player *pl = &s->pl[p];
        tt_rng_shuffle_u16(&s->head.rng, pl->cards, pl->n[Z_DECK]);
        tt_emit(ev, EV_SHUFFLE, p, TT_SEEN_ALL, p, pl->n[Z_DECK], 0, 0);
    }
    for (int p = 0; p < np; p++) /* step 5 */
        for (int k = 0; k < c->opt.start_hand; k++)
            draw_one(&s->pl[p], p, ev);
    for (int p = 0; p < np && !c->opt.basic; p++) { /* step 6; Basic: no pools (XF-9.12.1) */
        s->pl[p].rp = s->pl[p].cp = c->opt.start_pool;
        tt_emit(ev, EV_POOLS, p, TT_SEEN_ALL, p, s->pl[p].rp, s->pl[p].cp, 0);
    }
    s->actor = (uint8_t)tt_rng_below(&s->head.rng, (uint32_t)np); /* step 7 */
    s->step = ST_FIRST;
    tt_emit(ev, EV_COIN, s->actor, TT_SEEN_ALL, s->actor, 0, 0, 0);
}

/* --- the sanity checker (XF-9.9.1, as far as the state goes so far) ----------------- */

static int broken(tt_error *err, const char *what, int p, int inst)
{
    return tt_fail(err, TT_ESTATE, "XF-9.9.1", "broken invariant: %s (p%d, instance %d)", what, p,
                   inst);
}

static int attached_to(const xf_agent *a, int inst)
{
    for (int j = 0; j < a->nattached; j++)
        if (a->attached[j] == inst)
            return 1;
    return 0;
}

static int player_sane(const xf_content *c, const xf_state *s, int p, tt_error *err)
{
    const xf_player *pl = &s->pl[p];
    int ncards = c->deck[p].ncards, seen[XF_MAX_CARDS] = {0};
    if (pl->rp < 0 || pl->cp < 0 || pl->rp > XF_POOL_MAX || pl->cp > XF_POOL_MAX)
        return broken(err, "a pool outside 0..POOL_MAX", p, -1);
    for (int j = 0, i = 0; j < XF_NPILES; j++)
        for (int k = 0; k < pl->n[j]; k++, i++) {
            int inst = pl->cards[i];
            if (inst >= ncards || seen[inst]++)
                return broken(err, "a card twice in the piles", p, inst);
            if (xf_zone(pl, inst) != j)
                return broken(err, "a card's zone is not its pile", p, inst);
            if (j != Z_DISCARD && xf_label(pl, inst) &&
                !(j == Z_DECK && xf_inst_def(c, p, inst)->type == TY_AGENT)) /* ABDUCTION */
                return broken(err, "a hidden card carries a label", p, inst);
        }
    for (int k = 0; k < XF_MAX_AGENTS; k++) {
        const xf_agent *a = &pl->agent[k];
        if (a->inst == XF_NONE)
            continue;
        if (a->inst >= ncards || seen[a->inst]++ || xf_zone(pl, a->inst) != Z_AGENT ||
            pl->aux[a->inst] != k)
            return broken(err, "an Agent is not where its slot says", p, a->inst);
        if (a->damage > xf_perm_health(c, s, p, k)) /* XF-2.4.3 */
            return broken(err, "damage above HEALTH", p, a->inst);
        /* XF-2.16.5: a moved Agent joins a Team at the end of step D1 */
        if (a->section == SEC_HOSPITAL ? a->team != XF_NONE
                                       : a->team == XF_NONE && s->step != ST_D1)
            return broken(err, "a Team in the Hospital, or none outside it", p, a->inst);
    }
    for (int i = 0; i < ncards; i++) {
        int z = xf_zone(pl, i);
        if (z < Z_AGENT ? !seen[i] : z == Z_AGENT && !seen[i])
            return broken(err, "a card in no zone", p, i);
        if (z >= XF_NZONES)
            return broken(err, "a card in no known zone", p, i);
        if (z != Z_DECK && z != Z_HAND && z != Z_FACEDOWN && z != Z_OUT && !xf_label(pl, i))
            return broken(err, "a public card without a label (XF-2.17.2)", p, i);
        if (z == Z_ATTACHED && !attached_to(&pl->agent[pl->aux[i] % XF_MAX_AGENTS], i))
            return broken(err, "an attached card its Agent does not carry", p, i);
        if (z == Z_COMBAT && pl->aux[i] &&
            (pl->aux[i] > s->njoined || s->joined[pl->aux[i] - 1].seat != p ||
             s->joined[pl->aux[i] - 1].inst != i))
            return broken(err, "a combat Witness without its joined entry", p, i);
        if (z == Z_RESOURCE && xf_inst_def(c, p, i)->uses &&
            pl->aux[i] >= xf_inst_def(c, p, i)->uses) /* XF-2.14.2 */
            return broken(err, "a RESOURCE card in play past its uses", p, i);
        if (z == Z_SITE && pl->site[pl->aux[i] % XF_MAX_SITES].inst != i)
            return broken(err, "a Site not in its slot", p, i);
        if (z == Z_STACK && (pl->aux[i] >= s->nstack || s->stack[pl->aux[i]].inst != i ||
                             xf_sc_seat(&s->stack[pl->aux[i]]) != p))
            return broken(err, "a stack card not at its place", p, i);
    }
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        for (int j = 0; j < pl->agent[k].nattached && pl->agent[k].inst != XF_NONE; j++) {
            int x = pl->agent[k].attached[j];
            if (xf_zone(pl, x) != Z_ATTACHED || pl->aux[x] != k)
                return broken(err, "an Agent carries a card not attached to it", p, x);
        }
    return TT_OK;
}

int xf_sanity(const tt_game *g, const void *st, tt_error *err)
{
    const xf_content *c = xf_content_of(g);
    const xf_state *s = st;
    for (int p = 0; p < c->opt.nplayers; p++) {
        int rc = player_sane(c, s, p, err);
        if (rc)
            return rc;
        if (s->pl[p].xfile != XF_NONE && s->pl[p].xfile >= c->ncatalogue)
            return broken(err, "an X-File outside the catalogue", p, -1);
    }
    if (s->nstack > XF_STACK_MAX || s->nchecks > XF_CHECK_DEPTH_MAX || s->nrounds > XF_MAX_ROUNDS ||
        s->nkwc > XF_MAX_KWCHANGES || s->njoined > XF_MAX_JOINED)
        return broken(err, "an engine limit passed (XF-2.18)", -1, -1);
    for (int j = 0; j < s->njoined; j++) { /* XF-5.8.3: a joined Witness is in Z_COMBAT */
        const xf_joined *w = &s->joined[j];
        if (w->seat >= c->opt.nplayers || w->inst >= c->deck[w->seat].ncards ||
            xf_zone(&s->pl[w->seat], w->inst) != Z_COMBAT || s->pl[w->seat].aux[w->inst] != j + 1 ||
            w->damage > xf_inst_def(c, w->seat, w->inst)->health)
            return broken(err, "a joined Witness not where its entry says", w->seat, w->inst);
    }
    for (int i = 0; i < s->nkwc; i++) /* XF-2.13.2: a change holds a card in play */
        if (s->kwc[i].seat >= c->opt.nplayers || s->kwc[i].inst >= c->deck[s->kwc[i].seat].ncards ||
            xf_zone(&s->pl[s->kwc[i].seat], s->kwc[i].inst) < Z_AGENT)
            return broken(err, "a keyword change on a card out of play", s->kwc[i].seat,
                          s->kwc[i].inst);
    return TT_OK;
}

/* --- determinization (XF-6.10) ------------------------------------------------------ */

int xf_xfile_possible(const xf_content *c, const xf_state *s, int v, int q, int k)
{
    const xf_def *x = &c->def[c->catalogue[k]];
    for (int cat = 0; cat < XF_NCAT; cat++) /* XF-9.13.1: values known to all */
        if ((s->pl[q].pw.pub >> cat & 1) &&
            x->value[cat] != c->def[c->catalogue[s->pl[q].xfile]].value[cat])
            return 0;
    if (v < 0 || v >= c->opt.nplayers)
        return 1;
    const xf_player *pv = &s->pl[v];
    if (pv->wrong[q] >> k & 1)
        return 0;
    for (int cat = 0; cat < XF_NCAT; cat++)
        for (int val = 0; val < XF_NVALUES; val++) {
            int bit = cat * XF_NVALUES + val;
            if ((pv->asked[q] >> bit & 1) && (x->value[cat] == val) != (int)(pv->yes[q] >> bit & 1))
                return 0;
        }
    return 1;
}

/* Shuffles the instances of q's deck, the hand cards v does not know and
 * q's face-down cards among those places: each place keeps its zone and,
 * under a Site, its aux. What v knows of q's hand (XF-6.8) stays put, and
 * so does a card q is declaring the play of (XF-5.10.2): it leaves his hand
 * when the declaration ends, whatever the world. */
static void resample_cards(xf_state *s, int v, int q, tt_rng *rng)
{
    xf_player *pl = &s->pl[q];
    const uint64_t *known = v >= 0 && v < XF_MAX_PLAYERS && v != q ? s->pl[v].known[q] : NULL;
    uint16_t place[XF_MAX_CARDS], inst[XF_MAX_CARDS];
    uint8_t aux[XF_MAX_CARDS], zone[XF_MAX_CARDS];
    int n = 0;
    for (int j = Z_DECK, i = 0; j <= Z_FACEDOWN; j++)
        for (int k = 0; k < pl->n[j]; k++, i++) {
            int x = pl->cards[i];
            int own = q == v; /* his own hand and face-down cards he knows */
            if (j == Z_HAND && (own || (known && (known[x >> 6] >> (x & 63) & 1))))
                continue;
            if (j == Z_HAND && s->decl.kind == A_PLAY && s->decl.seat == q && s->decl.inst == x)
                continue; /* a card being declared stays the one its answers were for */
            if (j == Z_FACEDOWN && own)
                continue;
            if (j == Z_DECK && xf_label(pl, x))
                continue; /* an abducted Agent lies face up (XF-9.13.1) */
            zone[n] = (uint8_t)j;
            aux[n] = pl->aux[x];
            place[n] = (uint16_t)i;
            inst[n++] = (uint16_t)x;
        }
    /* the order of the hidden cards is itself hidden: start from instance
       order, so the result depends on nothing the viewer cannot see */
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && inst[k - 1] > inst[k]; k--) {
            uint16_t t = inst[k];
            inst[k] = inst[k - 1];
            inst[k - 1] = t;
        }
    tt_rng_shuffle_u16(rng, inst, n);
    for (int k = 0; k < n; k++) {
        pl->cards[place[k]] = inst[k];
        xf_set_zone(pl, inst[k], zone[k], 0);
        pl->aux[inst[k]] = aux[k];
    }
}

void xf_determinize(const tt_game *g, void *st, int viewer, uint64_t seed)
{
    const xf_content *c = xf_content_of(g);
    xf_state *s = st;
    tt_rng rng;
    tt_rng_seed(&rng, seed);
    tt_rng_seed(&s->head.rng, tt_rng_next(&rng)); /* future shuffles are unknown too */
    for (int q = 0; q < c->opt.nplayers; q++) {
        resample_cards(s, viewer, q, &rng);
        if (q == viewer || s->pl[q].xfile == XF_NONE || s->head.over)
            continue;
        uint8_t ok[XF_MAX_CATALOGUE];
        int n = 0;
        for (int k = 0; k < c->ncatalogue; k++)
            if (xf_xfile_possible(c, s, viewer, q, k))
                ok[n++] = (uint8_t)k;
        if (n)
            s->pl[q].xfile = ok[tt_rng_below(&rng, (uint32_t)n)];
        s->pl[q].pw.revealed = xf_reveals_known(s, viewer, q); /* XF-9.13.1 */
    }
}

/* --- rigging ----------------------------------------------------------------------------------- */

/* The instances of seat p's deck that `values` names, top first, each a
 * distinct copy; the count, or -1 with err set. */
static int pick_deck(const xf_content *c, const xf_player *pl, int p, const char *values,
                     uint16_t *picked, tt_error *err)
{
    char names[512];
    int n = 0;
    snprintf(names, sizeof names, "%s", values);
    for (char *save, *tok = strtok_r(names, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        int def = xf_find_def(c, tok), found = -1;
        for (int i = pl->n[Z_DECK] - 1; i >= 0 && found < 0; i--)
            if (c->deck[p].def[pl->cards[i]] == def && tt_pile_find(picked, n, pl->cards[i]) < 0)
                found = pl->cards[i];
        if (found < 0 || n == XF_MAX_CARDS)
            return tt_fail(err, TT_EARG, NULL, "no (more) %s in p%d's Bureau Deck", tok, p), -1;
        picked[n++] = (uint16_t)found;
    }
    return n;
}

static int rig_seat(const char *w, int np)
{
    return w[0] == 'p' && w[1] >= '0' && w[1] < '0' + np && (!w[2] || w[2] == '_') ? w[1] - '0'
                                                                                   : -1;
}

int xf_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err)
{
    const xf_content *c = xf_content_of(g);
    xf_state *s = st;
    int np = c->opt.nplayers, p = rig_seat(what, np);
    if (s->head.over)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    if (p >= 0 && (!strcmp(what + 2, "_deck") || !strcmp(what + 2, "_hand"))) {
        xf_player *pl = &s->pl[p];
        if (s->step == ST_XFILE)
            return tt_fail(err, TT_ESTATE, NULL,
                           "the decks are shuffled once every X-File is chosen: rig them then");
        uint16_t picked[XF_MAX_CARDS];
        int hand = what[3] == 'h', n;
        xf_player save = *pl; /* the hand goes back to the deck first: one pool */
        for (int k = 0, nh = hand ? pl->n[Z_HAND] : 0; k < nh; k++)
            xf_pile_move(pl, Z_HAND, 0, Z_DECK);
        if ((n = pick_deck(c, pl, p, values, picked, err)) < 0) {
            *pl = save;
            return TT_EARG;
        }
        int rc = tt_pile_stack_top(pl->cards, pl->n[Z_DECK], picked, n);
        assert(rc == 0);
        (void)rc;
        for (int k = 0; hand && k < n; k++)
            xf_pile_move(pl, Z_DECK, pl->n[Z_DECK] - 1, Z_HAND);
        return TT_OK;
    }
    char seat[8], id[32], extra[2];
    int nv = sscanf(values, " %7s %31s %1s", seat, id, extra);
    int q = nv >= 1 ? rig_seat(seat, np) : -1;
    if (!strcmp(what, "xfile")) {
        int k = nv == 2 ? xf_find_xfile(c, id) : -1;
        if (q < 0 || k < 0 || s->pl[q].xfile == XF_NONE)
            return tt_fail(err, TT_EARG, NULL,
                           "usage: rig xfile p<n> <X-File>, once that seat has chosen");
        s->pl[q].xfile = (uint8_t)k;
        return TT_OK;
    }
    if (!strcmp(what, "coin")) {
        if (q < 0 || nv != 1 || s->step != ST_FIRST)
            return tt_fail(err, TT_EARG, NULL, "usage: rig coin p<n>, before `first`");
        s->actor = (uint8_t)q;
        return TT_OK;
    }
    return tt_fail(err, TT_EARG, NULL, "cannot rig '%s' (p<n>_deck, p<n>_hand, xfile, coin)", what);
}
