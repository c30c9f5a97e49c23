/* Tannhäuser combat: duels, attacks, grenades, the outcome procedure, death
 * (TAN-5.3, 5.6.2, 5.7 – 5.9, 5.16.5, 5.17).
 *
 * The outcome procedure may stop for two decisions of the other player (shrug
 * off, counterattack), and a grenade blast resolves its victims one by one, so
 * they live as frames on the state's decision stack (tan_frame). tan_resolve
 * runs the stack until a real decision is on top — a decision with one
 * possible answer is taken at once (TAN-5.16.5) — and ends the cycle of an
 * active character that died. Dice go through core/dice.h, so rigged faces
 * reach every roll. */
#include "core/dice.h"
#include "core/events.h"
#include "games/tannhauser/tannhauser.h"

static const tan_weapon unarmed = {WT_UNARMED, -1, 1, 1, 1, -1, 0}; /* TAN-2.6.3 */

const tan_weapon *tan_weapon_of(const tan_content *c, const tan_state *s, int inst)
{
    return inst == TAN_NONE ? &unarmed : &c->equip[s->item[inst].def].weapon;
}

/* TAN-5.1.5 */
int tan_ds(int v)
{
    return v < 2 ? 2 : v > 10 ? 10 : v;
}

/* TAN-5.3: the initiator's pool first; ties go to the defender. Returns 1
 * when the initiator wins; the successes come back through si and sd. */
int tan_duel(const tan_content *c, tan_state *s, int ini, int def, int stat, int *si, int *sd,
             tt_events *ev)
{
    int xi = tan_current(c, s, ini, stat), xd = tan_current(c, s, def, stat);
    tt_pool_roll r;
    *si = tt_pool_d10(&s->head.rng, &s->rig, xi, tan_ds(xd), 0, &r, ev, tan_seat_of(ini));
    *sd = tt_pool_d10(&s->head.rng, &s->rig, xd, tan_ds(xi), 0, &r, ev, tan_seat_of(def));
    return *si > *sd;
}

/* Why attacker may not attack victim with inst (TAN-5.7.2, 5.9.1), or AW_OK. */
int tan_attack_why(const tan_content *c, const tan_state *s, int attacker, int victim, int inst)
{
    if (inst != TAN_NONE) {
        if (inst >= s->ninst)
            return AW_NO_WEAPON;
        const tan_item *it = &s->item[inst];
        if (it->where != W_UNIT || it->at != attacker)
            return AW_NO_WEAPON;
        const tan_equip *e = &c->equip[it->def];
        if (e->kind != EK_WEAPON || e->weapon.type == WT_GRENADE)
            return AW_NO_WEAPON;
        if (it->locked == attacker)
            return AW_LOCKED;
        if (it->uses == 0)
            return AW_NO_USES;
    }
    if (victim >= TAN_UNITS || tan_seat_of(victim) == tan_seat_of(attacker) ||
        s->unit[victim].status != ST_BOARD)
        return AW_NOT_ENEMY;
    int a = s->unit[attacker].circle, b = s->unit[victim].circle;
    if (!tan_same_path(c, a, b))
        return AW_NO_LOS;
    const tan_weapon *w = tan_weapon_of(c, s, inst);
    int pd = tan_pd(c, a, b);
    return pd < w->range_min || pd > w->range_max ? AW_RANGE : AW_OK;
}

/* The attack pool and per-die bonus of TAN-5.7.3. */
static void attack_pool(const tan_content *c, const tan_state *s, int u, const tan_weapon *w,
                        int *dice, int *bonus)
{
    *dice = tan_current(c, s, u, STAT_COMBAT) + w->dice_mod;
    *bonus = 0;
    for (int i = tan_next_item(s->carries[u], -1); i >= 0; i = tan_next_item(s->carries[u], i)) {
        if (!tan_item_usable(s, i, u))
            continue;
        const tan_equip *e = &c->equip[s->item[i].def];
        if (e->effect == EF_EXTRA_DICE && (e->types >> w->type & 1))
            *dice += e->n;
        else if (e->effect == EF_DIE_BONUS)
            *bonus += e->n;
    }
    if (*dice < 1)
        *dice = 1;
}

static void push_shrug(tan_state *s, int victim, int wounds, int attacker, int blow, int wdef)
{
    tt_frame *f = tt_stack_push(&s->stack, F_SHRUG, (uint8_t)tan_seat_of(victim));
    f->a = (uint8_t)victim, f->b = (uint8_t)wounds, f->c = (uint8_t)attacker;
    f->d = (uint8_t)blow, f->e = (uint8_t)wdef;
}

