/* Tannhäuser state: characters, equipment, setup, sanity, rig, determinize.
 *
 * Everything here reads or edits the flat tan_state (tannhauser.h). Current
 * values are computed, never stored: a character's row, its carried passive
 * effects and its circle's modifiers are summed on demand (TAN-5.2.2), so
 * wounds, healing, drops and moves can never leave a stale number behind.
 * Carried equipment is the items whose `where` is W_UNIT; the unit's slot
 * arrays count them per slot, which the sanity check re-derives, as it does
 * the item sets carries and lying, kept by tan_item_put. Who stands
 * where is kept as a bit set per seat (on), with the circles two teammates
 * share (crowd), because every legal() and apply()
 * of a cycle reads it: tan_place and tan_lift are the only ways on and off
 * the board, and the sanity check re-derives it too. Instances
 * are never removed from item[], so a copy number (`def#k`) is counted from
 * the instances of its definition before it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "games/tannhauser/tannhauser.h"

/* --- characters --------------------------------------------------------------- */

int tan_current(const tan_content *c, const tan_state *s, int u, int stat)
{
    const tan_unit *un = &s->unit[u];
    const tan_char *ch = &c->chr[un->def];
    int w = un->wounds < ch->nrows ? un->wounds : ch->nrows - 1;
    int v = ch->row[w][stat];
    for (int i = c->boosted >> stat & 1 ? tan_next_item(s->carries[u], -1) : -1; i >= 0;
         i = tan_next_item(s->carries[u], i)) {
        const tan_item *it = &s->item[i];
        if (it->where == W_UNIT && it->at == u && it->locked != u) {
            const tan_equip *e = &c->equip[it->def];
            if (e->effect == EF_STAT_BONUS && e->stat == stat)
                v += e->n;
        }
    }
    if (un->status == ST_BOARD)
        v += c->circle[un->circle].mod[stat];
    return v < 0 ? 0 : v;
}

int tan_mp(const tan_content *c, const tan_state *s)
{
    if (s->active == TAN_NONE)
        return 0;
    int mp = tan_current(c, s, s->active, STAT_MOVEMENT) + s->mp_bought - s->mp_spent;
    return mp < 0 ? 0 : mp;
}

int tan_occupant(const tan_state *s, int circle, int except)
{
    for (int u = 0; u < TAN_UNITS; u++)
        if (u != except && s->unit[u].status == ST_BOARD && s->unit[u].circle == circle)
            return u;
    return -1;
}

static void set_bit(uint64_t *set, int x, int bit)
{
    uint64_t m = (uint64_t)1 << (x & 63);
    set[x >> 6] = bit ? set[x >> 6] | m : set[x >> 6] & ~m;
}

/* Sets on and crowd for circle from the units standing there, but except. */
static void recount(tan_state *s, int circle, int except)
{
    int n[TAN_PLAYERS] = {0};
    for (int u = 0; u < TAN_UNITS; u++)
        n[tan_seat_of(u)] +=
            u != except && s->unit[u].status == ST_BOARD && s->unit[u].circle == circle;
    for (int p = 0; p < TAN_PLAYERS; p++)
        set_bit(s->on[p], circle, n[p] > 0);
    set_bit(s->crowd, circle, n[0] > 1 || n[1] > 1);
}

/* A unit alone on its circle leaves it empty of its seat; only a crowded
 * circle, which a step rarely leaves, needs the count. */
void tan_lift(tan_state *s, int u)
{
    const tan_unit *un = &s->unit[u];
    if (un->status != ST_BOARD)
        return;
    if (tan_bit(s->crowd, un->circle))
        recount(s, un->circle, u);
    else
        set_bit(s->on[tan_seat_of(u)], un->circle, 0);
}

void tan_place(tan_state *s, int u, int circle)
{
    tan_lift(s, u);
    s->unit[u].status = ST_BOARD;
    s->unit[u].circle = (uint8_t)circle;
    if (tan_bit(s->on[tan_seat_of(u)], circle))
        set_bit(s->crowd, circle, 1); /* a teammate stood there already */
    set_bit(s->on[tan_seat_of(u)], circle, 1);
}

