/* X-Files phase actions (XF-5.1 to 5.5, 5.6.1, 5.9): what each step lets its
 * player do, checked before anything changes (XF-5.0.3), and the steps'
 * automatic parts.
 *
 * A step that waits for a decision lists its candidates here; turn.c keeps
 * those its check accepts, so `legal` and `apply` share one test. The step's
 * player is the Investigating Player P, or s->actor in the steps that go
 * round the players (B5, C2, X2). Team designations are applied as they are
 * named, the open one marked in s->decl (kind A_TEAM, `to` its section, `x`
 * its number). Playout path: no allocation, no strings but refusals. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "games/xfiles/xfiles.h"

#define P(s) ((s)->active)

static const xf_agent *agent_at(const xf_state *s, int p, int slot)
{
    if (slot < 0 || slot >= XF_MAX_AGENTS || s->pl[p].agent[slot].inst == XF_NONE)
        return NULL;
    return &s->pl[p].agent[slot];
}

/* XF-2.15.1: abilities work for STARTING Agents, not wounded in the
 * Hospital, in their owner's own turn. */
static int ability_of(const xf_content *c, const xf_state *s, int p, int slot, int op)
{
    const xf_agent *a = agent_at(s, p, slot);
    if (!a || (a->flags & AG_PURCHASED) || p != P(s) || c->opt.basic) /* XF-9.12.1 item 7 */
        return 0;
    if (a->section == SEC_HOSPITAL && a->damage > 0)
        return 0;
    return xf_inst_def(c, p, a->inst)->ability.op == op;
}

int xf_agent_res(const xf_content *c, const xf_state *s, int p, int slot)
{
    int res = xf_perm_stat(c, s, p, slot, SK_RES);
    const xf_def *d = xf_inst_def(c, p, s->pl[p].agent[slot].inst);
    if (ability_of(c, s, p, slot, AB_BUREAU_RES_BONUS) &&
        s->pl[p].agent[slot].section == SEC_BUREAU)
        res += d->ability.n;
    return res;
}

/* Pays price from P's RP, his dedicated token first if it matches def
 * (XF-2.15, 9.2.4); the caller checked he can. */
static void pay_rp(const xf_content *c, xf_state *s, int def, int price, tt_events *ev)
{
    if (c->opt.basic) /* XF-9.12.1 item 3: costs are ignored */
        return;
    int tok = xf_token_for(c, s, P(s), def);
    if (tok >= 0 && price > 0) {
        s->pl[P(s)].agent[tok].flags |= AG_TOKEN_USED;
        price--;
    }
    s->pl[P(s)].rp -= price;
    xf_paid(c, s, def, ev);
}

static int can_pay_rp(const xf_content *c, const xf_state *s, int def, int price)
{
    return c->opt.basic ||
           s->pl[P(s)].rp + (xf_token_for(c, s, P(s), def) >= 0 && price > 0) >= price;
}

/* --- B3: RP creation (XF-5.1.3) ---------------------------------------------------------- */

/* The next RES_SPLIT_CP Agent after slot `from` to ask, or -1. */
static int next_split(const xf_content *c, const xf_state *s, int from)
{
    for (int k = from + 1; k < XF_MAX_AGENTS; k++) {
        const xf_agent *a = agent_at(s, P(s), k);
        if (a && a->section != SEC_HOSPITAL && ability_of(c, s, P(s), k, AB_RES_SPLIT_CP) &&
            xf_agent_res(c, s, P(s), k) > 0)
            return k;
    }
    return -1;
}

static int make_res(const xf_content *c, xf_state *s, tt_events *ev)
{
    int p = P(s), rp = 0, ded = 0;
    for (int k = 0; k < XF_MAX_AGENTS; k++) {
        xf_agent *a = &s->pl[p].agent[k];
        if (a->inst == XF_NONE)
            continue;
        if (!(a->section == SEC_HOSPITAL && a->damage > 0))
            a->flags &= (uint8_t)~AG_TOKEN_USED; /* the token returns */
        if (a->section == SEC_HOSPITAL || (a->flags & AG_PURCHASED))
            continue;
        if (ability_of(c, s, p, k, AB_RES_SPLIT_CP))
            continue; /* asked below */
        int res = xf_agent_res(c, s, p, k);
        if (ability_of(c, s, p, k, AB_RES_PURCHASE_ONLY))
            ded += res;
        else
            rp += res;
    }
    s->pl[p].dedicated = (uint8_t)(s->pl[p].dedicated + ded);
    xf_gain(s, p, POOL_RP, rp, NULL);
    tt_emit(ev, EV_RES, p, TT_SEEN_ALL, p, rp, ded, 0);
    int k = next_split(c, s, -1);
    if (k < 0)
        return 0;
    s->decl = (xf_decl){.kind = A_RESSPLIT, .seat = (uint8_t)p, .inst = (uint8_t)k};
    return 1;
}

/* --- the steps' automatic parts ----------------------------------------------------------- */

static int healable(const xf_state *s, int slot)
{
    const xf_agent *a = agent_at(s, P(s), slot);
    return a && a->section == SEC_HOSPITAL && a->damage > 0;
}

static void heal(const xf_content *c, xf_state *s, int p, int slot, int n, tt_events *ev)
{
    xf_agent *a = &s->pl[p].agent[slot];
    int d = n > a->damage ? a->damage : n;
    a->damage = (uint8_t)(a->damage - d);
    tt_emit(ev, EV_HEAL, p, TT_SEEN_ALL, p, a->inst, d, 0);
    (void)c;
}

/* XF-5.2.2: every healable Agent not declined heals; with heal=seed it is
 * flagged (XF-5.2.3). */
static void heal_step(const xf_content *c, xf_state *s, tt_events *ev)
{
    for (int k = 0; k < XF_MAX_AGENTS; k++) {
        if (!healable(s, k) || (s->pl[P(s)].agent[k].flags & AG_DECLINED))
            continue;
        heal(c, s, P(s), k, xf_heal_amount(c, s, P(s), k), ev);
        if (!c->opt.heal_published)
            s->pl[P(s)].agent[k].flags |= AG_HEALED;
    }
}

static int ability_use_ok(const xf_content *c, const xf_state *s, int k, int t)
{
    const xf_agent *a = agent_at(s, P(s), k), *b = agent_at(s, P(s), t);
    return a && b && k != t && ability_of(c, s, P(s), k, AB_HEAL_OTHER) &&
           !(a->flags & AG_ABILITY_USED) && a->section == b->section && b->damage > 0;
}