/* An attack or counterattack roll (TAN-5.7.3 – 5.7.5, 5.9), then its outcome. */
void tan_attack(const tan_content *c, tan_state *s, int attacker, int victim, int inst, int blow,
                tt_events *ev)
{
    const tan_weapon *w = tan_weapon_of(c, s, inst);
    int wdef = inst == TAN_NONE ? TAN_NONE : s->item[inst].def, wounds;
    tt_emit(ev, blow == BLOW_COUNTER ? EV_COUNTER : EV_ATTACK, tan_seat_of(attacker), TT_SEEN_ALL,
            TAN_EVU(s, attacker), TAN_EVU(s, victim), wdef == TAN_NONE ? -1 : wdef, 1);
    if (w->type == WT_MENTAL) {
        int si, sd;
        int won = tan_duel(c, s, attacker, victim, STAT_PSYCHE, &si, &sd, ev);
        wounds = won ? (si - sd < w->max_wounds ? si - sd : w->max_wounds) : 0;
    } else {
        int dice, bonus;
        attack_pool(c, s, attacker, w, &dice, &bonus);
        tt_pool_roll r;
        int ds = tan_ds(tan_current(c, s, victim, STAT_STAMINA));
        int hits =
            tt_pool_d10(&s->head.rng, &s->rig, dice, ds, bonus, &r, ev, tan_seat_of(attacker));
        wounds = hits < w->max_wounds ? hits : w->max_wounds;
    }
    if (inst != TAN_NONE && s->item[inst].uses > 0 && --s->item[inst].uses == 0)
        tan_item_unslot(s, inst); /* TAN-5.7.5: used up, out of the game */
    push_shrug(s, victim, wounds, attacker, blow, wdef);
}

/* TAN-5.8: the grenade leaves the game; its blast is resolved by the stack. */
void tan_throw(const tan_content *c, tan_state *s, int circle, int inst, tt_events *ev)
{
    int u = s->active, def = s->item[inst].def;
    tt_emit(ev, EV_THROW, tan_seat_of(u), TT_SEEN_ALL, TAN_EVU(s, u), circle, def, 0);
    tan_item_unslot(s, inst);
    (void)c;
    tt_frame *f = tt_stack_push(&s->stack, F_BLAST, (uint8_t)tan_seat_of(u));
    f->a = (uint8_t)u, f->b = (uint8_t)circle, f->e = (uint8_t)def; /* next circle: c | d << 8 */
}

static int blast_in(const tan_content *c, int centre, int circle)
{
    if (circle == centre)
        return 1;
    for (int i = 0; i < c->adj_n[centre]; i++)
        if (c->adj[c->adj_first[centre] + i] == circle)
            return c->adj_same[c->adj_first[centre] + i]; /* TAN-5.8.2 */
    return 0;
}

static int blast_pending(const tan_state *s)
{
    for (int k = 0; k < s->stack.n; k++)
        if (s->stack.f[k].kind == F_BLAST)
            return 1;
    return 0;
}

/* TAN-5.17: a killed character leaves the board; free equipment and flags
 * stay on its circle, the rest leaves the game; an enemy killer scores. */
static void kill(const tan_content *c, tan_state *s, int victim, int killer, tt_events *ev)
{
    tan_unit *un = &s->unit[victim];
    int circle = un->circle, seat = tan_seat_of(victim);
    for (int i = tan_next_item(s->carries[victim], -1); i >= 0; /* only bits at i are cleared */
         i = tan_next_item(s->carries[victim], i)) {
        tan_item *it = &s->item[i];
        if (it->where != W_UNIT || it->at != victim)
            continue;
        int free_ = c->equip[it->def].free;
        tan_item_unslot(s, i);
        if (free_)
            tan_item_put(s, i, W_CIRCLE, circle), it->fresh = 0;
    }
    for (int p = 0; p < TAN_PLAYERS; p++)
        for (int k = 0; k < s->pl[p].nflags; k++) {
            tan_flag *f = &s->pl[p].flag[k];
            if (f->where == FL_CARRIED && f->at == victim)
                f->where = FL_CIRCLE, f->at = (uint8_t)circle;
        }
    tan_lift(s, victim);
    un->status = ST_DEAD;
    un->death_turn = s->head.turn;
    un->circle = TAN_NONE;
    int vp = 0;
    if (killer != TAN_NONE && tan_seat_of(killer) != seat)
        vp = c->chr[un->def].cls == CLASS_HERO ? 2 : 1; /* VP_KILL_HERO, _TROOPER */
    tt_emit(ev, EV_KILLED, seat, TT_SEEN_ALL, TAN_EVU(s, victim),
            killer == TAN_NONE ? -1 : TAN_EVU(s, killer), vp, 0);
    if (vp)
        tan_vp_gain(s, 1 - seat, vp, ev);
    if (!blast_pending(s)) /* TAN-8.2: a blast is one event, checked when it is over */
        tan_check_elimination(c, s, 0, ev);
}

/* The most wounds the victim of frame f may shrug off (TAN-5.16.5 step 1). */
int tan_shrug_max(const tan_content *c, const tan_state *s, const tt_frame *f)
{
    int k = f->b, vp = s->pl[tan_seat_of(f->a)].vp, left = tan_vp_limit_left(c, s, f->a);
    if (vp < k)
        k = vp;
    if (left < k)
        k = left;
    return k < 0 ? 0 : k;
}

