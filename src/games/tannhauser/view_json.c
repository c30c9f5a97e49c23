/* Tannhäuser JSON view: what one viewer may know (TAN-2.10, TAN-6), and
 * nothing more, as one line of JSON.
 *
 * Everything on the table is open (TAN-6.3): the board, every character's
 * status, circle, wounds and current values, all equipment carried or lying
 * face up, objective tokens, flags, VP pools and reinforcements. Three things
 * are not:
 *  - face-down crate tokens (TAN-6.1): a site shows only whether one lies
 *    there, the set-aside ones only their number, and every viewer the
 *    tokens still face down (the mode's shuffle, less those turned up), not
 *    which lies where; that appears in the omniscient view (TT_VIEW_ALL) alone;
 *  - a secret simultaneous choice in progress (TAN-6.2): while characters are
 *    recruited, every seat but the viewer's shows only how many it has chosen;
 *    while packs are chosen, only how many units have one; while
 *    reinforcements are chosen, nothing (not even how many Troopers return).
 *    The seat choosing sees its own choice; a spectator sees no one's;
 *  - the random generator and the rigged dice (TAN-6.5), and the copy
 *    counters (instance names carry the copy number where it matters).
 * The leak test holds this file to it: view(s, p) must equal, byte for byte,
 * view(tan_determinize(s, p), p), which reshuffles face-down crates and
 * resamples the choices p has not seen (state.c).
 *
 * Characters are named by their character id (unique in a game, and what the
 * action texts use), circles by their id, equipment by its instance name
 * (tan_item_name). tan_view_text (view_text.c) draws its picture from this
 * JSON, so both views hide exactly the same things. Never on the playout
 * path: allocation and jansson are fine here. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "games/tannhauser/tannhauser.h"
#include "tabletop/view.h"

#define SET(o, k, v) json_object_set_new((o), (k), (v))

static const char *const phase_words[] = {
    [PH_RECRUIT] = "recruit", [PH_PACK] = "packs",          [PH_CUSTOM] = "custom",
    [PH_ENTRY] = "entry",     [PH_KEEP] = "keep",           [PH_PLACE] = "place",
    [PH_FLAG] = "flag",       [PH_REINFORCE] = "reinforce", [PH_REINF_CUSTOM] = "reinforce_custom",
    [PH_FIRST] = "first",     [PH_ACTIVATE] = "activate",   [PH_CYCLE] = "cycle",
    [PH_OVER] = "over"};
static const char *const mode_words[] = {"story", "deathmatch", "ctf", "domination"};
static const char *const difficulty_words[] = {"easy", "normal", "hard"};
static const char *const status_words[] = {"chosen", "reserve", "board", "dead"};
static const char *const flag_words[] = {"unplaced", "supply", "circle", "carried", "captured"};
static const char *const obj_words[] = {"out", "held", "placed", "done"};
static const char *const passage_words[] = {"none", "onto", "chain"};
static const char *const seq_words[] = {"none", "exchange", "search"};

/* --- who may see what (TAN-6.2) ------------------------------------------------------ */

enum secret { SECRET_NONE, SECRET_RECRUITS, SECRET_PACKS, SECRET_RETURNS };

static int secret_kind(const tan_state *s)
{
    switch (s->phase) {
    case PH_RECRUIT: return SECRET_RECRUITS;
    case PH_PACK:
    case PH_CUSTOM: return SECRET_PACKS;
    case PH_REINFORCE:
    case PH_REINF_CUSTOM: return SECRET_RETURNS;
    default: return SECRET_NONE;
    }
}

/* Is seat's choice in progress hidden from viewer? Every seat but the
 * viewer's, during a secret choice; the omniscient view sees all. */
static int hidden(const tan_state *s, int seat, int viewer)
{
    return viewer != TT_VIEW_ALL && viewer != seat && secret_kind(s) != SECRET_NONE;
}

/* A unit is listed once its character is known to the viewer. */
static int unit_listed(const tan_state *s, int u, int viewer)
{
    return s->unit[u].def != TAN_NONE &&
           !(secret_kind(s) == SECRET_RECRUITS && hidden(s, tan_seat_of(u), viewer));
}

/* Its pack: open once revealed, for a unit alive; a dead unit's old pack is
 * no news, and a returning one's new pack is the returning seat's secret. */