int tan_enemy_at(const tan_state *s, int circle, int seat)
{
    for (int u = (1 - seat) * TAN_TEAM; u < (2 - seat) * TAN_TEAM; u++) /* the other team */
        if (s->unit[u].status == ST_BOARD && s->unit[u].circle == circle)
            return u;
    return -1;
}

/* Whether another unit stands on the active character's circle: an enemy,
 * as on says, or a teammate. */
/* Whether another unit stands on the active character's circle: an enemy,
 * as on says, or a teammate, as crowd says (a crowd of the enemy's is in on). */
static void look_shared(tan_look *L, const tan_state *s)
{
    int a = s->active;
    L->shared = 0;
    if (a == TAN_NONE || s->unit[a].status != ST_BOARD)
        return;
    int at = s->unit[a].circle;
    L->shared = tan_bit(s->on[1 - tan_seat_of(a)], at) | tan_bit(s->crowd, at);
}

/* Where the active character stands alone, as tan_can_stop asks. */
static void look_alone(tan_look *L, const tan_state *s)
{
    int a = s->active;
    L->alone_at =
        a != TAN_NONE && s->unit[a].status == ST_BOARD && !L->shared ? s->unit[a].circle : -1;
}

static void look_reach(tan_look *L, const tan_content *c, const tan_state *s)
{
    if (s->active != TAN_NONE)
        memcpy(L->reach, c->reach[s->unit[s->active].circle], sizeof L->reach);
    else
        memset(L->reach, 0, sizeof L->reach);
    L->has_reach = 1;
}

static void look_parts(tan_look *L, const tan_content *c, const tan_state *s, int reach, int mp)
{
    L->c = c;
    L->s = s;
    L->has_reach = 0;
    L->mp = -1;
    L->taken = s->phase == PH_CYCLE && !s->stack.n;
    if (!L->taken)
        return;
    look_shared(L, s);
    look_alone(L, s);
    if (reach)
        look_reach(L, c, s);
    if (mp)
        L->mp = tan_mp(c, s);
}

void tan_look_at(tan_look *L, const tan_content *c, const tan_state *s)
{
    look_parts(L, c, s, 1, 1);
}

void tan_look_for(tan_look *L, const tan_content *c, const tan_state *s, int op)
{
    look_parts(L, c, s, op == A_PICK || op == A_EXCHANGE, op == A_MOVE || op == A_BULLRUSH);
}

int tan_has_skill(const tan_content *c, const tan_state *s, int u, int skill)
{
    if (tan_chr(c, s, u)->skills >> skill & 1)
        return 1;
    for (int i = tan_next_item(s->carries[u], -1); i >= 0; i = tan_next_item(s->carries[u], i)) {
        const tan_item *it = &s->item[i];
        const tan_equip *e = &c->equip[it->def];
        if (it->where == W_UNIT && it->at == u && it->locked != u && e->effect == EF_GRANT_SKILL &&
            e->skill == skill)
            return 1;
    }
    return 0;
}

int tan_command_bonus(const tan_content *c, const tan_state *s, int seat)
{
    int bonus = 0;
    for (int i = 0; i < s->ninst; i++) {
        const tan_item *it = &s->item[i];
        if (it->where != W_UNIT || tan_seat_of(it->at) != seat || it->locked == it->at)
            continue;
        const tan_equip *e = &c->equip[it->def];
        if (e->effect == EF_RANK)
            bonus += e->n;
    }
    return bonus;
}

/* --- equipment and slots (TAN-2.6.6) ------------------------------------------- */

static int slot_kind(const tan_equip *e)
{
    return e->kind == EK_WEAPON ? 1 + e->weapon.type : SLOT_ITEM;
}

/* The slot def would go into on unit u: a stack of its weapon type, else an
 * empty slot within the character's slots; -1 when there is no room. */
