/* X-Files card play in windows (XF-5.0.8), the stack (XF-4.3) and
 * resolution (XF-5.0.9).
 *
 * `play <card>` opens a declaration in s->decl; its stages (mode, target, X,
 * section, keyword change, side: enum xf_stage) follow one atomic action
 * each, and the target is filled by itself when only one is legal
 * (XF-5.10.2). Each answer is accepted only if some completion of the whole
 * declaration passes every check of XF-5.0.8, so a play once begun always
 * ends on the stack and `legal` never lists a dead end. The card is paid for
 * and moves to the stack only when the last stage is answered; until then
 * it stays in the hand.
 *
 * A stack card records its window (XF-4.3.2a); the flow (turn.c) resolves
 * the top card when its window closes with every player passed. Playout
 * path: no allocation; messages are written only when err is given. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "core/pile.h"
#include "core/round.h"
#include "games/xfiles/xfiles.h"

#define P(s) ((s)->active)

static const xf_def *decl_def(const xf_content *c, const xf_decl *d)
{
    return xf_inst_def(c, d->seat, d->inst);
}

static const xf_mode *decl_mode(const xf_content *c, const xf_decl *d)
{
    const xf_def *def = decl_def(c, d);
    return &def->mode[def->nmodes > 1 ? d->mode : 0];
}

static int site_scs_open(const xf_state *s)
{
    return s->nchecks > 0 && s->check[0].kind == CK_SITE;
}

/* The innermost open non-combat check, or NULL. */
static const xf_check *noncombat_check(const xf_state *s)
{
    for (int k = s->nchecks - 1; k >= 0; k--)
        if (s->check[k].kind == CK_SITE || s->check[k].kind == CK_FORCED)
            return &s->check[k];
    return NULL;
}

static int combat_window(const xf_state *s)
{
    return s->combat.on && s->nchecks > 0 &&
           (s->check[s->nchecks - 1].kind == CK_LRC || s->check[s->nchecks - 1].kind == CK_CRC);
}

static int directed(const xf_state *s)
{
    return s->investigating == XF_NONE ? XF_NONE : s->pl[P(s)].site[s->investigating].directed;
}

static int mode_has(const xf_mode *m, int op)
{
    for (int k = 0; k < m->neffects; k++)
        if (m->effect[k].op == op)
            return 1;
    return 0;
}

/* --- paying (XF-5.0.4, 9.10.4) -------------------------------------------------------------- */

/* The pool seat pays def from, or -1 when its marker forbids him. */
static int pay_pool(const xf_content *c, const xf_state *s, const xf_decl *d)
{
    int pool = decl_def(c, d)->pool, seat = d->seat;
    if (c->opt.nplayers >= 3 && site_scs_open(s) && seat != P(s) && seat != directed(s)) {
        if (pool == POOL_ANY) /* XF-9.10.4: the side he declared */
            return d->side ? POOL_CP : POOL_RP;
        return pool;
    }
    if (seat == P(s))
        return pool == POOL_CP ? -1 : POOL_RP;
    return pool == POOL_RP ? -1 : POOL_CP;
}

static int price(const xf_content *c, const xf_state *s, const xf_decl *d)
{
    const xf_def *def = decl_def(c, d);
    if (c->opt.basic) /* XF-9.12.1 item 3: costs are ignored */
        return 0;
    int cost = def->cost == XF_COST_X ? d->x : def->cost;
    if (c->opt.powers) /* XF-9.13.1: MANIPULATION, SECURITY, DEATH, VIOLENCE */
        cost -= xf_power_discount(c, s, d, pay_pool(c, s, d));
    return cost < 0 ? 0 : cost;
}

int xf_token_for(const xf_content *c, const xf_state *s, int seat, int def)
{
    if (seat != P(s))
        return -1;
    for (int k = 0; k < XF_MAX_AGENTS; k++) {
        const xf_agent *a = &s->pl[seat].agent[k];
        if (a->inst == XF_NONE || (a->flags & (AG_PURCHASED | AG_TOKEN_USED)) ||
            (a->section == SEC_HOSPITAL && a->damage > 0))
            continue;
        const xf_ability *ab = &xf_inst_def(c, seat, a->inst)->ability;
        if (ab->op == AB_DEDICATED_TOKEN && ((ab->keywords.bit[0] & c->def[def].kw.bit[0]) ||
                                             (ab->keywords.bit[1] & c->def[def].kw.bit[1])))
            return k;
    }
    return -1;
}

/* XF-9.3.9: the Investigating Player's TRIGGER_GAIN resources answer a card
 * paid for in his turn. */
void xf_paid(const xf_content *c, xf_state *s, int def, tt_events *ev)
{
    int p = P(s);
    if (c->opt.basic) /* XF-9.12.1 item 3: nothing is paid, no pool gains */
        return;
    for (int i = 0; i < c->deck[p].ncards; i++) {
        if (xf_zone(&s->pl[p], i) != Z_RESOURCE)
            continue;
        const xf_mode *m = &xf_inst_def(c, p, i)->mode[0];
        for (int k = 0; k < m->neffects; k++)
            if (xf_zone(&s->pl[p], i) == Z_RESOURCE && m->effect[k].op == OP_TRIGGER_GAIN &&
                xf_words_has(&c->def[def].kw, m->effect[k].word)) {
                xf_gain(s, p, m->effect[k].pool, m->effect[k].n, ev);
                xf_resource_applied(c, s, p, i, ev);
            }
    }
}

/* The token is looked for only when it would decide: it is worth one point. */
static int can_pay(const xf_content *c, const xf_state *s, const xf_decl *d, int pool)
{
    const xf_player *pl = &s->pl[d->seat];
    int have = pool == POOL_RP ? pl->rp : pl->cp, cost = price(c, s, d);
    if (have >= cost)
        return 1;
    return pool == POOL_RP && have + 1 == cost &&
           xf_token_for(c, s, d->seat, c->deck[d->seat].def[d->inst]) >= 0;
}

/* --- targets ----------------------------------------------------------------------------------- */

static int in_site_team(const xf_state *s, int slot)
{
    if (s->investigating == XF_NONE)
        return 0;
    const xf_agent *a = &s->pl[P(s)].agent[slot];
    return a->inst != XF_NONE && a->section == SEC_FIELD &&
           a->team == s->pl[P(s)].site[s->investigating].team && !(a->flags & AG_SET_ASIDE);
}

