/* Braunau checks: whether a command is legal, and if not, which rule refuses
 * it — in the order BRA-6.0.2 fixes (game running, arguments, pending draw,
 * the command's own preconditions in the order of its rule, gold, AP).
 *
 * One function, bra_check, serves every caller: a whole command typed in the
 * rules' syntax (bra_expand_text), the last atomic answer of a declaration,
 * and the answers so far of one being declared. With fields still missing it
 * checks what they allow and returns BRA_PENDING; bra_completable then says
 * whether some answers complete it legally, which is what legal() lists and
 * apply() accepts at each step, so no declaration can reach a question
 * without a legal answer. A partial command whose cost is already known and
 * unaffordable fails early (no completion could pay it), which keeps the
 * search short. This runs in every playout: no allocation, and no string is
 * built unless an error record is given. */
#include <assert.h>
#include <string.h>

#include "core/errors.h"
#include "games/braunau/braunau.h"

#define BAD(...) tt_refuse(err, "E_BAD_ARGUMENT", "BRA-6.0.2", "" __VA_ARGS__)

static const char *aname(const bra_content *c, int a)
{
    return a < c->nagents ? c->a[a].id : "?";
}
static const char *arname(const bra_content *c, int x)
{
    return x < c->nareas ? c->area[x].id : "?";
}

int bra_owns(const bra_content *c, const bra_state *s, int faction, int itype)
{
    int n = 0;
    for (unsigned m = c->items_of[itype]; m; m &= m - 1)
        n += s->iowner[__builtin_ctz(m)] == faction;
    return n;
}

/* BRA-6.16: a Printing Press makes this AGITATE cost 1 AP. */
int bra_fresh_press(const bra_content *c, const bra_state *s, int faction)
{
    return s->f[faction].press_uses < bra_owns(c, s, faction, IT_PRINTING_PRESS);
}

/* The agent a command's token benefits (BRA-2.5), or BRA_NONE. */
static int beneficiary(const bra_content *c, const bra_state *s, const bra_cmd *m)
{
    switch (bra_tok_type(s, m->token)) {
    case T_ABIL: return bra_tok_agent(c, s, m->token);
    case T_SUMMON: return m->host;
    case T_DROP:
    case T_SPEC:
    case T_CI:
    case T_POP: return m->agent;
    default: return BRA_NONE;
    }
}

int bra_cost(const bra_content *c, const bra_state *s, const bra_cmd *m)
{
    const bra_params *p = &c->p;
    int f = bra_active_faction(c, s);
    switch (m->verb) {
    case V_KEEP: return m->ntok * p->retain_cost;
    case V_DISCARD: return p->discard_cost;
    case V_DEPLOY: {
        int type = bra_tok_type(s, m->token);
        if (type == T_REFILL || type == T_GOLD || type == T_BR || type == T_FA)
            return p->deploy_cost_first; /* BRA-6.4.2: faction tokens */
        int b = beneficiary(c, s, m);
        if (b >= c->nagents)
            return -1;
        return s->benefit[b] ? p->deploy_cost_repeat : p->deploy_cost_first;
    }
    case V_MOVE: return p->cost_move;
    case V_AGITATE: return bra_fresh_press(c, s, f) ? 1 : p->cost_agitate;
    case V_DENOUNCE: return p->cost_denounce;
    case V_ABILITY: return p->cost_ability;
    case V_USE: return m->item < c->nitems ? c->item[m->item].use_ap : -1;
    default: return 0;
    }
}

static int ap_ok(const bra_content *c, const bra_state *s, int cost, tt_error *err)
{
    int ap = s->f[bra_active_faction(c, s)].ap;
    if (cost > ap)
        return TT_REFUSE("BRA-6.0.3", "E_NOT_ENOUGH_AP", "this costs %d AP and you have %d", cost,
                         ap);
    return TT_OK;
}

/* More answers are needed; if the cost is already known, it must be payable. */
static int pending(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    int cost = bra_cost(c, s, m);
    if (cost >= 0 && ap_ok(c, s, cost, err))
        return TT_EILLEGAL;
    return BRA_PENDING;
}

/* The end of a command's checks: AP (BRA-6.0.2 step 7). */
static int afford(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    return ap_ok(c, s, bra_cost(c, s, m), err);
}

