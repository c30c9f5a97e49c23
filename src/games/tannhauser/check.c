/* Tannhäuser checks: whether an action is allowed now, and if not, which
 * rule refuses it (TAN-5.20.2, 5.20.3).
 *
 * One function, tan_check, serves legal() and apply() (actions.c) and the
 * text forms (text.c). It tests in the order TAN-5.20.2 fixes — game running,
 * a well-formed action, out of reinforcements, a pending reaction, the phase
 * and sub-step sequence — and then the action's own rule list in the rules'
 * order, so the first refusal named is the one the rules give. Given an error
 * record it names the error code of TAN-5.20.3 and the rule; without one
 * (legal() asks once per candidate, in every playout) it builds no string and
 * allocates nothing. Checks read the state and never change it; what an
 * accepted action does is effects.c's. The checks of a cycle read it through
 * a tan_look (state.c), taken once per legal() or apply(): whether the
 * active character stands alone, its reach and its MP, with the state's
 * occupied circles, so that each candidate costs a few bit tests where it
 * would rescan the units and the equipment. */
#include <stdio.h>

#include "core/errors.h"
#include "games/tannhauser/tannhauser.h"

static const char *cname(const tan_content *c, int circle)
{
    return c->circle[circle].id;
}
static const char *uname(const tan_content *c, const tan_state *s, int u)
{
    return tan_chr(c, s, u)->name;
}
static const char *ename(const tan_content *c, const tan_state *s, int i)
{
    return c->equip[s->item[i].def].name;
}

/* TAN-2.4.2: linked and sharing a colour; b is within a's reach but not a. */
static int adjacent_same_path(const tan_content *c, int a, int b)
{
    return a != b && tan_bit(c->reach[a], b);
}

/* An enemy of seat on circle or any circle adjacent to it (TAN-5.12.1 …). */
static int enemy_near(const tan_look *L, int circle, int seat)
{
    assert(L->taken);
    const uint64_t *next = L->c->next[circle], *enemy = L->s->on[1 - seat];
    uint64_t near = 0;
    for (int k = 0; k < TAN_MAX_CIRCLES / 64; k++)
        near |= next[k] & enemy[k];
    return near != 0;
}

/* --- setup checks (TAN-3) ------------------------------------------------------------ */

static int check_recruit(const tan_content *c, const tan_state *s, int ch, tt_error *err)
{
    int seat = s->decider;
    if (ch >= c->nchars)
        return TT_REFUSE("TAN-5.20.2", "E_BAD_COMMAND", "no such character");
    if (c->chr[ch].faction != c->faction[seat])
        return TT_REFUSE("TAN-3.5", "E_BAD_TEAM", "%s is not of your faction", c->chr[ch].name);
    int heroes = 0, troopers = 0;
    for (int k = 0; k < s->pl[seat].nrecruited; k++) {
        int d = s->unit[seat * TAN_TEAM + k].def;
        if (d == ch)
            return TT_REFUSE("TAN-3.5", "E_BAD_TEAM", "%s is already in your team",
                             c->chr[ch].name);
        c->chr[d].cls == CLASS_HERO ? heroes++ : troopers++;
    }
    if (c->chr[ch].cls == CLASS_HERO ? heroes == TAN_HEROES : troopers == TAN_TROOPERS)
        return TT_REFUSE("TAN-3.5", "E_BAD_TEAM", "a team has %s",
                         c->chr[ch].cls == CLASS_HERO ? "3 Heroes" : "2 Troopers");
    return TT_OK;
}

static int own_unit(const tan_state *s, int u, int seat)
{
    return u < TAN_UNITS && tan_seat_of(u) == seat && s->unit[u].def != TAN_NONE;
}

static int check_pack_kind(const tan_char *ch, int pack, tt_error *err)
{
    if (pack != PACK_CUSTOM && (pack > PACK_MENTAL || !ch->npack[pack]))
        return TT_REFUSE("TAN-3.6", "E_BAD_PACK", "%s has no %s pack", ch->name,
                         tan_pack_name(pack));
    return TT_OK;
}

static int check_pack(const tan_content *c, const tan_state *s, int u, int pack, tt_error *err)
{
    if (!own_unit(s, u, s->decider))
        return TT_REFUSE("TAN-3.6", "E_NOT_YOUR_CHARACTER", "that is not one of your characters");
    if (s->unit[u].pack != PACK_NONE)
        return TT_REFUSE("TAN-3.6", "E_BAD_PACK", "%s's pack is already chosen", uname(c, s, u));
    return check_pack_kind(tan_chr(c, s, u), pack, err);
}

/* TAN-3.6: à la carte, each token at most as often as one pack lists it, and
 * the whole selection fits the slots (TAN-2.6.6). */
static int check_custom(const tan_content *c, const tan_state *s, int def, tt_error *err)
{
    const tan_unit *un = &s->unit[s->sub];
    const tan_char *ch = &c->chr[un->def];
    int most = def < c->nequip ? ch->most[def] : 0;
    if (most == 0)
        return TT_REFUSE("TAN-3.6", "E_BAD_PACK", "%s is in none of %s's packs",
                         def < c->nequip ? c->equip[def].name : "that token", ch->name);
    int have = 0;
    for (int k = 0; k < un->ncustom; k++)
        have += un->custom[k] == def;
    if (have >= most || un->ncustom >= TAN_MAX_PACK)
        return TT_REFUSE("TAN-3.6", "E_BAD_PACK", "%s's packs hold %s only %d time%s", ch->name,
                         c->equip[def].name, most, most == 1 ? "" : "s");
    uint8_t kinds = 0;
    int stacks = 0;
    for (int k = 0; k <= un->ncustom; k++) {
        const tan_equip *e = &c->equip[k < un->ncustom ? un->custom[k] : def];
        if (e->kind != EK_WEAPON)
            stacks++;
        else if (!(kinds >> e->weapon.type & 1))
            kinds |= (uint8_t)(1 << e->weapon.type), stacks++;
    }
    if (stacks > ch->slots)
        return TT_REFUSE("TAN-2.6.6", "E_BAD_PACK", "%s does not fit %s's %d slots",
                         c->equip[def].name, ch->name, ch->slots);
    return TT_OK;
}