xf_words xf_card_words(const xf_content *c, const xf_state *s, int p, int inst)
{
    xf_words w = xf_inst_def(c, p, inst)->kw;
    for (int i = 0; i < s->nkwc; i++) {
        const xf_kwchange *k = &s->kwc[i];
        if (k->seat == p && k->inst == inst && xf_words_has(&w, k->from)) {
            w.bit[k->from >> 6] &= ~(1ull << (k->from & 63));
            xf_words_add(&w, k->to);
        }
    }
    return w;
}

/* The keywords of the card (seat, inst) as they are now. */
static xf_words card_words(const xf_content *c, const xf_state *s, int seat, int inst)
{
    return xf_card_words(c, s, seat, inst);
}

static void words_union(xf_words *w, const xf_words *x)
{
    w->bit[0] |= x->bit[0];
    w->bit[1] |= x->bit[1];
}

/* XF-2.12.3: the context of a play; 0 when none exists. */
static int context(const xf_content *c, const xf_state *s, const xf_decl *d, xf_words *w)
{
    const xf_mode *m = decl_mode(c, d);
    *w = (xf_words){{0, 0}};
    /* XF-2.6.2: an Adversary's target is always the Team at the Site */
    if (m->target == TG_TEAM || decl_def(c, d)->type == TY_ADVERSARY) {
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            if (in_site_team(s, k)) {
                xf_words a = card_words(c, s, P(s), s->pl[P(s)].agent[k].inst);
                words_union(w, &a);
            }
        return 1;
    }
    if (d->tinst != XF_NONE && m->target != TG_NONE && m->target != TG_OPPONENT) {
        *w = card_words(c, s, d->tseat, d->tinst);
        return 1;
    }
    if (s->investigating == XF_NONE)
        return 0;
    *w = card_words(c, s, P(s), s->pl[P(s)].site[s->investigating].inst);
    const xf_check *k = noncombat_check(s);
    if (k)
        xf_words_add(w, k->skill);
    return 1;
}

/* A section token: the target Agent is there; a Team target, all of it. */
static int in_section(const xf_content *c, const xf_state *s, const xf_decl *d, int sec)
{
    const xf_mode *m = decl_mode(c, d);
    if (m->target == TG_TEAM) {
        int any = 0;
        for (int k = 0; k < XF_MAX_AGENTS; k++)
            if (in_site_team(s, k)) {
                any = 1;
                if (s->pl[P(s)].agent[k].section != sec)
                    return 0;
            }
        return any;
    }
    if (d->tinst == XF_NONE || d->tseat == XF_NONE)
        return 0;
    int slot = xf_agent_slot(s, d->tseat, d->tinst);
    return slot >= 0 && s->pl[d->tseat].agent[slot].section == sec;
    (void)c;
}

static int atom_ok(const xf_content *c, const xf_state *s, const xf_decl *d, const xf_atom *a,
                   const xf_words *ctx, int has_ctx)
{
    switch (a->kind) {
    case AT_ACTIVE: return d->seat == P(s);
    case AT_CONSPIRACY: return d->seat != P(s);
    case AT_PHASE: return s->phase == a->arg;
    case AT_COMBAT: return s->combat.on;
    case AT_SECTION: return in_section(c, s, d, a->arg);
    case AT_SITE: return site_scs_open(s);
    case AT_CAT_SITE: {
        if (s->investigating == XF_NONE)
            return 0;
        if (c->opt.powers && xf_power_skips_site(c, s, d->seat, d->inst)) /* XF-9.13.1 */
            return 1;
        xf_words w = card_words(c, s, P(s), s->pl[P(s)].site[s->investigating].inst);
        return xf_words_has(&w, W_AFFILIATION + a->arg);
    }
    default: return has_ctx && xf_words_has(ctx, a->arg);
    }
}

/* XF-2.12.1: every token, a token by any of its alternatives. */
static int activators_ok(const xf_content *c, const xf_state *s, const xf_decl *d)
{
    const xf_def *def = decl_def(c, d);
    xf_words ctx;
    int has = context(c, s, d, &ctx);
    for (int t = 0; t < def->nactivators; t++) {
        int ok = 0;
        for (int k = 0; k < def->activator[t].nalt && !ok; k++)
            ok = atom_ok(c, s, d, &def->activator[t].alt[k], &ctx, has);
        if (!ok)
            return 0;
    }
    return 1;
}

static int on_stack(const xf_state *s, int seat, int inst)
{
    return seat < XF_MAX_PLAYERS && inst < XF_MAX_CARDS && xf_zone(&s->pl[seat], inst) == Z_STACK;
}

/* Whether the declared target fits the mode's target kind (XF-2.14.1). */
static int target_fits(const xf_content *c, const xf_state *s, const xf_decl *d)
{
    const xf_mode *m = decl_mode(c, d);
    int ts = d->tseat, ti = d->tinst, np = c->opt.nplayers;
    switch (m->target) {
    case TG_NONE: return ts == XF_NONE;
    case TG_OPPONENT:
        return ti == XF_NONE && ts < np && ts != d->seat && !(s->pl[ts].flags & PL_CONCEDED);
    case TG_OWN_AGENT: return ts == d->seat && xf_agent_slot(s, ts, ti) >= 0;
    case TG_TEAM: return site_scs_open(s) && ts == P(s) && ti == XF_NONE;
    case TG_TEAM_AGENT: {
        int slot = ts == P(s) ? xf_agent_slot(s, ts, ti) : -1;
        return site_scs_open(s) && slot >= 0 && in_site_team(s, slot);
    }
    case TG_SITE:
        return site_scs_open(s) && ts == P(s) && ti == s->pl[P(s)].site[s->investigating].inst;
    case TG_STACK_CARD: return ts < np && on_stack(s, ts, ti);
    case TG_INPLAY_CARD:
        return ts < np && ti < XF_MAX_CARDS && xf_zone(&s->pl[ts], ti) == Z_RESOURCE;
    case TG_COMBATANT: {
        if (!s->combat.on || ts >= np || ti >= XF_MAX_CARDS)
            return 0;
        if (xf_zone(&s->pl[ts], ti) == Z_COMBAT) /* the Adversary, or a Witness in it */
            return !s->pl[ts].aux[ti] || (xf_witness_side(s) >> (s->pl[ts].aux[ti] - 1) & 1);
        int slot = ts == P(s) ? xf_agent_slot(s, ts, ti) : -1;
        return slot >= 0 && in_site_team(s, slot) && s->pl[ts].agent[slot].section != SEC_HOSPITAL;
    }
    default: return 0;
    }
}