/* BRA-6.0.4: an own agent, in play (where 1) or in the reserve (where 0). */
static int own_agent(const bra_content *c, const bra_state *s, const bra_cmd *m, int a, int where,
                     tt_error *err)
{
    if (a >= c->nagents)
        return TT_REFUSE("BRA-6.0.4", "E_UNKNOWN_AGENT", "no agent is called '%s'", m->bad);
    int f = bra_active_faction(c, s);
    if (c->a[a].faction != f || !(c->roster[f] >> c->a[a].local & 1))
        return TT_REFUSE("BRA-6.0.4", "E_AGENT_NOT_OWNED", "%s is not in your roster", aname(c, a));
    if (where && !bra_in_play(s, a))
        return TT_REFUSE("BRA-6.0.4", "E_AGENT_NOT_IN_PLAY", "%s is not in play", aname(c, a));
    if (!where && s->loc[a] != BRA_RESERVE)
        return TT_REFUSE("BRA-6.5", "E_AGENT_NOT_IN_RESERVE", "%s is not in your reserve",
                         aname(c, a));
    return TT_OK;
}

/* BRA-6.0.4: an enemy target, in play; a mob only where mobs_ok. */
static int enemy_target(const bra_content *c, const bra_state *s, const bra_cmd *m, int t,
                        int mobs_ok, tt_error *err)
{
    if (t >= c->nagents)
        return TT_REFUSE("BRA-6.0.4", "E_UNKNOWN_AGENT", "no agent is called '%s'", m->bad);
    int owner = c->a[t].faction;
    if (owner == bra_active_faction(c, s) || c->faction_seat[owner] == BRA_NONE)
        return TT_REFUSE("BRA-6.0.4", "E_TARGET_NOT_ENEMY", "%s is not an enemy agent",
                         aname(c, t));
    if (!bra_in_play(s, t))
        return TT_REFUSE("BRA-6.0.4", "E_TARGET_NOT_IN_PLAY", "%s is not in play", aname(c, t));
    if (c->a[t].mob && !mobs_ok)
        return TT_REFUSE("BRA-2.8", "E_TARGET_IS_MOB", "%s is a mob and cannot be targeted so",
                         aname(c, t));
    return TT_OK;
}

static int area_ok(const bra_content *c, const bra_cmd *m, int x, tt_error *err)
{
    if (x >= c->nareas)
        return TT_REFUSE("BRA-2.12", "E_UNKNOWN_AREA", "no area is called '%s'", m->bad);
    return TT_OK;
}

/* --- paths (BRA-6.15, 6.18.2 COURIER) ------------------------------------------------ */

/* The areas a walk of exactly n steps from area `from` can end in: the
 * content's table, walked on past its end only by an agent of a level no
 * sane state holds. */
static uint16_t walk_ends(const bra_content *c, int from, int n)
{
    uint16_t ends = c->walk[from][n < BRA_MAX_PATH ? n : BRA_MAX_PATH];
    for (int i = BRA_MAX_PATH; i < n; i++)
        ends = bra_walk_step(c, ends);
    return ends;
}

/* Is the command's path valid for agent a, with at most `most` steps? An
 * explicit list is walked; an atomic answer is a destination and a step
 * count (15: a walk that was not valid when parsed). */
static int path_ok(const bra_content *c, const bra_state *s, const bra_cmd *m, int a, int most,
                   int motorcar, tt_error *err)
{
    int from = s->loc[a];
    if (m->npath) {
        if (m->npath > most)
            return TT_REFUSE("BRA-6.15", "E_BAD_PATH", "at most %d step%s here", most,
                             most == 1 ? "" : "s");
        for (int i = 0; i < m->npath; i++) {
            if (area_ok(c, m, m->path[i], err))
                return TT_EILLEGAL;
            if (!(c->area[from].adj >> m->path[i] & 1))
                return TT_REFUSE("BRA-6.15", "E_BAD_PATH", "%s is not adjacent to %s",
                                 arname(c, m->path[i]), arname(c, from));
            from = m->path[i];
        }
    } else {
        int dest = m->dest, steps = m->steps;
        /* a MOVE answer counts its steps; a COURIER answer names only where it ends */
        if (dest >= c->nareas || steps == 15 || steps > most || (motorcar ? !steps : steps))
            return TT_REFUSE("BRA-6.15", "E_BAD_PATH",
                             "that path does not go from %s by adjacent "
                             "areas in at most %d step%s",
                             arname(c, from), most, most == 1 ? "" : "s");
        uint16_t reach = steps ? walk_ends(c, from, steps) : 0;
        for (int i = 1; !steps && i <= most; i++)
            reach |= walk_ends(c, from, i);
        if (!(reach >> dest & 1))
            return TT_REFUSE("BRA-6.15", "E_BAD_PATH",
                             "%s cannot be reached from %s in %s%d step%s", arname(c, dest),
                             arname(c, from), steps ? "" : "at most ", steps ? steps : most,
                             (steps ? steps : most) == 1 ? "" : "s");
    }
    int steps = m->npath ? m->npath : m->steps;
    if (motorcar && steps == 2) {
        int f = bra_active_faction(c, s);
        if (s->f[f].motorcar_uses >= bra_owns(c, s, f, IT_MOTORCAR))
            return TT_REFUSE("BRA-6.15", "E_BAD_PATH",
                             "a 2-step move needs a Motorcar not used this "
                             "turn");
    }
    return TT_OK;
}