static int pack_shown(const tan_state *s, int u, int viewer)
{
    const tan_unit *un = &s->unit[u];
    int seat = tan_seat_of(u);
    if (un->pack == PACK_NONE || (secret_kind(s) == SECRET_PACKS && hidden(s, seat, viewer)))
        return 0;
    if (un->status == ST_DEAD)
        return un->returning && !hidden(s, seat, viewer);
    return 1;
}

/* The phase as the viewer may know it: that the other seat chose à la carte
 * is part of its secret (TAN-3.6). */
static int shown_phase(const tan_state *s, int viewer)
{
    if ((s->phase == PH_CUSTOM || s->phase == PH_REINF_CUSTOM) && hidden(s, s->decider, viewer))
        return s->phase == PH_CUSTOM ? PH_PACK : PH_REINFORCE;
    return s->phase;
}

/* The seat that decides now, or -1 when the game is over. */
static int deciding(const tan_state *s)
{
    if (s->phase == PH_OVER)
        return -1;
    const tt_frame *f = tt_stack_peek(&s->stack);
    if (f)
        return f->player;
    if (s->phase == PH_CYCLE && s->active != TAN_NONE)
        return tan_seat_of(s->active);
    return s->decider;
}

/* --- small builders ------------------------------------------------------------------- */

static json_t *seat_json(const tan_content *c, int seat)
{
    return seat >= 0 && seat < TAN_PLAYERS ? json_string(c->seat_name[seat]) : json_null();
}

static json_t *circle_json(const tan_content *c, int circle)
{
    return circle >= 0 && circle < c->ncircles ? json_string(c->circle[circle].id) : json_null();
}

static json_t *unit_ref(const tan_content *c, const tan_state *s, int u)
{
    return u >= 0 && u < TAN_UNITS && s->unit[u].def != TAN_NONE ? json_string(tan_chr(c, s, u)->id)
                                                                 : json_null();
}

static json_t *skills_json(int bits)
{
    json_t *a = json_array();
    for (int k = 0; k < SK_COUNT; k++)
        if (bits >> k & 1)
            json_array_append_new(a, json_string(tan_skill_name(k)));
    return a;
}

static json_t *item_json(const tan_content *c, const tan_state *s, int i)
{
    const tan_item *it = &s->item[i];
    const tan_equip *e = &c->equip[it->def];
    char name[64];
    tan_item_name(c, s, i, name, sizeof name);
    json_t *o = json_object();
    SET(o, "item", json_string(name));
    SET(o, "id", json_string(e->id));
    SET(o, "name", json_string(e->name));
    SET(o, "free", json_boolean(e->free));
    if (e->kind == EK_WEAPON && it->uses >= 0)
        SET(o, "uses", json_integer(it->uses));
    if (it->where == W_UNIT) {
        SET(o, "slot", json_integer(it->slot));
        if (it->locked != TAN_NONE)
            SET(o, "locked", json_true());
    } else if (it->fresh) {
        SET(o, "fresh", json_true()); /* TAN-5.11.2: not to be picked up this cycle */
    }
    return o;
}

/* Items at one place, in slot order for a carrier, else in creation order. */
static json_t *items_at(const tan_content *c, const tan_state *s, int where, int at)
{
    json_t *a = json_array();
    for (int slot = 0; slot < (where == W_UNIT ? TAN_MAX_SLOTS : 1); slot++)
        for (int i = 0; i < s->ninst; i++) {
            const tan_item *it = &s->item[i];
            if (it->where == where && it->at == at && (where != W_UNIT || it->slot == slot))
                json_array_append_new(a, item_json(c, s, i));
        }
    return a;
}

/* --- players and units ---------------------------------------------------------------- */

static json_t *flag_json(const tan_content *c, const tan_state *s, const tan_flag *f)
{
    json_t *o = json_object();
    SET(o, "where", json_string(flag_words[f->where]));
    if (f->where == FL_CARRIED)
        SET(o, "by", unit_ref(c, s, f->at));
    else if (f->where == FL_CIRCLE || f->where == FL_CAPTURED)
        SET(o, "at", circle_json(c, f->at));
    if (f->home != TAN_NONE)
        SET(o, "home", circle_json(c, f->home));
    return o;
}