static int negate_fits(const xf_content *c, const xf_state *s, const xf_decl *d, int what)
{
    if (d->tinst == XF_NONE || d->tseat >= c->opt.nplayers)
        return 0;
    const xf_def *t = xf_inst_def(c, d->tseat, d->tinst);
    xf_words tw = card_words(c, s, d->tseat, d->tinst);
    int stack = on_stack(s, d->tseat, d->tinst);
    switch (what) {
    case NG_ADVERSARY: return stack && t->type == TY_ADVERSARY;
    case NG_EVENT: return stack && t->type == TY_EVENT;
    case NG_WITNESS: return stack && t->type == TY_WITNESS;
    case NG_BLUFF: return stack && xf_words_has(&tw, W_BLUFF);
    case NG_RESOURCE: return xf_zone(&s->pl[d->tseat], d->tinst) == Z_RESOURCE;
    default: return stack || xf_zone(&s->pl[d->tseat], d->tinst) == Z_RESOURCE;
    }
}

/* The index in s->joined of the declared target, when it is a joined
 * combat Witness; else -1. */
static int joined_index(const xf_state *s, const xf_decl *d)
{
    if (d->tseat >= XF_MAX_PLAYERS || d->tinst >= XF_MAX_CARDS ||
        xf_zone(&s->pl[d->tseat], d->tinst) != Z_COMBAT)
        return -1;
    return s->pl[d->tseat].aux[d->tinst] - 1;
}

/* XF-9.3.6: sent to a Site this turn, whether or not the Site is still in
 * play and the Agent still in its Team (it may lie in the Hospital now). */
static int assigned(const xf_state *s, int p, int slot)
{
    return s->pl[p].assigned >> slot & 1;
}

/* XF-2.14.1's "legal only when" column, for one effect; 0 or the refusal.
 * It reads the mode, the target and `to`, and an unanswered `to` (XF_NONE)
 * passes: completes() prunes on it as soon as the target is answered. */
static int effect_ok(const xf_content *c, const xf_state *s, const xf_decl *d, const xf_effect *e,
                     tt_error *err)
{
    const xf_check *k = noncombat_check(s);
    int slot = d->tseat < XF_MAX_PLAYERS && d->tinst != XF_NONE
                   ? xf_agent_slot(s, d->tseat, d->tinst)
                   : -1;
    switch (e->op) {
    case OP_SKILL_BONUS:
        if (!k || combat_window(s) || (e->skill != SK_CHECK && e->skill != k->skill))
            return TT_REFUSE("XF-2.14.1", NULL,
                             "SKILL_BONUS %s needs the innermost open check "
                             "to be one of %s",
                             e->skill == SK_CHECK ? "CHECK" : xf_skill_name(e->skill),
                             e->skill == SK_CHECK ? "any skill" : xf_skill_name(e->skill));
        return TT_OK;
    case OP_THRESHOLD_MOD:
    case OP_LIMIT_TEAM:
        return site_scs_open(s) ? TT_OK
                                : TT_REFUSE("XF-2.14.1", NULL, "%s needs a Site investigation",
                                            xf_op_name(e->op));
    case OP_FORCE_CHECK:
        if (!site_scs_open(s))
            return TT_REFUSE("XF-2.14.1", NULL, "FORCE_CHECK needs a Site investigation");
        if (s->nchecks >= XF_CHECK_DEPTH_MAX)
            return TT_REFUSE("XF-2.18.2", NULL, "CHECK_DEPTH_MAX: %d checks are open",
                             XF_CHECK_DEPTH_MAX);
        return TT_OK;
    case OP_NEGATE:
        return negate_fits(c, s, d, e->what)
                   ? TT_OK
                   : TT_REFUSE("XF-2.14.1", NULL, "NEGATE needs a target of the kind it names");
    case OP_HEAL:
        if (joined_index(s, d) >= 0) /* a combat Witness of the player's (XF-2.14.1) */
            return d->tseat == d->seat && s->joined[joined_index(s, d)].damage > 0
                       ? TT_OK
                       : TT_REFUSE("XF-2.14.1", NULL,
                                   "HEAL needs one of the player's damaged "
                                   "Agents or combat Witnesses");
        return slot >= 0 && d->tseat == d->seat && s->pl[d->tseat].agent[slot].damage > 0
                   ? TT_OK
                   : TT_REFUSE("XF-2.14.1", NULL, "HEAL needs one of the player's damaged Agents");
    case OP_DAMAGE:
        return slot >= 0 ? TT_OK : TT_REFUSE("XF-2.14.1", NULL, "DAMAGE needs an Agent");
    case OP_MOVE_AGENT:
        if (slot < 0 || (s->pl[d->tseat].agent[slot].section == SEC_HOSPITAL &&
                         !xf_can_leave_hospital(c, s, d->tseat, slot)))
            return TT_REFUSE("XF-5.2.4", NULL, "the Agent may not leave the Hospital");
        if (assigned(s, d->tseat, slot))
            return TT_REFUSE("XF-9.3.6", NULL, "the Agent is assigned to a Site this turn");
        if (d->to != XF_NONE && !(e->sections >> d->to & 1))
            return TT_REFUSE("XF-2.14.1", NULL, "MOVE_AGENT cannot move it to the %s",
                             xf_section_name(d->to));
        return TT_OK;
    case OP_PERMANENT_MOD:
        if (slot < 0)
            return TT_REFUSE("XF-2.14.1", NULL, "PERMANENT_MOD needs an Agent");
        if (s->pl[d->tseat].agent[slot].nattached >= XF_MAX_ATTACHED)
            return TT_REFUSE("XF-2.18.2", NULL, "MAX_ATTACHED: the Agent carries %d cards",
                             XF_MAX_ATTACHED);
        return TT_OK;
    case OP_COMBAT_BONUS:
    case OP_DAMAGE_REDUCE:
        return combat_window(s)
                   ? TT_OK
                   : TT_REFUSE("XF-2.14.1", NULL, "%s needs a Combat round", xf_op_name(e->op));
    case OP_CHANGE_KEYWORD: {
        if (d->tinst == XF_NONE)
            return TT_REFUSE("XF-2.14.1", NULL, "CHANGE_KEYWORD needs a target card");
        if (s->nkwc >= XF_MAX_KWCHANGES)
            return TT_REFUSE("XF-2.18.2", NULL, "%d keyword changes are in force",
                             XF_MAX_KWCHANGES);
        xf_words w = card_words(c, s, d->tseat, d->tinst);
        int any = 0;
        for (int i = 0; i < e->nfrom; i++)
            any |= xf_words_has(&w, e->from[i]);
        if (!any)
            return TT_REFUSE("XF-2.14.1", NULL, "the target has none of the keywords to change");
        if (d->change_from != XF_NONE) {
            int from_ok = 0, to_ok = 0;
            for (int i = 0; i < e->nfrom; i++)
                from_ok |= e->from[i] == d->change_from;
            for (int i = 0; i < e->nto; i++)
                to_ok |= e->to[i] == d->change_to;
            if (!from_ok || !to_ok || !xf_words_has(&w, d->change_from))
                return TT_REFUSE("XF-2.14.1", NULL, "that keyword change is not on the card");
        }
        return TT_OK;
    }
    case OP_JOIN_COMBAT:
        if (!decl_def(c, d)->combat_witness || !site_scs_open(s))
            return TT_REFUSE("XF-2.14.1", NULL, "JOIN_COMBAT needs the investigating Team");
        if (s->njoined >= XF_MAX_JOINED)
            return TT_REFUSE("XF-2.18.2", NULL, "%d combat Witnesses are joined", XF_MAX_JOINED);
        return TT_OK;
    default: return TT_OK;
    }
}