/* --- the commands ------------------------------------------------------------------- */

static int check_keep(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    const bra_fstate *f = &s->f[bra_active_faction(c, s)];
    if (!f->npend)
        return TT_REFUSE("BRA-6.2.1", "E_NO_DRAW_PENDING", "KEEP follows a DRAW");
    if (m->ntok > c->p.retain_max)
        return TT_REFUSE("BRA-6.2.1", "E_RETAIN_LIMIT", "at most %d tokens are kept from a draw",
                         c->p.retain_max);
    for (int i = 0; i < m->ntok; i++)
        for (int j = 0; j < i; j++)
            if (m->toks[i] == m->toks[j])
                return TT_REFUSE("BRA-6.2.1", "E_DUPLICATE_TOKEN", "a token is named twice");
    for (int i = 0; i < m->ntok; i++)
        if (!memchr(f->pend, m->toks[i] & 63, f->npend) ||
            (m->toks[i] >> 6) != bra_active_faction(c, s))
            return TT_REFUSE("BRA-6.2.1", "E_NOT_DRAWN", "a token kept must be one just drawn");
    if (bra_stash_size(f) + m->ntok > c->p.stash_max)
        return TT_REFUSE("BRA-6.2.4", "E_STASH_FULL", "your stash holds %d of %d; discard first",
                         bra_stash_size(f), c->p.stash_max);
    return afford(c, s, m, err);
}

static int in_stash(const bra_content *c, const bra_state *s, int t)
{
    int f = bra_active_faction(c, s);
    return t < BRA_NF * 64 && (t >> 6) == f && (s->f[f].stash >> (t & 63) & 1);
}

static int check_discard(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    if (!m->ntok)
        return TT_REFUSE("BRA-6.3.1", "E_DISCARD_EMPTY", "name at least one token to discard");
    for (int i = 0; i < m->ntok; i++)
        for (int j = 0; j < i; j++)
            if (m->toks[i] == m->toks[j])
                return TT_REFUSE("BRA-6.3.1", "E_DUPLICATE_TOKEN", "a token is named twice");
    for (int i = 0; i < m->ntok; i++)
        if (!in_stash(c, s, m->toks[i]))
            return TT_REFUSE("BRA-6.3.1", "E_TOKEN_NOT_IN_STASH",
                             "only stash tokens can be discarded");
    return afford(c, s, m, err);
}

static int check_summon(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    if (m->host == BRA_NONE)
        return BRA_PENDING;
    if (own_agent(c, s, m, m->host, 1, err))
        return TT_EILLEGAL;
    if (c->a[m->host].mob)
        return TT_REFUSE("BRA-6.9.1", "E_MOB_NOT_ALLOWED", "a mob cannot host a meeting");
    if (m->target == BRA_NONE)
        return pending(c, s, m, err);
    if (enemy_target(c, s, m, m->target, 0, err))
        return TT_EILLEGAL;
    if (m->outcome == BRA_NONE)
        return pending(c, s, m, err);
    if (m->outcome == OUT_BRIBE) {
        int gold = s->f[bra_active_faction(c, s)].gold, price = c->a[m->target].price;
        if (gold < price)
            return TT_REFUSE("BRA-6.9.1", "E_NOT_ENOUGH_GOLD",
                             "bribing %s costs %d gold and you have %d", aname(c, m->target), price,
                             gold);
    }
    return afford(c, s, m, err);
}

static int check_ci(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    if (m->agent == BRA_NONE)
        return BRA_PENDING;
    if (own_agent(c, s, m, m->agent, 1, err))
        return TT_EILLEGAL;
    if (m->mode == BRA_NONE)
        return pending(c, s, m, err);
    if (m->mode == MODE_EXTRACT) {
        if (m->target == BRA_NONE)
            return pending(c, s, m, err);
        if (enemy_target(c, s, m, m->target, 1, err))
            return TT_EILLEGAL;
        return afford(c, s, m, err);
    }
    if (c->a[m->agent].mob)
        return TT_REFUSE("BRA-6.10.1", "E_MOB_NOT_ALLOWED", "a mob cannot carry a decoy");
    if (m->area == BRA_NONE)
        return pending(c, s, m, err);
    if (area_ok(c, m, m->area, err))
        return TT_EILLEGAL;
    if (m->area == s->loc[m->agent])
        return TT_REFUSE("BRA-6.10.1", "E_DECOY_SAME_AREA",
                         "%s is truly in %s; a decoy names another "
                         "area",
                         aname(c, m->agent), arname(c, m->area));
    return afford(c, s, m, err);
}