static int check_entry(const tan_content *c, const tan_state *s, int circle, tt_error *err)
{
    if (circle >= c->ncircles || c->circle[circle].kind != CK_ENTRY)
        return TT_REFUSE("TAN-3.8", "E_NOT_ENTRY", "%s is not an entry circle",
                         circle < c->ncircles ? cname(c, circle) : "that");
    if (s->pl[1 - s->decider].entry == circle)
        return TT_REFUSE("TAN-3.8", "E_ENTRY_TAKEN", "%s is the other team's entry point",
                         cname(c, circle));
    return TT_OK;
}

/* Objective token o is in seat's hand, not yet placed or discarded. */
int tan_obj_held_by(const tan_content *c, const tan_state *s, int o, int seat)
{
    return o < c->nobjs && s->obj[o].where == OB_HELD && c->obj[o].owner == c->faction[seat];
}

static int check_discard(const tan_content *c, const tan_state *s, int o, tt_error *err)
{
    if (!tan_obj_held_by(c, s, o, s->decider))
        return TT_REFUSE("TAN-3.9.2", "E_BAD_PLACEMENT", "you hold no such objective token");
    int n = 0;
    for (int k = 0; k < c->nobjs; k++)
        n += tan_obj_held_by(c, s, k, s->decider) && c->obj[k].skill[0] == c->obj[o].skill[0];
    if (n <= 4)
        return TT_REFUSE("TAN-3.9.2", "E_BAD_PLACEMENT", "you may keep all %d %s tokens", n,
                         tan_skill_name(c->obj[o].skill[0]));
    return TT_OK;
}

/* The objective token placed on circle, or -1. */
int tan_objective_at(const tan_content *c, const tan_state *s, int circle)
{
    for (int o = 0; o < c->nobjs; o++)
        if (s->obj[o].where == OB_PLACED && s->obj[o].circle == circle)
            return o;
    return -1;
}

int tan_fits_kind(const tan_content *c, int o, int circle)
{
    const tan_circle *ci = &c->circle[circle];
    return ci->kind == CK_OBJECTIVE && ci->grade == c->obj[o].grade &&
           ci->skill == c->obj[o].skill[0];
}

static int fits_circle(const tan_content *c, const tan_state *s, int o, int circle)
{
    return tan_fits_kind(c, o, circle) && tan_objective_at(c, s, circle) < 0;
}

static int check_place(const tan_content *c, const tan_state *s, int o, int circle, tt_error *err)
{
    if (o < c->nobjs && c->obj[o].owner != c->faction[s->decider])
        return TT_REFUSE("TAN-3.9.3", "E_NOT_YOUR_DECISION", "the other player places now");
    if (!tan_obj_held_by(c, s, o, s->decider))
        return TT_REFUSE("TAN-3.9.3", "E_BAD_PLACEMENT", "you hold no such objective token");
    if (circle >= c->ncircles || !fits_circle(c, s, o, circle))
        return TT_REFUSE("TAN-3.9.3", "E_BAD_PLACEMENT", "%s needs an empty %s %s objective circle",
                         c->obj[o].id, c->obj[o].grade == GRADE_PRIMARY ? "gold" : "silver",
                         tan_skill_name(c->obj[o].skill[0]));
    return TT_OK;
}

static int can_place_any(const tan_content *c, const tan_state *s, int seat)
{
    for (int o = 0; o < c->nobjs; o++)
        if (tan_obj_held_by(c, s, o, seat))
            for (int k = 0; k < c->nobjcircles; k++)
                if (fits_circle(c, s, o, c->objcircle[k]))
                    return 1;
    return 0;
}

static int flag_on(const tan_state *s, int circle)
{
    for (int p = 0; p < TAN_PLAYERS; p++)
        for (int k = 0; k < s->pl[p].nflags; k++)
            if (s->pl[p].flag[k].where == FL_CIRCLE && s->pl[p].flag[k].at == circle)
                return 1;
    return 0;
}

/* TAN-3.9.4: walking distance from an entry to the nearest path circle linked to O. */
static int side_distance(const tan_content *c, int entry, int o)
{
    int best = 0xFF;
    for (int i = 0; i < c->adj_n[o]; i++) {
        int x = c->adj[c->adj_first[o] + i];
        int d = c->wd[entry * c->ncircles + x];
        best = d < best ? d : best;
    }
    return best;
}

static int on_side(const tan_content *c, const tan_state *s, int seat, int o)
{
    return side_distance(c, s->pl[seat].entry, o) <= side_distance(c, s->pl[1 - seat].entry, o);
}

static int check_flag(const tan_content *c, const tan_state *s, int circle, tt_error *err)
{
    if (circle >= c->ncircles || c->circle[circle].kind != CK_OBJECTIVE || flag_on(s, circle))
        return TT_REFUSE("TAN-3.9.4", "E_BAD_PLACEMENT",
                         "a flag goes on an empty objective circle");
    if (on_side(c, s, s->decider, circle))
        return TT_OK;
    for (int k = 0; k < c->nobjcircles; k++) {
        int o = c->objcircle[k];
        if (!flag_on(s, o) && on_side(c, s, s->decider, o))
            return TT_REFUSE("TAN-3.9.4", "E_BAD_PLACEMENT", "%s is on the other team's side",
                             cname(c, circle));
    }
    return TT_OK;
}

static int returning(const tan_state *s, int seat)
{
    int n = 0;
    for (int k = 0; k < TAN_TEAM; k++)
        n += s->unit[seat * TAN_TEAM + k].returning;
    return n;
}

static int check_reinforce(const tan_content *c, const tan_state *s, int u, int pack, tt_error *err)
{
    const tan_unit *un = &s->unit[u];
    if (!tan_reinforceable(c, s, u)) {
        if (un->status != ST_DEAD || c->chr[un->def].cls != CLASS_TROOPER)
            return TT_REFUSE("TAN-5.18.2", "E_NOT_ELIGIBLE", "only dead Troopers return, not %s",
                             uname(c, s, u));
        return TT_REFUSE("TAN-5.18.3", "E_NOT_ELIGIBLE", "%s %s", uname(c, s, u),
                         un->returning ? "is already returning" : "died this turn");
    }
    return check_pack_kind(&c->chr[un->def], pack, err);
}

/* --- cycle checks (TAN-5.4 … 5.15) ----------------------------------------------------- */