static json_t *player_json(const tan_content *c, const tan_state *s, int p)
{
    const tan_player *pl = &s->pl[p];
    json_t *o = json_object(), *flags = json_array();
    SET(o, "seat", json_integer(p));
    SET(o, "name", json_string(c->seat_name[p]));
    SET(o, "faction", json_string(c->fac[c->faction[p]].name));
    SET(o, "entry", pl->entry == TAN_NONE ? json_null() : circle_json(c, pl->entry));
    SET(o, "vp", json_integer(pl->vp));
    SET(o, "reinf_left", json_integer(pl->reinf_left));
    SET(o, "command", json_integer(tan_command_bonus(c, s, p)));
    SET(o, "living", json_integer(tan_living(s, p)));
    SET(o, "completed_primary", json_integer(pl->completed_primary)); /* Story, TAN-8.1 */
    SET(o, "completed_secondary", json_integer(pl->completed_secondary));
    SET(o, "captured", json_integer(pl->captured)); /* CTF, TAN-8.3 */
    SET(o, "flags_on_objectives", json_integer(tan_flags_on_objectives(c, s, p))); /* TAN-8.4 */
    for (int k = 0; k < pl->nflags; k++)
        json_array_append_new(flags, flag_json(c, s, &pl->flag[k]));
    SET(o, "flags", flags);
    int kind = secret_kind(s);
    if (kind == SECRET_RECRUITS) {
        SET(o, "recruited", json_integer(pl->nrecruited));
    } else if (kind == SECRET_PACKS) {
        int n = 0;
        for (int k = 0; k < TAN_TEAM; k++)
            n += s->unit[p * TAN_TEAM + k].pack != PACK_NONE;
        SET(o, "packs_chosen", json_integer(n));
    }
    return o;
}

static json_t *unit_json(const tan_content *c, const tan_state *s, int u, int viewer)
{
    const tan_unit *un = &s->unit[u];
    const tan_char *ch = &c->chr[un->def];
    json_t *o = json_object();
    SET(o, "unit", json_integer(u));
    SET(o, "seat", json_integer(tan_seat_of(u)));
    SET(o, "id", json_string(ch->id));
    SET(o, "name", json_string(ch->name));
    SET(o, "class", json_string(ch->cls == CLASS_HERO ? "hero" : "trooper"));
    SET(o, "status", json_string(status_words[un->status]));
    SET(o, "circle", un->status == ST_BOARD ? circle_json(c, un->circle) : json_null());
    SET(o, "wounds", json_integer(un->wounds));
    SET(o, "rows", json_integer(ch->nrows));
    SET(o, "activated", json_boolean(un->activated));
    SET(o, "vp_spent", json_integer(un->vp_spent));
    if (un->status != ST_DEAD) {
        json_t *cur = json_object();
        SET(cur, "combat", json_integer(tan_current(c, s, u, STAT_COMBAT)));
        SET(cur, "stamina", json_integer(tan_current(c, s, u, STAT_STAMINA)));
        SET(cur, "movement", json_integer(tan_current(c, s, u, STAT_MOVEMENT)));
        SET(cur, "psyche", json_integer(tan_current(c, s, u, STAT_PSYCHE)));
        SET(o, "current", cur);
    }
    SET(o, "skills", skills_json(ch->skills));
    if (pack_shown(s, u, viewer)) {
        SET(o, "pack", json_string(tan_pack_name(un->pack)));
        if (un->pack == PACK_CUSTOM && un->ncustom &&
            (secret_kind(s) == SECRET_PACKS || un->returning)) {
            json_t *a = json_array(); /* chosen, not yet made into instances */
            for (int k = 0; k < un->ncustom; k++)
                json_array_append_new(a, json_string(c->equip[un->custom[k]].id));
            SET(o, "custom", a);
        }
        if (un->returning)
            SET(o, "returning", json_true());
    }
    SET(o, "equipment", items_at(c, s, W_UNIT, u));
    return o;
}

/* --- crates, objectives ---------------------------------------------------------------- */

static json_t *crates_json(const tan_content *c, const tan_state *s, int viewer)
{
    json_t *a = json_array();
    for (int k = 0; k < c->nsites; k++) {
        json_t *o = json_object();
        SET(o, "site", circle_json(c, c->site[k]));
        SET(o, "face_down", json_boolean(s->crate[k] != TAN_NONE));
        if (viewer == TT_VIEW_ALL && s->crate[k] != TAN_NONE) /* TAN-6.1 */
            SET(o, "token", json_string(c->crate[s->crate[k]].id));
        SET(o, "contents", items_at(c, s, W_CRATE, k));
        json_array_append_new(a, o);
    }
    return a;
}

