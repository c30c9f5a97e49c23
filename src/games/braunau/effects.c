/* Braunau effects: what a checked command does (BRA-6.1 – 6.22).
 *
 * bra_do takes a whole command that bra_check accepted and changes the state:
 * it pays the cost, moves tokens between the deck, pending draw, stash,
 * discard and played piles, resolves the token's effect, raises Rallies and
 * runs removals. Every public consequence is a public event, every private one
 * a secret event addressed to the one seat that learns it (BRA-7.7), and
 * intel.c keeps what each faction and the public may know of hidden
 * positions in step. Runs in playouts: no allocation, no strings; events are
 * a no-op when ev is NULL. */
#include <string.h>

#include "core/events.h"
#include "core/pile.h"
#include "games/braunau/braunau.h"

static int seat_of(const bra_content *c, int faction)
{
    return c->faction_seat[faction];
}

/* --- support and Rallies (BRA-6.21) ------------------------------------------------ */

/* Raises faction's support in area by d (or sets it to d, for POP), says so
 * (cause: the verb; agent: the one it was raised by, named to all when
 * shown, else to its owner alone, BRA-7.7), and raises the Rally of
 * BRA-6.21.2 when the support reaches the trigger level the first time in
 * that area. */
void bra_raise(const bra_content *c, bra_state *s, int faction, int area, int d, int set, int cause,
               int agent, int shown, tt_events *ev)
{
    int before = s->sup[area][faction];
    int after = set ? d : before + d;
    if (after > c->p.support_max)
        after = c->p.support_max; /* BRA-10.11 */
    s->sup[area][faction] = (uint8_t)after;
    int seat = seat_of(c, faction);
    tt_emit(ev, EV_SUPPORT, seat, TT_SEEN_ALL, area, after, cause, shown ? agent : -1);
    if (!shown)
        tt_emit(ev, EV_SUPPORT_BY, seat, TT_SEEN(seat), agent, 0, 0, 0);
    if (before >= c->p.trigger_level || after < c->p.trigger_level ||
        (s->rally[faction] >> area & 1))
        return;
    s->rally[faction] |= (uint16_t)(1u << area);
    const bra_area *x = &c->area[area];
    bra_fstate *f = &s->f[faction];
    f->vp = (uint16_t)(f->vp + x->rally_vp);
    f->vp_rally = (uint16_t)(f->vp_rally + x->rally_vp);
    f->gold = (uint16_t)(f->gold + x->rally_gold);
    tt_emit(ev, EV_RALLY, seat_of(c, faction), TT_SEEN_ALL, area, x->rally_vp, x->rally_gold,
            f->gold);
}

/* --- removal (BRA-6.22) ---------------------------------------------------------------- */

/* An arrest or bribe of enemy agent t by faction `actor`: Forged Papers cancel
 * it (the card used is returned), or t goes to the reserve and the actor
 * scores vp (-1 returned). */
static int removal(const bra_content *c, bra_state *s, int actor, int t, int vp, int bribe)
{
    int owner = c->a[t].faction;
    for (int i = 0; i < c->nitems; i++) /* the lowest item id first */
        if (s->iowner[i] == owner && c->item[i].type == IT_FORGED_PAPERS) {
            s->iowner[i] = IO_DISCARD;
            return i;
        }
    s->loc[t] = BRA_RESERVE;
    s->level[t] = s->charges[t] = 0;
    s->exposed[t] = 0;
    s->decoy[t] = BRA_NONE;
    bra_know_removed(s, t);
    bra_fstate *f = &s->f[actor];
    f->vp = (uint16_t)(f->vp + vp);
    if (bribe)
        f->vp_bribe = (uint16_t)(f->vp_bribe + vp);
    else
        f->vp_arrest = (uint16_t)(f->vp_arrest + vp);
    return -1;
}

/* What a removal did, in public. */
static void removal_event(const bra_content *c, const bra_state *s, int t, int papers, int vp,
                          tt_events *ev)
{
    if (papers >= 0)
        tt_emit(ev, EV_PAPERS, seat_of(c, c->a[t].faction), TT_SEEN_ALL, t, papers, 0, 0);
    else
        tt_emit(ev, EV_REMOVED, s->active, TT_SEEN_ALL, t, vp, 0, 0);
}

/* --- drawing and the stash (BRA-6.1 – 6.3) ------------------------------------------ */

