/* X-Files cards on the table: moving instances between zones, drawing with
 * the reshuffle (XF-5.0.6), pools (XF-2.18.2), Agents' permanent ratings
 * (XF-2.4.3), the Hospital (XF-5.2), Teams (XF-2.16.5) and damage (XF-5.8.9).
 *
 * The four piles share pl->cards (core/pile); every other zone is a slot
 * (Agents, Sites), an attachment, the stack or a mark in `where` alone
 * (RESOURCE cards, combatants). A card keeps its label while it moves between
 * public zones and takes one when it leaves a hidden zone (XF-2.17.2). Called
 * on the playout path: no allocation, no strings. */
#include <string.h>

#include "core/events.h"
#include "core/pile.h"
#include "core/round.h"
#include "games/xfiles/xfiles.h"

int xf_hand_find(const xf_content *c, const xf_player *pl, int p, int def)
{
    /* XF-2.17.3: copies are interchangeable; the topmost one is taken */
    int start = tt_piles_start(pl->n, Z_HAND);
    for (int k = pl->n[Z_HAND] - 1; k >= 0; k--)
        if (c->deck[p].def[pl->cards[start + k]] == def)
            return k;
    return -1;
}

/* Index in pile j of instance inst, or -1. */
static int pile_index(const xf_player *pl, int j, int inst)
{
    int start = tt_piles_start(pl->n, j);
    for (int k = 0; k < pl->n[j]; k++)
        if (pl->cards[start + k] == inst)
            return k;
    return -1;
}

/* Takes inst out of whatever holds it besides `where`: a pile, an Agent's
 * attachments. Slots (Agents, Sites) and the stack are the callers' own. */
static void take_out(const xf_content *c, xf_state *s, int p, int inst)
{
    xf_player *pl = &s->pl[p];
    int z = xf_zone(pl, inst);
    if (z < XF_NPILES) {
        int k = pile_index(pl, z, inst);
        tt_piles_remove_at(pl->cards, pl->n, XF_NPILES, z, k);
        for (int q = 0; z == Z_HAND && q < c->opt.nplayers; q++) /* XF-6.8: while it stays */
            s->pl[q].known[p][inst >> 6] &= ~(1ull << (inst & 63));
    } else if (z == Z_ATTACHED) {
        xf_agent *a = &pl->agent[pl->aux[inst]];
        for (int k = 0; k < a->nattached; k++)
            if (a->attached[k] == inst) {
                memmove(a->attached + k, a->attached + k + 1, (size_t)(a->nattached - k - 1));
                a->nattached--;
                break;
            }
    } else if (z == Z_COMBAT && pl->aux[inst]) { /* a joined combat Witness leaves */
        for (int j = pl->aux[inst]; j < s->njoined; j++) {
            s->joined[j - 1] = s->joined[j];
            s->pl[s->joined[j - 1].seat].aux[s->joined[j - 1].inst] = (uint8_t)j;
        }
        s->njoined--;
    }
}

void xf_make_public(const xf_content *c, xf_state *s, int p, int inst, int zone, int aux)
{
    xf_player *pl = &s->pl[p];
    take_out(c, s, p, inst);
    int label = xf_label(pl, inst);
    xf_set_zone(pl, inst, zone, 0);
    if (!label)
        label = xf_free_label(c, pl, p, inst);
    xf_set_zone(pl, inst, zone, label);
    pl->aux[inst] = (uint8_t)aux;
}

/* A card leaving play takes its keyword changes with it (XF-2.13.2). */
static void drop_kw_changes(xf_state *s, int p, int inst)
{
    int n = 0;
    for (int i = 0; i < s->nkwc; i++)
        if (s->kwc[i].seat != p || s->kwc[i].inst != inst)
            s->kwc[n++] = s->kwc[i];
    s->nkwc = (uint8_t)n;
}

void xf_look_hand(xf_state *s, int p, int q, tt_events *ev)
{
    const xf_player *t = &s->pl[q];
    int start = tt_piles_start(t->n, Z_HAND);
    for (int k = 0; k < t->n[Z_HAND]; k++) {
        int x = t->cards[start + k];
        s->pl[p].known[q][x >> 6] |= 1ull << (x & 63);
    }
    tt_emit(ev, EV_LOOK, p, TT_SEEN(p), p, q, 0, 0);
}

void xf_to_discard(const xf_content *c, xf_state *s, int p, int inst)
{
    xf_player *pl = &s->pl[p];
    if (s->nkwc)
        drop_kw_changes(s, p, inst);
    xf_make_public(c, s, p, inst, Z_DISCARD, 0);
    tt_piles_insert_at(pl->cards, pl->n, XF_NPILES, XF_MAX_CARDS, Z_DISCARD, pl->n[Z_DISCARD],
                       (uint16_t)inst);
}

