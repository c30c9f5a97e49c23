/* X-Files Combat (XF-5.8): an Adversary that resolves fights the Team at
 * the Site under investigation, one LRC round (unless skip_lrc) and CRC
 * rounds until it is killed, the Team is gone, or a round changes nothing
 * (XF-5.8.10a).
 *
 * Each round is a check (CK_LRC or CK_CRC) above the suspended Site check,
 * with a window its Adversary's controller opens (XF-4.3.3). When that
 * window closes, the Agents' damage goes to the Adversary and its
 * controller allocates its own (s->decl, kind A_ALLOCATE: x the points left,
 * inst 1 with split_damage); all of it applies at once (XF-5.8.7), then a
 * casualty window opens (CF_CASUALTY, P first) if an Agent is at 0, then
 * removal and the end test. The round's modifiers live in s->combat, by
 * Agent slot, then by joined combat Witness (XF_MAX_AGENTS + its index in
 * s->joined); the controller allocates to a Witness with `target <label>`
 * (one point per action with split_damage). Playout path: no allocation. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/round.h"
#include "games/xfiles/xfiles.h"

#define P(s) ((s)->active)

/* POSSESSION (XF-9.13.1): the possessed Agent's slot while it is still in
 * the Team at the Site, or -1. */
static int possessed(const xf_state *s)
{
    int k = s->combat.possessed - 1;
    return k >= 0 && (xf_site_team(s, AG_SET_ASIDE) >> k & 1) ? k : -1;
}

unsigned xf_agent_side(const xf_content *c, const xf_state *s)
{
    (void)c; /* XF-5.8.3: flagged Agents fight too, dealing 0 */
    if (!s->combat.on)
        return 0;
    unsigned side = xf_site_team(s, AG_SET_ASIDE);
    return possessed(s) >= 0 ? side & ~(1u << possessed(s)) : side;
}

unsigned xf_witness_side(const xf_state *s)
{
    if (!s->combat.on || s->investigating == XF_NONE)
        return 0;
    unsigned w = 0;
    int team = s->pl[P(s)].site[s->investigating].team;
    for (int j = 0; j < s->njoined; j++)
        if (s->joined[j].team == team)
            w |= 1u << j;
    return w;
}

static const xf_def *witness(const xf_content *c, const xf_state *s, int j)
{
    return xf_inst_def(c, s->joined[j].seat, s->joined[j].inst);
}

static int crc_round(const xf_state *s)
{
    return s->check[s->nchecks - 1].kind == CK_CRC;
}

/* XF-5.8.5: an Agent's outgoing damage this round. */
static int agent_out(const xf_content *c, const xf_state *s, int k)
{
    if (s->pl[P(s)].agent[k].flags & AG_HEALED)
        return 0;
    int r = crc_round(s) ? SK_CRC : SK_LRC;
    int v =
        xf_perm_stat(c, s, P(s), k, r) + xf_best_equipment(c, s, P(s), k, r) + s->combat.bonus[k];
    return v < 0 ? 0 : v;
}

/* XF-5.8.5: a combat Witness's outgoing damage: its own LRC or CRC. */
static int witness_out(const xf_content *c, const xf_state *s, int j)
{
    const xf_def *d = witness(c, s, j);
    int base = crc_round(s) ? d->crc : d->lrc == XF_NA ? 0 : d->lrc;
    int v = base + s->combat.bonus[XF_MAX_AGENTS + j];
    return v < 0 ? 0 : v;
}

static const xf_def *adversary(const xf_content *c, const xf_state *s)
{
    return xf_inst_def(c, s->combat.adv_seat, s->combat.adv_inst);
}

/* The Adversary's outgoing damage, and the possessed Agent's fighting for it. */
static int adv_out(const xf_content *c, const xf_state *s)
{
    const xf_def *d = adversary(c, s);
    int base = crc_round(s) ? d->crc : d->lrc == XF_NA ? 0 : d->lrc;
    int v = base + s->combat.adv_bonus;
    return (v < 0 ? 0 : v) + (possessed(s) >= 0 ? agent_out(c, s, possessed(s)) : 0);
}

int xf_combat_out(const xf_content *c, const xf_state *s, int slot)
{
    return slot < 0               ? adv_out(c, s)
           : slot < XF_MAX_AGENTS ? agent_out(c, s, slot)
                                  : witness_out(c, s, slot - XF_MAX_AGENTS);
}