static const struct {
    const char *code, *rule;
} step_refusal[] = {
    [WHY_NOT_OWN_ENTRY] = {"E_NOT_OWN_ENTRY", "TAN-5.4.3"},
    [WHY_NOT_ADJACENT] = {"E_NOT_ADJACENT", "TAN-5.4.2"},
    [WHY_NOT_MOVABLE] = {"E_NOT_MOVABLE", "TAN-5.4.2"},
    [WHY_NO_MP] = {"E_NO_MP", "TAN-5.4.1"},
    [WHY_ENEMY_OCCUPIED] = {"E_ENEMY_OCCUPIED", "TAN-5.4.4"},
    [WHY_STRANDED] = {"E_STRANDED", "TAN-5.4.6"},
};

static int check_move(const tan_look *L, int circle, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    if (circle >= c->ncircles)
        return TT_REFUSE("TAN-5.20.2", "E_BAD_COMMAND", "no such circle");
    int why = tan_step_why(L, circle);
    if (why == WHY_OK)
        return TT_OK;
    if (!err)
        return TT_EILLEGAL;
    static const char *const text[] = {
        [WHY_NOT_OWN_ENTRY] = "%s enters only through its entry point %s",
        [WHY_NOT_ADJACENT] = "%s is not next to %s",
        [WHY_NOT_MOVABLE] = "%s cannot enter %s: objective and action circles are never entered",
        [WHY_NO_MP] = "%s has %d MP and %s costs %d",
        [WHY_ENEMY_OCCUPIED] = "%s cannot enter %s: an enemy stands there",
        [WHY_STRANDED] = "%s could not stop anywhere after stepping onto %s",
    };
    const char *who = uname(c, s, s->active), *where = cname(c, circle);
    int u = s->active;
    char msg[200];
    if (why == WHY_NO_MP)
        snprintf(msg, sizeof msg, text[why], who, tan_look_mp(L), where,
                 c->circle[circle].move_cost);
    else if (why == WHY_NOT_OWN_ENTRY)
        snprintf(msg, sizeof msg, text[why], who,
                 s->pl[tan_seat_of(u)].entry == TAN_NONE ? "?"
                                                         : cname(c, s->pl[tan_seat_of(u)].entry));
    else if (why == WHY_NOT_ADJACENT)
        snprintf(msg, sizeof msg, text[why], where, cname(c, s->unit[u].circle));
    else
        snprintf(msg, sizeof msg, text[why], who, where);
    return TT_REFUSE(step_refusal[why].rule, step_refusal[why].code, "%s", msg);
}

static int check_buymp(const tan_look *L, int n, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    if (s->pl[tan_seat_of(u)].vp < n)
        return TT_REFUSE("TAN-5.16.3", "E_NOT_ENOUGH_VP", "%d MP cost %d VP and your team has %d",
                         n, n, s->pl[tan_seat_of(u)].vp);
    if (tan_vp_limit_left(c, s, u) < n)
        return TT_REFUSE("TAN-5.16.3", "E_VP_LIMIT", "%s may spend %d more VP this cycle",
                         uname(c, s, u), tan_vp_limit_left(c, s, u));
    return TT_OK;
}

static int check_end(const tan_look *L, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    if (s->unit[u].status == ST_BOARD && !tan_can_stop(L, u, s->unit[u].circle))
        return TT_REFUSE("TAN-4.8", "E_CANNOT_STOP_HERE", "%s cannot stop on %s", uname(c, s, u),
                         cname(c, s->unit[u].circle));
    return TT_OK;
}

/* TAN-5.5.2: what every action phase needs; TT_OK when all is there. */
int tan_check_action_phase(const tan_look *L, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    if (s->unit[u].status != ST_BOARD)
        return TT_REFUSE("TAN-5.5.2", "E_NOT_ON_BOARD", "%s is still in reserve", uname(c, s, u));
    if (!tan_can_stop(L, u, s->unit[u].circle))
        return TT_REFUSE("TAN-5.5.2", "E_CANNOT_ACT_HERE", "%s cannot stop on %s to act",
                         uname(c, s, u), cname(c, s->unit[u].circle));
    if (s->action_taken)
        return TT_REFUSE("TAN-5.5.2", "E_ACTION_USED", "%s has taken its action phase this cycle",
                         uname(c, s, u));
    return TT_OK;
}

static int enemy_on_board(const tan_state *s, int u, int e)
{
    return e < TAN_UNITS && tan_seat_of(e) != tan_seat_of(u) && s->unit[e].status == ST_BOARD;
}

static int check_bullrush(const tan_look *L, int e, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    if (!enemy_on_board(s, u, e))
        return TT_REFUSE("TAN-5.6.1", "E_TARGET_NOT_ENEMY",
                         "a bull rush is against an enemy on the board");
    if (!tan_adjacent(c, s->unit[u].circle, s->unit[e].circle))
        return TT_REFUSE("TAN-5.6.1", "E_NOT_ADJACENT", "%s is not next to %s", uname(c, s, e),
                         uname(c, s, u));
    int cost = c->circle[s->unit[e].circle].move_cost;
    if (cost > tan_look_mp(L))
        return TT_REFUSE("TAN-5.6.1", "E_NO_MP", "entering %s costs %d MP and %s has %d",
                         cname(c, s->unit[e].circle), cost, uname(c, s, u), tan_look_mp(L));
    return TT_OK;
}

static int refuse_attack(const tan_content *c, const tan_state *s, int why, int u, int e, int inst,
                         const char *rule, tt_error *err)
{
    if (!err)
        return TT_EILLEGAL;
    const char *w = inst == TAN_NONE ? "unarmed" : inst < s->ninst ? ename(c, s, inst) : "that";
    switch (why) {
    case AW_NO_WEAPON:
        return TT_REFUSE(rule, "E_NO_WEAPON", "%s carries no %s to attack with", uname(c, s, u), w);
    case AW_LOCKED:
        return TT_REFUSE("TAN-5.11.4", "E_WEAPON_LOCKED",
                         "%s was passed to %s: usable from its next cycle", w, uname(c, s, u));
    case AW_NO_USES: return TT_REFUSE(rule, "E_NO_USES", "%s has no uses left", w);
    case AW_NOT_ENEMY:
        return TT_REFUSE("TAN-9.8", "E_TARGET_NOT_ENEMY",
                         "attacks are against enemies on the board");
    case AW_NO_LOS:
        return TT_REFUSE("TAN-2.4.3", "E_NO_LOS", "%s and %s are not on the same path",
                         cname(c, s->unit[u].circle), cname(c, s->unit[e].circle));
    default: {
        const tan_weapon *wp = tan_weapon_of(c, s, inst);
        return TT_REFUSE(rule, "E_OUT_OF_RANGE", "%s reaches %d..%d and %s is %d away", w,
                         wp->range_min, wp->range_max, uname(c, s, e),
                         tan_pd(c, s->unit[u].circle, s->unit[e].circle));
    }
    }
}