static void do_draw(const bra_content *c, bra_state *s, int seat, tt_events *ev)
{
    bra_fstate *f = &s->f[c->seat_faction[seat]];
    int n = f->ndeck < c->p.draw_count ? f->ndeck : c->p.draw_count; /* BRA-6.1.2 */
    for (int i = 0; i < n; i++)
        f->pend[i] = (uint8_t)tt_pile_pop(f->deck, &f->ndeck);
    if (f->known > f->ndeck) /* the known part is the bottom (BRA-7.2) */
        f->known = (uint8_t)f->ndeck;
    f->npend = (uint8_t)n;
    f->drew = 1;
    int base = c->seat_faction[seat] << 6;
    tt_emit(ev, EV_DRAW, seat, TT_SEEN_ALL, n, f->ndeck, 0, 0);
    for (int i = 0; i < n; i++) {
        f->drawn[f->tok[f->pend[i]] & 15]++;
        tt_emit(ev, EV_DRAWN, seat, TT_SEEN(seat), base | f->pend[i], f->tok[f->pend[i]], 0, 0);
    }
}

static void do_keep(const bra_content *c, bra_state *s, int seat, const bra_cmd *m, tt_events *ev)
{
    bra_fstate *f = &s->f[c->seat_faction[seat]];
    int k = m->ntok, cost = k * c->p.retain_cost, returned = f->npend - k;
    f->ap = (uint8_t)(f->ap - cost);
    uint64_t kept = 0;
    for (int i = 0; i < k; i++) {
        kept |= 1ull << (m->toks[i] & 63);
        f->kept[f->tok[m->toks[i] & 63] & 15]++;
    }
    f->stash |= kept;
    /* BRA-6.2.2: the others to the bottom, in draw order (each under the one before) */
    for (int i = 0; i < f->npend; i++)
        if (!(kept >> f->pend[i] & 1)) {
            tt_pile_insert_at(f->deck, &f->ndeck, BRA_MAX_DECK, 0, f->pend[i]);
            f->known++;
        }
    f->npend = 0;
    tt_emit(ev, EV_KEEP, seat, TT_SEEN_ALL, k, returned, cost, 0);
    for (int i = 0; i < k; i++)
        tt_emit(ev, EV_KEPT, seat, TT_SEEN(seat), m->toks[i], f->tok[m->toks[i] & 63], 0, 0);
}

static void do_discard(const bra_content *c, bra_state *s, int seat, const bra_cmd *m,
                       tt_events *ev)
{
    bra_fstate *f = &s->f[c->seat_faction[seat]];
    /* a discard the stash limit forces: a draw waits and there is no room to
     * keep as many as may be kept (BRA-6.2.4, 10.2) */
    int can_keep = f->npend < c->p.retain_max ? f->npend : c->p.retain_max;
    int forced = f->npend && bra_stash_size(f) + can_keep > c->p.stash_max;
    f->ap = (uint8_t)(f->ap - c->p.discard_cost);
    for (int i = 0; i < m->ntok; i++) {
        int t = m->toks[i] & 63;
        f->stash &= ~(1ull << t);
        f->discard |= 1ull << t;
    }
    f->discards++;
    f->forced = (uint8_t)(f->forced + forced);
    tt_emit(ev, EV_DISCARD, seat, TT_SEEN_ALL, m->ntok, c->p.discard_cost, forced, 0);
    for (int i = 0; i < m->ntok; i++)
        tt_emit(ev, EV_DISCARDED, seat, TT_SEEN(seat), m->toks[i], f->tok[m->toks[i] & 63], 0, 0);
}

/* --- the tokens (BRA-6.5 – 6.14) -------------------------------------------------- */

static void do_summon(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev)
{
    int actor = bra_active_faction(c, s), h = m->host, t = m->target, owner = c->a[t].faction;
    /* BRA-6.9.2 step 1: the meeting, in H's area */
    s->loc[t] = s->loc[h];
    s->exposed[t] = 0;
    s->decoy[t] = BRA_NONE;
    tt_emit(ev, EV_SUMMON, s->active, TT_SEEN_ALL, t, m->outcome, 0, 0);
    /* step 2: each side learns the other's true area */
    bra_know_summoned(c, s, h, t);
    tt_emit(ev, EV_MEETING, seat_of(c, owner), TT_SEEN(seat_of(c, owner)), h, s->loc[h], t, 0);
    tt_emit(ev, EV_REVEAL, s->active, TT_SEEN(s->active), t, s->loc[t], SRC_SUMMON, 0);
    if (m->outcome == OUT_INTERROGATE) {
        for (int a = 0; a < c->nagents; a++)
            if (a != t && c->a[a].faction == owner && bra_in_play(s, a))
                bra_reveal_agent(c, s, actor, a, SRC_INTERROGATE, ev);
    } else if (m->outcome == OUT_BRIBE) {
        bra_fstate *f = &s->f[actor];
        f->gold = (uint16_t)(f->gold - c->a[t].price);
        tt_emit(ev, EV_GOLD, s->active, TT_SEEN_ALL, -c->a[t].price, f->gold, 3, 0);
        removal_event(c, s, t, removal(c, s, actor, t, c->p.bribe_vp, 1), c->p.bribe_vp, ev);
    }
}