/* Only an Agent with HEAL_OTHER has patients to look for. */
static int any_ability_use(const xf_content *c, const xf_state *s)
{
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        for (int t = 0; t < XF_MAX_AGENTS && ability_of(c, s, P(s), k, AB_HEAL_OTHER); t++)
            if (ability_use_ok(c, s, k, t))
                return 1;
    return 0;
}

/* XF-5.6.10: Sites neither investigated nor holding face-down cards go. */
static void discard_sites(const xf_content *c, xf_state *s)
{
    xf_player *pl = &s->pl[P(s)];
    for (int k = 0; k < XF_MAX_SITES; k++) {
        if (pl->site[k].inst == XF_NONE || (pl->site[k].flags & SI_RESOLVED))
            continue;
        int held = 0;
        for (int q = 0; q < c->opt.nplayers; q++) {
            int start = tt_piles_start(s->pl[q].n, Z_FACEDOWN);
            for (int i = 0; i < s->pl[q].n[Z_FACEDOWN]; i++)
                held |= s->pl[q].aux[s->pl[q].cards[start + i]] == XF_SITE_REF(P(s), k);
        }
        if (!held) {
            xf_to_discard(c, s, P(s), pl->site[k].inst);
            pl->site[k] = (xf_site){.inst = XF_NONE, .team = XF_NONE};
        }
    }
}

/* XF-5.9.1: purchased Agents go with their attachments; until-end-of-turn
 * marks end. */
static void cleanup(const xf_content *c, xf_state *s)
{
    s->nkwc = 0;       /* keyword changes end (XF-2.13.2) */
    while (s->njoined) /* combat Witnesses go (XF-2.14.1 JOIN_COMBAT) */
        xf_to_discard(c, s, s->joined[s->njoined - 1].seat, s->joined[s->njoined - 1].inst);
    for (int p = 0; p < c->opt.nplayers; p++) {
        xf_player *pl = &s->pl[p];
        pl->flags &= (uint8_t)~PL_GUESSED;
        for (int k = 0; k < XF_MAX_AGENTS; k++) {
            xf_agent *a = &pl->agent[k];
            if (a->inst == XF_NONE)
                continue;
            a->flags &= (uint8_t)~AG_SET_ASIDE;
            if (!(a->flags & AG_PURCHASED))
                continue;
            while (a->nattached)
                xf_to_discard(c, s, p, a->attached[a->nattached - 1]);
            xf_to_discard(c, s, p, a->inst);
            *a = (xf_agent){.inst = XF_NONE, .team = XF_NONE};
        }
    }
}

void xf_turn_begin(const xf_content *c, xf_state *s, int p, tt_events *ev)
{
    s->active = (uint8_t)p;
    s->step = ST_B1;
    s->phase = PH_BRIEFING;
    for (int q = 0; q < c->opt.nplayers; q++) {
        xf_player *pl = &s->pl[q];
        pl->flags &= (uint8_t) ~(PL_BOUGHT | PL_SOLD | PL_GUESSED | PL_DISCARDING);
        pl->assigned = 0;
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            pl->agent[k].flags &= (uint8_t) ~(AG_ABILITY_USED | AG_MOVED | AG_DECLINED | AG_TEAMED);
        for (int k = 0; k < XF_MAX_SITES; k++) {
            pl->site[k].flags = 0;
            pl->site[k].team = XF_NONE;
        }
    }
    tt_emit(ev, EV_TURN, p, TT_SEEN_ALL, s->head.turn, p, 0, 0);
}

static const uint8_t phase_of[XF_NSTEPS] = {
    [ST_B1] = PH_BRIEFING,        [ST_B2] = PH_BRIEFING,        [ST_B3] = PH_BRIEFING,
    [ST_B4] = PH_BRIEFING,        [ST_B5] = PH_BRIEFING,        [ST_H1] = PH_HEALING,
    [ST_H2] = PH_HEALING,         [ST_H3] = PH_HEALING,         [ST_H4] = PH_HEALING,
    [ST_R1] = PH_REQUISITION,     [ST_R2] = PH_REQUISITION,     [ST_D1] = PH_DEPLOYMENT,
    [ST_D2] = PH_DEPLOYMENT,      [ST_C1] = PH_CASE_ASSIGNMENT, [ST_C2] = PH_CASE_ASSIGNMENT,
    [ST_C3] = PH_CASE_ASSIGNMENT, [ST_I1] = PH_INVESTIGATION,   [ST_I2] = PH_INVESTIGATION,
    [ST_I3] = PH_INVESTIGATION,   [ST_I4] = PH_INVESTIGATION,   [ST_I5] = PH_INVESTIGATION,
    [ST_X1] = PH_DEBRIEFING,      [ST_X2] = PH_DEBRIEFING,      [ST_X3] = PH_DEBRIEFING};

/* XF-9.12.1 item 4: in each Briefing every player, P first, draws until he
 * holds 10 cards, or his deck and discard pile are empty. */
static void draw_back(const xf_content *c, xf_state *s, tt_events *ev)
{
    int p = P(s);
    do {
        xf_player *pl = &s->pl[p];
        while (pl->n[Z_HAND] < XF_BASIC_HAND && xf_available(pl) > 0)
            xf_draw(c, s, p, ev);
        p = xf_next_seat(c, s, p);
    } while (p != P(s));
}

/* The steps Basic mode changes (XF-9.12.1): 0 when the step has no
 * decision, 1 when it waits, -1 when it runs as in the Advanced Game. */
static int basic_step(const xf_content *c, xf_state *s, tt_events *ev)
{
    switch (s->step) {
    case ST_B2: draw_back(c, s, ev); return 0; /* item 4, for the free draw */
    case ST_B3:                                /* item 3: no pools to create, */
    case ST_B4:                                /* nothing bought */
    case ST_B5:                                /* nor sold */
    case ST_C2: return 0;                      /* item 5: no face-down placement */
    case ST_H2:                                /* item 8: every Agent in the Hospital */
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            if (healable(s, k))
                heal(c, s, P(s), k, s->pl[P(s)].agent[k].damage, ev);
        return 0;
    case ST_I1:
    case ST_X2: /* items 6 and 9 count from here */
        for (int q = 0; q < c->opt.nplayers; q++)
            xf_basic_set(&s->pl[q], 0);
        return -1;
    default: return -1;
    }
}