static void begin_round(const xf_content *c, xf_state *s, int round, tt_events *ev)
{
    xf_combat *x = &s->combat;
    x->round = (uint8_t)round;
    x->adv_bonus = 0;
    x->adv_reduce = x->adv_hit = x->adv_left = 0;
    memset(x->bonus, 0, sizeof x->bonus);
    memset(x->reduce, 0, sizeof x->reduce);
    memset(x->hit, 0, sizeof x->hit);
    int k = s->nchecks++;
    s->check[k] = (xf_check){.kind = round ? CK_CRC : CK_LRC,
                             .skill = round ? SK_CRC : SK_LRC,
                             .site = s->investigating,
                             .source = XF_NONE,
                             .window = s->nrounds};
    xf_open_window(c, s, x->adv_seat, XF_WINDOW_CHECK + k);
    tt_emit(ev, EV_COMBAT, x->adv_seat, TT_SEEN_ALL, x->adv_seat, x->adv_inst, round, 0);
}

static void end_combat(const xf_content *c, xf_state *s, int killed, tt_events *ev);

/* XF-9.12.1 item 7: the Agent in slot k goes to the Hospital and the
 * Adversary is discarded, its Combat over with no round fought. */
static void basic_hospital(const xf_content *c, xf_state *s, int k, tt_events *ev)
{
    xf_agent *a = &s->pl[P(s)].agent[k];
    a->section = SEC_HOSPITAL;
    a->team = XF_NONE;
    tt_emit(ev, EV_HOSPITAL, P(s), TT_SEEN_ALL, P(s), a->inst, 0, 0);
    end_combat(c, s, 0, ev);
}

/* XF-9.12.1 item 7: no rounds; the Adversary's controller chooses the Agent
 * of the Team it sends away (implied when the Team has one, as XF-5.8.6
 * implies an allocation). */
static void basic_adversary(const xf_content *c, xf_state *s, tt_events *ev)
{
    unsigned side = xf_agent_side(c, s);
    if (!(side & (side - 1))) {
        int k = 0;
        while (!(side >> k & 1))
            k++;
        basic_hospital(c, s, k, ev);
        return;
    }
    s->decl = (xf_decl){.kind = A_ALLOCATE, .seat = s->combat.adv_seat, .x = 1};
}

void xf_combat_start(const xf_content *c, xf_state *s, int seat, int inst, tt_events *ev)
{
    xf_make_public(c, s, seat, inst, Z_COMBAT, 0);
    s->combat = (xf_combat){.on = 1, .adv_seat = (uint8_t)seat, .adv_inst = (uint8_t)inst};
    xf_powers_combat_begin(c, s, seat);
    if (!xf_agent_side(c, s)) { /* XF-5.8.10: no Agent of the Team is left to fight (it went
                                   to the Hospital while the Adversary waited): no round,
                                   not even for a combat Witness; the Adversary is discarded */
        end_combat(c, s, 0, ev);
        return;
    }
    if (c->opt.basic)
        basic_adversary(c, s, ev);
    else
        begin_round(c, s, xf_inst_def(c, seat, inst)->skip_lrc ? 1 : 0, ev);
}

/* XF-5.8.10: the Adversary goes; the Site check resumes, P first. */
static void end_combat(const xf_content *c, xf_state *s, int killed, tt_events *ev)
{
    int seat = s->combat.adv_seat, inst = s->combat.adv_inst;
    tt_emit(ev, EV_COMBAT_END, seat, TT_SEEN_ALL, seat, inst, killed, 0);
    xf_to_discard(c, s, seat, inst);
    memset(&s->combat, 0, sizeof s->combat);
    tt_round *r = &s->rounds[s->check[0].window];
    tt_round_restart(r, r->start);
}

static int at_zero(const xf_content *c, const xf_state *s, int k)
{
    return s->pl[P(s)].agent[k].damage >= xf_perm_health(c, s, P(s), k);
}