static int slot_for(const tan_content *c, const tan_state *s, int u, int def)
{
    const tan_unit *un = &s->unit[u];
    int kind = slot_kind(&c->equip[def]), empty = -1;
    for (int k = 0; k < c->chr[un->def].slots; k++) {
        if (kind != SLOT_ITEM && un->slot_type[k] == kind)
            return k;
        if (un->slot_type[k] == SLOT_EMPTY && empty < 0)
            empty = k;
    }
    return empty;
}

int tan_room_for(const tan_content *c, const tan_state *s, int u, int def)
{
    return slot_for(c, s, u, def) >= 0;
}

int tan_item_usable(const tan_state *s, int i, int u)
{
    return s->item[i].where == W_UNIT && s->item[i].at == u && s->item[i].locked != u;
}

int tan_item_new(const tan_content *c, tan_state *s, int def)
{
    if (s->ninst >= TAN_MAX_INST)
        return -1;
    int i = s->ninst++;
    const tan_equip *e = &c->equip[def];
    s->item[i] = (tan_item){.def = (uint8_t)def,
                            .uses = e->kind == EK_WEAPON ? e->weapon.uses : -1,
                            .where = W_GONE,
                            .locked = TAN_NONE};
    return i;
}

void tan_item_give(const tan_content *c, tan_state *s, int i, int u)
{
    tan_item *it = &s->item[i];
    if (it->where == W_UNIT)
        tan_item_unslot(s, i);
    int k = slot_for(c, s, u, it->def);
    tan_unit *un = &s->unit[u];
    un->slot_type[k] = (uint8_t)slot_kind(&c->equip[it->def]);
    un->slot_n[k]++;
    tan_item_put(s, i, W_UNIT, u);
    it->slot = (uint8_t)k;
    it->fresh = 0;
}

void tan_item_unslot(tan_state *s, int i)
{
    tan_item *it = &s->item[i];
    if (it->where == W_UNIT) {
        tan_unit *un = &s->unit[it->at];
        if (--un->slot_n[it->slot] == 0)
            un->slot_type[it->slot] = SLOT_EMPTY;
    }
    tan_item_put(s, i, W_GONE, it->at);
    it->locked = TAN_NONE;
}

/* The item set that holds item i where it is, or NULL. */
static uint64_t *item_set(tan_state *s, int i)
{
    const tan_item *it = &s->item[i];
    return it->where == W_UNIT ? s->carries[it->at] : it->where == W_CIRCLE ? s->lying : NULL;
}

void tan_item_put(tan_state *s, int i, int where, int at)
{
    uint64_t m = (uint64_t)1 << (i & 63), *set = item_set(s, i);
    if (set)
        set[i >> 6] &= ~m;
    s->item[i].where = (uint8_t)where;
    s->item[i].at = (uint8_t)at;
    if ((set = item_set(s, i)))
        set[i >> 6] |= m;
}

int tan_item_copy(const tan_state *s, int i)
{
    int copy = 1;
    for (int k = 0; k < i; k++)
        copy += s->item[k].def == s->item[i].def;
    return copy;
}

/* --- setup (TAN-3, 3.10) ---------------------------------------------------------- */

static const uint8_t reinforcements[] = {2, 1, 0}; /* REINF_EASY, _NORMAL, _HARD */

void tan_setup(const tt_game *g, tan_state *s, uint64_t seed)
{
    const tan_content *c = tan_content_of(g);
    memset(s, 0, sizeof *s);
    tt_rng_seed(&s->head.rng, seed);
    s->phase = PH_RECRUIT;
    s->active = TAN_NONE;
    s->setup_winner = s->init_winner = s->first = TAN_NONE;
    for (int u = 0; u < TAN_UNITS; u++) {
        s->unit[u].def = TAN_NONE;
        s->unit[u].circle = TAN_NONE;
        s->unit[u].pack = PACK_NONE;
    }
    for (int p = 0; p < TAN_PLAYERS; p++) {
        tan_player *pl = &s->pl[p];
        pl->entry = TAN_NONE;
        pl->reinf_left = reinforcements[c->difficulty];
        pl->nflags = c->mode == MODE_CTF ? 2 : c->mode == MODE_DOMINATION ? 4 : 0;
        for (int k = 0; k < pl->nflags; k++)
            pl->flag[k] = (tan_flag){c->mode == MODE_DOMINATION ? FL_SUPPLY : FL_NONE, 0, TAN_NONE};
    }
    for (int o = 0; o < c->nobjs; o++) {
        int owner = c->obj[o].owner;
        int held = c->mode == MODE_STORY && (owner == c->faction[0] || owner == c->faction[1]);
        s->obj[o].where = held ? OB_HELD : OB_OUT;
    }
    for (int k = 0; k < TAN_MAX_SITES; k++)
        s->crate[k] = TAN_NONE;
}