static int check_deploy(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    int f = bra_active_faction(c, s);
    if (!in_stash(c, s, m->token))
        return TT_REFUSE("BRA-6.4.1", "E_TOKEN_NOT_IN_STASH", "only stash tokens can be deployed");
    int type = bra_tok_type(s, m->token);
    /* BRA-6.0.2 step 3: a mode this type does not take */
    if (m->mode != BRA_NONE && ((type == T_ABIL) != (m->mode <= MODE_RELOAD)))
        return BAD("that mode is not one of this token's (%s)",
                   type == T_ABIL ? "UPGRADE, RELOAD" : "EXTRACT, FALSIFY");
    switch (type) {
    case T_DROP:
        if (m->agent == BRA_NONE)
            return BRA_PENDING;
        if (own_agent(c, s, m, m->agent, 0, err))
            return TT_EILLEGAL;
        if (m->area == BRA_NONE)
            return pending(c, s, m, err);
        if (area_ok(c, m, m->area, err))
            return TT_EILLEGAL;
        return afford(c, s, m, err);
    case T_ABIL: {
        int b = bra_tok_agent(c, s, m->token);
        if (!bra_in_play(s, b))
            return TT_REFUSE("BRA-6.6", "E_AGENT_NOT_IN_PLAY", "%s is not in play", aname(c, b));
        if (!s->level[b])
            return TT_REFUSE("BRA-6.6", "E_ABILITY_DISABLED", "%s's ability is not enabled yet",
                             aname(c, b));
        if (m->mode == BRA_NONE)
            return pending(c, s, m, err);
        if (m->mode == MODE_UPGRADE && s->level[b] >= c->p.ability_max_level)
            return TT_REFUSE("BRA-6.6", "E_ABILITY_MAX_LEVEL", "%s is at level %d already",
                             aname(c, b), s->level[b]);
        if (m->mode == MODE_RELOAD && s->charges[b] >= c->p.ability_charges)
            return TT_REFUSE("BRA-6.6", "E_ABILITY_FULL", "%s has all %d charges", aname(c, b),
                             c->p.ability_charges);
        return afford(c, s, m, err);
    }
    case T_SPEC:
    case T_POP:
        if (m->agent == BRA_NONE)
            return BRA_PENDING;
        if (own_agent(c, s, m, m->agent, 1, err))
            return TT_EILLEGAL;
        if (type == T_SPEC && s->level[m->agent])
            return TT_REFUSE("BRA-6.7", "E_ABILITY_ALREADY_ENABLED", "%s's ability is enabled",
                             aname(c, m->agent));
        if (type == T_POP && s->sup[s->loc[m->agent]][f] >= c->p.trigger_level)
            return TT_REFUSE("BRA-6.11", "E_SUPPORT_AT_TRIGGER", "your support in %s is %d already",
                             arname(c, s->loc[m->agent]), s->sup[s->loc[m->agent]][f]);
        return afford(c, s, m, err);
    case T_REFILL: {
        if (m->item == BRA_NONE)
            return pending(c, s, m, err);
        if (m->item >= c->nitems || s->iowner[m->item] != IO_MARKET)
            return TT_REFUSE("BRA-6.8", "E_ITEM_NOT_IN_MARKET",
                             "that item is not in the market row");
        int gold = s->f[f].gold, price = c->item[m->item].price;
        if (gold < price)
            return TT_REFUSE("BRA-6.8", "E_NOT_ENOUGH_GOLD", "%s costs %d gold and you have %d",
                             c->item[m->item].id, price, gold);
        return afford(c, s, m, err);
    }
    case T_SUMMON: return check_summon(c, s, m, err);
    case T_CI: return check_ci(c, s, m, err);
    case T_BR:
        if (m->area == BRA_NONE)
            return pending(c, s, m, err);
        if (area_ok(c, m, m->area, err))
            return TT_EILLEGAL;
        return afford(c, s, m, err);
    default: return afford(c, s, m, err); /* GOLD, FA */
    }
}