/* XF-5.8.9, 5.8.10: removal and the end test. */
static void removal(const xf_content *c, xf_state *s, tt_events *ev)
{
    unsigned side = xf_agent_side(c, s);
    xf_check *k = &s->check[s->nchecks - 1];
    int quiet = k->kind == CK_CRC && !(k->flags & CF_PLAYED) && !k->pad;
    for (int slot = 0; slot < XF_MAX_AGENTS; slot++)
        if ((side >> slot & 1) && at_zero(c, s, slot)) {
            xf_agent *a = &s->pl[P(s)].agent[slot];
            a->section = SEC_HOSPITAL;
            a->team = XF_NONE;
            tt_emit(ev, EV_HOSPITAL, P(s), TT_SEEN_ALL, P(s), a->inst, 0, 0);
        }
    unsigned wside = xf_witness_side(s);      /* XF-5.8.9: a Witness at 0 is discarded */
    for (int j = s->njoined - 1; j >= 0; j--) /* the last first: unjoining moves the later ones */
        if ((wside >> j & 1) && s->joined[j].damage >= witness(c, s, j)->health) {
            tt_emit(ev, EV_DISCARD, s->joined[j].seat, TT_SEEN_ALL, s->joined[j].seat,
                    s->joined[j].inst, 0, 0);
            xf_to_discard(c, s, s->joined[j].seat, s->joined[j].inst);
        }
    int killed = s->combat.adv_damage >= adversary(c, s)->health;
    int round = s->combat.round;
    s->nchecks--;
    if (killed || !xf_agent_side(c, s) || quiet) /* XF-5.8.10a: a quiet CRC round */
        end_combat(c, s, killed, ev);
    else
        begin_round(c, s, round + 1, ev);
}

/* XF-5.8.7: every hit at once, reductions first. */
static void apply_round(const xf_content *c, xf_state *s, tt_events *ev)
{
    xf_combat *x = &s->combat;
    xf_check *k = &s->check[s->nchecks - 1];
    unsigned side = xf_agent_side(c, s);
    int any = 0;
    for (int slot = 0; slot < XF_MAX_AGENTS; slot++) {
        if (!(side >> slot & 1))
            continue;
        int recv = x->hit[slot] - x->reduce[slot] - xf_best_equipment(c, s, P(s), slot, -1);
        if (recv <= 0)
            continue;
        xf_agent *a = &s->pl[P(s)].agent[slot];
        int h = xf_perm_health(c, s, P(s), slot);
        a->damage = (uint8_t)(a->damage + recv > h ? h : a->damage + recv);
        s->pl[P(s)].pw.hurt |= (uint16_t)(1u << slot); /* POSSESSION (XF-9.13.1) */
        any = 1;
        tt_emit(ev, EV_HIT, P(s), TT_SEEN_ALL, P(s), a->inst, recv, 0);
    }
    unsigned wside = xf_witness_side(s);
    for (int j = 0; j < s->njoined; j++) { /* no armor: Equipment is the Agents' (XF-5.8.7) */
        int r = x->hit[XF_MAX_AGENTS + j] - x->reduce[XF_MAX_AGENTS + j];
        if (!(wside >> j & 1) || r <= 0)
            continue;
        int h = witness(c, s, j)->health, d = s->joined[j].damage + r;
        s->joined[j].damage = (uint8_t)(d > h ? h : d);
        any = 1;
        tt_emit(ev, EV_HIT, s->joined[j].seat, TT_SEEN_ALL, s->joined[j].seat, s->joined[j].inst, r,
                0);
    }
    int recv = x->adv_hit - x->adv_reduce - adversary(c, s)->damage_reduction;
    if (recv > 0) {
        int h = adversary(c, s)->health;
        x->adv_damage = (uint8_t)(x->adv_damage + recv > h ? h : x->adv_damage + recv);
        any = 1;
        tt_emit(ev, EV_HIT, x->adv_seat, TT_SEEN_ALL, x->adv_seat, x->adv_inst, recv, 0);
    }
    k->pad = (uint8_t)any;
    int casualty = 0;
    for (int slot = 0; slot < XF_MAX_AGENTS; slot++)
        casualty |= (side >> slot & 1) && at_zero(c, s, slot);
    for (int j = 0; j < s->njoined; j++)
        casualty |= (wside >> j & 1) && s->joined[j].damage >= witness(c, s, j)->health;
    if (casualty) { /* XF-5.8.8 */
        k->flags |= CF_CASUALTY;
        xf_open_window(c, s, P(s), XF_WINDOW_CASUALTY);
        return;
    }
    removal(c, s, ev);
}

int xf_casualty_closed(const xf_content *c, xf_state *s, tt_events *ev)
{
    s->check[s->nchecks - 1].flags &= (uint8_t)~CF_CASUALTY;
    removal(c, s, ev);
    return 0;
}

/* The round's window closed: the Agents' damage to the Adversary, then its
 * own to allocate (XF-5.8.6). */