int xf_step_enter(const xf_content *c, xf_state *s, tt_events *ev)
{
    s->phase = phase_of[s->step];
    tt_emit(ev, EV_STEP, P(s), TT_SEEN_ALL, s->step, 0, 0, 0);
    int basic = c->opt.basic ? basic_step(c, s, ev) : -1;
    if (basic >= 0)
        return basic;
    switch (s->step) {
    case ST_B3: return make_res(c, s, ev);
    case ST_B5:
    case ST_C2: s->actor = (uint8_t)xf_next_seat(c, s, P(s)); return 1;
    case ST_H1:
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            s->pl[P(s)].agent[k].flags &= (uint8_t)~AG_HEALED;
        return 0;
    case ST_H2:
        if (c->opt.heal_published) {
            heal_step(c, s, ev);
            return 0;
        }
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            if (healable(s, k))
                return 1;
        return 0;
    case ST_H3: return any_ability_use(c, s);
    case ST_R1: memset(s->pl[P(s)].exchanged, 0, sizeof s->pl[P(s)].exchanged); return 1;
    case ST_D1:
    case ST_I1:
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            s->pl[P(s)].agent[k].flags &= (uint8_t) ~(AG_MOVED | AG_TEAMED);
        return 1;
    case ST_I3: return xf_inv_i3_waits(s);
    case ST_I4: discard_sites(c, s); return 0;
    case ST_X1: cleanup(c, s); return 0;
    case ST_X2: s->actor = P(s); return 1;
    default: return 1; /* B2, B4, R1, C1, I2: P decides */
    }
}

/* --- candidates --------------------------------------------------------------------------- */

/* The distinct defs of seat p's hand, each once, into out. */
static int hand_defs(const xf_content *c, const xf_state *s, int p, int op, tt_action *out)
{
    const xf_player *pl = &s->pl[p];
    int start = tt_piles_start(pl->n, Z_HAND), n = 0;
    uint64_t seen[4] = {0};
    for (int k = 0; k < pl->n[Z_HAND]; k++) {
        int def = c->deck[p].def[pl->cards[start + k]];
        if (seen[def >> 6] >> (def & 63) & 1)
            continue;
        seen[def >> 6] |= 1ull << (def & 63);
        out[n++] = XF_ACTION(op, def);
    }
    return n;
}

/* Those of one type, each with lo..hi-1 (the check refuses other types). */
static int hand_defs_by(const xf_content *c, const xf_state *s, int p, int op, int type, int lo,
                        int hi, tt_action *out)
{
    tt_action defs[XF_MAX_CARDS];
    int nd = hand_defs(c, s, p, op, defs), n = 0;
    for (int i = 0; i < nd; i++)
        for (int v = lo; v < hi && c->def[XF_ARG(defs[i])].type == type; v++)
            out[n++] = XF_ACTION(op, XF_ARG(defs[i]) << 8 | v);
    return n;
}

static int counted(int op, int lo, int hi, tt_action *out)
{
    int n = 0;
    for (int v = lo; v <= hi; v++)
        out[n++] = XF_ACTION(op, v);
    return n;
}

int xf_phase_candidates(const xf_content *c, const xf_state *s, tt_action *out)
{
    int n = 0, p = P(s);
    const xf_player *pl = &s->pl[p];
    switch (s->step) {
    case ST_B2: return counted(A_FREEDRAW, 0, 1, out);
    case ST_B4: {
        int max = pl->rp + pl->dedicated;
        return counted(A_BUY, 0, max < xf_available(pl) ? max : xf_available(pl), out);
    }
    case ST_B5: {
        const xf_player *o = &s->pl[s->actor];
        n = hand_defs(c, s, s->actor, A_SELL, out);
        n += xf_power_candidates(c, s, s->actor, out + n); /* KNOWLEDGE (XF-9.13.1) */
        out[n++] = XF_ACTION(A_DONE, 0);
        int max = o->cp < xf_available(o) ? o->cp : xf_available(o);
        return n + counted(A_BUY, 0, max, out + n);
    }
    case ST_H2:
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            out[n++] = XF_ACTION(A_HEALDECLINE, k);
        break;
    case ST_H3:
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            for (int t = 0; t < XF_MAX_AGENTS && ability_of(c, s, p, k, AB_HEAL_OTHER); t++)
                if (ability_use_ok(c, s, k, t))
                    out[n++] = XF_ACTION(A_ABILITY, k << 8 | t);
        break;
    case ST_R1:
        for (int k = 0; k < XF_MAX_AGENTS; k++) {
            const xf_agent *a = agent_at(s, p, k);
            if (!a)
                continue;
            tt_action defs[XF_MAX_CARDS];
            int nd = hand_defs(c, s, p, A_REQUISITION, defs);
            for (int i = 0; i < nd; i++)
                if (c->def[XF_ARG(defs[i])].type == TY_EQUIPMENT)
                    out[n++] = XF_ACTION(A_REQUISITION, XF_ARG(defs[i]) << 8 | k);
            for (int j = 0; j < a->nattached && a->team != XF_NONE; j++)
                for (int t = 0; t < XF_MAX_AGENTS; t++) /* XF-5.3.4: within one Team */
                    if (t != k && agent_at(s, p, t) && pl->agent[t].team == a->team)
                        out[n++] = XF_ACTION(A_EXCHANGE, a->attached[j] << 8 | t);
        }
        break;
    case ST_D1:
        for (int k = 0; k < XF_MAX_AGENTS; k++) /* XF-5.4.7: once per Deployment */
            if (agent_at(s, p, k) && !(pl->agent[k].flags & AG_MOVED))
                for (int sec = 0; sec < XF_NSECTIONS; sec++)
                    if (sec != pl->agent[k].section) /* XF-5.4.2: a move goes elsewhere */
                        out[n++] = XF_ACTION(A_MOVE, k << 8 | sec);
        n += hand_defs_by(c, s, p, A_PLAYAGENT, TY_AGENT, SEC_BUREAU, SEC_HOSPITAL, out + n);
        __attribute__((fallthrough)); /* and the Teams, as in I1 */
    case ST_I1: /* XF-5.4.5, 5.4.7: no Team in the Hospital; one designation each */
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            if (agent_at(s, p, k) && pl->agent[k].section != SEC_HOSPITAL &&
                !(pl->agent[k].flags & AG_TEAMED))
                out[n++] = XF_ACTION(A_TEAM, pl->agent[k].section << 8 | k);
        break;
    case ST_C1: n = hand_defs_by(c, s, p, A_SITE, TY_SITE, 0, c->opt.nplayers, out); break;
    case ST_C2:
        for (int k = 0; k < XF_MAX_SITES; k++)
            if (pl->site[k].inst != XF_NONE) {
                tt_action defs[XF_MAX_CARDS];
                int nd = hand_defs(c, s, s->actor, A_FACEDOWN, defs);
                for (int i = 0; i < nd; i++)
                    out[n++] = XF_ACTION(A_FACEDOWN, XF_ARG(defs[i]) << 8 | k);
            }
        break;
    case ST_X2: n = hand_defs(c, s, s->actor, A_DISCARD, out); break;
    case ST_I2:
        for (int k = 0; k < XF_MAX_SITES; k++)
            for (int a = 0; a < XF_MAX_AGENTS && pl->site[k].inst != XF_NONE; a++)
                if (agent_at(s, p, a))
                    out[n++] = XF_ACTION(A_ASSIGN, k << 8 | a);
        break;
    case ST_I3:
        for (int k = 0; k < XF_MAX_SITES; k++)
            out[n++] = XF_ACTION(A_RESOLVE, k);
        return n; /* no DONE: every assigned Site is resolved (XF-5.6.3) */
    default: break;
    }
    out[n++] = XF_ACTION(A_DONE, 0);
    return n;
}