static int check_ability(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    int a = m->agent, f = bra_active_faction(c, s);
    if (own_agent(c, s, m, a, 1, err))
        return TT_EILLEGAL;
    if (!s->level[a])
        return TT_REFUSE("BRA-6.18.1", "E_ABILITY_DISABLED", "%s's ability is not enabled",
                         aname(c, a));
    if (!s->charges[a])
        return TT_REFUSE("BRA-6.18.1", "E_NO_CHARGES", "%s has no charges left", aname(c, a));
    int x = s->loc[a], level = s->level[a];
    switch (c->a[a].effect) {
    case EF_AGITATE:
        if (s->sup[x][f] >= c->p.support_max)
            return TT_REFUSE("BRA-6.18.2", "E_SUPPORT_MAX", "your support in %s is at %d",
                             arname(c, x), c->p.support_max);
        break;
    case EF_SABOTAGE:
        if (m->faction == BRA_NONE)
            return pending(c, s, m, err);
        if (m->faction >= BRA_NF || m->faction == f || c->faction_seat[m->faction] == BRA_NONE)
            return TT_REFUSE("BRA-6.18.2", "E_TARGET_NOT_ENEMY",
                             "sabotage an enemy faction in the "
                             "game");
        if (!s->sup[x][m->faction])
            return TT_REFUSE("BRA-6.18.2", "E_NOTHING_TO_SABOTAGE", "the %s have no support in %s",
                             c->f[m->faction].id, arname(c, x));
        break;
    case EF_COURIER:
        if (m->npath == 0 && m->dest == BRA_NONE)
            return pending(c, s, m, err);
        if (path_ok(c, s, m, a, level + 1, 0, err))
            return TT_EILLEGAL;
        break;
    case EF_ARREST:
        if (m->target == BRA_NONE)
            return pending(c, s, m, err);
        if (enemy_target(c, s, m, m->target, 0, err))
            return TT_EILLEGAL;
        break;
    default: break; /* SURVEY, FUNDRAISE */
    }
    return afford(c, s, m, err);
}

static int check_use(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    int f = bra_active_faction(c, s), i = m->item;
    if (i >= c->nitems || s->iowner[i] != f)
        return TT_REFUSE("BRA-6.19.2", "E_ITEM_NOT_OWNED", "you own no such item");
    if (c->item[i].kind != IK_ONE_USE)
        return TT_REFUSE("BRA-6.19.2", "E_ITEM_NOT_USABLE", "%s (%s) works by itself",
                         c->item[i].id, bra_itype_name(c->item[i].type));
    if (c->item[i].type == IT_INFORMANT) {
        if (m->area == BRA_NONE)
            return pending(c, s, m, err);
        if (area_ok(c, m, m->area, err))
            return TT_EILLEGAL;
    } else {
        if (m->agent == BRA_NONE)
            return pending(c, s, m, err);
        if (own_agent(c, s, m, m->agent, 1, err))
            return TT_EILLEGAL;
        if (s->sup[s->loc[m->agent]][f] >= c->p.support_max)
            return TT_REFUSE("BRA-6.19.1", "E_SUPPORT_MAX", "your support in %s is at %d",
                             arname(c, s->loc[m->agent]), c->p.support_max);
    }
    return afford(c, s, m, err);
}

static int check_main(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    int f = bra_active_faction(c, s);
    switch (m->verb) {
    case V_DEPLOY: return check_deploy(c, s, m, err);
    case V_MOVE:
        if (own_agent(c, s, m, m->agent, 1, err))
            return TT_EILLEGAL;
        if (m->npath == 0 && m->dest == BRA_NONE)
            return pending(c, s, m, err);
        if (path_ok(c, s, m, m->agent, 2, 1, err))
            return TT_EILLEGAL;
        return afford(c, s, m, err);
    case V_AGITATE:
        if (own_agent(c, s, m, m->agent, 1, err))
            return TT_EILLEGAL;
        if (s->aflags[m->agent] & AF_AGITATED)
            return TT_REFUSE("BRA-6.16", "E_ALREADY_AGITATED", "%s agitated this turn already",
                             aname(c, m->agent));
        if (s->sup[s->loc[m->agent]][f] >= c->p.support_max)
            return TT_REFUSE("BRA-6.16", "E_SUPPORT_MAX", "your support in %s is at %d",
                             arname(c, s->loc[m->agent]), c->p.support_max);
        return afford(c, s, m, err);
    case V_DENOUNCE:
        if (own_agent(c, s, m, m->agent, 1, err))
            return TT_EILLEGAL;
        if (c->a[m->agent].mob)
            return TT_REFUSE("BRA-6.17", "E_MOB_NOT_ALLOWED", "a mob cannot denounce");
        if (s->aflags[m->agent] & AF_DENOUNCED)
            return TT_REFUSE("BRA-6.17", "E_ALREADY_DENOUNCED", "%s denounced this turn already",
                             aname(c, m->agent));
        if (m->target == BRA_NONE)
            return pending(c, s, m, err);
        if (enemy_target(c, s, m, m->target, 0, err))
            return TT_EILLEGAL;
        return afford(c, s, m, err);
    case V_ABILITY: return check_ability(c, s, m, err);
    case V_USE: return check_use(c, s, m, err);
    default: return BAD("not a command");
    }
}