/* --- sanity: the invariants every apply must keep -------------------------------- */

#define BROKEN(...) tt_fail(err, TT_ESTATE, NULL, __VA_ARGS__)

/* The items a unit carries, counted slot by slot in one pass over the items
 * (sane_slots compares the counts with the unit's own). */
typedef uint8_t slot_counts[TAN_UNITS][TAN_MAX_SLOTS];

static int sane_carried(const tan_content *c, const tan_state *s, int i, slot_counts n,
                        tt_error *err)
{
    const tan_item *it = &s->item[i];
    if (it->at >= TAN_UNITS)
        return BROKEN("item %d is carried by no unit", i);
    const tan_unit *un = &s->unit[it->at];
    if (un->status == ST_DEAD)
        return BROKEN("item %d is carried by a dead character", i);
    if (un->def == TAN_NONE || it->slot >= c->chr[un->def].slots)
        return BROKEN("item %d carried by unit %d in slot %d", i, it->at, it->slot);
    if (un->slot_type[it->slot] != slot_kind(&c->equip[it->def]))
        return BROKEN("item %d does not match the kind of unit %d's slot %d", i, it->at, it->slot);
    n[it->at][it->slot]++;
    return TT_OK;
}

static int sane_slots(const tan_state *s, int u, slot_counts n, tt_error *err)
{
    const tan_unit *un = &s->unit[u];
    for (int k = 0; k < TAN_MAX_SLOTS; k++)
        if (n[u][k] != un->slot_n[k] || (n[u][k] == 0) != (un->slot_type[k] == SLOT_EMPTY))
            return BROKEN("unit %d slot %d counts %d items, holds %d", u, k, un->slot_n[k],
                          n[u][k]);
    return TT_OK;
}

static int sane_unit(const tan_content *c, const tan_state *s, int u, slot_counts n, tt_error *err)
{
    const tan_unit *un = &s->unit[u];
    if (un->def == TAN_NONE)
        return un->status == ST_NONE ? TT_OK : BROKEN("unit %d has a status but no character", u);
    const tan_char *ch = &c->chr[un->def];
    if (ch->faction != c->faction[tan_seat_of(u)])
        return BROKEN("unit %d is not of its seat's faction", u);
    if (un->status != ST_DEAD && un->wounds >= ch->nrows)
        return BROKEN("unit %d is alive with %d wounds of %d rows", u, un->wounds, ch->nrows);
    if (un->vp_spent > (ch->cls == CLASS_HERO ? 2 : 1))
        return BROKEN("unit %d spent %d VP this cycle", u, un->vp_spent);
    if (un->status == ST_BOARD) {
        const tan_circle *ci = &c->circle[un->circle];
        if (ci->kind != CK_PATH && ci->kind != CK_ENTRY)
            return BROKEN("unit %d stands on %s, not a path circle", u, ci->id);
        /* TAN-5.4.5: only the active character may be between stop circles,
         * passing through a friend or an enemy */
        int other = -1;
        for (int v = 0; v < TAN_UNITS; v++)
            if (v != u && v != s->active && s->unit[v].status == ST_BOARD &&
                s->unit[v].circle == un->circle)
                other = v;
        /* a game that ended mid-move (a concession, an agreed draw, TAN-8.6)
         * leaves the mover where it stood */
        if (u != s->active && s->phase != PH_OVER && (ci->kind == CK_ENTRY || other >= 0))
            return BROKEN("unit %d rests on %s, which is no stop circle", u, ci->id);
    }
    return sane_slots(s, u, n, err);
}