static void do_ci(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev)
{
    int actor = bra_active_faction(c, s);
    s->f[actor].ci_turn++; /* public: the owner may hold a decoy now (BRA-6.10.3) */
    tt_emit(ev, EV_CI, s->active, TT_SEEN_ALL, 0, 0, 0, 0);
    if (m->mode == MODE_EXTRACT) {
        tt_emit(ev, EV_CI_DETAIL, s->active, TT_SEEN(s->active), m->agent, MODE_EXTRACT, m->target,
                0);
        bra_reveal_true(c, s, actor, m->target, SRC_EXTRACT, ev);
    } else {
        s->decoy[m->agent] = m->area;
        tt_emit(ev, EV_CI_DETAIL, s->active, TT_SEEN(s->active), m->agent, MODE_FALSIFY, m->area,
                0);
    }
}

static void do_refill(const bra_content *c, bra_state *s, int item, tt_events *ev)
{
    int actor = bra_active_faction(c, s), slot = 0;
    while (slot < c->p.market_row && s->market[slot] != item)
        slot++;
    bra_fstate *f = &s->f[actor];
    f->gold = (uint16_t)(f->gold - c->item[item].price);
    s->iowner[item] = (uint8_t)actor;
    tt_emit(ev, EV_BUY, s->active, TT_SEEN_ALL, item, c->item[item].price, f->gold, 0);
    /* BRA-6.8: the slot is filled at once from the item deck, if it can be */
    int next = BRA_NONE;
    if (s->nitem_deck) {
        next = tt_pile_pop(s->item_deck, &s->nitem_deck);
        s->iowner[next] = IO_MARKET;
    }
    s->market[slot] = (uint8_t)next;
    tt_emit(ev, EV_MARKET, s->active, TT_SEEN_ALL, slot, next == BRA_NONE ? -1 : next, 0, 0);
}

static void do_deploy(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev)
{
    int actor = bra_active_faction(c, s), t = m->token & 63, type = bra_tok_type(s, m->token);
    bra_fstate *f = &s->f[actor];
    int cost = bra_cost(c, s, m);
    /* BRA-6.4.2: pay, count the beneficiary; BRA-6.4.4: the token is played */
    f->ap = (uint8_t)(f->ap - cost);
    int b = type == T_ABIL     ? bra_tok_agent(c, s, m->token)
            : type == T_SUMMON ? m->host
            : (type == T_DROP || type == T_SPEC || type == T_CI || type == T_POP) ? m->agent
                                                                                  : BRA_NONE;
    if (b != BRA_NONE)
        s->benefit[b]++;
    f->stash &= ~(1ull << t);
    f->played[f->nplayed++] = (uint8_t)t;
    tt_emit(ev, EV_DEPLOY, s->active, TT_SEEN_ALL, m->token, cost, f->tok[t], 0);
    const bra_params *p = &c->p;
    switch (type) {
    case T_DROP: /* BRA-6.5 */
        s->loc[m->agent] = m->area;
        s->level[m->agent] = s->charges[m->agent] = 0;
        s->exposed[m->agent] = 0;
        s->decoy[m->agent] = BRA_NONE;
        bra_know_dropped(c, s, m->agent);
        tt_emit(ev, EV_DROP, s->active, TT_SEEN_ALL, m->agent, c->a[m->agent].mob ? m->area : -1, 0,
                0);
        tt_emit(ev, EV_DROP_AREA, s->active, TT_SEEN(s->active), m->agent, m->area, 0, 0);
        break;
    case T_ABIL: /* BRA-6.6 */
        if (m->mode == MODE_UPGRADE)
            s->level[b]++;
        s->charges[b] = p->ability_charges;
        tt_emit(ev, EV_LEVEL, s->active, TT_SEEN_ALL, b, s->level[b], s->charges[b],
                m->mode == MODE_UPGRADE ? 1 : 2);
        break;
    case T_SPEC: /* BRA-6.7 */
        s->level[b] = 1;
        s->charges[b] = p->ability_charges;
        tt_emit(ev, EV_LEVEL, s->active, TT_SEEN_ALL, b, 1, s->charges[b], 0);
        break;
    case T_REFILL: do_refill(c, s, m->item, ev); break;
    case T_SUMMON: do_summon(c, s, m, ev); break;
    case T_CI: do_ci(c, s, m, ev); break;
    case T_POP: /* BRA-6.11: to the trigger level; the agent is not named */
        bra_raise(c, s, actor, s->loc[b], p->trigger_level, 1, V_DEPLOY, b, 0, ev);
        break;
    case T_GOLD: /* BRA-6.12 */
        f->gold = (uint16_t)(f->gold + p->gold_per_nazi_gold);
        tt_emit(ev, EV_GOLD, s->active, TT_SEEN_ALL, p->gold_per_nazi_gold, f->gold, 0, 0);
        break;
    case T_BR: { /* BRA-6.13: the district of X */
        tt_emit(ev, EV_RECORDS, s->active, TT_SEEN_ALL, T_BR, 0, 0, 0);
        uint16_t scope = (uint16_t)(c->area[m->area].adj | 1u << m->area);
        bra_reveal_scope(c, s, actor, scope, SRC_BR, ev);
        break;
    }
    case T_FA: /* BRA-6.14 */
        tt_emit(ev, EV_RECORDS, s->active, TT_SEEN_ALL, T_FA, 0, 0, 0);
        bra_reveal_scope(c, s, actor, c->all_areas, SRC_FA, ev);
        break;
    default: break;
    }
}