int bra_check(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    if (s->head.over)
        return tt_fail_code(err, TT_ESTATE, "E_GAME_OVER", "BRA-6.0.2", "the game has ended");
    const bra_fstate *f = &s->f[bra_active_faction(c, s)];
    switch (m->verb) {
    case V_KEEP: return check_keep(c, s, m, err);
    case V_DISCARD: return check_discard(c, s, m, err);
    default: break;
    }
    /* BRA-6.0.2 step 4: a pending draw is resolved first */
    if (f->npend)
        return TT_REFUSE(m->verb == V_END ? "BRA-5.4" : "BRA-6.1.4", "E_DRAW_PENDING",
                         "KEEP (or DISCARD) first: %d drawn tokens wait", f->npend);
    switch (m->verb) {
    case V_END: return TT_OK;
    case V_DRAW:
        if (s->head.turn < c->p.first_draw_round)
            return TT_REFUSE("BRA-6.1.1", "E_DRAW_NOT_YET", "drawing starts in round %d",
                             c->p.first_draw_round);
        if (f->drew)
            return TT_REFUSE("BRA-6.1.1", "E_ALREADY_DREW", "one DRAW per turn");
        if (!f->ndeck)
            return TT_REFUSE("BRA-6.1.1", "E_DECK_EMPTY", "your deck is empty");
        return TT_OK;
    default: return check_main(c, s, m, err);
    }
}

/* --- what a declaration asks next, and whether it can be completed ---------------------- */

int bra_next_field(const bra_content *c, const bra_state *s, const bra_cmd *m)
{
    switch (m->verb) {
    case V_DISCARD: return F_MORE;
    case V_MOVE: return m->dest == BRA_NONE && !m->npath ? F_PATH : F_NONE;
    case V_DENOUNCE: return m->target == BRA_NONE ? F_TARGET : F_NONE;
    case V_ABILITY:
        if (m->agent >= c->nagents)
            return F_NONE;
        switch (c->a[m->agent].effect) {
        case EF_SABOTAGE: return m->faction == BRA_NONE ? F_FACTION : F_NONE;
        case EF_COURIER: return m->dest == BRA_NONE && !m->npath ? F_PATH : F_NONE;
        case EF_ARREST: return m->target == BRA_NONE ? F_TARGET : F_NONE;
        default: return F_NONE;
        }
    case V_USE:
        if (m->item >= c->nitems)
            return F_NONE;
        if (c->item[m->item].type == IT_INFORMANT)
            return m->area == BRA_NONE ? F_AREA : F_NONE;
        return m->agent == BRA_NONE ? F_AGENT : F_NONE;
    case V_DEPLOY: break;
    default: return F_NONE;
    }
    switch (bra_tok_type(s, m->token)) {
    case T_DROP: return m->agent == BRA_NONE ? F_AGENT : m->area == BRA_NONE ? F_AREA : F_NONE;
    case T_ABIL: return m->mode == BRA_NONE ? F_MODE : F_NONE;
    case T_SPEC:
    case T_POP: return m->agent == BRA_NONE ? F_AGENT : F_NONE;
    case T_REFILL: return m->item == BRA_NONE ? F_ITEM : F_NONE;
    case T_SUMMON:
        return m->host == BRA_NONE      ? F_HOST
               : m->target == BRA_NONE  ? F_TARGET
               : m->outcome == BRA_NONE ? F_OUTCOME
                                        : F_NONE;
    case T_CI:
        if (m->agent == BRA_NONE)
            return F_AGENT;
        if (m->mode == BRA_NONE)
            return F_MODE;
        if (m->mode == MODE_EXTRACT)
            return m->target == BRA_NONE ? F_TARGET : F_NONE;
        return m->area == BRA_NONE ? F_AREA : F_NONE;
    case T_BR: return m->area == BRA_NONE ? F_AREA : F_NONE;
    default: return F_NONE;
    }
}