/* --- the checklist of XF-5.0.8 --------------------------------------------------------------- */

/* Items 2, 3 (marker), 6, 7 and the stack limit: what needs no declaration. */
static int check_card(const xf_content *c, const xf_state *s, const xf_decl *d, tt_error *err)
{
    const xf_def *def = decl_def(c, d);
    int type = def->type;
    if (type == TY_AGENT || type == TY_EQUIPMENT || type == TY_SITE || type == TY_XFILE)
        return TT_REFUSE("XF-5.0.11", NULL, "a %s is not played in a window", xf_type_name(type));
    if (type == TY_COMBAT && !combat_window(s))
        return TT_REFUSE("XF-5.0.11", NULL, "Combat cards are played in a Combat round only");
    if (type != TY_COMBAT && combat_window(s))
        return TT_REFUSE("XF-5.8.2", NULL, "only Combat cards while the Combat goes on");
    if ((type == TY_ADVERSARY || type == TY_BLUFF) && !site_scs_open(s))
        return TT_REFUSE("XF-5.0.11", NULL, "a %s is played during a Site investigation",
                         xf_type_name(type));
    xf_decl a = *d, b = *d; /* an undeclared side: either will do */
    a.side = d->side == XF_NONE ? 0 : d->side;
    b.side = d->side == XF_NONE ? 1 : d->side;
    if (pay_pool(c, s, &a) < 0 && pay_pool(c, s, &b) < 0)
        return TT_REFUSE("XF-5.0.4", NULL, "p%d may not pay a %s card now", d->seat,
                         xf_pool_name(def->pool));
    if (type == TY_WITNESS) {
        const xf_check *k = noncombat_check(s);
        if (k && (k->witnesses >> def->witness_name & 1))
            return TT_REFUSE("XF-5.7.5", NULL, "a Witness named %s was played in this check",
                             def->name);
    }
    if (type == TY_ADVERSARY) {
        for (int i = 0; i < s->nstack; i++)
            if (xf_inst_def(c, xf_sc_seat(&s->stack[i]), s->stack[i].inst)->type == TY_ADVERSARY)
                return TT_REFUSE("XF-5.8.1", NULL, "an Adversary is on the stack");
        if (s->combat.on)
            return TT_REFUSE("XF-5.8.1", NULL, "a Combat is in progress");
        if (s->check[s->nchecks - 1].kind != CK_SITE)
            return TT_REFUSE("XF-5.8.1a", NULL, "the innermost open check is not the Site check");
        if (!xf_contributing(c, s))
            return TT_REFUSE("XF-5.8.1", NULL, "the Team has no contributing Agent left");
    }
    if (type == TY_COMBAT && (s->check[s->nchecks - 1].flags & CF_CASUALTY) &&
        !mode_has(&def->mode[0], OP_HEAL)) {
        return TT_REFUSE("XF-5.8.8", NULL, "only healing Combat cards in the casualty window");
    }
    if (s->nstack >= XF_STACK_MAX)
        return TT_REFUSE("XF-2.18.2", NULL, "STACK_MAX: %d cards are on the stack", XF_STACK_MAX);
    return TT_OK;
}

/* What the target decides (items 4, 5 and the effects' conditions); with
 * `to` unanswered, a necessary condition for every completion. */
static int aim_ok(const xf_content *c, const xf_state *s, const xf_decl *d)
{
    if (!target_fits(c, s, d) || !activators_ok(c, s, d))
        return 0;
    const xf_mode *m = decl_mode(c, d);
    for (int k = 0; k < m->neffects; k++)
        if (effect_ok(c, s, d, &m->effect[k], NULL))
            return 0;
    return 1;
}

/* Every item check_card leaves, on a complete declaration. */
static int declared_ok(const xf_content *c, const xf_state *s, const xf_decl *d, tt_error *err)
{
    int rc, pool = pay_pool(c, s, d);
    if (pool < 0)
        return TT_REFUSE("XF-5.0.4", NULL, "p%d may not pay a %s card now", d->seat,
                         xf_pool_name(decl_def(c, d)->pool));
    if (!can_pay(c, s, d, pool))
        return TT_REFUSE("XF-5.0.5", NULL, "%s costs %d %s; p%d has %d", decl_def(c, d)->id,
                         price(c, s, d), xf_pool_name(pool), d->seat,
                         pool == POOL_RP ? s->pl[d->seat].rp : s->pl[d->seat].cp);
    if (!target_fits(c, s, d))
        return TT_REFUSE("XF-2.14.1", NULL, "%s needs a target of kind %s", decl_def(c, d)->id,
                         xf_target_name(decl_mode(c, d)->target));
    if (!activators_ok(c, s, d))
        return TT_REFUSE("XF-2.12.1", NULL, "an activator of %s is not satisfied",
                         decl_def(c, d)->id);
    const xf_mode *m = decl_mode(c, d);
    for (int k = 0; k < m->neffects; k++)
        if ((rc = effect_ok(c, s, d, &m->effect[k], err)))
            return rc;
    return TT_OK;
}