static int check_attack(const tan_look *L, int e, int inst, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int why = tan_attack_why(c, s, s->active, e, inst);
    if (why == AW_OK || !err)
        return why == AW_OK ? TT_OK : TT_EILLEGAL;
    return refuse_attack(c, s, why, s->active, e, inst, "TAN-5.7.2", err);
}

static int check_throw(const tan_look *L, int circle, int inst, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    if (inst >= s->ninst || s->item[inst].where != W_UNIT || s->item[inst].at != u ||
        c->equip[s->item[inst].def].weapon.type != WT_GRENADE ||
        c->equip[s->item[inst].def].kind != EK_WEAPON)
        return TT_REFUSE("TAN-5.8.1", "E_NO_WEAPON", "%s carries no such grenade", uname(c, s, u));
    if (s->item[inst].locked == u)
        return TT_REFUSE("TAN-5.11.4", "E_WEAPON_LOCKED",
                         "%s was passed to %s: usable from its next cycle", ename(c, s, inst),
                         uname(c, s, u));
    if (circle >= c->ncircles ||
        (c->circle[circle].kind != CK_PATH && c->circle[circle].kind != CK_ENTRY))
        return TT_REFUSE("TAN-5.8.1", "E_NOT_MOVABLE", "grenades are thrown at path circles");
    int at = s->unit[u].circle;
    if (!tan_same_path(c, at, circle))
        return TT_REFUSE("TAN-5.8.1", "E_NO_LOS", "%s is not on a path with %s", cname(c, circle),
                         cname(c, at));
    const tan_weapon *w = &c->equip[s->item[inst].def].weapon;
    int pd = tan_pd(c, at, circle);
    if (pd < w->range_min || pd > w->range_max)
        return TT_REFUSE("TAN-5.8.1", "E_OUT_OF_RANGE", "%s reaches %d..%d and %s is %d away",
                         ename(c, s, inst), w->range_min, w->range_max, cname(c, circle), pd);
    return TT_OK;
}

static int friend_within_reach(const tan_content *c, const tan_state *s, int u, int f)
{
    return f < TAN_UNITS && f != u && tan_seat_of(f) == tan_seat_of(u) &&
           s->unit[f].status == ST_BOARD &&
           adjacent_same_path(c, s->unit[u].circle, s->unit[f].circle);
}

static int check_use(const tan_look *L, int inst, int t, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    if (inst >= s->ninst || s->item[inst].where != W_UNIT || s->item[inst].at != u)
        return TT_REFUSE("TAN-5.10.1", "E_NOT_USABLE", "%s carries no such item", uname(c, s, u));
    if (c->equip[s->item[inst].def].effect != EF_HEAL)
        return TT_REFUSE("TAN-5.10.2", "E_NOT_USABLE", "%s works by itself; it is not used",
                         ename(c, s, inst));
    if (s->item[inst].locked == u)
        return TT_REFUSE("TAN-5.11.4", "E_NOT_USABLE",
                         "%s was passed to %s: usable from its next cycle", ename(c, s, inst),
                         uname(c, s, u));
    if (t != u && !friend_within_reach(c, s, u, t))
        return TT_REFUSE("TAN-5.10.1", "E_NOT_SAME_PATH",
                         "heal yourself or a friend next to you on the same path");
    if (s->unit[t].wounds == 0)
        return TT_REFUSE("TAN-5.10.1", "E_NOTHING_TO_HEAL", "%s has no wound", uname(c, s, t));
    return TT_OK;
}

/* --- exchange and search sub-steps (TAN-5.11, 5.12, 5.14.3) ----------------------------- */

static int carried_free(const tan_content *c, const tan_state *s, int inst, int u)
{
    return inst < s->ninst && s->item[inst].where == W_UNIT && s->item[inst].at == u &&
           c->equip[s->item[inst].def].free;
}

static int check_drop(const tan_look *L, int a, int circle, int flag, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active, at = s->unit[u].circle;
    if (flag ? !tan_carried_flag(s, a, u) : !carried_free(c, s, a, u))
        return TT_REFUSE("TAN-5.11.1", "E_NOT_FREE", "%s carries no such free equipment",
                         uname(c, s, u));
    if (circle >= c->ncircles)
        return TT_REFUSE("TAN-5.20.2", "E_BAD_COMMAND", "no such circle");
    if (c->site_of[circle] != TAN_NONE && !flag) {
        if (!tan_adjacent(c, at, circle))
            return TT_REFUSE("TAN-5.11.1", "E_NOT_ADJACENT", "the crate at %s is not next to %s",
                             cname(c, circle), uname(c, s, u));
        return TT_OK;
    }
    if (!adjacent_same_path(c, at, circle))
        return TT_REFUSE(flag ? "TAN-5.14.3" : "TAN-5.11.1", "E_NOT_SAME_PATH",
                         "%s is not next to %s on the same path", cname(c, circle), cname(c, at));
    if (tan_look_other(L, circle, -1))
        return TT_REFUSE("TAN-5.11.1", "E_CIRCLE_OCCUPIED", "someone stands on %s",
                         cname(c, circle));
    return TT_OK;
}

static int check_pass(const tan_look *L, int a, int f, int flag, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    if (flag ? !tan_carried_flag(s, a, u) : !carried_free(c, s, a, u))
        return TT_REFUSE("TAN-5.11.1", "E_NOT_FREE", "%s carries no such free equipment",
                         uname(c, s, u));
    if (f >= TAN_UNITS || tan_seat_of(f) != tan_seat_of(u) || f == u || s->unit[f].def == TAN_NONE)
        return TT_REFUSE("TAN-5.11.1", "E_NOT_YOUR_CHARACTER", "equipment is passed to a friend");
    if (!friend_within_reach(c, s, u, f))
        return TT_REFUSE("TAN-5.11.1", "E_NOT_SAME_PATH", "%s is not next to %s on the same path",
                         uname(c, s, f), uname(c, s, u));
    if (!flag && !tan_room_for(c, s, f, s->item[a].def))
        return TT_REFUSE("TAN-2.6.6", "E_NO_ROOM", "%s has no room for %s", uname(c, s, f),
                         ename(c, s, a));
    return TT_OK;
}