void bra_answer(bra_cmd *m, int field, int v)
{
    switch (field) {
    case F_AGENT: m->agent = (uint8_t)v; break;
    case F_HOST: m->host = (uint8_t)v; break;
    case F_TARGET: m->target = (uint8_t)v; break;
    case F_AREA: m->area = (uint8_t)v; break;
    case F_MODE: m->mode = (uint8_t)v; break;
    case F_OUTCOME: m->outcome = (uint8_t)v; break;
    case F_ITEM: m->item = (uint8_t)v; break;
    case F_FACTION: m->faction = (uint8_t)v; break;
    case F_PATH:
        m->dest = (uint8_t)(v & 15);
        m->steps = (uint8_t)(v >> 4);
        break;
    default: break;
    }
}

/* Whether bra_candidates offers the answer v (see braunau.h); debug builds
 * assert that bra_check refuses one it leaves out. */
static int worth(const bra_content *c, const bra_state *s, const bra_cmd *m, int field, int v,
                 int ok)
{
#ifndef NDEBUG
    bra_cmd next = *m;
    bra_answer(&next, field, v);
    assert(ok || bra_check(c, s, &next, NULL) < 0);
#else
    (void)c, (void)s, (void)m, (void)field, (void)v;
#endif
    return ok;
}

/* The destinations worth offering a MOVE of `steps` steps: where such a walk
 * ends, and for two steps only with a Motorcar not used this turn (all of
 * them when the mover is not known to be in play, which bra_check refuses). */
static uint16_t move_ends(const bra_content *c, const bra_state *s, const bra_cmd *m, int steps,
                          int all)
{
    if (all || m->agent >= c->nagents || !bra_in_play(s, m->agent))
        return 0xFFFF;
    int f = bra_active_faction(c, s);
    if (steps == 2 && s->f[f].motorcar_uses >= bra_owns(c, s, f, IT_MOTORCAR))
        return 0;
    return walk_ends(c, s->loc[m->agent], steps);
}

/* The first `most` candidate answers to a question, in a fixed order. */
static int candidates(const bra_content *c, const bra_state *s, const bra_cmd *m, int field,
                      int all, uint8_t *out, int most)
{
    int n = 0, f = bra_active_faction(c, s);
    switch (field) {
    case F_AGENT:
    case F_HOST:
        for (int k = 0; k < c->f[f].nagents && n < most; k++)
            out[n++] = c->f[f].agent[k];
        break;
    case F_TARGET:
        for (int a = 0; a < c->nagents && n < most; a++)
            if (c->a[a].faction != f && c->faction_seat[c->a[a].faction] != BRA_NONE &&
                worth(c, s, m, field, a, all || bra_in_play(s, a)))
                out[n++] = (uint8_t)a;
        break;
    case F_AREA:
        for (int x = 0; x < c->nareas && n < most; x++)
            out[n++] = (uint8_t)x;
        break;
    case F_MODE: {
        int abil = bra_tok_type(s, m->token) == T_ABIL;
        out[n++] = abil ? MODE_UPGRADE : MODE_EXTRACT;
        out[n++] = abil ? MODE_RELOAD : MODE_FALSIFY;
        break;
    }
    case F_OUTCOME:
        for (int o = 0; o < OUT_N && n < most; o++)
            out[n++] = (uint8_t)o;
        break;
    case F_ITEM:
        for (int i = 0; i < c->nitems && n < most; i++)
            if (s->iowner[i] == IO_MARKET)
                out[n++] = (uint8_t)i;
        break;
    case F_FACTION:
        for (int k = 0; k < BRA_NF && n < most; k++)
            if (k != f && c->faction_seat[k] != BRA_NONE)
                out[n++] = (uint8_t)k;
        break;
    case F_PATH: {
        int move = m->verb == V_MOVE;
        uint16_t one = move_ends(c, s, m, 1, all || !move),
                 two = move_ends(c, s, m, 2, all || !move);
        for (int x = 0; x < c->nareas && n < most; x++) {
            if (!move) {
                out[n++] = (uint8_t)BRA_PATH(x, 0);
                continue;
            }
            if (worth(c, s, m, field, BRA_PATH(x, 1), one >> x & 1))
                out[n++] = (uint8_t)BRA_PATH(x, 1);
            if (n < most && worth(c, s, m, field, BRA_PATH(x, 2), two >> x & 1))
                out[n++] = (uint8_t)BRA_PATH(x, 2);
        }
        break;
    }
    default: break;
    }
    return n < most ? n : most;
}