/* --- declaration stages -------------------------------------------------------------------------- */

static int stage_applies(const xf_content *c, const xf_state *s, const xf_decl *d, int stage)
{
    const xf_def *def = decl_def(c, d);
    switch (stage) {
    case SG_MODE: return def->nmodes > 1;
    case SG_TARGET: return decl_mode(c, d)->target != TG_NONE;
    case SG_X: return def->cost == XF_COST_X;
    case SG_TO: return mode_has(decl_mode(c, d), OP_MOVE_AGENT);
    case SG_CHANGE: return mode_has(decl_mode(c, d), OP_CHANGE_KEYWORD);
    case SG_SIDE:
        return c->opt.nplayers >= 3 && site_scs_open(s) && d->seat != P(s) &&
               d->seat != directed(s) && def->pool == POOL_ANY;
    default: return 0;
    }
}

/* The raw answers of a stage, as action args (checked by completion). */
static int stage_values(const xf_content *c, const xf_state *s, const xf_decl *d, int stage, int *v)
{
    int n = 0, np = c->opt.nplayers;
    switch (stage) {
    case SG_MODE:
        for (int i = 0; i < decl_def(c, d)->nmodes; i++)
            v[n++] = i;
        return n;
    case SG_TARGET:
        switch (decl_mode(c, d)->target) {
        case TG_OPPONENT:
        case TG_TEAM:
            for (int q = 0; q < np; q++)
                v[n++] = q << 8 | 0xFF;
            return n;
        default:
            for (int q = 0; q < np; q++)
                for (int i = 0; i < c->deck[q].ncards; i++) {
                    int z = xf_zone(&s->pl[q], i);
                    if (z == Z_AGENT || z == Z_SITE || z == Z_STACK || z == Z_RESOURCE ||
                        z == Z_COMBAT)
                        v[n++] = q << 8 | i;
                }
            return n;
        }
    case SG_X:
        for (int i = 0; i <= 20; i++)
            v[n++] = i;
        return n;
    case SG_TO:
        for (int i = 0; i < XF_NSECTIONS; i++)
            v[n++] = i;
        return n;
    case SG_CHANGE: {
        const xf_mode *m = decl_mode(c, d);
        for (int k = 0; k < m->neffects; k++)
            if (m->effect[k].op == OP_CHANGE_KEYWORD)
                for (int i = 0; i < m->effect[k].nfrom; i++)
                    for (int j = 0; j < m->effect[k].nto; j++)
                        if (m->effect[k].from[i] != m->effect[k].to[j])
                            v[n++] = m->effect[k].from[i] << 8 | m->effect[k].to[j];
        return n;
    }
    case SG_SIDE: v[0] = 0, v[1] = 1; return 2;
    default: return 0;
    }
}

static void set_stage(xf_decl *d, int stage, int v)
{
    switch (stage) {
    case SG_MODE: d->mode = (uint8_t)v; break;
    case SG_TARGET: d->tseat = (uint8_t)(v >> 8), d->tinst = (uint8_t)(v & 0xFF); break;
    case SG_X: d->x = (uint8_t)v; break;
    case SG_TO: d->to = (uint8_t)v; break;
    case SG_CHANGE: d->change_from = (uint8_t)(v >> 8), d->change_to = (uint8_t)(v & 0xFF); break;
    case SG_SIDE: d->side = (uint8_t)v; break;
    default: break;
    }
}

/* The next stage from `from` that applies, or SG_DONE. */
static int next_stage(const xf_content *c, const xf_state *s, const xf_decl *d, int from)
{
    while (from < SG_DONE && !stage_applies(c, s, d, from))
        from++;
    return from;
}

/* Whether some completion of d (its stages from d->next on) passes
 * declared_ok, check_card having passed: it reads no stage but the side, and
 * the side never decides it (pay_pool refuses no side of an ANY card). The
 * first refusal met goes to err. Without err, a target that does not fit
 * is not tried, and a branch whose target is answered ends at once when
 * aim_ok fails, as all its leaves would. */
static int search(const xf_content *c, const xf_state *s, xf_decl d, tt_error *err)
{
    d.next = (uint8_t)next_stage(c, s, &d, d.next);
    if (d.next == SG_DONE)
        return declared_ok(c, s, &d, err) == TT_OK;
    if (!err && d.next > SG_TARGET && !aim_ok(c, s, &d))
        return 0;
    int v[XF_MAX_PLAYERS * XF_MAX_CARDS], n = stage_values(c, s, &d, d.next, v);
    for (int i = 0; i < n; i++) {
        xf_decl e = d;
        set_stage(&e, d.next, v[i]);
        e.next++;
        if (!err && d.next == SG_TARGET && !target_fits(c, s, &e))
            continue;
        if (search(c, s, e, i == 0 ? err : NULL))
            return 1;
    }
    if (!n && err)
        return declared_ok(c, s, &d, err) == TT_OK;
    return 0;
}

/* Whether some completion of d passes every check; the first refusal met
 * goes to err. */
static int completes(const xf_content *c, const xf_state *s, xf_decl d, tt_error *err)
{
    return check_card(c, s, &d, err) == TT_OK && search(c, s, d, err);
}

static int refusal(tt_error *err)
{
    return err && err->code ? err->code : TT_EILLEGAL;
}

int xf_play_start(const xf_content *c, const xf_state *s, int seat, int def, xf_decl *d,
                  tt_error *err)
{
    int k = xf_hand_find(c, &s->pl[seat], seat, def);
    if (k < 0)
        return TT_REFUSE("XF-5.0.8", NULL, "%s is not in p%d's hand", c->def[def].id, seat);
    const xf_player *pl = &s->pl[seat];
    return xf_play_start_at(c, s, seat, pl->cards[tt_piles_start(pl->n, Z_HAND) + k], 0, d, err);
}