static int check_pick(const tan_look *L, int inst, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active, at = s->unit[u].circle;
    if (inst >= s->ninst || s->item[inst].where != W_CIRCLE || !tan_look_reach(L, s->item[inst].at))
        return TT_REFUSE("TAN-5.11.1", "E_NOT_SAME_PATH",
                         "that is not lying on %s or next to it on the same path", cname(c, at));
    if (tan_look_other(L, s->item[inst].at, u))
        return TT_REFUSE("TAN-5.11.1", "E_CIRCLE_OCCUPIED", "someone stands on %s",
                         cname(c, s->item[inst].at));
    if (!tan_room_for(c, s, u, s->item[inst].def))
        return TT_REFUSE("TAN-2.6.6", "E_NO_ROOM", "%s has no room for %s", uname(c, s, u),
                         ename(c, s, inst));
    if (s->item[inst].fresh)
        return TT_REFUSE("TAN-5.11.2", "E_FRESH_ITEM", "%s was dropped this cycle",
                         ename(c, s, inst));
    return TT_OK;
}

static int crate_has_old_item(const tan_state *s, int site)
{
    for (int i = 0; i < s->ninst; i++)
        if (s->item[i].where == W_CRATE && s->item[i].at == site && !s->item[i].fresh)
            return 1;
    return 0;
}

static int check_search(const tan_look *L, int circle, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    int site = circle < c->ncircles ? c->site_of[circle] : TAN_NONE;
    if (site == TAN_NONE)
        return TT_REFUSE("TAN-5.12.1", "E_NO_CRATE", "%s is no crate site",
                         circle < c->ncircles ? cname(c, circle) : "that");
    if (!tan_adjacent(c, s->unit[u].circle, circle))
        return TT_REFUSE("TAN-5.12.1", "E_NOT_ADJACENT", "%s is not next to %s", cname(c, circle),
                         uname(c, s, u));
    if (s->crate[site] == TAN_NONE && !crate_has_old_item(s, site))
        return TT_REFUSE("TAN-5.12.1", "E_NO_CRATE", "there is nothing to search at %s",
                         cname(c, circle));
    if (enemy_near(L, circle, tan_seat_of(u)))
        return TT_REFUSE("TAN-5.12.1", "E_ENEMY_ADJACENT", "an enemy stands next to %s",
                         cname(c, circle));
    return TT_OK;
}

static int check_take(const tan_look *L, int inst, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    if (inst >= s->ninst || s->item[inst].where != W_CRATE || s->item[inst].at != s->seq_site)
        return TT_REFUSE("TAN-5.12.2", "E_NO_CRATE", "that is not in the crate being searched");
    if (s->item[inst].fresh)
        return TT_REFUSE("TAN-5.11.2", "E_FRESH_ITEM", "%s was dropped this cycle",
                         ename(c, s, inst));
    if (c->equip[s->item[inst].def].effect != EF_MEDAL_VP &&
        !tan_room_for(c, s, u, s->item[inst].def))
        return TT_REFUSE("TAN-2.6.6", "E_NO_ROOM", "%s has no room for %s", uname(c, s, u),
                         ename(c, s, inst));
    return TT_OK;
}

/* The items of an item set into out, in item order; returns their number. */
static int item_list(const uint64_t *set, uint8_t *out)
{
    int n = 0; /* counted in a local: the byte stores could alias a count */
    for (int w = 0; w < TAN_MAX_INST / 64; w++)
        for (uint64_t m = set[w]; m; m &= m - 1)
            out[n++] = (uint8_t)(w * 64 + __builtin_ctzll(m));
    return n;
}

/* Is any exchange sub-step possible now (TAN-5.11.1)? */
int tan_some_substep(const tan_look *L, const uint8_t *mine, int nmine)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active, at = s->unit[u].circle;
    for (int w = 0; w < TAN_MAX_INST / 64; w++) /* the lying items, read off their set */
        for (uint64_t m = s->lying[w]; m; m &= m - 1) {
            int i = w * 64 + __builtin_ctzll(m);
            if (tan_look_reach(L, s->item[i].at) && check_pick(L, i, NULL) == TT_OK)
                return 1;
        }
    for (int k = 0; k < nmine; k++) {
        int i = mine[k];
        if (!c->equip[s->item[i].def].free) /* carried_free */
            continue;
        for (int j = 0; j < c->adj_n[at]; j++)
            if (check_drop(L, i, c->adj[c->adj_first[at] + j], 0, NULL) == TT_OK)
                return 1;
        for (int f = tan_seat_of(u) * TAN_TEAM; f < (tan_seat_of(u) + 1) * TAN_TEAM; f++)
            if (f != u && check_pass(L, i, f, 0, NULL) == TT_OK) /* a friend only */
                return 1;
    }
    for (int a = tan_next_carried_flag(s, u, -1); a >= 0; a = tan_next_carried_flag(s, u, a)) {
        for (int k = 0; k < c->adj_n[at]; k++)
            if (check_drop(L, a, c->adj[c->adj_first[at] + k], 1, NULL) == TT_OK)
                return 1;
        for (int f = tan_seat_of(u) * TAN_TEAM; f < (tan_seat_of(u) + 1) * TAN_TEAM; f++)
            if (f != u && check_pass(L, a, f, 1, NULL) == TT_OK)
                return 1;
    }
    return 0;
}

int tan_items_of(const tan_state *s, int u, uint8_t *mine)
{
    return item_list(s->carries[u], mine);
}

static int some_substep(const tan_look *L)
{
    uint8_t mine[TAN_MAX_INST];
    int nmine = tan_items_of(L->s, L->s->active, mine);
    return tan_some_substep(L, mine, nmine);
}

static int check_exchange(const tan_look *L, tt_error *err)
{
    if (!some_substep(L))
        return TT_REFUSE("TAN-5.11.1", "E_NO_SUBSTEP", "there is nothing to drop, pass or pick up");
    return TT_OK;
}

/* --- tasks and flags (TAN-5.13 – 5.15) -------------------------------------------------- */

/* TAN-5.13.3: a bought skill costs 2 VP on a primary token, 1 on a secondary. */
int tan_buy_cost(const tan_content *c, int o)
{
    return c->obj[o].grade == GRADE_PRIMARY ? 2 : 1;
}