/* TAN-6.1: both players know which tokens the mode shuffled, hence which are
 * still face down (placed or set aside), though not which lies where: their
 * ids in content order, for every viewer. */
static json_t *unseen_json(const tan_content *c, const tan_state *s)
{
    uint8_t down[TAN_MAX_CRATES] = {0};
    for (int k = 0; k < c->nsites; k++)
        if (s->crate[k] != TAN_NONE)
            down[s->crate[k]] = 1;
    for (int k = 0; k < s->naside; k++)
        down[s->aside[k]] = 1;
    json_t *a = json_array();
    for (int k = 0; k < c->ncrates; k++)
        if (down[k])
            json_array_append_new(a, json_string(c->crate[k].id));
    return a;
}

static json_t *objectives_json(const tan_content *c, const tan_state *s)
{
    json_t *a = json_array();
    for (int k = 0; k < c->nobjs; k++) {
        const tan_objective *ob = &c->obj[k];
        const tan_objstate *os = &s->obj[k];
        int owner = ob->owner == c->faction[0] ? 0 : ob->owner == c->faction[1] ? 1 : -1;
        if (owner < 0 || c->mode != MODE_STORY)
            continue;
        json_t *o = json_object(), *skills = json_array(), *halves = json_array();
        SET(o, "id", json_string(ob->id));
        SET(o, "owner", seat_json(c, owner));
        SET(o, "grade", json_string(ob->grade == GRADE_PRIMARY ? "primary" : "secondary"));
        for (int i = 0; i < ob->nskills; i++) {
            json_array_append_new(skills, json_string(tan_skill_name(ob->skill[i])));
            json_array_append_new(halves, json_boolean(os->halves >> i & 1));
        }
        SET(o, "skills", skills);
        SET(o, "where", json_string(obj_words[os->where]));
        SET(o, "circle", os->where == OB_PLACED ? circle_json(c, os->circle) : json_null());
        SET(o, "done", halves);
        SET(o, "bought", json_boolean(os->bought));
        json_array_append_new(a, o);
    }
    return a;
}

/* --- the cycle and the pending decision -------------------------------------------------- */

static json_t *cycle_json(const tan_content *c, const tan_state *s)
{
    if (s->phase != PH_CYCLE || s->active == TAN_NONE)
        return json_null();
    json_t *o = json_object();
    SET(o, "unit", unit_ref(c, s, s->active));
    SET(o, "mp", json_integer(tan_mp(c, s)));
    SET(o, "mp_spent", json_integer(s->mp_spent));
    SET(o, "mp_bought", json_integer(s->mp_bought));
    SET(o, "action_taken", json_boolean(s->action_taken));
    SET(o, "passage", json_string(passage_words[s->passage]));
    if (s->passage != PASS_NONE)
        SET(o, "passage_circle", circle_json(c, s->passage_circle));
    SET(o, "sequence", json_string(seq_words[s->seq]));
    if (s->seq == SEQ_SEARCH)
        SET(o, "sequence_site", circle_json(c, c->site[s->seq_site]));
    if (s->seq != SEQ_NONE)
        SET(o, "sequence_steps", json_integer(s->seq_steps));
    return o;
}

static json_t *decision_json(const tan_content *c, const tan_state *s, int viewer)
{
    int who = deciding(s);
    if (who < 0)
        return json_null();
    json_t *o = json_object();
    SET(o, "player", seat_json(c, who));
    const tt_frame *f = tt_stack_peek(&s->stack);
    if (f && f->kind == F_SHRUG) { /* TAN-5.16.5 step 1 */
        SET(o, "kind", json_string("shrug"));
        SET(o, "victim", unit_ref(c, s, f->a));
        SET(o, "wounds", json_integer(f->b));
        SET(o, "max", json_integer(tan_shrug_max(c, s, f)));
        SET(o, "attacker", unit_ref(c, s, f->c));
        SET(o, "weapon", f->e == TAN_NONE ? json_null() : json_string(c->equip[f->e].id));
        SET(o, "blow",
            json_string(f->d == BLOW_GRENADE   ? "grenade"
                        : f->d == BLOW_COUNTER ? "counter"
                                               : "attack"));
    } else if (f && f->kind == F_COUNTER) { /* step 3 */
        SET(o, "kind", json_string("counter"));
        SET(o, "unit", unit_ref(c, s, f->a));
        SET(o, "target", unit_ref(c, s, f->b));
    } else {
        SET(o, "kind", json_string(phase_words[shown_phase(s, viewer)]));
        if (s->phase == PH_CUSTOM || s->phase == PH_REINF_CUSTOM) {
            if (!hidden(s, s->decider, viewer))
                SET(o, "unit", unit_ref(c, s, s->sub));
        } else if (s->phase == PH_CYCLE) {
            SET(o, "unit", unit_ref(c, s, s->active));
        }
    }
    return o;
}