/* --- checks ------------------------------------------------------------------------------- */

static int check_buy(const xf_content *c, const xf_state *s, int who, int n, tt_error *err)
{
    const xf_player *pl = &s->pl[who];
    (void)c;
    if (pl->flags & PL_BOUGHT)
        return TT_REFUSE(who == P(s) ? "XF-5.1.4" : "XF-5.1.5", NULL,
                         "p%d has bought this turn; a purchase is announced once", who);
    if (n > xf_available(pl))
        return TT_REFUSE("XF-9.2.3", NULL, "p%d has %d cards to buy from (deck and discard pile)",
                         who, xf_available(pl));
    int points = who == P(s) ? pl->rp + pl->dedicated : pl->cp;
    if (n > points)
        return TT_REFUSE(who == P(s) ? "XF-5.1.4" : "XF-5.1.5", NULL,
                         "buying %d cards costs %d points; p%d has %d", n, n, who, points);
    return TT_OK;
}

static int sell_value(const xf_def *d)
{
    if (d->type == TY_AGENT)
        return d->res;
    return d->cost == XF_COST_X ? 0 : d->cost;
}

static int check_sell(const xf_content *c, const xf_state *s, int def, tt_error *err)
{
    const xf_player *o = &s->pl[s->actor];
    if (o->flags & (PL_SOLD | PL_BOUGHT))
        return TT_REFUSE("XF-9.2.1", NULL, "selling comes before buying");
    if (xf_hand_find(c, o, s->actor, def) < 0)
        return TT_REFUSE("XF-5.1.5", NULL, "%s is not in p%d's hand", c->def[def].id, s->actor);
    if (c->def[def].pool == POOL_CP)
        return TT_REFUSE("XF-5.1.5", NULL, "%s has a CP cost: it cannot be sold", c->def[def].id);
    if (o->cp + sell_value(&c->def[def]) > XF_POOL_MAX)
        return TT_REFUSE("XF-2.18.2", NULL, "the sale would raise CP above POOL_MAX");
    return TT_OK;
}

/* An Equipment's activators: the sections the receiving Agent must be in
 * (XF-2.9.1, 2.12.2). */
static int equipment_fits(const xf_def *d, int section)
{
    for (int t = 0; t < d->nactivators; t++) {
        int ok = 0;
        for (int k = 0; k < d->activator[t].nalt; k++)
            ok |=
                d->activator[t].alt[k].kind == AT_SECTION && d->activator[t].alt[k].arg == section;
        if (!ok)
            return 0;
    }
    return 1;
}

/* Whether agent slot k of p carries a card named like def. */
static int carries_name(const xf_content *c, const xf_state *s, int p, int k, int def)
{
    const xf_agent *a = &s->pl[p].agent[k];
    for (int j = 0; j < a->nattached; j++)
        if (xf_inst_def(c, p, a->attached[j])->name_id == c->def[def].name_id)
            return 1;
    return 0;
}

static int check_requisition(const xf_content *c, const xf_state *s, int def, int k, tt_error *err)
{
    const xf_agent *a = agent_at(s, P(s), k);
    if (!a)
        return TT_REFUSE("XF-5.3.2", NULL, "no such Agent of p%d", P(s));
    if (xf_hand_find(c, &s->pl[P(s)], P(s), def) < 0 || c->def[def].type != TY_EQUIPMENT)
        return TT_REFUSE("XF-5.3.2", NULL, "no Equipment %s in hand", c->def[def].id);
    if (!equipment_fits(&c->def[def], a->section))
        return TT_REFUSE("XF-5.3.2", NULL, "%s's activators name a section the Agent is not in",
                         c->def[def].id);
    if (carries_name(c, s, P(s), k, def))
        return TT_REFUSE("XF-5.3.2", NULL, "the Agent already carries %s", c->def[def].name);
    if (a->nattached >= XF_MAX_ATTACHED)
        return TT_REFUSE("XF-2.18.2", NULL, "MAX_ATTACHED: the Agent carries %d cards",
                         XF_MAX_ATTACHED);
    if (!can_pay_rp(c, s, def, c->def[def].cost))
        return TT_REFUSE("XF-5.0.5", NULL, "%s costs %d RP; p%d has %d", c->def[def].id,
                         c->def[def].cost, P(s), s->pl[P(s)].rp);
    return TT_OK;
}

static int check_exchange(const xf_content *c, const xf_state *s, int inst, int t, tt_error *err)
{
    const xf_player *pl = &s->pl[P(s)];
    const xf_agent *b = agent_at(s, P(s), t);
    if (inst >= c->deck[P(s)].ncards || xf_zone(pl, inst) != Z_ATTACHED || !b ||
        xf_inst_def(c, P(s), inst)->type != TY_EQUIPMENT)
        return TT_REFUSE("XF-5.3.4", NULL, "no such Equipment or Agent of p%d", P(s));
    const xf_agent *a = &pl->agent[pl->aux[inst]];
    if (a == b || a->team == XF_NONE || a->team != b->team)
        return TT_REFUSE("XF-5.3.4", NULL, "Equipment is exchanged within one Team");
    if (pl->exchanged[inst >> 3] >> (inst & 7) & 1)
        return TT_REFUSE("XF-5.4.7", NULL, "each Equipment is exchanged once per phase");
    if (carries_name(c, s, P(s), t, c->deck[P(s)].def[inst]))
        return TT_REFUSE("XF-5.3.4", NULL, "the receiver already carries one of that name");
    if (b->nattached >= XF_MAX_ATTACHED)
        return TT_REFUSE("XF-2.18.2", NULL, "MAX_ATTACHED: the receiver carries %d cards",
                         XF_MAX_ATTACHED);
    return TT_OK;
}