void xf_resource_applied(const xf_content *c, xf_state *s, int p, int inst, tt_events *ev)
{
    int uses = xf_inst_def(c, p, inst)->uses, n = s->pl[p].aux[inst] + 1;
    if (!uses)
        return;
    if (n < uses) {
        s->pl[p].aux[inst] = (uint8_t)n;
        return;
    }
    xf_to_discard(c, s, p, inst);
    tt_emit(ev, EV_DISCARD, p, TT_SEEN_ALL, p, inst, 0, 0);
}

void xf_hand_limits_applied(const xf_content *c, xf_state *s, tt_events *ev)
{
    int p = s->active;
    for (int i = 0; i < c->deck[p].ncards; i++) {
        if (xf_zone(&s->pl[p], i) != Z_RESOURCE)
            continue;
        const xf_mode *m = &xf_inst_def(c, p, i)->mode[0];
        for (int k = 0; k < m->neffects; k++)
            if (m->effect[k].op == OP_HAND_LIMIT) {
                xf_resource_applied(c, s, p, i, ev);
                break;
            }
    }
}

int xf_available(const xf_player *pl)
{
    return pl->n[Z_DECK] + pl->n[Z_DISCARD];
}

/* XF-5.0.6: the discard pile, shuffled, becomes the Bureau Deck; its cards
 * lose their labels (XF-2.17.2). Deck and discard pile are neighbours in
 * the shared array only through the hand and the face-down cards, so the
 * cards move one by one. */
static void reshuffle(xf_state *s, int p, tt_events *ev)
{
    xf_player *pl = &s->pl[p];
    int n = pl->n[Z_DISCARD];
    while (pl->n[Z_DISCARD])
        xf_pile_move(pl, Z_DISCARD, pl->n[Z_DISCARD] - 1, Z_DECK);
    tt_rng_shuffle_u16(&s->head.rng, pl->cards, pl->n[Z_DECK]);
    tt_emit(ev, EV_RESHUFFLE, p, TT_SEEN_ALL, p, n, 0, 0);
}

/* ABDUCTION (XF-9.13.1): the face-up Agent on top of p's deck, every card
 * above it drawn, goes to the Hospital undamaged. Only an abducted Agent
 * lies in a deck with a label. */
static void abducted_return(const xf_content *c, xf_state *s, int p, tt_events *ev)
{
    xf_player *pl = &s->pl[p];
    int inst = pl->cards[pl->n[Z_DECK] - 1], slot = xf_free_agent_slot(s, p);
    if (slot < 0) { /* XF-2.18.2: no room in play; it is discarded */
        xf_to_discard(c, s, p, inst);
        return;
    }
    xf_make_public(c, s, p, inst, Z_AGENT, slot);
    pl->agent[slot] = (xf_agent){.inst = (uint8_t)inst, .section = SEC_HOSPITAL, .team = XF_NONE};
    tt_emit(ev, EV_ABDUCT, p, TT_SEEN_ALL, p, inst, 0, 0);
}

/* The discard pile, shuffled, goes under p's deck (ABDUCTION). */
static void discard_under_deck(xf_state *s, int p)
{
    xf_player *pl = &s->pl[p];
    int n0 = pl->n[Z_DECK];
    while (pl->n[Z_DISCARD])
        xf_pile_move(pl, Z_DISCARD, pl->n[Z_DISCARD] - 1, Z_DECK);
    int m = pl->n[Z_DECK] - n0; /* the deck is pile 0: cards[0] is its bottom */
    uint16_t moved[XF_MAX_CARDS];
    memcpy(moved, pl->cards + n0, (size_t)m * sizeof *moved);
    tt_rng_shuffle_u16(&s->head.rng, moved, m);
    memmove(pl->cards + m, pl->cards, (size_t)n0 * sizeof *moved);
    memcpy(pl->cards, moved, (size_t)m * sizeof *moved);
}