static int check_task(const tan_look *L, int circle, int skill, int buy, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active, seat = tan_seat_of(u);
    if (c->mode != MODE_STORY)
        return TT_REFUSE("TAN-5.13.1", "E_WRONG_MODE", "tasks belong to Story games");
    int o = circle < c->ncircles ? tan_objective_at(c, s, circle) : -1;
    if (o < 0)
        return TT_REFUSE("TAN-5.13.1", "E_NO_OBJECTIVE", "no objective token waits on %s",
                         circle < c->ncircles ? cname(c, circle) : "that");
    if (c->obj[o].owner != c->faction[seat])
        return TT_REFUSE("TAN-5.13.1", "E_NOT_OWN_OBJECTIVE", "%s belongs to the other team",
                         c->obj[o].id);
    if (!tan_adjacent(c, s->unit[u].circle, circle))
        return TT_REFUSE("TAN-5.13.1", "E_NOT_ADJACENT", "%s is not next to %s", uname(c, s, u),
                         cname(c, circle));
    if (enemy_near(L, circle, seat))
        return TT_REFUSE("TAN-5.13.1", "E_ENEMY_ADJACENT", "an enemy stands next to %s",
                         cname(c, circle));
    int half = -1;
    for (int k = 0; k < c->obj[o].nskills; k++)
        if (c->obj[o].skill[k] == skill && !(s->obj[o].halves >> k & 1))
            half = k;
    if (half < 0 || skill >= SK_COUNT)
        return TT_REFUSE("TAN-5.13.1", "E_WRONG_SKILL", "%s does not need %s now", c->obj[o].id,
                         skill < SK_COUNT ? tan_skill_name(skill) : "that skill");
    int has = tan_has_skill(c, s, u, skill);
    if (has == !!buy)
        return TT_REFUSE("TAN-5.13.3", "E_WRONG_SKILL", "%s %s %s%s", uname(c, s, u),
                         has ? "has" : "lacks", tan_skill_name(skill),
                         has ? ": nothing to buy" : ": add 'buy' to buy it");
    if (!buy)
        return TT_OK;
    if (c->obj[o].grade == GRADE_PRIMARY && s->obj[o].bought)
        return TT_REFUSE("TAN-5.13.3", "E_BOTH_BOUGHT", "one half of %s was already bought",
                         c->obj[o].id);
    int cost = tan_buy_cost(c, o);
    if (s->pl[seat].vp < cost)
        return TT_REFUSE("TAN-5.13.3", "E_NOT_ENOUGH_VP",
                         "buying %s costs %d VP and your team has %d", tan_skill_name(skill), cost,
                         s->pl[seat].vp);
    if (tan_vp_limit_left(c, s, u) < cost)
        return TT_REFUSE("TAN-5.16.3", "E_VP_LIMIT", "%s may spend %d more VP this cycle, not %d",
                         uname(c, s, u), tan_vp_limit_left(c, s, u), cost);
    return TT_OK;
}

int tan_flags_lying(const tan_state *s, int owner, int circle)
{
    int n = 0;
    for (int k = 0; k < s->pl[owner].nflags; k++)
        n += s->pl[owner].flag[k].where == FL_CIRCLE && s->pl[owner].flag[k].at == circle;
    return n;
}

static int check_takeflag(const tan_look *L, int circle, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active, seat = tan_seat_of(u), at = s->unit[u].circle;
    if (c->mode != MODE_CTF)
        return TT_REFUSE("TAN-5.14.1", "E_WRONG_MODE", "flags are taken in Capture the Flag");
    if (circle >= c->ncircles)
        return TT_REFUSE("TAN-5.20.2", "E_BAD_COMMAND", "no such circle");
    if (!tan_flags_lying(s, 1 - seat, circle))
        return tan_flags_lying(s, seat, circle)
                   ? TT_REFUSE("TAN-5.14.1", "E_OWN_FLAG", "only the other team takes your flags")
                   : TT_REFUSE("TAN-5.14.1", "E_NO_FLAG", "no flag lies on %s", cname(c, circle));
    int reach = c->circle[circle].kind == CK_OBJECTIVE
                    ? tan_adjacent(c, at, circle)
                    : circle == at || adjacent_same_path(c, at, circle);
    if (!reach)
        return TT_REFUSE("TAN-5.14.1", "E_NOT_ADJACENT", "%s is out of %s's reach",
                         cname(c, circle), uname(c, s, u));
    if (tan_look_enemy(L, circle, seat) || enemy_near(L, circle, seat))
        return TT_REFUSE("TAN-5.14.1", "E_ENEMY_ADJACENT", "an enemy stands on or next to %s",
                         cname(c, circle));
    return TT_OK;
}

/* The circle a plant puts captured flags on (TAN-5.14.4): the entry circle
 * if adjacent, else the first adjacent home circle; -1 when none. */
int tan_plant_circle(const tan_content *c, const tan_state *s, int u)
{
    int seat = tan_seat_of(u), at = s->unit[u].circle;
    if (tan_adjacent(c, at, s->pl[seat].entry))
        return s->pl[seat].entry;
    for (int k = 0; k < s->pl[seat].nflags; k++) {
        int home = s->pl[seat].flag[k].home;
        if (home != TAN_NONE && tan_adjacent(c, at, home))
            return home;
    }
    return -1;
}

static int check_plant(const tan_look *L, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active;
    if (c->mode != MODE_CTF)
        return TT_REFUSE("TAN-5.14.4", "E_WRONG_MODE", "flags are planted in Capture the Flag");
    int carried = 0;
    for (int a = tan_next_carried_flag(s, u, -1); a >= 0; a = tan_next_carried_flag(s, u, a))
        carried++;
    if (!carried)
        return TT_REFUSE("TAN-5.14.4", "E_NO_FLAG", "%s carries no enemy flag", uname(c, s, u));
    if (tan_plant_circle(c, s, u) < 0)
        return TT_REFUSE("TAN-5.14.4", "E_NOT_AT_HOME",
                         "plant next to your entry circle or your flags' home circles");
    return TT_OK;
}

static int check_placeflag(const tan_look *L, int circle, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int u = s->active, seat = tan_seat_of(u);
    if (c->mode != MODE_DOMINATION)
        return TT_REFUSE("TAN-5.15.1", "E_WRONG_MODE", "flags are placed in Domination");
    int supply = 0;
    for (int k = 0; k < s->pl[seat].nflags; k++)
        supply += s->pl[seat].flag[k].where == FL_SUPPLY;
    if (!supply)
        return TT_REFUSE("TAN-5.15.1", "E_FLAG_SUPPLY_EMPTY", "all your flags are on the board");
    if (circle >= c->ncircles || c->circle[circle].kind != CK_OBJECTIVE ||
        !tan_adjacent(c, s->unit[u].circle, circle))
        return TT_REFUSE("TAN-5.15.1", "E_NOT_ADJACENT",
                         "flags go on an objective circle next to %s", uname(c, s, u));
    if (tan_flags_lying(s, seat, circle))
        return TT_REFUSE("TAN-5.15.1", "E_ALREADY_OWN_FLAG", "your flag is already on %s",
                         cname(c, circle));
    if (enemy_near(L, circle, seat))
        return TT_REFUSE("TAN-5.15.1", "E_ENEMY_ADJACENT", "an enemy stands next to %s",
                         cname(c, circle));
    return TT_OK;
}