int xf_play_start_at(const xf_content *c, const xf_state *s, int seat, int inst, int power,
                     xf_decl *d, tt_error *err)
{
    const xf_player *pl = &s->pl[seat];
    if (c->opt.basic && s->phase == PH_INVESTIGATION && xf_basic_count(pl) >= XF_BASIC_PLAYS)
        return TT_REFUSE("XF-9.12.1", NULL,
                         "in Basic mode p%d has played %d cards in this Investigation Phase, the "
                         "most a player may (item 6)",
                         seat, XF_BASIC_PLAYS);
    *d = (xf_decl){.kind = A_PLAY,
                   .seat = (uint8_t)seat,
                   .inst = (uint8_t)inst,
                   .mode = 0,
                   .tseat = XF_NONE,
                   .tinst = XF_NONE,
                   .x = 0,
                   .to = XF_NONE,
                   .change_from = XF_NONE,
                   .change_to = XF_NONE,
                   .side = XF_NONE,
                   .next = SG_MODE,
                   .power = (uint8_t)power};
    int rc = check_card(c, s, d, err);
    if (rc)
        return rc;
    if (err)
        err->code = 0;
    return search(c, s, *d, err) ? TT_OK : refusal(err);
}

static const int stage_op[SG_DONE] = {A_MODE, A_TARGET, A_X, A_TO, A_CHANGE, A_SIDE};

int xf_play_declare(const xf_content *c, const xf_state *s, const xf_decl *d, int op, int arg,
                    xf_decl *out, tt_error *err)
{
    int stage = next_stage(c, s, d, d->next);
    if (stage == SG_DONE || op != stage_op[stage])
        return TT_REFUSE("XF-5.10.2", NULL, "the play of %s waits for its %s", decl_def(c, d)->id,
                         stage == SG_MODE     ? "mode"
                         : stage == SG_TARGET ? "target"
                         : stage == SG_X      ? "x"
                         : stage == SG_TO     ? "section (to)"
                         : stage == SG_CHANGE ? "keyword change"
                                              : "side");
    int v[XF_MAX_PLAYERS * XF_MAX_CARDS], nv = stage_values(c, s, d, stage, v), known = 0;
    for (int i = 0; i < nv && !known; i++)
        known = v[i] == arg;
    if (!known)
        return TT_REFUSE("XF-5.10.2", NULL, "no such answer for the play of %s",
                         decl_def(c, d)->id);
    *out = *d;
    set_stage(out, stage, arg);
    out->next = (uint8_t)(stage + 1);
    if (err)
        err->code = 0;
    return completes(c, s, *out, err) ? TT_OK : refusal(err);
}

int xf_play_options(const xf_content *c, const xf_state *s, const xf_decl *d, tt_action *out)
{
    int stage = next_stage(c, s, d, d->next), n = 0;
    if (stage == SG_DONE)
        return 0;
    int v[XF_MAX_PLAYERS * XF_MAX_CARDS], nv = stage_values(c, s, d, stage, v);
    for (int i = 0; i < nv; i++) {
        xf_decl e = *d;
        set_stage(&e, stage, v[i]);
        e.next = (uint8_t)(stage + 1);
        if (completes(c, s, e, NULL))
            out[n++] = XF_ACTION(stage_op[stage], v[i]);
    }
    return n;
}

/* XF-5.10.2: a target with one legal answer is implied. */
int xf_play_autofill(const xf_content *c, const xf_state *s, xf_decl *d)
{
    d->next = (uint8_t)next_stage(c, s, d, d->next);
    if (d->next == SG_TARGET) {
        tt_action one[2];
        int v[XF_MAX_PLAYERS * XF_MAX_CARDS], nv = stage_values(c, s, d, SG_TARGET, v), n = 0;
        for (int i = 0; i < nv && n < 2; i++) {
            xf_decl e = *d;
            set_stage(&e, SG_TARGET, v[i]);
            e.next = SG_TARGET + 1;
            if (completes(c, s, e, NULL))
                one[n++] = v[i];
        }
        if (n == 1) {
            set_stage(d, SG_TARGET, (int)one[0]);
            d->next = (uint8_t)next_stage(c, s, d, SG_TARGET + 1);
        }
    }
    return d->next == SG_DONE;
}

int xf_can_play_any(const xf_content *c, const xf_state *s, int seat)
{
    const xf_player *pl = &s->pl[seat];
    int start = tt_piles_start(pl->n, Z_HAND);
    uint64_t tried[4] = {0};
    for (int k = 0; k < pl->n[Z_HAND]; k++) {
        int def = c->deck[seat].def[pl->cards[start + k]];
        if (tried[def >> 6] >> (def & 63) & 1)
            continue;
        tried[def >> 6] |= 1ull << (def & 63);
        xf_decl d;
        if (xf_play_start(c, s, seat, def, &d, NULL) == TT_OK)
            return 1;
    }
    return 0;
}

/* --- the stack ------------------------------------------------------------------------------------- */

/* Pays, puts the declared card on the stack and passes priority on. */
void xf_play_commit(const xf_content *c, xf_state *s, tt_events *ev)
{
    xf_decl *d = &s->decl;
    const xf_def *def = decl_def(c, d);
    int pool = pay_pool(c, s, d), cost = price(c, s, d), defi = c->deck[d->seat].def[d->inst];
    int paid = cost;
    if (c->opt.powers)
        xf_power_paid(c, s, d, pool, ev);
    if (pool == POOL_RP) {
        int tok = xf_token_for(c, s, d->seat, defi);
        if (tok >= 0 && cost > 0) {
            s->pl[d->seat].agent[tok].flags |= AG_TOKEN_USED;
            cost--;
        }
        s->pl[d->seat].rp -= cost;
    } else {
        s->pl[d->seat].cp -= cost;
    }
    if (c->opt.basic && s->phase == PH_INVESTIGATION) /* XF-9.12.1 item 6 */
        xf_basic_set(&s->pl[d->seat], xf_basic_count(&s->pl[d->seat]) + 1);
    int w = s->nrounds - 1, i = s->nstack++;
    s->stack[i] =
        (xf_stack_card){.who = (uint8_t)(d->seat | w << 2),
                        .inst = d->inst,
                        .bits = (uint8_t)(d->mode | (pool == POOL_CP ? SC_FROM_CP : 0) << 2 |
                                          (d->side == 1 ? SC_CONSPIRACY : 0) << 2 |
                                          (d->to == XF_NONE ? 0 : d->to) << 6),
                        .tseat = d->tseat,
                        .tinst = d->tinst,
                        .x = d->x,
                        .change_from = d->change_from,
                        .change_to = d->change_to};
    xf_make_public(c, s, d->seat, d->inst, Z_STACK, i);
    if (def->type == TY_WITNESS) {
        xf_check *k = (xf_check *)noncombat_check(s);
        if (k)
            k->witnesses |= 1u << def->witness_name;
    }
    if (s->nchecks &&
        (s->check[s->nchecks - 1].kind == CK_LRC || s->check[s->nchecks - 1].kind == CK_CRC))
        s->check[s->nchecks - 1].flags |= CF_PLAYED;
    tt_emit(ev, EV_PLAY, d->seat, TT_SEEN_ALL, d->seat, d->inst, i, paid);
    xf_paid(c, s, defi, ev);
    int seat = d->seat;
    *d = (xf_decl){0};
    tt_round_play(&s->rounds[w]);
    if (c->opt.powers && def->type == TY_WITNESS)
        xf_power_witness(c, s, seat, ev); /* INSANITY */
}