static int check_move(const xf_content *c, const xf_state *s, int k, int sec, tt_error *err)
{
    const xf_agent *a = agent_at(s, P(s), k);
    if (!a || sec >= XF_NSECTIONS)
        return TT_REFUSE("XF-5.4.2", NULL, "no such Agent or section");
    if (a->section == sec)
        return TT_REFUSE("XF-5.4.2", NULL, "the Agent is already in the %s", xf_section_name(sec));
    if (a->flags & AG_MOVED)
        return TT_REFUSE("XF-5.4.7", NULL, "each Agent moves once per Deployment");
    if (a->section == SEC_HOSPITAL && !xf_can_leave_hospital(c, s, P(s), k))
        return TT_REFUSE("XF-5.2.4", NULL, "current HEALTH %d is below min(3, %d)",
                         xf_perm_health(c, s, P(s), k) - a->damage, xf_perm_health(c, s, P(s), k));
    return TT_OK;
}

static int identity_in_play(const xf_content *c, const xf_state *s, int p, int identity)
{
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        if (s->pl[p].agent[k].inst != XF_NONE &&
            xf_inst_def(c, p, s->pl[p].agent[k].inst)->identity == identity)
            return 1;
    return 0;
}

static int check_playagent(const xf_content *c, const xf_state *s, int def, int sec, tt_error *err)
{
    if (sec != SEC_BUREAU && sec != SEC_FIELD)
        return TT_REFUSE("XF-5.4.3", NULL, "an Agent is played into the Bureau or the Field");
    if (xf_hand_find(c, &s->pl[P(s)], P(s), def) < 0 || c->def[def].type != TY_AGENT)
        return TT_REFUSE("XF-5.4.3", NULL, "no Agent %s in hand", c->def[def].id);
    if (identity_in_play(c, s, P(s), c->def[def].identity))
        return TT_REFUSE("XF-5.4.4", NULL, "p%d already has that Agent in play", P(s));
    if (xf_free_agent_slot(s, P(s)) < 0)
        return TT_REFUSE("XF-2.18.2", NULL, "MAX_AGENTS: p%d has %d Agents in play", P(s),
                         XF_MAX_AGENTS);
    if (!can_pay_rp(c, s, def, c->def[def].cost))
        return TT_REFUSE("XF-5.0.5", NULL, "%s costs %d RP; p%d has %d", c->def[def].id,
                         c->def[def].cost, P(s), s->pl[P(s)].rp);
    return TT_OK;
}

static int check_team(const xf_state *s, int sec, int k, tt_error *err)
{
    const xf_agent *a = agent_at(s, P(s), k);
    if (sec == SEC_HOSPITAL || sec >= XF_NSECTIONS)
        return TT_REFUSE("XF-5.4.5", NULL, "Agents in the Hospital form no Team");
    if (s->step == ST_I1 && sec != SEC_FIELD)
        return TT_REFUSE("XF-5.6.1", NULL, "in step I1 only Field Teams are re-designated");
    if (!a || a->section != sec)
        return TT_REFUSE("XF-5.4.5", NULL, "a Team's Agents are all in the %s",
                         xf_section_name(sec));
    if (s->decl.kind == A_TEAM && s->decl.to != sec)
        return TT_REFUSE("XF-5.4.5", NULL, "the Team being designated lies in the %s",
                         xf_section_name(s->decl.to));
    if (a->flags & AG_TEAMED)
        return TT_REFUSE("XF-5.4.7", NULL, "each Agent is named in one designation per step");
    return TT_OK;
}

static int site_placed(const xf_content *c, const xf_state *s, int def)
{
    for (int k = 0; k < XF_MAX_SITES; k++) {
        const xf_site *x = &s->pl[P(s)].site[k];
        if (x->inst != XF_NONE && (x->flags & SI_PLACED) &&
            xf_inst_def(c, P(s), x->inst)->name_id == c->def[def].name_id)
            return 1;
    }
    return 0;
}

static int free_site_slot(const xf_state *s)
{
    for (int k = 0; k < XF_MAX_SITES; k++)
        if (s->pl[s->active].site[k].inst == XF_NONE)
            return k;
    return -1;
}

static int check_site(const xf_content *c, const xf_state *s, int def, int seat, tt_error *err)
{
    if (xf_hand_find(c, &s->pl[P(s)], P(s), def) < 0 || c->def[def].type != TY_SITE)
        return TT_REFUSE("XF-5.5.1", NULL, "no Site %s in hand", c->def[def].id);
    if (seat == P(s) || seat >= c->opt.nplayers || (s->pl[seat].flags & PL_CONCEDED))
        return TT_REFUSE("XF-5.5.1", NULL, "a Site is directed at an opponent");
    if (site_placed(c, s, def))
        return TT_REFUSE("XF-5.5.2", NULL, "%s was placed this turn already", c->def[def].name);
    if (free_site_slot(s) < 0)
        return TT_REFUSE("XF-2.18.2", NULL, "MAX_SITES: the Field holds %d Sites", XF_MAX_SITES);
    int cost = c->def[def].cost + xf_site_surcharge(c, s);
    if (!can_pay_rp(c, s, def, cost)) /* MANIPULATION_OF_EVIDENCE (XF-9.13.1) adds to it */
        return TT_REFUSE("XF-5.0.5", NULL, "%s costs %d RP; p%d has %d", c->def[def].id, cost, P(s),
                         s->pl[P(s)].rp);
    return TT_OK;
}

static int check_done(const xf_content *c, const xf_state *s, tt_error *err)
{
    const xf_player *o = &s->pl[s->actor == XF_NONE ? P(s) : s->actor];
    if (s->step == ST_B5 && (o->flags & PL_SOLD))
        return TT_REFUSE("XF-5.1.5", NULL, "selling is over: buy n (0 or more)");
    if (s->step == ST_X2 && (o->flags & PL_DISCARDING))
        return TT_REFUSE("XF-5.9.2", NULL, "p%d holds %d cards; the limit is %d", s->actor,
                         o->n[Z_HAND], xf_hand_limit(c, s, s->actor));
    return TT_OK;
}

static const char *step_rule(int step)
{
    switch (step) {
    case ST_B2: return "XF-5.1.2";
    case ST_B4: return "XF-5.1.4";
    case ST_B5: return "XF-5.1.5";
    case ST_H2: return "XF-5.2.2";
    case ST_H3: return "XF-5.2.5";
    case ST_R1: return "XF-5.3.1";
    case ST_D1: return "XF-5.4.1";
    case ST_C1: return "XF-5.5.1";
    case ST_C2: return "XF-5.5.5";
    case ST_I1: return "XF-5.6.1";
    case ST_I2: return "XF-5.6.2";
    case ST_X2: return "XF-5.9.2";
    default: return "XF-4.2.1";
    }
}