/* --- reactions (TAN-5.16.5) ------------------------------------------------------------- */

static int check_shrug(const tan_content *c, const tan_state *s, const tt_frame *f, int k,
                       tt_error *err)
{
    int victim = f->a, seat = tan_seat_of(victim);
    if (k > f->b)
        return TT_REFUSE("TAN-5.16.5", "E_BAD_COMMAND", "only %d wound%s to shrug off", f->b,
                         f->b == 1 ? "" : "s");
    if (k > s->pl[seat].vp)
        return TT_REFUSE("TAN-5.16.3", "E_NOT_ENOUGH_VP", "your team has %d VP", s->pl[seat].vp);
    if (k > tan_vp_limit_left(c, s, victim))
        return TT_REFUSE("TAN-5.16.3", "E_VP_LIMIT", "%s may spend %d more VP this cycle",
                         uname(c, s, victim), tan_vp_limit_left(c, s, victim));
    return TT_OK;
}

static int check_counter(const tan_content *c, const tan_state *s, const tt_frame *f, int inst,
                         tt_error *err)
{
    int why = tan_attack_why(c, s, f->a, f->b, inst);
    return why == AW_OK ? TT_OK : refuse_attack(c, s, why, f->a, f->b, inst, "TAN-5.16.5", err);
}

/* --- dispatch --------------------------------------------------------------------------- */

/* The arguments each action uses (bit 1: a, 2: b, 4: c); unused ones are 0,
 * so every action has exactly one code. */
static const uint8_t used_args[A_OP_COUNT] = {
    [A_RECRUIT] = 1, [A_PACK] = 3,  [A_CUSTOM] = 1,    [A_ENTRY] = 1,     [A_DISCARD] = 1,
    [A_PLACE] = 3,   [A_FLAG] = 1,  [A_REINFORCE] = 3, [A_FIRST] = 1,     [A_ACTIVATE] = 1,
    [A_MOVE] = 1,    [A_BUYMP] = 1, [A_BULLRUSH] = 1,  [A_ATTACK] = 3,    [A_THROW] = 3,
    [A_USE] = 3,     [A_DROP] = 7,  [A_PASS] = 7,      [A_PICK] = 1,      [A_SEARCH] = 1,
    [A_TAKE] = 1,    [A_TASK] = 7,  [A_TAKEFLAG] = 1,  [A_PLACEFLAG] = 1, [A_SHRUG] = 1,
    [A_COUNTER] = 1,
};

static const char *const phase_text[] = {
    [PH_RECRUIT] = "characters are being recruited",
    [PH_PACK] = "equipment packs are being chosen",
    [PH_CUSTOM] = "an à la carte pack is being chosen",
    [PH_ENTRY] = "entry points are being chosen",
    [PH_KEEP] = "objective tokens are being kept",
    [PH_PLACE] = "objective tokens are being placed",
    [PH_FLAG] = "flags are being placed",
    [PH_REINFORCE] = "reinforcements are being chosen",
    [PH_REINF_CUSTOM] = "a reinforcement's à la carte pack is being chosen",
    [PH_FIRST] = "the initiative winner names the first player",
    [PH_ACTIVATE] = "a character is to be activated",
    [PH_CYCLE] = "a character is in its cycle",
};

static int wrong_step(const tan_state *s, tt_error *err)
{
    const tt_frame *f = tt_stack_peek(&s->stack);
    if (f)
        return TT_REFUSE("TAN-5.16.5", "E_WRONG_STEP", "%s",
                         f->kind == F_SHRUG ? "a shrug decision is pending"
                                            : "a counterattack decision is pending");
    if (s->phase == PH_CYCLE && s->seq != SEQ_NONE)
        return TT_REFUSE("TAN-5.20.2", "E_SEQUENCE_OPEN", "finish the %s with 'done' first",
                         s->seq == SEQ_EXCHANGE ? "exchange" : "search");
    return TT_REFUSE("TAN-5.20.2", "E_WRONG_STEP", "not now: %s", phase_text[s->phase]);
}

static int check_setup(const tan_content *c, const tan_state *s, int op, int x, int y,
                       tt_error *err)
{
    switch (op) {
    case A_RECRUIT: return check_recruit(c, s, x, err);
    case A_PACK: return check_pack(c, s, x, y, err);
    case A_CUSTOM: return check_custom(c, s, x, err);
    case A_DONE: return TT_OK;
    case A_ENTRY: return check_entry(c, s, x, err);
    case A_DISCARD: return check_discard(c, s, x, err);
    case A_PLACE: return check_place(c, s, x, y, err);
    case A_SKIP:
        return can_place_any(c, s, s->decider)
                   ? TT_REFUSE("TAN-3.9.3", "E_BAD_PLACEMENT", "you can still place a token")
                   : TT_OK;
    case A_FLAG: return check_flag(c, s, x, err);
    case A_REINFORCE:
        if (!own_unit(s, x, s->decider))
            return TT_REFUSE("TAN-5.18.3", "E_NOT_YOUR_CHARACTER",
                             "that is not one of your characters");
        return check_reinforce(c, s, x, y, err);
    case A_NOREINFORCE: return TT_OK;
    case A_FIRST:
        return x < TAN_PLAYERS ? TT_OK
                               : TT_REFUSE("TAN-4.4", "E_BAD_COMMAND", "first 0 or first 1");
    default: /* A_ACTIVATE */
        if (!own_unit(s, x, s->decider))
            return TT_REFUSE("TAN-4.5", "E_NOT_YOUR_CHARACTER",
                             "that is not one of your characters");
        if (s->unit[x].status == ST_DEAD)
            return TT_REFUSE("TAN-4.5", "E_CHAR_DEAD", "%s is dead", uname(c, s, x));
        if (s->unit[x].activated)
            return TT_REFUSE("TAN-4.5", "E_ALREADY_ACTIVATED", "%s has had its cycle this turn",
                             uname(c, s, x));
        return TT_OK;
    }
}