int xf_round_closed(const xf_content *c, xf_state *s, tt_events *ev)
{
    xf_combat *x = &s->combat;
    unsigned side = xf_agent_side(c, s);
    int total = 0, n = 0, last = 0;
    for (int k = 0; k < XF_MAX_AGENTS; k++)
        if (side >> k & 1) {
            total += agent_out(c, s, k);
            n++, last = k;
        }
    unsigned wside = xf_witness_side(s);
    for (int j = 0; j < s->njoined; j++)
        if (wside >> j & 1) {
            total += witness_out(c, s, j);
            n++, last = XF_MAX_AGENTS + j;
        }
    x->adv_hit = (uint8_t)(total > 255 ? 255 : total);
    int d = adv_out(c, s);
    if (d > 0 && n == 1) /* one target: the allocation is implied */
        x->hit[last] = (uint8_t)d;
    else if (d > 0 && n > 1) {
        s->decl = (xf_decl){.kind = A_ALLOCATE,
                            .seat = x->adv_seat,
                            .x = (uint8_t)d,
                            .inst = adversary(c, s)->split_damage};
        return 0;
    }
    apply_round(c, s, ev);
    return 0;
}

/* `target <witness>` during an allocation: the joined Witness's index, or -1. */
static int alloc_witness(const xf_state *s, tt_action a)
{
    int seat = XF_ARG(a) >> 8, inst = XF_ARG(a) & 0xFF;
    unsigned wside = xf_witness_side(s);
    for (int j = 0; j < s->njoined; j++)
        if ((wside >> j & 1) && s->joined[j].seat == seat && s->joined[j].inst == inst)
            return j;
    return -1;
}

int xf_alloc_check(const xf_content *c, const xf_state *s, tt_action a, tt_error *err)
{
    int arg = XF_ARG(a), k = arg >> 8, n = arg & 0xFF;
    if (c->opt.basic &&
        (XF_OP(a) != A_ALLOCATE || k >= XF_MAX_AGENTS || !(xf_agent_side(c, s) >> k & 1) || n != 0))
        return TT_REFUSE("XF-9.12.1", NULL,
                         "the Adversary sends one Agent of the Team to the Hospital (item 7)");
    if (XF_OP(a) == A_TARGET && alloc_witness(s, a) >= 0)
        return TT_OK;
    if (XF_OP(a) != A_ALLOCATE || k >= XF_MAX_AGENTS || !(xf_agent_side(c, s) >> k & 1))
        return TT_REFUSE("XF-5.8.6", NULL,
                         "allocate the Adversary's %d damage to an Agent in "
                         "the Combat",
                         s->decl.x);
    if (s->decl.inst ? n < 1 || n > s->decl.x : n != 0)
        return TT_REFUSE("XF-5.8.6", NULL, "%s",
                         s->decl.inst ? "split damage: 1 to the points left"
                                      : "all of it goes to one combatant");
    return TT_OK;
}

int xf_alloc_options(const xf_content *c, const xf_state *s, tt_action *out)
{
    int m = 0;
    unsigned side = xf_agent_side(c, s);
    for (int k = 0; k < XF_MAX_AGENTS; k++) {
        if (!(side >> k & 1))
            continue;
        if (!s->decl.inst)
            out[m++] = XF_ACTION(A_ALLOCATE, k << 8);
        for (int n = 1; s->decl.inst && n <= s->decl.x; n++)
            out[m++] = XF_ACTION(A_ALLOCATE, k << 8 | n);
    }
    unsigned wside = c->opt.basic ? 0 : xf_witness_side(s); /* Basic: an Agent (item 7) */
    for (int j = 0; j < s->njoined; j++)
        if (wside >> j & 1)
            out[m++] = XF_ACTION(A_TARGET, s->joined[j].seat << 8 | s->joined[j].inst);
    return m;
}

void xf_alloc_do(const xf_content *c, xf_state *s, tt_action a, tt_events *ev)
{
    int k = XF_ARG(a) >> 8, n = XF_ARG(a) & 0xFF;
    if (c->opt.basic) {
        s->decl = (xf_decl){0};
        basic_hospital(c, s, k, ev);
        return;
    }
    if (XF_OP(a) == A_TARGET) /* a Witness: all of it, or one point when split */
        k = XF_MAX_AGENTS + alloc_witness(s, a), n = s->decl.inst ? 1 : 0;
    if (!n)
        n = s->decl.x;
    s->combat.hit[k] = (uint8_t)(s->combat.hit[k] + n);
    s->decl.x = (uint8_t)(s->decl.x - n);
    if (s->decl.x)
        return;
    s->decl = (xf_decl){0};
    apply_round(c, s, ev);
}