/* Takes stack entry i out, the entries above it moving down, a forced
 * check's card (waiting above a negated one) with them. */
static void stack_remove(xf_state *s, int i)
{
    for (int k = i + 1; k < s->nstack; k++) {
        s->stack[k - 1] = s->stack[k];
        s->pl[xf_sc_seat(&s->stack[k - 1])].aux[s->stack[k - 1].inst] = (uint8_t)(k - 1);
    }
    s->nstack--;
    for (int k = 0; k < s->nchecks; k++)
        if (s->check[k].kind == CK_FORCED && s->check[k].source > i)
            s->check[k].source--;
}

/* The declaration a stack card was played with, for checks at resolution. */
static xf_decl decl_of(const xf_stack_card *e)
{
    return (xf_decl){.kind = A_PLAY,
                     .seat = (uint8_t)xf_sc_seat(e),
                     .inst = e->inst,
                     .mode = (uint8_t)xf_sc_mode(e),
                     .tseat = e->tseat,
                     .tinst = e->tinst,
                     .x = e->x,
                     .to = (uint8_t)xf_sc_to(e),
                     .change_from = e->change_from,
                     .change_to = e->change_to,
                     .side = (uint8_t)((xf_sc_flags(e) & SC_CONSPIRACY) != 0),
                     .next = SG_DONE};
}

void xf_negate(const xf_content *c, xf_state *s, int seat, int inst, tt_events *ev)
{
    if (xf_zone(&s->pl[seat], inst) == Z_STACK)
        stack_remove(s, s->pl[seat].aux[inst]);
    xf_to_discard(c, s, seat, inst);
    tt_emit(ev, EV_NEGATE, seat, TT_SEEN_ALL, seat, inst, 0, 0);
}

static void apply_effect(const xf_content *c, xf_state *s, const xf_decl *d, const xf_effect *e,
                         tt_events *ev)
{
    int slot = d->tseat < XF_MAX_PLAYERS && d->tinst != XF_NONE
                   ? xf_agent_slot(s, d->tseat, d->tinst)
                   : -1;
    switch (e->op) {
    case OP_DRAW:
        for (int k = 0; k < e->n; k++)
            xf_draw(c, s, d->seat, ev);
        break;
    case OP_GAIN: xf_gain(s, d->seat, e->pool, e->n, ev); break;
    case OP_DRAIN: xf_gain(s, d->tseat, e->pool, -e->n, ev); break;
    case OP_NEGATE: xf_negate(c, s, d->tseat, d->tinst, ev); break;
    case OP_HEAL: {
        int j = joined_index(s, d);
        uint8_t *dmg = j >= 0 ? &s->joined[j].damage : &s->pl[d->tseat].agent[slot].damage;
        int h = e->n < *dmg ? e->n : *dmg;
        *dmg = (uint8_t)(*dmg - h);
        tt_emit(ev, EV_HEAL, d->tseat, TT_SEEN_ALL, d->tseat, d->tinst, h, 0);
        break;
    }
    case OP_JOIN_COMBAT: /* it joins the Team at the Site until the end of the turn */
        s->joined[s->njoined++] = (xf_joined){
            .seat = d->seat, .inst = d->inst, .team = s->pl[P(s)].site[s->investigating].team};
        break;
    case OP_DAMAGE: xf_damage_agent(c, s, d->tseat, slot, e->n, ev); break;
    case OP_MOVE_AGENT: {
        xf_agent *a = &s->pl[d->tseat].agent[slot];
        a->section = d->to;
        a->team = XF_NONE;
        tt_emit(ev, EV_MOVE, d->tseat, TT_SEEN_ALL, d->tseat, a->inst, d->to, 0);
        if (d->to != SEC_HOSPITAL) /* it forms a one-Agent team */
            a->team = (uint8_t)xf_new_team(s, d->tseat);
        break;
    }
    case OP_OPP_DISCARD: {
        int n = e->n < s->pl[d->tseat].n[Z_HAND] ? e->n : s->pl[d->tseat].n[Z_HAND];
        if (n)
            s->decl = (xf_decl){.kind = A_DISCARD, .seat = d->tseat, .x = (uint8_t)n};
        break;
    }
    case OP_SKILL_BONUS: {
        xf_check *k = (xf_check *)noncombat_check(s);
        k->level_mod = (int16_t)(k->level_mod + e->amount);
        break;
    }
    case OP_COMBAT_BONUS:
    case OP_DAMAGE_REDUCE: {
        int adv = xf_zone(&s->pl[d->tseat], d->tinst) == Z_COMBAT &&
                  d->tinst == s->combat.adv_inst && d->tseat == s->combat.adv_seat;
        if (joined_index(s, d) >= 0) /* the Witnesses' modifiers follow the Agents' */
            slot = XF_MAX_AGENTS + joined_index(s, d);
        if (e->op == OP_COMBAT_BONUS && adv)
            s->combat.adv_bonus = (int8_t)(s->combat.adv_bonus + e->amount);
        else if (e->op == OP_COMBAT_BONUS)
            s->combat.bonus[slot] = (int8_t)(s->combat.bonus[slot] + e->amount);
        else if (adv)
            s->combat.adv_reduce = (uint8_t)(s->combat.adv_reduce + e->amount);
        else
            s->combat.reduce[slot] = (uint8_t)(s->combat.reduce[slot] + e->amount);
        break;
    }
    case OP_THRESHOLD_MOD:
        s->check[0].threshold_mod = (int16_t)(s->check[0].threshold_mod + e->amount);
        break;
    case OP_LIMIT_TEAM: xf_limit_team(c, s, e->n, ev); break;
    case OP_ASK_QUESTION: /* the question is the player's next decision (XF-8.2) */
        s->decl = (xf_decl){.kind = A_ASK,
                            .seat = d->seat,
                            .inst = XF_NONE,
                            .x = XF_ASK_CARD,
                            .tseat = d->tseat,
                            .change_from = e->cats};
        break;
    case OP_CHANGE_KEYWORD: /* until the end of the turn (XF-2.13.2) */
        s->kwc[s->nkwc++] = (xf_kwchange){d->tseat, d->tinst, d->change_from, d->change_to};
        break;
    case OP_LOOK_HAND: xf_look_hand(s, d->seat, d->tseat, ev); break;
    default: break; /* the check effects join with XF-5.7 */
    }
}