void xf_abduct(const xf_content *c, xf_state *s, int p, int slot, tt_events *ev)
{
    xf_player *pl = &s->pl[p];
    xf_agent *a = &pl->agent[slot];
    int inst = a->inst, label = xf_label(pl, inst);
    while (a->nattached) { /* what it carried stays in play no more */
        int x = a->attached[a->nattached - 1];
        xf_to_discard(c, s, p, x);
        tt_emit(ev, EV_DISCARD, p, TT_SEEN_ALL, p, x, 0, 0);
    }
    if (s->nkwc)
        drop_kw_changes(s, p, inst);
    *a = (xf_agent){.inst = XF_NONE, .team = XF_NONE};
    pl->assigned &= (uint16_t) ~(1u << slot); /* the slot may take another Agent */
    if (pl->n[Z_DECK] < 10 && pl->n[Z_DISCARD])
        discard_under_deck(s, p);
    int at = pl->n[Z_DECK] >= 10 ? pl->n[Z_DECK] - 10 : 0; /* ten cards above it */
    tt_piles_insert_at(pl->cards, pl->n, XF_NPILES, XF_MAX_CARDS, Z_DECK, at, (uint16_t)inst);
    xf_set_zone(pl, inst, Z_DECK, label); /* face up: its label stays */
    pl->aux[inst] = 0;
    tt_emit(ev, EV_ABDUCT, p, TT_SEEN_ALL, p, inst, 1, 0);
    if (pl->cards[pl->n[Z_DECK] - 1] == inst)
        abducted_return(c, s, p, ev);
}

void xf_draw(const xf_content *c, xf_state *s, int p, tt_events *ev)
{
    xf_player *pl = &s->pl[p];
    if (!pl->n[Z_DECK] && pl->n[Z_DISCARD])
        reshuffle(s, p, ev);
    if (!pl->n[Z_DECK]) { /* both empty: no draw, no penalty */
        tt_emit(ev, EV_NODRAW, p, TT_SEEN_ALL, p, 0, 0, 0);
        return;
    }
    int inst = xf_pile_move(pl, Z_DECK, pl->n[Z_DECK] - 1, Z_HAND);
    tt_emit(ev, EV_DRAW, p, TT_SEEN(p), p, inst, 0, 0);
    if (pl->n[Z_DECK] && xf_label(pl, pl->cards[pl->n[Z_DECK] - 1]))
        abducted_return(c, s, p, ev);
}

void xf_gain(xf_state *s, int p, int pool, int n, tt_events *ev)
{
    int32_t *v = pool == POOL_RP ? &s->pl[p].rp : &s->pl[p].cp;
    int before = *v;
    *v += n;
    if (*v > XF_POOL_MAX) /* XF-2.18.2: the rest is lost */
        *v = XF_POOL_MAX;
    if (*v < 0)
        *v = 0;
    if (*v != before)
        tt_emit(ev, EV_GAIN, p, TT_SEEN_ALL, p, pool, *v - before, 0);
}

/* --- Agents ------------------------------------------------------------------------------ */

/* XF-2.4.3: printed value + PERMANENT_MOD attachments; stat is an enum
 * xf_skill up to SK_RES. */
int xf_perm_stat(const xf_content *c, const xf_state *s, int p, int slot, int stat)
{
    const xf_agent *a = &s->pl[p].agent[slot];
    const xf_def *d = xf_inst_def(c, p, a->inst);
    int v = stat < XF_NSKILLS   ? d->skill[stat]
            : stat == SK_LRC    ? d->lrc
            : stat == SK_CRC    ? d->crc
            : stat == SK_HEALTH ? d->health
                                : d->res;
    for (int k = 0; k < a->nattached; k++) {
        const xf_def *x = xf_inst_def(c, p, a->attached[k]);
        if (x->type != TY_EQUIPMENT && x->nmodes && x->mode[0].effect[0].op == OP_PERMANENT_MOD &&
            x->mode[0].effect[0].stat == stat)
            v += x->mode[0].effect[0].amount;
    }
    return v < 0 ? 0 : v;
}

int xf_perm_health(const xf_content *c, const xf_state *s, int p, int slot)
{
    return xf_perm_stat(c, s, p, slot, SK_HEALTH);
}

/* XF-5.2.4: current HEALTH at least min(3, permanent HEALTH). */
int xf_can_leave_hospital(const xf_content *c, const xf_state *s, int p, int slot)
{
    int h = xf_perm_health(c, s, p, slot), cur = h - s->pl[p].agent[slot].damage;
    return cur >= (h < 3 ? h : 3);
}

/* XF-5.2.2: 1 for permanent HEALTH 3 or less, else 2. */
int xf_heal_amount(const xf_content *c, const xf_state *s, int p, int slot)
{
    return xf_perm_health(c, s, p, slot) <= 3 ? 1 : 2;
}

int xf_agent_slot(const xf_state *s, int p, int inst)
{
    const xf_player *pl = &s->pl[p];
    if (inst < 0 || inst >= XF_MAX_CARDS || xf_zone(pl, inst) != Z_AGENT)
        return -1;
    return pl->aux[inst];
}