/* Which ops each step takes (besides DONE where it has one). */
static int step_takes(int step, int op)
{
    switch (op) {
    case A_FREEDRAW: return step == ST_B2;
    case A_BUY: return step == ST_B4 || step == ST_B5;
    case A_SELL: return step == ST_B5;
    case A_HEALDECLINE: return step == ST_H2;
    case A_ABILITY: return step == ST_H3;
    case A_REQUISITION:
    case A_EXCHANGE: return step == ST_R1;
    case A_MOVE:
    case A_PLAYAGENT: return step == ST_D1;
    case A_TEAM: return step == ST_D1 || step == ST_I1;
    case A_SITE: return step == ST_C1;
    case A_FACEDOWN: return step == ST_C2;
    case A_DISCARD: return step == ST_X2;
    case A_ASSIGN: return step == ST_I2;
    case A_RESOLVE: return step == ST_I3;
    case A_DONE:
        return step == ST_B5 || step == ST_H2 || step == ST_H3 || step == ST_R1 || step == ST_D1 ||
               step == ST_C1 || step == ST_C2 || step == ST_I1 || step == ST_I2 || step == ST_X2;
    default: return 0;
    }
}

/* Whether an action's argument is in its range at all (the rules' checks
 * then read only valid indices). */
static int arg_ok(const xf_content *c, int op, int arg)
{
    int hi = arg >> 8, lo = arg & 0xFF;
    switch (op) {
    case A_DONE: return arg == 0;
    case A_SELL:
    case A_DISCARD: return arg < c->ndefs;
    case A_HEALDECLINE: return arg < XF_MAX_AGENTS;
    case A_ABILITY: return hi < XF_MAX_AGENTS && lo < XF_MAX_AGENTS;
    case A_REQUISITION: return hi < c->ndefs && lo < XF_MAX_AGENTS;
    case A_EXCHANGE: return hi < XF_MAX_CARDS && lo < XF_MAX_AGENTS;
    case A_MOVE:
    case A_TEAM: return (op == A_MOVE ? hi : lo) < XF_MAX_AGENTS;
    case A_PLAYAGENT:
    case A_SITE:
    case A_FACEDOWN: return hi < c->ndefs && lo < (op == A_FACEDOWN ? XF_MAX_SITES : 4);
    case A_ASSIGN: return hi < XF_MAX_SITES && lo < XF_MAX_AGENTS;
    case A_RESOLVE: return arg < XF_MAX_SITES;
    default: return 1;
    }
}

static int sites_placed(const xf_state *s)
{
    int n = 0;
    for (int k = 0; k < XF_MAX_SITES; k++)
        n += s->pl[P(s)].site[k].inst != XF_NONE && (s->pl[P(s)].site[k].flags & SI_PLACED);
    return n;
}

/* The actions Basic mode takes away or limits (XF-9.12.1), by its item;
 * TT_OK for the others, which the Advanced checks then judge. */
static int basic_check(const xf_content *c, const xf_state *s, int op, tt_error *err)
{
    switch (op) {
    case A_BUY:
    case A_SELL:
        return TT_REFUSE("XF-9.12.1", NULL, "Basic mode has no pools: nothing is %s (item 3)",
                         op == A_BUY ? "bought" : "sold");
    case A_FREEDRAW:
        return TT_REFUSE("XF-9.12.1", NULL,
                         "in Basic mode every player draws back to %d in the Briefing (item 4)",
                         XF_BASIC_HAND);
    case A_FACEDOWN:
        return TT_REFUSE("XF-9.12.1", NULL,
                         "Basic mode has no face-down placement; Bluffs are played in the "
                         "Investigation Phase (item 5)");
    case A_HEALDECLINE:
        return TT_REFUSE("XF-9.12.1", NULL,
                         "in Basic mode every Agent in the Hospital heals fully (item 8)");
    case A_ABILITY:
        return TT_REFUSE("XF-9.12.1", NULL, "Basic mode ignores Agent abilities (item 7)");
    case A_SITE:
        if (sites_placed(s) > 0)
            return TT_REFUSE("XF-9.12.1", NULL,
                             "in Basic mode one Site is placed and investigated per turn (item 5)");
        return TT_OK;
    case A_DISCARD:
        if (s->actor < c->opt.nplayers && xf_basic_count(&s->pl[s->actor]) >= XF_BASIC_DISCARD)
            return TT_REFUSE("XF-9.12.1", NULL,
                             "in Basic mode a player discards up to %d cards in the Debriefing "
                             "(item 9)",
                             XF_BASIC_DISCARD);
        return TT_OK;
    default: return TT_OK;
    }
}