/* Where a resolved card goes (XF-5.0.9): a RESOURCE to its zone, a
 * PERMANENT_MOD onto its Agent, any other to the discard pile. */
static void settle_card(const xf_content *c, xf_state *s, const xf_decl *d, int effect)
{
    const xf_def *def = decl_def(c, d);
    const xf_mode *m = decl_mode(c, d);
    int slot = d->tseat < XF_MAX_PLAYERS && d->tinst != XF_NONE
                   ? xf_agent_slot(s, d->tseat, d->tinst)
                   : -1;
    if (effect && mode_has(m, OP_JOIN_COMBAT)) {
        xf_make_public(c, s, d->seat, d->inst, Z_COMBAT, s->njoined);
    } else if (effect && def->resource) {
        xf_make_public(c, s, d->seat, d->inst, Z_RESOURCE, 0); /* applied 0 times */
    } else if (effect && mode_has(m, OP_PERMANENT_MOD) && slot >= 0) {
        xf_agent *a = &s->pl[d->tseat].agent[slot];
        xf_make_public(c, s, d->seat, d->inst, Z_ATTACHED, slot);
        a->attached[a->nattached++] = d->inst;
    } else {
        xf_to_discard(c, s, d->seat, d->inst);
    }
}

void xf_resolve_top(const xf_content *c, xf_state *s, tt_events *ev)
{
    xf_stack_card e = s->stack[s->nstack - 1];
    xf_decl d = decl_of(&e);
    s->nstack--;
    /* XF-5.0.9: a target no longer legal means no effect; cost, activators
     * and the stack limit are not asked again (XF-2.12.4) */
    int ok = target_fits(c, s, &d);
    const xf_mode *m = decl_mode(c, &d);
    for (int k = 0; k < m->neffects && ok; k++)
        ok = effect_ok(c, s, &d, &m->effect[k], NULL) == TT_OK;
    tt_emit(ev, EV_RESOLVE, d.seat, TT_SEEN_ALL, d.seat, d.inst, ok, 0);
    if (ok && mode_has(m, OP_FORCE_CHECK)) { /* it waits on the stack (XF-5.7.7) */
        int i = s->nstack++;
        s->stack[i] = e;
        for (int k = 0; k < m->neffects; k++)
            if (m->effect[k].op == OP_FORCE_CHECK)
                xf_force_check(c, s, i, &m->effect[k], ev);
        return;
    }
    if (ok)
        for (int k = 0; k < m->neffects; k++)
            apply_effect(c, s, &d, &m->effect[k], ev);
    if (ok && decl_def(c, &d)->type == TY_ADVERSARY) /* XF-5.8.1: it starts a Combat */
        xf_combat_start(c, s, d.seat, d.inst, ev);
    else
        settle_card(c, s, &d, ok);
}

/* --- face-down Bluffs paid at the reveal (XF-5.6.6) --------------------------------------------- */

/* XF-5.6.6: cost - 1; SECURITY takes 2 more (XF-9.13.1). */
static int bluff_price(const xf_content *c, const xf_state *s, int seat, const xf_def *d)
{
    int cost = d->cost - 1 - (c->opt.powers && xf_has_power(c, s, seat, PW_SECURITY) ? 2 : 0);
    return cost > 0 ? cost : 0;
}

int xf_bluff_payable(const xf_content *c, const xf_state *s, int seat, int inst, tt_error *err)
{
    xf_decl d = {.kind = A_PLAY,
                 .seat = (uint8_t)seat,
                 .inst = (uint8_t)inst,
                 .tseat = XF_NONE,
                 .tinst = XF_NONE,
                 .to = XF_NONE,
                 .change_from = XF_NONE,
                 .change_to = XF_NONE,
                 .side = XF_NONE,
                 .next = SG_DONE};
    const xf_def *def = decl_def(c, &d);
    if (!activators_ok(c, s, &d))
        return TT_REFUSE("XF-2.12.1", NULL, "an activator of %s is not satisfied", def->id);
    const xf_mode *m = decl_mode(c, &d);
    for (int k = 0; k < m->neffects; k++) {
        int rc = effect_ok(c, s, &d, &m->effect[k], err);
        if (rc)
            return rc;
    }
    if (s->pl[seat].cp < bluff_price(c, s, seat, def))
        return TT_REFUSE("XF-5.6.6", NULL, "%s costs %d CP at the reveal; p%d has %d", def->id,
                         bluff_price(c, s, seat, def), seat, s->pl[seat].cp);
    if (s->nstack >= XF_STACK_MAX)
        return TT_REFUSE("XF-2.18.2", NULL, "STACK_MAX: %d cards are on the stack", XF_STACK_MAX);
    return TT_OK;
}

void xf_bluff_commit(const xf_content *c, xf_state *s, int seat, int inst, tt_events *ev)
{
    const xf_def *def = xf_inst_def(c, seat, inst);
    int i = s->nstack++, w = s->nrounds - 1;
    int cost = bluff_price(c, s, seat, def);
    s->pl[seat].cp -= cost;
    s->stack[i] = (xf_stack_card){.who = (uint8_t)(seat | w << 2),
                                  .inst = (uint8_t)inst,
                                  .bits = (SC_FROM_CP | SC_BLUFF) << 2,
                                  .tseat = XF_NONE,
                                  .tinst = XF_NONE,
                                  .change_from = XF_NONE,
                                  .change_to = XF_NONE};
    xf_make_public(c, s, seat, inst, Z_STACK, i);
    tt_emit(ev, EV_PLAY, seat, TT_SEEN_ALL, seat, inst, i, cost);
    xf_paid(c, s, c->deck[seat].def[inst], ev);
}