/* TAN_STACK_DEPTH: a blast at the bottom, if any, and above it at most one
 * decision; a counterattack is never offered to a blast's victim (TAN-5.8.3). */
static int sane_stack(const tan_state *s, tt_error *err)
{
    int n = s->stack.n, blast = n > 0 && s->stack.f[0].kind == F_BLAST;
    if (n > tt_stack_depth(&s->stack) || n > 1 + blast)
        return BROKEN("the decision stack holds %d frames", n);
    for (int k = blast; k < n; k++) {
        int kind = s->stack.f[k].kind;
        if (kind != F_SHRUG && (kind != F_COUNTER || blast))
            return BROKEN("frame %d of the decision stack is of kind %d", k, kind);
    }
    return TT_OK;
}

int tan_sanity(const tt_game *g, const void *st, tt_error *err)
{
    const tan_content *c = tan_content_of(g);
    const tan_state *s = st;
    slot_counts carried = {{0}};
    tan_state t = *s; /* the derived sets, carries, lying, on and crowd, made afresh */
    memset(t.carries, 0, sizeof t.carries);
    memset(t.lying, 0, sizeof t.lying);
    for (int i = 0; i < s->ninst; i++) {
        const tan_item *it = &s->item[i];
        if (it->def >= c->nequip || it->where > W_CRATE)
            return BROKEN("item %d is malformed", i);
        if (it->fresh && !s->dropped)
            return BROKEN("item %d is fresh, but nothing is marked dropped this cycle", i);
        if (it->locked != TAN_NONE && (it->where != W_UNIT || it->locked != it->at))
            return BROKEN("item %d is locked for a unit that does not carry it", i);
        if (it->where == W_UNIT && it->at < TAN_UNITS)
            t.carries[it->at][i >> 6] |= (uint64_t)1 << (i & 63);
        if (it->where == W_CIRCLE)
            t.lying[i >> 6] |= (uint64_t)1 << (i & 63);
        if (it->where == W_UNIT && sane_carried(c, s, i, carried, err))
            return TT_ESTATE;
        if (it->where == W_CIRCLE && it->at >= c->ncircles)
            return BROKEN("item %d lies off the board", i);
        if (it->where == W_CRATE && it->at >= c->nsites)
            return BROKEN("item %d is in no crate", i);
    }
    if (memcmp(t.carries, s->carries, sizeof t.carries) ||
        memcmp(t.lying, s->lying, sizeof t.lying))
        return BROKEN("the items marked carried or lying are not where the items are");
    for (int u = 0; u < TAN_UNITS; u++) {
        int rc = sane_unit(c, s, u, carried, err);
        if (rc)
            return rc;
    }
    memset(t.on, 0, sizeof t.on);
    memset(t.crowd, 0, sizeof t.crowd);
    for (int u = 0; u < TAN_UNITS; u++)
        if (s->unit[u].status == ST_BOARD)
            recount(&t, s->unit[u].circle, -1);
    if (memcmp(t.on, s->on, sizeof t.on) || memcmp(t.crowd, s->crowd, sizeof t.crowd))
        return BROKEN("the circles marked occupied are not where the units stand");
    for (int p = 0; p < TAN_PLAYERS; p++)
        for (int k = 0; k < s->pl[p].nflags; k++) {
            const tan_flag *f = &s->pl[p].flag[k];
            if (f->where == FL_CARRIED &&
                (s->unit[f->at].status != ST_BOARD || tan_seat_of(f->at) == p))
                return BROKEN("a flag of seat %d is carried by unit %d", p, f->at);
        }
    if (s->active != TAN_NONE && s->phase != PH_CYCLE && s->phase != PH_OVER)
        return BROKEN("a character is active outside a cycle");
    return sane_stack(s, err);
}

/* --- rig: fixing dice and crates for tests and puzzles (TAN-7.1) --------------------- */