int xf_phase_check(const xf_content *c, const xf_state *s, tt_action a, tt_error *err)
{
    int op = XF_OP(a), arg = XF_ARG(a), hi = arg >> 8, lo = arg & 0xFF, rc;
    if (!arg_ok(c, op, arg))
        return TT_REFUSE("XF-5.10.1", NULL, "no such action");
    if (c->opt.basic && (rc = basic_check(c, s, op, err)) != TT_OK)
        return rc;
    if (op == A_HEALDECLINE && c->opt.heal_published)
        return TT_REFUSE("XF-5.2.2", NULL, "with heal=published healing is automatic");
    if (!step_takes(s->step, op) && s->phase != PH_BRIEFING && (op == A_SELL || op == A_BUY))
        return op == A_SELL /* every seller has bought, or may buy no more (XF-9.2.1) */
                   ? TT_REFUSE("XF-9.2.1", NULL, "selling is over: the Briefing has ended")
                   : TT_REFUSE("XF-5.1.4", NULL, "the purchase was announced in the Briefing");
    if (op == A_POWER || op == A_ANNOUNCE) /* XF-9.13.1 names their moments */
        return xf_power_check(c, s, s->step == ST_B5 ? s->actor : P(s), a, err);
    if (!step_takes(s->step, op))
        return TT_REFUSE(step_rule(s->step), NULL, "that is not an action of this step");
    if (s->decl.kind == A_TEAM && op != A_TEAM && op != A_DONE)
        return TT_REFUSE("XF-5.4.5", NULL, "a Team designation is open: name Agents, then done");
    switch (op) {
    case A_FREEDRAW: return arg <= 1 ? TT_OK : TT_REFUSE("XF-5.1.2", NULL, "freedraw yes or no");
    case A_BUY: return check_buy(c, s, s->step == ST_B4 ? P(s) : s->actor, arg, err);
    case A_SELL: return check_sell(c, s, arg, err);
    case A_HEALDECLINE:
        if (!healable(s, arg) || (s->pl[P(s)].agent[arg].flags & AG_DECLINED))
            return TT_REFUSE("XF-5.2.2", NULL, "only a damaged Agent in the Hospital heals");
        return TT_OK;
    case A_ABILITY:
        return ability_use_ok(c, s, hi, lo)
                   ? TT_OK
                   : TT_REFUSE("XF-5.2.5", NULL,
                               "HEAL_OTHER: once per turn, on another damaged Agent in the same "
                               "section");
    case A_REQUISITION: return check_requisition(c, s, hi, lo, err);
    case A_EXCHANGE: return check_exchange(c, s, hi, lo, err);
    case A_MOVE: return check_move(c, s, hi, lo, err);
    case A_PLAYAGENT: return check_playagent(c, s, hi, lo, err);
    case A_TEAM: return check_team(s, hi, lo, err);
    case A_SITE: return check_site(c, s, hi, lo, err);
    case A_FACEDOWN:
        if (xf_hand_find(c, &s->pl[s->actor], s->actor, hi) < 0)
            return TT_REFUSE("XF-5.5.5", NULL, "%s is not in p%d's hand", c->def[hi].id, s->actor);
        if (lo >= XF_MAX_SITES || s->pl[P(s)].site[lo].inst == XF_NONE)
            return TT_REFUSE("XF-5.5.5", NULL, "no such Site of p%d", P(s));
        return TT_OK;
    case A_DISCARD:
        if (xf_hand_find(c, &s->pl[s->actor], s->actor, arg) < 0)
            return TT_REFUSE("XF-5.9.2", NULL, "%s is not in p%d's hand", c->def[arg].id, s->actor);
        return TT_OK;
    case A_DONE: return s->decl.kind == A_TEAM ? TT_OK : check_done(c, s, err);
    case A_ASSIGN: return xf_inv_check_assign(c, s, hi, lo, err);
    case A_RESOLVE: {
        const xf_site *x = &s->pl[P(s)].site[arg];
        if (x->inst == XF_NONE || x->team == XF_NONE || (x->flags & SI_RESOLVED))
            return TT_REFUSE("XF-5.6.3", NULL, "resolve one of the assigned Sites");
        return TT_OK;
    }
    default: return TT_REFUSE("XF-4.2.1", NULL, "that is not an action of this step");
    }
}

/* --- doing ---------------------------------------------------------------------------------- */

static void buy(const xf_content *c, xf_state *s, int who, int n, tt_events *ev)
{
    xf_player *pl = &s->pl[who];
    if (who == P(s)) {
        int ded = n < pl->dedicated ? n : pl->dedicated;
        pl->rp -= n - ded;
        pl->dedicated = 0; /* unspent dedicated points are lost */
    } else {
        pl->cp -= n;
    }
    pl->flags |= PL_BOUGHT | PL_SOLD;
    tt_emit(ev, EV_BUY, who, TT_SEEN_ALL, who, n, 0, 0);
    for (int k = 0; k < n; k++)
        xf_draw(c, s, who, ev);
}

/* The next seat of a step that goes round the opponents, or -1 at P. */
static int next_opponent(const xf_content *c, xf_state *s)
{
    int q = xf_next_seat(c, s, s->actor);
    if (q == P(s))
        return -1;
    s->actor = (uint8_t)q;
    return q;
}

static int do_team(xf_state *s, int sec, int k, tt_events *ev)
{
    if (s->decl.kind != A_TEAM)
        s->decl = (xf_decl){
            .kind = A_TEAM, .seat = P(s), .to = (uint8_t)sec, .x = (uint8_t)xf_new_team(s, P(s))};
    xf_agent *a = &s->pl[P(s)].agent[k];
    a->team = s->decl.x;
    a->flags |= AG_TEAMED;
    tt_emit(ev, EV_TEAM, P(s), TT_SEEN_ALL, P(s), a->inst, a->team, 0);
    return 0;
}

static int do_done(const xf_content *c, xf_state *s, tt_events *ev)
{
    xf_player *o = &s->pl[s->actor == XF_NONE ? P(s) : s->actor];
    if (s->decl.kind == A_TEAM) { /* closes the designation, not the step */
        s->decl = (xf_decl){0};
        return 0;
    }
    switch (s->step) {
    case ST_B5: o->flags |= PL_SOLD; return 0;
    case ST_H2: heal_step(c, s, ev); return 1;
    case ST_D1: xf_form_teams(s, P(s), ev); return 1;
    case ST_C2: return next_opponent(c, s) < 0;
    case ST_X2:
        if (o->n[Z_HAND] > xf_hand_limit(c, s, s->actor)) {
            o->flags |= PL_DISCARDING;
            return 0;
        }
        return next_opponent(c, s) < 0;
    default: return 1;
    }
}

static int do_discard(const xf_content *c, xf_state *s, int def, tt_events *ev)
{
    xf_player *o = &s->pl[s->actor];
    int k = xf_hand_find(c, o, s->actor, def);
    int inst = o->cards[tt_piles_start(o->n, Z_HAND) + k];
    xf_to_discard(c, s, s->actor, inst);
    tt_emit(ev, EV_DISCARD, s->actor, TT_SEEN_ALL, s->actor, inst, 0, 0);
    if (c->opt.basic) /* XF-9.12.1 item 9 */
        xf_basic_set(o, xf_basic_count(o) + 1);
    if ((o->flags & PL_DISCARDING) && o->n[Z_HAND] <= xf_hand_limit(c, s, s->actor)) {
        o->flags &= (uint8_t)~PL_DISCARDING;
        return next_opponent(c, s) < 0;
    }
    return 0;
}

static void do_requisition(const xf_content *c, xf_state *s, int def, int k, tt_events *ev)
{
    xf_player *pl = &s->pl[P(s)];
    int inst = pl->cards[tt_piles_start(pl->n, Z_HAND) + xf_hand_find(c, pl, P(s), def)];
    pay_rp(c, s, def, c->def[def].cost, ev);
    xf_make_public(c, s, P(s), inst, Z_ATTACHED, k);
    pl->agent[k].attached[pl->agent[k].nattached++] = (uint8_t)inst;
    tt_emit(ev, EV_EQUIP, P(s), TT_SEEN_ALL, P(s), inst, pl->agent[k].inst, 0);
}