static json_t *result_json(const tan_content *c, const tan_state *s)
{
    if (s->phase != PH_OVER)
        return json_null();
    json_t *o = json_object();
    SET(o, "winner", tan_winner(s) == TAN_NONE ? json_null() : seat_json(c, tan_winner(s)));
    SET(o, "draw", json_boolean(tan_winner(s) == TAN_NONE));
    SET(o, "reason", json_string(tan_reason_name(s->head.reason)));
    return o;
}

static json_t *viewer_json(const tan_content *c, int viewer)
{
    if (viewer == TT_VIEW_ALL)
        return json_string("all");
    if (viewer == TT_VIEW_SPECTATOR)
        return json_string("spectator");
    return seat_json(c, viewer);
}

/* Returns the view as one malloc'd line of JSON (the caller frees it), or
 * NULL when out of memory. */
char *tan_view_json(const tt_game *g, const void *st, int viewer)
{
    const tan_content *c = tan_content_of(g);
    const tan_state *s = st;
    json_t *o = json_object(), *players = json_array(), *units = json_array();
    json_t *ground = json_array();
    SET(o, "game", json_string("tannhauser"));
    SET(o, "viewer", viewer_json(c, viewer));
    SET(o, "board", json_string(c->board_id));
    SET(o, "mode", json_string(mode_words[c->mode]));
    SET(o, "difficulty", json_string(difficulty_words[c->difficulty]));
    SET(o, "turn", json_integer(s->head.turn));
    SET(o, "max_turns", json_integer(c->max_turns));
    SET(o, "phase", json_string(phase_words[shown_phase(s, viewer)]));
    SET(o, "to_move", seat_json(c, deciding(s)));
    SET(o, "setup_winner", seat_json(c, s->setup_winner == TAN_NONE ? -1 : s->setup_winner));
    SET(o, "initiative_winner", seat_json(c, s->init_winner == TAN_NONE ? -1 : s->init_winner));
    SET(o, "first", seat_json(c, s->first == TAN_NONE ? -1 : s->first));
    for (int p = 0; p < TAN_PLAYERS; p++)
        json_array_append_new(players, player_json(c, s, p));
    SET(o, "players", players);
    for (int u = 0; u < TAN_UNITS; u++)
        if (unit_listed(s, u, viewer))
            json_array_append_new(units, unit_json(c, s, u, viewer));
    SET(o, "units", units);
    for (int i = 0; i < s->ninst; i++)
        if (s->item[i].where == W_CIRCLE) {
            json_t *it = item_json(c, s, i);
            SET(it, "circle", circle_json(c, s->item[i].at));
            json_array_append_new(ground, it);
        }
    SET(o, "ground", ground);
    SET(o, "crates", crates_json(c, s, viewer));
    SET(o, "aside", json_integer(s->naside));
    SET(o, "unseen_crates", unseen_json(c, s));
    if (viewer == TT_VIEW_ALL) { /* TAN-6.1: the omniscient view alone */
        json_t *a = json_array();
        for (int k = 0; k < s->naside; k++)
            json_array_append_new(a, json_string(c->crate[s->aside[k]].id));
        SET(o, "aside_tokens", a);
    }
    SET(o, "objectives", objectives_json(c, s));
    SET(o, "cycle", cycle_json(c, s));
    SET(o, "decision", decision_json(c, s, viewer));
    SET(o, "draw_offer", s->draw_offer ? seat_json(c, s->draw_offer - 1) : json_null());
    SET(o, "result", result_json(c, s));
    char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    return text;
}