/* --- basic actions (BRA-6.15 – 6.19) ------------------------------------------------- */

static void do_move(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev)
{
    int actor = bra_active_faction(c, s), a = m->agent;
    int dest = m->npath ? m->path[m->npath - 1] : m->dest;
    int steps = m->npath ? m->npath : m->steps;
    bra_fstate *f = &s->f[actor];
    f->ap = (uint8_t)(f->ap - c->p.cost_move);
    if (steps == 2)
        f->motorcar_uses++;
    int was_exposed = s->exposed[a], mob = c->a[a].mob;
    /* BRA-6.15: the agent and path are public for mobs; an exposed agent's
     * move is seen, not where it went; other moves are only counted */
    int reach = bra_owns(c, s, actor, IT_MOTORCAR) ? 2 : 1;
    bra_know_moved(c, s, a, dest, reach, mob || was_exposed);
    s->loc[a] = (uint8_t)dest;
    s->exposed[a] = 0;
    tt_emit(ev, EV_MOVE, s->active, TT_SEEN_ALL, mob || was_exposed ? a : -1, mob ? dest : -1,
            mob ? steps : -1, was_exposed);
    tt_emit(ev, EV_MOVED, s->active, TT_SEEN(s->active), a, dest, steps, 0);
}

static void do_agitate(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev)
{
    int actor = bra_active_faction(c, s), a = m->agent;
    bra_fstate *f = &s->f[actor];
    int cost = bra_cost(c, s, m);
    if (bra_fresh_press(c, s, actor)) /* BRA-6.16: the press goes first */
        f->press_uses++;
    f->ap = (uint8_t)(f->ap - cost);
    s->aflags[a] |= AF_AGITATED;
    /* the area is public; the agent only when it is a mob or exposed */
    bra_raise(c, s, actor, s->loc[a], 1, 0, V_AGITATE, a, c->a[a].mob || s->exposed[a], ev);
}

static void do_denounce(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev)
{
    int actor = bra_active_faction(c, s), a = m->agent, t = m->target, x = s->loc[a];
    s->f[actor].ap = (uint8_t)(s->f[actor].ap - c->p.cost_denounce);
    s->aflags[a] |= AF_DENOUNCED;
    if (s->loc[t] == x) {
        int papers = removal(c, s, actor, t, c->p.arrest_vp, 0);
        /* BRA-6.17: the area is public on success (where t was taken), not
         * when Forged Papers cancel the arrest */
        if (papers < 0)
            bra_know_at(c, s, a);
        tt_emit(ev, EV_DENOUNCE, s->active, TT_SEEN_ALL, a, t, papers < 0 ? 1 : 2,
                papers < 0 ? x : -1);
        removal_event(c, s, t, papers, c->p.arrest_vp, ev);
        return;
    }
    /* a failed denunciation exposes the denouncer (BRA-7.5) */
    s->exposed[a] = 1;
    bra_know_not_at(c, s, t, x);
    tt_emit(ev, EV_DENOUNCE, s->active, TT_SEEN_ALL, a, t, 0, x);
}