static int rig_dice(tan_state *s, const char *values, tt_error *err)
{
    int faces[TT_DICE_RIG_MAX], n = 0;
    for (const char *p = values; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || (*end && *end != ' ') || v < 1 || v > 10)
            return tt_fail(err, TT_EARG, "TAN-5.1.1", "a d10 face is 1..10, not '%.*s'",
                           (int)strcspn(p, " "), p);
        if (n == TT_DICE_RIG_MAX)
            return tt_fail(err, TT_EARG, NULL, "at most %d faces at a time", TT_DICE_RIG_MAX);
        faces[n++] = (int)v;
        p = end;
    }
    if (n == 0)
        return tt_fail(err, TT_EARG, NULL, "rig dice needs faces: rig dice 5 6 10");
    if (tt_dice_rig_add(&s->rig, faces, n, 10))
        return tt_fail(err, TT_EARG, NULL, "too many rigged faces waiting (at most %d)",
                       TT_DICE_RIG_MAX);
    return TT_OK;
}

/* "rig crate A2 crate_v3": the face-down token at a site becomes the named one,
 * which trades places with it, so the unseen tokens stay the same multiset. */
static int rig_crate(const tan_content *c, tan_state *s, const char *values, tt_error *err)
{
    char site_id[64], token_id[64];
    if (sscanf(values, "%63s %63s", site_id, token_id) != 2)
        return tt_fail(err, TT_EARG, NULL, "rig crate <site> <crate token>");
    int site = -1, token = -1;
    for (int k = 0; k < c->nsites; k++)
        if (strcmp(c->circle[c->site[k]].id, site_id) == 0)
            site = k;
    for (int t = 0; t < c->ncrates; t++)
        if (strcmp(c->crate[t].id, token_id) == 0)
            token = t;
    if (site < 0)
        return tt_fail(err, TT_EARG, "TAN-3.9.1", "%s is not a crate site in this mode", site_id);
    if (token < 0)
        return tt_fail(err, TT_EARG, NULL, "no crate token '%s'", token_id);
    if (s->crate[site] == TAN_NONE)
        return tt_fail(err, TT_EARG, "TAN-3.9.1", "%s holds no face-down crate", site_id);
    uint8_t *from = NULL;
    for (int k = 0; k < c->nsites && !from; k++)
        if (s->crate[k] == token)
            from = &s->crate[k];
    for (int k = 0; k < s->naside && !from; k++)
        if (s->aside[k] == token)
            from = &s->aside[k];
    if (!from)
        return tt_fail(err, TT_EARG, "TAN-6.1", "%s is not face down any more", token_id);
    *from = s->crate[site];
    s->crate[site] = (uint8_t)token;
    return TT_OK;
}

int tan_rig(const tt_game *g, void *st, const char *what, const char *values, tt_error *err)
{
    tan_state *s = st;
    if (s->phase == PH_OVER)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    if (strcmp(what, "dice") == 0)
        return rig_dice(s, values, err);
    if (strcmp(what, "crate") == 0)
        return rig_crate(tan_content_of(g), s, values, err);
    return tt_fail(err, TT_EARG, NULL, "rig what? 'dice <faces…>' or 'crate <site> <token>'");
}

/* --- determinize (TAN-6) --------------------------------------------------------------- */

/* TAN-6.1: the face-down crate tokens trade places at random, dealt so that
 * where they lay before (hidden) does not change the deal. */
static void reshuffle_crates(const tan_content *c, tan_state *s, tt_rng *r)
{
    uint8_t *slot[TAN_MAX_SITES + TAN_MAX_CRATES], token[TAN_MAX_SITES + TAN_MAX_CRATES];
    int n = 0;
    for (int k = 0; k < c->nsites; k++)
        if (s->crate[k] != TAN_NONE)
            slot[n] = &s->crate[k], token[n] = s->crate[k], n++;
    for (int k = 0; k < s->naside; k++)
        slot[n] = &s->aside[k], token[n] = s->aside[k], n++;
    tt_rng_deal_u8(r, token, n);
    for (int k = 0; k < n; k++)
        *slot[k] = token[k];
}

/* Is a seat's secret choice hidden from viewer now (TAN-6.2)? The choice of
 * the player to move stays: it is his own decision in progress. */