int bra_candidates(const bra_content *c, const bra_state *s, const bra_cmd *m, int field, int all,
                   uint8_t *out)
{
    return candidates(c, s, m, field, all, out, 2 * BRA_MAX_AREAS + BRA_MAX_AGENTS);
}

static const char *const field_names[] = {"",        "agent", "area",    "mode", "host", "target",
                                          "outcome", "item",  "faction", "path", "more"};

/* Whether the answer v to the question `field` completes m legally. */
static int completes(const bra_content *c, const bra_state *s, const bra_cmd *m, int field, int v)
{
    bra_cmd next = *m;
    bra_answer(&next, field, v);
    int rc = bra_check(c, s, &next, NULL);
    return rc == TT_OK || (rc == BRA_PENDING && bra_completable(c, s, &next, NULL));
}

/* Whether some answer to the question `field` completes m legally. The
 * first answer does most often: the others are listed only when it does
 * not. */
static int some_answer(const bra_content *c, const bra_state *s, const bra_cmd *m, int field)
{
    uint8_t cand[2 * BRA_MAX_AREAS + BRA_MAX_AGENTS];
    int n = candidates(c, s, m, field, 0, cand, 1);
    if (n && completes(c, s, m, field, cand[0]))
        return 1;
    if (n)
        n = bra_candidates(c, s, m, field, 0, cand);
    for (int i = 1; i < n; i++)
        if (completes(c, s, m, field, cand[i]))
            return 1;
    return 0;
}

/* A MOVE asking its path has passed its agent's rules and its AP (m is
 * pending): any walk move_ends offers completes it (BRA-6.15), which debug
 * builds assert. */
static int move_completable(const bra_content *c, const bra_state *s, const bra_cmd *m)
{
    int any = (move_ends(c, s, m, 1, 0) | move_ends(c, s, m, 2, 0)) != 0;
    assert(any == some_answer(c, s, m, F_PATH));
    return any;
}

int bra_completable(const bra_content *c, const bra_state *s, const bra_cmd *m, tt_error *err)
{
    int field = bra_next_field(c, s, m);
    if (field == F_NONE || field == F_MORE)
        return 1; /* a DISCARD can always be closed with "done" */
    if (field == F_PATH && m->verb == V_MOVE ? move_completable(c, s, m)
                                             : some_answer(c, s, m, field))
        return 1;
    if (!err)
        return 0;
    uint8_t cand[2 * BRA_MAX_AREAS + BRA_MAX_AGENTS];
    int n;
    /* why not: the refusal of the first answer of all, followed as far as it goes */
    n = bra_candidates(c, s, m, field, 1, cand);
    for (int i = 0; i < n; i++) {
        bra_cmd next = *m;
        bra_answer(&next, field, cand[i]);
        int rc = bra_check(c, s, &next, err);
        if (rc == BRA_PENDING)
            return bra_completable(c, s, &next, err);
        return 0;
    }
    if (field == F_ITEM)
        TT_REFUSE("BRA-10.13", "E_ITEM_NOT_IN_MARKET", "the market row is empty");
    else if (field == F_TARGET)
        TT_REFUSE("BRA-6.0.4", "E_TARGET_NOT_IN_PLAY", "no enemy agent is in play");
    else
        BAD("nothing can answer the question '%s'", field_names[field]);
    return 0;
}

int bra_path_canon(const bra_content *c, const bra_state *s, const bra_cmd *m, uint8_t *path)
{
    int a = m->agent, from = a < c->nagents ? s->loc[a] : BRA_NONE, dest = m->dest;
    if (from >= c->nareas || dest >= c->nareas)
        return 0;
    if (m->steps == 1) {
        path[0] = (uint8_t)dest;
        return 1;
    }
    if (m->steps == 2 || (m->steps == 0 && dest == from)) {
        /* the lowest area adjacent to both ends */
        for (int x = 0; x < c->nareas; x++)
            if ((c->area[from].adj >> x & 1) && (c->area[x].adj >> dest & 1)) {
                path[0] = (uint8_t)x;
                path[1] = (uint8_t)dest;
                return 2;
            }
        return 0;
    }
    /* COURIER: a shortest path, the lowest area first at each step */
    int d = c->dist[from][dest];
    if (d == 255 || d > BRA_MAX_PATH)
        return 0;
    int at = from;
    for (int k = 0; k < d; k++) {
        for (int x = 0; x < c->nareas; x++)
            if ((c->area[at].adj >> x & 1) && c->dist[x][dest] == d - k - 1) {
                path[k] = (uint8_t)x;
                at = x;
                break;
            }
    }
    return d;
}