static void do_exchange(xf_state *s, int inst, int t, tt_events *ev)
{
    xf_player *pl = &s->pl[P(s)];
    xf_agent *a = &pl->agent[pl->aux[inst]], *b = &pl->agent[t];
    for (int j = 0; j < a->nattached; j++)
        if (a->attached[j] == inst) {
            memmove(a->attached + j, a->attached + j + 1, (size_t)(a->nattached - j - 1));
            a->nattached--;
            break;
        }
    b->attached[b->nattached++] = (uint8_t)inst;
    pl->aux[inst] = (uint8_t)t;
    pl->exchanged[inst >> 3] |= (uint8_t)(1 << (inst & 7));
    tt_emit(ev, EV_EQUIP, P(s), TT_SEEN_ALL, P(s), inst, b->inst, 0);
}

static void do_move(xf_state *s, int k, int sec, tt_events *ev)
{
    xf_agent *a = &s->pl[P(s)].agent[k];
    a->section = (uint8_t)sec;
    a->team = XF_NONE; /* XF-2.16.5: it leaves its Team; D1's end forms new ones */
    a->flags |= AG_MOVED;
    tt_emit(ev, EV_MOVE, P(s), TT_SEEN_ALL, P(s), a->inst, sec, 0);
}

static void do_playagent(const xf_content *c, xf_state *s, int def, int sec, tt_events *ev)
{
    xf_player *pl = &s->pl[P(s)];
    int inst = pl->cards[tt_piles_start(pl->n, Z_HAND) + xf_hand_find(c, pl, P(s), def)];
    int k = xf_free_agent_slot(s, P(s));
    pay_rp(c, s, def, c->def[def].cost, ev);
    xf_make_public(c, s, P(s), inst, Z_AGENT, k);
    pl->agent[k] = (xf_agent){
        .inst = (uint8_t)inst, .section = (uint8_t)sec, .team = XF_NONE, .flags = AG_PURCHASED};
    tt_emit(ev, EV_AGENT, P(s), TT_SEEN_ALL, P(s), inst, sec, 0);
}

static void do_site(const xf_content *c, xf_state *s, int def, int seat, tt_events *ev)
{
    xf_player *pl = &s->pl[P(s)];
    int inst = pl->cards[tt_piles_start(pl->n, Z_HAND) + xf_hand_find(c, pl, P(s), def)];
    int k = free_site_slot(s);
    pay_rp(c, s, def, c->def[def].cost + xf_site_surcharge(c, s), ev);
    xf_site_surcharge_paid(c, s);
    xf_make_public(c, s, P(s), inst, Z_SITE, k);
    pl->site[k] = (xf_site){
        .inst = (uint8_t)inst, .directed = (uint8_t)seat, .team = XF_NONE, .flags = SI_PLACED};
    tt_emit(ev, EV_SITE, P(s), TT_SEEN_ALL, P(s), inst, seat, 0);
}

static void do_facedown(const xf_content *c, xf_state *s, int def, int k, tt_events *ev)
{
    int o = s->actor;
    xf_player *pl = &s->pl[o];
    int inst = xf_pile_move(pl, Z_HAND, xf_hand_find(c, pl, o, def), Z_FACEDOWN);
    pl->aux[inst] = XF_SITE_REF(P(s), k);
    for (int q = 0; q < c->opt.nplayers; q++) /* XF-6.8: what others knew of it ends */
        s->pl[q].known[o][0] = s->pl[q].known[o][1] = 0;
    tt_emit(ev, EV_FACEDOWN, o, TT_SEEN(o), o, inst, P(s), k);
}

static void do_sell(const xf_content *c, xf_state *s, int def, tt_events *ev)
{
    xf_player *o = &s->pl[s->actor];
    int inst = o->cards[tt_piles_start(o->n, Z_HAND) + xf_hand_find(c, o, s->actor, def)];
    int v = sell_value(&c->def[def]);
    xf_to_discard(c, s, s->actor, inst);
    o->cp += v;
    tt_emit(ev, EV_SELL, s->actor, TT_SEEN_ALL, s->actor, inst, v, 0);
}

int xf_phase_do(const xf_content *c, xf_state *s, tt_action a, tt_events *ev)
{
    int op = XF_OP(a), arg = XF_ARG(a), hi = arg >> 8, lo = arg & 0xFF;
    switch (op) {
    case A_FREEDRAW:
        tt_emit(ev, EV_FREEDRAW, P(s), TT_SEEN_ALL, P(s), arg, 0, 0);
        if (arg)
            xf_draw(c, s, P(s), ev);
        return 1;
    case A_BUY:
        buy(c, s, s->step == ST_B4 ? P(s) : s->actor, arg, ev);
        return s->step == ST_B4 || next_opponent(c, s) < 0;
    case A_SELL: do_sell(c, s, arg, ev); return 0;
    case A_HEALDECLINE: s->pl[P(s)].agent[arg].flags |= AG_DECLINED; return 0;
    case A_ABILITY:
        s->pl[P(s)].agent[hi].flags |= AG_ABILITY_USED;
        heal(c, s, P(s), lo, xf_inst_def(c, P(s), s->pl[P(s)].agent[hi].inst)->ability.n, ev);
        return !any_ability_use(c, s);
    case A_REQUISITION: do_requisition(c, s, hi, lo, ev); return 0;
    case A_EXCHANGE: do_exchange(s, hi, lo, ev); return 0;
    case A_MOVE: do_move(s, hi, lo, ev); return 0;
    case A_PLAYAGENT: do_playagent(c, s, hi, lo, ev); return 0;
    case A_TEAM: return do_team(s, hi, lo, ev);
    case A_SITE: do_site(c, s, hi, lo, ev); return 0;
    case A_POWER: xf_power_do(c, s, s->actor, a, ev); return 0;
    case A_FACEDOWN: do_facedown(c, s, hi, lo, ev); return 0;
    case A_DISCARD: return do_discard(c, s, arg, ev);
    case A_DONE: return do_done(c, s, ev);
    case A_ASSIGN: xf_inv_assign(s, hi, lo, ev); return 0;
    case A_RESOLVE: return xf_inv_do(c, s, a, ev);
    default: return 0;
    }
}

/* B3's question, one RES_SPLIT_CP Agent at a time: n of its RES to CP. */
int xf_ressplit_do(const xf_content *c, xf_state *s, int n, tt_events *ev)
{
    int k = s->decl.inst, res = xf_agent_res(c, s, P(s), k);
    xf_gain(s, P(s), POOL_RP, res - n, ev);
    xf_gain(s, P(s), POOL_CP, n, ev);
    int next = next_split(c, s, k);
    if (next < 0) {
        s->decl = (xf_decl){0};
        return 1;
    }
    s->decl.inst = (uint8_t)next;
    return 0;
}