static int choice_hidden(const tan_state *s, int seat, int viewer)
{
    if (seat == viewer || viewer == TT_VIEW_ALL)
        return 0;
    switch (s->phase) {
    case PH_RECRUIT:
    case PH_PACK:
    case PH_CUSTOM:
    case PH_REINFORCE:
    case PH_REINF_CUSTOM: return seat < s->decider;
    default: return 0;
    }
}

static void redraw_recruits(const tan_content *c, tan_state *s, int seat, tt_rng *r)
{
    const tan_faction *f = &c->fac[c->faction[seat]];
    uint8_t pick[TAN_MAX_ROSTER];
    int n = 0;
    for (int k = 0; k < f->nroster; k++)
        pick[n++] = f->roster[k];
    tt_rng_shuffle_u8(r, pick, n);
    int heroes = 0, troopers = 0, made = 0;
    for (int k = 0; k < n && made < s->pl[seat].nrecruited; k++) {
        int cls = c->chr[pick[k]].cls;
        if (cls == CLASS_HERO ? heroes == TAN_HEROES : troopers == TAN_TROOPERS)
            continue;
        cls == CLASS_HERO ? heroes++ : troopers++;
        s->unit[seat * TAN_TEAM + made++].def = pick[k];
    }
}

/* A random standard pack the character has. */
static uint8_t random_pack(const tan_char *ch, tt_rng *r)
{
    uint8_t have[3];
    int n = 0;
    for (int p = 0; p < 3; p++)
        if (ch->npack[p])
            have[n++] = (uint8_t)p;
    return have[tt_rng_below(r, (uint32_t)n)];
}

/* Setup packs the viewer has not seen (TAN-3.6): random standard ones. */
static void redraw_packs(const tan_content *c, tan_state *s, int seat, tt_rng *r)
{
    for (int k = 0; k < TAN_TEAM; k++) {
        tan_unit *un = &s->unit[seat * TAN_TEAM + k];
        if (un->pack == PACK_NONE)
            continue;
        un->pack = random_pack(&c->chr[un->def], r);
        un->ncustom = 0;
    }
}

/* Returning Troopers the viewer has not seen (TAN-5.18.3): as many as the
 * chooser may bring, at random among the eligible, with random packs. */
static void redraw_returns(const tan_content *c, tan_state *s, int seat, tt_rng *r)
{
    uint8_t eligible[TAN_TEAM];
    int n = 0;
    for (int k = 0; k < TAN_TEAM; k++) {
        tan_unit *un = &s->unit[seat * TAN_TEAM + k];
        if (un->returning) {
            un->returning = 0;
            un->pack = PACK_NONE;
            un->ncustom = 0;
        }
        if (tan_reinforceable(c, s, seat * TAN_TEAM + k))
            eligible[n++] = (uint8_t)(seat * TAN_TEAM + k);
    }
    int most = n < s->pl[seat].reinf_left ? n : s->pl[seat].reinf_left;
    int k = (int)tt_rng_below(r, (uint32_t)most + 1);
    tt_rng_shuffle_u8(r, eligible, n);
    for (int i = 0; i < k; i++) {
        tan_unit *un = &s->unit[eligible[i]];
        un->returning = 1;
        un->pack = random_pack(&c->chr[un->def], r);
    }
}

void tan_determinize(const tt_game *g, void *st, int viewer, uint64_t seed)
{
    const tan_content *c = tan_content_of(g);
    tan_state *s = st;
    tt_rng r;
    tt_rng_seed(&r, seed);
    reshuffle_crates(c, s, &r);
    for (int seat = 0; seat < TAN_PLAYERS; seat++) {
        if (!choice_hidden(s, seat, viewer))
            continue;
        if (s->phase == PH_RECRUIT)
            redraw_recruits(c, s, seat, &r);
        else if (s->phase == PH_PACK || s->phase == PH_CUSTOM)
            redraw_packs(c, s, seat, &r);
        else
            redraw_returns(c, s, seat, &r);
    }
    tt_rng_seed(&s->head.rng, tt_mix64(seed ^ 0x74616e6e));
}