int xf_free_agent_slot(const xf_state *s, int p)
{
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        if (s->pl[p].agent[k].inst == XF_NONE)
            return k;
    return -1;
}

int xf_new_team(const xf_state *s, int p)
{
    uint32_t used = 0;
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        if (s->pl[p].agent[k].inst != XF_NONE && s->pl[p].agent[k].team != XF_NONE)
            used |= 1u << s->pl[p].agent[k].team;
    int t = 0;
    while (used >> t & 1)
        t++;
    return t;
}

/* XF-2.16.5: at the end of a step that moved Agents, the team-less Agents of
 * one section form one new Team together. */
void xf_form_teams(xf_state *s, int p, tt_events *ev)
{
    for (int sec = SEC_BUREAU; sec <= SEC_FIELD; sec++) {
        int team = -1;
        for (int k = 0; k < XF_MAX_AGENTS; k++) {
            xf_agent *a = &s->pl[p].agent[k];
            if (a->inst == XF_NONE || a->section != sec || a->team != XF_NONE)
                continue;
            if (team < 0)
                team = xf_new_team(s, p);
            a->team = (uint8_t)team;
            tt_emit(ev, EV_TEAM, p, TT_SEEN_ALL, p, a->inst, team, 0);
        }
    }
}

/* Adds n damage; current HEALTH 0 sends the Agent to the Hospital at once
 * with its attachments, out of its Team (XF-5.8.9, 9.3.1). */
void xf_damage_agent(const xf_content *c, xf_state *s, int p, int slot, int n, tt_events *ev)
{
    xf_agent *a = &s->pl[p].agent[slot];
    int h = xf_perm_health(c, s, p, slot);
    int d = a->damage + n > h ? h : a->damage + n;
    tt_emit(ev, EV_DAMAGE, p, TT_SEEN_ALL, p, a->inst, d - a->damage, 0);
    if (d > a->damage)
        s->pl[p].pw.hurt |= (uint16_t)(1u << slot); /* POSSESSION (XF-9.13.1) */
    a->damage = (uint8_t)d;
    if (d == h && a->section != SEC_HOSPITAL) {
        a->section = SEC_HOSPITAL;
        a->team = XF_NONE;
        tt_emit(ev, EV_HOSPITAL, p, TT_SEEN_ALL, p, a->inst, 0, 0);
    }
}

int xf_next_seat(const xf_content *c, const xf_state *s, int p)
{
    int np = c->opt.nplayers;
    for (int k = 1; k <= np; k++) {
        int q = (p + k) % np;
        if (!(s->pl[q].flags & PL_CONCEDED))
            return q;
    }
    return p;
}

/* XF-5.9.3: a HAND_LIMIT resource counts in its owner's own Debriefing. */
int xf_hand_limit(const xf_content *c, const xf_state *s, int p)
{
    int limit = c->opt.hand_limit;
    if (c->opt.basic) /* XF-9.12.1 item 9: no hand limit */
        return XF_MAX_CARDS;
    if (p != s->active)
        return limit;
    for (int i = 0; i < c->deck[p].ncards; i++) {
        if (xf_zone(&s->pl[p], i) != Z_RESOURCE)
            continue;
        const xf_def *d = xf_inst_def(c, p, i);
        for (int k = 0; k < d->mode[0].neffects; k++)
            if (d->mode[0].effect[k].op == OP_HAND_LIMIT && d->mode[0].effect[k].n > limit)
                limit = d->mode[0].effect[k].n;
    }
    return limit;
}

int xf_best_equipment(const xf_content *c, const xf_state *s, int p, int slot, int rating)
{
    const xf_agent *a = &s->pl[p].agent[slot];
    int best = 0;
    for (int j = 0; j < a->nattached; j++) {
        const xf_def *d = xf_inst_def(c, p, a->attached[j]);
        int v = d->type != TY_EQUIPMENT ? 0 : rating < 0 ? d->damage_reduction : d->bonus[rating];
        if (v > best)
            best = v;
    }
    return best;
}

void xf_open_window(const xf_content *c, xf_state *s, int start, int id)
{
    unsigned out = 0;
    for (int p = 0; p < c->opt.nplayers; p++)
        if (s->pl[p].flags & PL_CONCEDED)
            out |= 1u << p;
    tt_round *r = tt_round_push(s->rounds, &s->nrounds, XF_MAX_ROUNDS);
    tt_round_open(r, c->opt.nplayers, start, out, 0, id);
}