/* Could victim counterattack attacker now with some weapon (TAN-5.16.5 step 3)? */
int tan_counter_open(const tan_content *c, const tan_state *s, int victim, int attacker)
{
    if (s->unit[victim].status != ST_BOARD || s->pl[tan_seat_of(victim)].vp < 1 ||
        tan_vp_limit_left(c, s, victim) < 1 || s->unit[attacker].status != ST_BOARD)
        return 0;
    if (tan_attack_why(c, s, victim, attacker, TAN_NONE) == AW_OK)
        return 1;
    for (int i = tan_next_item(s->carries[victim], -1); i >= 0;
         i = tan_next_item(s->carries[victim], i))
        if (s->item[i].where == W_UNIT && s->item[i].at == victim &&
            tan_attack_why(c, s, victim, attacker, i) == AW_OK)
            return 1;
    return 0;
}

/* Steps 1 – 3 of the outcome procedure after the shrug decision k. */
void tan_shrug(const tan_content *c, tan_state *s, int k, tt_events *ev)
{
    tt_frame f = *tt_stack_top(&s->stack);
    tt_stack_pop(&s->stack);
    int victim = f.a, wounds = f.b - k;
    if (k > 0) {
        tan_vp_pay(s, victim, k, ev);
        tt_emit(ev, EV_SHRUG, tan_seat_of(victim), TT_SEEN_ALL, TAN_EVU(s, victim), k, 0, 0);
    }
    tan_unit *un = &s->unit[victim];
    int rows = c->chr[un->def].nrows;
    un->wounds = (uint8_t)(un->wounds + wounds > rows ? rows : un->wounds + wounds);
    tt_emit(ev, EV_WOUNDS, tan_seat_of(victim), TT_SEEN_ALL, TAN_EVU(s, victim), wounds, un->wounds,
            f.b);
    if (un->wounds >= rows) {
        kill(c, s, victim, f.c, ev);
        return;
    }
    if (f.d == BLOW_ATTACK && tan_counter_open(c, s, victim, f.c)) {
        tt_frame *g = tt_stack_push(&s->stack, F_COUNTER, (uint8_t)tan_seat_of(victim));
        g->a = (uint8_t)victim, g->b = f.c;
    }
}

/* The counter decision: inst (or TAN_NONE, unarmed) with 1 VP, or none. */
void tan_counter(const tan_content *c, tan_state *s, int yes, int inst, tt_events *ev)
{
    tt_frame f = *tt_stack_top(&s->stack);
    tt_stack_pop(&s->stack);
    if (!yes) {
        tt_emit(ev, EV_COUNTER, tan_seat_of(f.a), TT_SEEN_ALL, TAN_EVU(s, f.a), -1, -1, 0);
        return;
    }
    tan_vp_pay(s, f.a, 1, ev);
    tan_attack(c, s, f.a, f.b, inst, BLOW_COUNTER, ev);
}

/* TAN-5.8.3: the next victim of the blast in ascending circle order, or the
 * end of the blast. */
static void blast_step(const tan_content *c, tan_state *s, tt_events *ev)
{
    tt_frame *f = tt_stack_top(&s->stack);
    for (int x = f->c | f->d << 8; x < c->ncircles; x++) {
        int v = blast_in(c, f->b, x) ? tan_occupant(s, x, -1) : -1;
        if (v < 0)
            continue;
        f->c = (uint8_t)((x + 1) & 0xFF), f->d = (uint8_t)((x + 1) >> 8);
        const tan_weapon *w = &c->equip[f->e].weapon;
        tt_pool_roll r;
        int ds = tan_ds(tan_current(c, s, v, STAT_STAMINA));
        int hits = tt_pool_d10(&s->head.rng, &s->rig, w->blast_dice, ds, 0, &r, ev, tan_seat_of(v));
        push_shrug(s, v, hits < w->max_wounds ? hits : w->max_wounds, f->a, BLOW_GRENADE, f->e);
        return;
    }
    tt_stack_pop(&s->stack);
    tan_check_elimination(c, s, 0, ev);
}

void tan_resolve(const tan_content *c, tan_state *s, tt_events *ev)
{
    while (s->phase != PH_OVER && s->stack.n) {
        const tt_frame *f = tt_stack_peek(&s->stack);
        if (f->kind == F_BLAST)
            blast_step(c, s, ev);
        else if (f->kind == F_SHRUG && tan_shrug_max(c, s, f) == 0)
            tan_shrug(c, s, 0, ev);
        else
            return; /* a decision */
    }
    if (s->phase == PH_CYCLE && s->active != TAN_NONE && s->unit[s->active].status == ST_DEAD)
        tan_end_cycle(c, s, ev); /* TAN-9.9 */
}