/* The options of the action phase (TAN-5.5.1), once TAN-5.5.2 allows one. */
static int check_phase_option(const tan_look *L, int op, int x, int y, int z, tt_error *err)
{
    switch (op) {
    case A_BULLRUSH: return check_bullrush(L, x, err);
    case A_ATTACK: return check_attack(L, x, y, err);
    case A_THROW: return check_throw(L, x, y, err);
    case A_USE: return check_use(L, x, y, err);
    case A_EXCHANGE: return check_exchange(L, err);
    case A_SEARCH: return check_search(L, x, err);
    case A_TASK: return check_task(L, x, y, z, err);
    case A_TAKEFLAG: return check_takeflag(L, x, err);
    case A_PLANT: return check_plant(L, err);
    default: return check_placeflag(L, x, err);
    }
}

static int check_cycle(const tan_look *L, int op, int x, int y, int z, tt_error *err)
{
    const tan_state *s = L->s;
    switch (op) {
    case A_MOVE: return check_move(L, x, err);
    case A_BUYMP: return check_buymp(L, x, err);
    case A_END: return check_end(L, err);
    case A_DROP: return check_drop(L, x, y, z, err);
    case A_PASS: return check_pass(L, x, y, z, err);
    case A_PICK: return check_pick(L, x, err);
    case A_TAKE: return check_take(L, x, err);
    case A_DONE:
        return s->seq == SEQ_EXCHANGE && s->seq_steps == 0
                   ? TT_REFUSE("TAN-5.11.1", "E_NO_SUBSTEP",
                               "an exchange needs at least one sub-step")
                   : TT_OK;
    default: break;
    }
    int rc = tan_check_action_phase(L, err);
    return rc ? rc : check_phase_option(L, op, x, y, z, err);
}

/* A reaction while a frame waits (TAN-5.16.5). */
static int check_frame(const tan_content *c, const tan_state *s, const tt_frame *f, int op, int x,
                       tt_error *err)
{
    if (f->kind == F_SHRUG && op == A_SHRUG)
        return check_shrug(c, s, f, x, err);
    if (f->kind == F_COUNTER && op == A_COUNTER)
        return check_counter(c, s, f, x, err);
    if (f->kind == F_COUNTER && op == A_NOCOUNTER)
        return TT_OK;
    return wrong_step(s, err);
}

/* The phase (and sub-step sequence) in which each action may be taken. */
static int allowed_now(const tan_state *s, int op)
{
    switch (s->phase) {
    case PH_RECRUIT: return op == A_RECRUIT;
    case PH_PACK: return op == A_PACK;
    case PH_CUSTOM:
    case PH_REINF_CUSTOM: return op == A_CUSTOM || op == A_DONE;
    case PH_ENTRY: return op == A_ENTRY;
    case PH_KEEP: return op == A_DISCARD;
    case PH_PLACE: return op == A_PLACE || op == A_SKIP;
    case PH_FLAG: return op == A_FLAG;
    case PH_REINFORCE: return op == A_REINFORCE || op == A_NOREINFORCE;
    case PH_FIRST: return op == A_FIRST;
    case PH_ACTIVATE: return op == A_ACTIVATE;
    default: break;
    }
    if (s->seq == SEQ_EXCHANGE)
        return op == A_DROP || op == A_PASS || op == A_PICK || op == A_DONE;
    if (s->seq == SEQ_SEARCH)
        return op == A_TAKE || op == A_DONE;
    return op == A_MOVE || op == A_BUYMP || op == A_END || tan_phase_option(op);
}

/* TAN-5.18.1: out of reinforcements is the answer whenever it is the reason. */
static int out_of_reinforcements(const tan_state *s, int op, int x)
{
    return op == A_REINFORCE && x < TAN_UNITS &&
           s->pl[tan_seat_of(x)].reinf_left <= returning(s, tan_seat_of(x));
}

/* The one check (see tannhauser.h): TT_OK, or the refusal in err when given. */
int tan_check_in(const tan_look *L, tt_action a, tt_error *err)
{
    const tan_content *c = L->c;
    const tan_state *s = L->s;
    int op = TAN_OP(a), x = TAN_A(a), y = TAN_B(a), z = TAN_C(a);
    if (s->phase == PH_OVER)
        return TT_REFUSE("TAN-5.20.2", "E_GAME_OVER", "the game is over");
    if (op < 1 || op >= A_OP_COUNT || (!(used_args[op] & 1) && x) || (!(used_args[op] & 2) && y) ||
        (!(used_args[op] & 4) && z) || ((op == A_DROP || op == A_PASS || op == A_TASK) && z > 1))
        return TT_REFUSE("TAN-5.20.2", "E_BAD_COMMAND", "no such action");
    /* TAN-5.20.2 checks the form before the step: no character may spend more
     * than 2 VP a cycle (TAN-5.16.3), so no purchase of more MP is a command */
    if (op == A_BUYMP && (x < 1 || x > 2))
        return TT_REFUSE("TAN-5.16.3", "E_BAD_COMMAND",
                         "buymp takes 1 or 2 (MP, 1 VP each), not %d", x);
    if (out_of_reinforcements(s, op, x))
        return TT_REFUSE("TAN-5.18.1", "E_NO_REINFORCEMENTS", "no reinforcements are left");
    const tt_frame *f = tt_stack_peek(&s->stack);
    if (f)
        return check_frame(c, s, f, op, x, err);
    if (!allowed_now(s, op))
        return wrong_step(s, err);
    return s->phase == PH_CYCLE ? check_cycle(L, op, x, y, z, err)
                                : check_setup(c, s, op, x, y, err);
}

int tan_check_op(const tan_look *L, int op, int x, int y, int z)
{
    if (tan_phase_option(op))
        return check_phase_option(L, op, x, y, z, NULL);
    return check_cycle(L, op, x, y, z, NULL);
}

int tan_check_setup_op(const tan_content *c, const tan_state *s, int op, int x, int y)
{
    if (out_of_reinforcements(s, op, x))
        return TT_EILLEGAL;
    return check_setup(c, s, op, x, y, NULL);
}

int tan_check(const tan_content *c, const tan_state *s, tt_action a, tt_error *err)
{
    tan_look L;
    tan_look_for(&L, c, s, TAN_OP(a));
    return tan_check_in(&L, a, err);
}