static void do_ability(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev)
{
    int actor = bra_active_faction(c, s), a = m->agent, x = s->loc[a], level = s->level[a];
    bra_fstate *f = &s->f[actor];
    f->ap = (uint8_t)(f->ap - c->p.cost_ability);
    s->charges[a]--;
    int effect = c->a[a].effect;
    tt_emit(ev, EV_ABILITY, s->active, TT_SEEN_ALL, a, effect, s->charges[a], 0);
    switch (effect) {
    case EF_AGITATE: /* BRA-6.18.3: the agent and its area are public */
        bra_know_at(c, s, a);
        bra_raise(c, s, actor, x, level, 0, V_ABILITY, a, 1, ev);
        break;
    case EF_SABOTAGE: { /* BRA-6.21.1: lowering never clears a Rally */
        int v = s->sup[x][m->faction] - level;
        s->sup[x][m->faction] = (uint8_t)(v < 0 ? 0 : v);
        bra_know_at(c, s, a);
        tt_emit(ev, EV_SUPPORT, seat_of(c, m->faction), TT_SEEN_ALL, x, s->sup[x][m->faction],
                V_ABILITY, a);
        break;
    }
    case EF_COURIER: {
        int dest = m->npath ? m->path[m->npath - 1] : m->dest;
        bra_know_moved(c, s, a, dest, level + 1, 1); /* the agent is named (BRA-6.18.3) */
        s->loc[a] = (uint8_t)dest;
        s->exposed[a] = 0;
        if (c->a[a].mob)
            tt_emit(ev, EV_MOVE, s->active, TT_SEEN_ALL, a, dest, -1, 0);
        tt_emit(ev, EV_COURIER, s->active, TT_SEEN(s->active), a, dest, 0, 0);
        break;
    }
    case EF_SURVEY: {
        uint16_t scope = 0;
        for (int y = 0; y < c->nareas; y++)
            if (c->dist[x][y] <= level - 1)
                scope |= (uint16_t)(1u << y);
        bra_reveal_scope(c, s, actor, scope, SRC_SURVEY, ev);
        break;
    }
    case EF_FUNDRAISE:
        f->gold = (uint16_t)(f->gold + level);
        tt_emit(ev, EV_GOLD, s->active, TT_SEEN_ALL, level, f->gold, 2, 0);
        break;
    case EF_ARREST:
        if (c->dist[x][s->loc[m->target]] <= level - 1)
            removal_event(c, s, m->target, removal(c, s, actor, m->target, c->p.arrest_vp, 0),
                          c->p.arrest_vp, ev);
        else
            tt_emit(ev, EV_ARREST_FAILED, s->active, TT_SEEN_ALL, m->target, 0, 0, 0);
        break;
    default: break;
    }
}

static void do_use(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev)
{
    int actor = bra_active_faction(c, s), i = m->item;
    bra_fstate *f = &s->f[actor];
    f->ap = (uint8_t)(f->ap - c->item[i].use_ap);
    s->iowner[i] = IO_DISCARD;
    tt_emit(ev, EV_USE, s->active, TT_SEEN_ALL, i, 0, 0, 0);
    if (c->item[i].type == IT_INFORMANT) {
        bra_reveal_scope(c, s, actor, (uint16_t)(1u << m->area), SRC_INFORMANT, ev);
    } else { /* LEAFLETS: the support change is public, the agent is not named */
        bra_raise(c, s, actor, s->loc[m->agent], 1, 0, V_USE, m->agent, 0, ev);
    }
}

void bra_do(const bra_content *c, bra_state *s, const bra_cmd *m, tt_events *ev)
{
    switch (m->verb) {
    case V_DRAW: do_draw(c, s, s->active, ev); break;
    case V_KEEP: do_keep(c, s, s->active, m, ev); break;
    case V_DISCARD: do_discard(c, s, s->active, m, ev); break;
    case V_DEPLOY: do_deploy(c, s, m, ev); break;
    case V_MOVE: do_move(c, s, m, ev); break;
    case V_AGITATE: do_agitate(c, s, m, ev); break;
    case V_DENOUNCE: do_denounce(c, s, m, ev); break;
    case V_ABILITY: do_ability(c, s, m, ev); break;
    case V_USE: do_use(c, s, m, ev); break;
    case V_END: bra_end_turn(c, s, ev); break;
    default: break;
    }
}
