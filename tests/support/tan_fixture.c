/* Tannhäuser test fixture: hand-built positions kept sane (see tan_fixture.h).
 *
 * The helpers edit the flat tan_state directly but go through the module's own
 * functions wherever one exists (tan_setup, tan_equip_unit, tan_item_new,
 * tan_item_give, tan_item_unslot, tan_begin_cycle), so slot counts, copy
 * numbers and cycle resets are those of a real game, and the sanity checker
 * holds once a position is complete. Compiled into every test program; only
 * tests that include tan_fixture.h call it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "play_checks.h"
#include "tan_fixture.h"

/* --- opening and clearing ---------------------------------------------------------------- */

tan_fx *tan_fx_open(const char *params)
{
    tan_fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    tt_error err = {0};
    if (tt_game_new("tannhauser", params, &f->g, &err) != TT_OK)
        fail_msg("cannot load tannhauser (%s): %s", params ? params : "defaults", err.msg);
    f->c = tan_content_of(f->g);
    f->size = tt_state_size(f->g);
    assert_int_equal(f->size, sizeof(tan_state));
    f->s = calloc(1, f->size);
    assert_non_null(f->s);
    tt_state_init(f->g, (tt_state *)f->s, 1);
    f->ev = (tt_events){f->evbuf, 0, (int)(sizeof f->evbuf / sizeof f->evbuf[0]), 0};
    tan_fx_clear(f);
    return f;
}

void tan_fx_close(tan_fx *f)
{
    if (!f)
        return;
    tt_game_free(f->g);
    free(f->s);
    free(f);
}

void tan_fx_clear(tan_fx *f)
{
    tan_state *s = f->s;
    tan_setup(f->g, s, 1);
    for (int o = 0; o < f->c->nobjs; o++)
        s->obj[o].where = OB_OUT; /* tokens come into play only where a test puts them */
    s->pl[TAN_COV].entry = (uint8_t)tan_fx_circle(f, "EN");
    s->pl[TAN_LEG].entry = (uint8_t)tan_fx_circle(f, "ES");
    s->setup_winner = TAN_COV;
    s->head.turn = 1;
    s->phase = PH_ACTIVATE;
    s->decider = TAN_COV;
    s->init_winner = s->first = TAN_COV;
}

/* cmocka setups: the sample content in one mode, normal difficulty unless named. */
static int setup_with(void **state, const char *params)
{
    *state = tan_fx_open(params);
    return 0;
}
int tan_fx_setup_story(void **state)
{
    return setup_with(state, "mode=story difficulty=normal");
}
int tan_fx_setup_deathmatch(void **state)
{
    return setup_with(state, "mode=deathmatch difficulty=normal");
}
int tan_fx_setup_deathmatch_hard(void **state)
{
    return setup_with(state, "mode=deathmatch difficulty=hard");
}
int tan_fx_setup_ctf(void **state)
{
    return setup_with(state, "mode=ctf difficulty=normal");
}
int tan_fx_setup_domination(void **state)
{
    return setup_with(state, "mode=domination difficulty=normal");
}
int tan_fx_teardown(void **state)
{
    tan_fx_close(*state);
    return 0;
}

/* --- lookups ----------------------------------------------------------------------------- */

int tan_fx_circle(const tan_fx *f, const char *circle_id)
{
    for (int x = 0; x < f->c->ncircles; x++)
        if (strcmp(f->c->circle[x].id, circle_id) == 0)
            return x;
    fail_msg("no circle '%s'", circle_id);
    return -1;
}

int tan_fx_equip(const tan_fx *f, const char *equip_id)
{
    for (int e = 0; e < f->c->nequip; e++)
        if (strcmp(f->c->equip[e].id, equip_id) == 0)
            return e;
    fail_msg("no equipment '%s'", equip_id);
    return -1;
}

int tan_fx_crate_token(const tan_fx *f, const char *crate_id)
{
    for (int t = 0; t < f->c->ncrates; t++)
        if (strcmp(f->c->crate[t].id, crate_id) == 0)
            return t;
    fail_msg("no crate token '%s'", crate_id);
    return -1;
}

int tan_fx_objective(const tan_fx *f, const char *token_id)
{
    for (int o = 0; o < f->c->nobjs; o++)
        if (strcmp(f->c->obj[o].id, token_id) == 0)
            return o;
    fail_msg("no objective token '%s'", token_id);
    return -1;
}

static int character(const tan_fx *f, const char *char_id)
{
    for (int k = 0; k < f->c->nchars; k++)
        if (strcmp(f->c->chr[k].id, char_id) == 0)
            return k;
    fail_msg("no character '%s'", char_id);
    return -1;
}

int tan_fx_unit(const tan_fx *f, const char *char_id)
{
    int ch = character(f, char_id);
    for (int u = 0; u < TAN_UNITS; u++)
        if (f->s->unit[u].def == ch)
            return u;
    fail_msg("'%s' is not recruited", char_id);
    return -1;
}

int tan_fx_item(const tan_fx *f, const char *name)
{
    char id[48];
    snprintf(id, sizeof id, "%s", name);
    char *hash = strchr(id, '#');
    if (hash)
        *hash = 0;
    int def = tan_fx_equip(f, id), copy = hash ? atoi(hash + 1) : 0, found = -1;
    for (int i = 0; i < f->s->ninst; i++) {
        if (f->s->item[i].def != def || (copy && tan_item_copy(f->s, i) != copy))
            continue;
        if (found >= 0)
            fail_msg("'%s' names several instances", name);
        found = i;
    }
    if (found < 0)
        fail_msg("no instance '%s'", name);
    return found;
}

int tan_fx_carried(const tan_fx *f, const char *char_id, const char *equip_id)
{
    int u = tan_fx_unit(f, char_id), def = tan_fx_equip(f, equip_id);
    for (int i = 0; i < f->s->ninst; i++) {
        const tan_item *it = &f->s->item[i];
        if (it->def == def && it->where == W_UNIT && it->at == u)
            return i;
    }
    fail_msg("%s carries no %s", char_id, equip_id);
    return -1;
}

int tan_fx_count(const tan_fx *f, const char *char_id, const char *equip_id)
{
    int u = tan_fx_unit(f, char_id), def = tan_fx_equip(f, equip_id), n = 0;
    for (int i = 0; i < f->s->ninst; i++) {
        const tan_item *it = &f->s->item[i];
        n += it->def == def && it->where == W_UNIT && it->at == u;
    }
    return n;
}

/* --- building a position ----------------------------------------------------------------- */

const char *const TAN_FX_COV[5] = {"varga", "rauch", "kessel", "cov_rifleman", "cov_grenadier"};
const char *const TAN_FX_LEG[5] = {"calloway", "pike", "sorel", "leg_ranger", "leg_sapper"};

void tan_fx_recruit_teams(tan_fx *f, uint64_t seed)
{
    char text[64];
    tt_state_init(f->g, (tt_state *)f->s, seed);
    tan_fx_sane(f);
    for (int k = 0; k < 10; k++) {
        snprintf(text, sizeof text, "recruit %s", k < 5 ? TAN_FX_COV[k] : TAN_FX_LEG[k - 5]);
        tan_fx_apply(f, text);
    }
}

int tan_fx_recruit(tan_fx *f, const char *char_id, int pack)
{
    const tan_content *c = f->c;
    tan_state *s = f->s;
    int ch = character(f, char_id), seat = -1;
    for (int p = 0; p < TAN_PLAYERS; p++)
        if (c->faction[p] == c->chr[ch].faction)
            seat = p;
    if (seat < 0)
        fail_msg("%s belongs to neither seat's faction", char_id);
    if (pack < PACK_COMBAT || pack > PACK_MENTAL || !c->chr[ch].npack[pack])
        fail_msg("%s has no pack %d", char_id, pack);
    int u = -1;
    for (int k = 0; k < TAN_TEAM && u < 0; k++) {
        if (s->unit[seat * TAN_TEAM + k].def == ch)
            fail_msg("%s is recruited twice", char_id);
        if (s->unit[seat * TAN_TEAM + k].def == TAN_NONE)
            u = seat * TAN_TEAM + k;
    }
    if (u < 0)
        fail_msg("no free unit for %s", char_id);
    tan_unit *un = &s->unit[u];
    un->def = (uint8_t)ch;
    un->status = ST_RESERVE;
    un->circle = TAN_NONE;
    un->pack = (uint8_t)pack;
    s->pl[seat].nrecruited++;
    uint16_t vp = s->pl[seat].vp;
    tan_equip_unit(c, s, u, NULL);
    s->pl[seat].vp = vp; /* medals: VP pools are set by the test */
    return u;
}

int tan_fx_put(tan_fx *f, const char *char_id, int pack, const char *circle_id)
{
    int u = tan_fx_recruit(f, char_id, pack);
    tan_fx_place(f, char_id, circle_id);
    return u;
}

void tan_fx_place(tan_fx *f, const char *char_id, const char *circle_id)
{
    int u = tan_fx_unit(f, char_id);
    tan_place(f->s, u, tan_fx_circle(f, circle_id));
}

void tan_fx_reserve(tan_fx *f, const char *char_id)
{
    int u = tan_fx_unit(f, char_id);
    tan_lift(f->s, u);
    f->s->unit[u].status = ST_RESERVE;
    f->s->unit[u].circle = TAN_NONE;
}

void tan_fx_dead(tan_fx *f, const char *char_id, int turn)
{
    int u = tan_fx_unit(f, char_id);
    tan_unit *un = &f->s->unit[u];
    for (int i = 0; i < f->s->ninst; i++)
        if (f->s->item[i].where == W_UNIT && f->s->item[i].at == u)
            tan_item_unslot(f->s, i);
    tan_lift(f->s, u);
    un->status = ST_DEAD;
    un->circle = TAN_NONE;
    un->wounds = f->c->chr[un->def].nrows;
    un->death_turn = (uint16_t)turn;
}

void tan_fx_wounds(tan_fx *f, const char *char_id, int wounds)
{
    int u = tan_fx_unit(f, char_id);
    assert_true(wounds < f->c->chr[f->s->unit[u].def].nrows);
    f->s->unit[u].wounds = (uint8_t)wounds;
}

void tan_fx_activated(tan_fx *f, const char *char_id, int activated)
{
    f->s->unit[tan_fx_unit(f, char_id)].activated = (uint8_t)activated;
}

void tan_fx_vp(tan_fx *f, int seat, int vp)
{
    f->s->pl[seat].vp = (uint16_t)vp;
}

void tan_fx_entry(tan_fx *f, int seat, const char *circle_id)
{
    f->s->pl[seat].entry = (uint8_t)tan_fx_circle(f, circle_id);
}

int tan_fx_give(tan_fx *f, const char *char_id, const char *equip_id)
{
    int u = tan_fx_unit(f, char_id), def = tan_fx_equip(f, equip_id);
    if (!tan_room_for(f->c, f->s, u, def))
        fail_msg("%s has no room for %s", char_id, equip_id);
    int i = tan_item_new(f->c, f->s, def);
    assert_true(i >= 0);
    tan_item_give(f->c, f->s, i, u);
    return i;
}

int tan_fx_lay(tan_fx *f, const char *equip_id, const char *circle_id)
{
    int i = tan_item_new(f->c, f->s, tan_fx_equip(f, equip_id));
    assert_true(i >= 0);
    tan_item_put(f->s, i, W_CIRCLE, tan_fx_circle(f, circle_id));
    f->s->item[i].fresh = 0;
    return i;
}

void tan_fx_remove(tan_fx *f, int inst)
{
    tan_item_unslot(f->s, inst);
}

void tan_fx_objective_at(tan_fx *f, const char *token_id, const char *circle_id)
{
    int o = tan_fx_objective(f, token_id), x = tan_fx_circle(f, circle_id);
    const tan_circle *ci = &f->c->circle[x];
    if (ci->kind != CK_OBJECTIVE || ci->grade != f->c->obj[o].grade ||
        ci->skill != f->c->obj[o].skill[0])
        fail_msg("%s does not fit %s (TAN-3.9.3)", token_id, circle_id);
    f->s->obj[o] = (tan_objstate){OB_PLACED, (uint8_t)x, 0, 0};
}

void tan_fx_crate(tan_fx *f, const char *site_id, const char *crate_id)
{
    int x = tan_fx_circle(f, site_id);
    if (f->c->site_of[x] == TAN_NONE)
        fail_msg("%s is no crate site in this mode", site_id);
    f->s->crate[f->c->site_of[x]] = (uint8_t)tan_fx_crate_token(f, crate_id);
}

static tan_flag *flag(tan_fx *f, int seat, int k)
{
    if (k >= f->s->pl[seat].nflags)
        fail_msg("seat %d has %d flags in this mode", seat, f->s->pl[seat].nflags);
    return &f->s->pl[seat].flag[k];
}

static uint8_t home(tan_fx *f, const char *home_id)
{
    return home_id ? (uint8_t)tan_fx_circle(f, home_id) : TAN_NONE;
}

void tan_fx_flag_at(tan_fx *f, int seat, int k, const char *circle_id, const char *home_id)
{
    *flag(f, seat, k) =
        (tan_flag){FL_CIRCLE, (uint8_t)tan_fx_circle(f, circle_id), home(f, home_id)};
}

void tan_fx_flag_carried(tan_fx *f, int seat, int k, const char *char_id, const char *home_id)
{
    *flag(f, seat, k) = (tan_flag){FL_CARRIED, (uint8_t)tan_fx_unit(f, char_id), home(f, home_id)};
}

void tan_fx_flag_captured(tan_fx *f, int seat, int k, const char *circle_id, const char *home_id)
{
    *flag(f, seat, k) =
        (tan_flag){FL_CAPTURED, (uint8_t)tan_fx_circle(f, circle_id), home(f, home_id)};
}

void tan_fx_turn(tan_fx *f, int turn)
{
    f->s->head.turn = (uint16_t)turn;
}

void tan_fx_activation(tan_fx *f, int seat)
{
    f->s->phase = PH_ACTIVATE;
    f->s->decider = (uint8_t)seat;
    f->s->active = TAN_NONE;
}

void tan_fx_cycle(tan_fx *f, const char *char_id, int mp_spent)
{
    tan_begin_cycle(f->s, tan_fx_unit(f, char_id), NULL);
    f->s->mp_spent = (uint8_t)mp_spent;
}

void tan_fx_rig(tan_fx *f, const char *faces)
{
    tt_error err = {0};
    if (tt_rig(f->g, (tt_state *)f->s, "dice", faces, &err) != TT_OK)
        fail_msg("rig dice %s: %s", faces, err.msg);
}

/* --- playing ----------------------------------------------------------------------------- */

void tan_fx_sane(const tan_fx *f)
{
    chk_sane(f->g, (const tt_state *)f->s);
}

void tan_fx_apply(tan_fx *f, const char *text)
{
    chk_apply(f->g, (tt_state *)f->s, &f->ev, text);
}

void tan_fx_refuse(tan_fx *f, const char *text, const char *code, const char *rule)
{
    chk_refused(f->g, (tt_state *)f->s, text, code, rule);
}

/* --- queries ----------------------------------------------------------------------------- */

int tan_fx_cur(const tan_fx *f, const char *char_id, int stat)
{
    return tan_current(f->c, f->s, tan_fx_unit(f, char_id), stat);
}

int tan_fx_mp(const tan_fx *f)
{
    return tan_mp(f->c, f->s);
}

int tan_fx_wounds_of(const tan_fx *f, const char *char_id)
{
    return f->s->unit[tan_fx_unit(f, char_id)].wounds;
}

int tan_fx_on(const tan_fx *f, const char *char_id)
{
    const tan_unit *un = &f->s->unit[tan_fx_unit(f, char_id)];
    return un->status == ST_BOARD ? un->circle : -1;
}

int tan_fx_status(const tan_fx *f, const char *char_id)
{
    return f->s->unit[tan_fx_unit(f, char_id)].status;
}

int tan_fx_pending(const tan_fx *f)
{
    const tt_frame *top = tt_stack_peek(&f->s->stack);
    return top ? top->kind : F_NONE;
}

int tan_fx_events(const tan_fx *f, int type)
{
    return chk_events(&f->ev, type);
}

const tt_event *tan_fx_event(const tan_fx *f, int type, int k)
{
    for (int i = 0, seen = 0; i < f->ev.n; i++)
        if (f->ev.ev[i].type == type && seen++ == k)
            return &f->ev.ev[i];
    fail_msg("no event %d (#%d) in the last apply", type, k);
    return NULL;
}

void tan_fx_assert_pool(const tan_fx *f, int k, int ndice, int ds, int mod, int successes)
{
    const tt_event *e = tan_fx_event(f, TT_EV_POOL, k);
    if (e->a != ndice || e->b != ds || e->c != mod || e->d != successes)
        fail_msg("pool %d rolled %d dice at DS %d, %+d each: %d successes; expected %d at DS %d, "
                 "%+d: %d",
                 k, e->a, e->b, e->c, e->d, ndice, ds, mod, successes);
}

void tan_fx_assert_over(const tan_fx *f, int winner, int reason)
{
    assert_int_equal(f->s->phase, PH_OVER);
    assert_int_equal(tan_winner(f->s), winner);
    assert_int_equal(f->s->head.reason, reason);
    tt_result r;
    tt_result_get(f->g, (const tt_state *)f->s, &r);
    assert_true(r.over);
    assert_int_equal(r.winner, winner == TAN_NONE ? -1 : winner);
    assert_string_equal(r.reason, tan_reason_name(reason));
    assert_int_equal(tt_to_move(f->g, (const tt_state *)f->s), TT_TERMINAL);
}

void tan_fx_assert_playing(const tan_fx *f)
{
    assert_int_not_equal(f->s->phase, PH_OVER);
    assert_int_equal(tan_winner(f->s), TAN_NONE);
    assert_int_equal(f->s->head.reason, R_NONE);
}

void *tan_fx_save(const tan_fx *f)
{
    void *copy = malloc(f->size);
    assert_non_null(copy);
    memcpy(copy, f->s, f->size);
    return copy;
}

void tan_fx_restore(tan_fx *f, const void *copy)
{
    memcpy(f->s, copy, f->size);
}

int tan_fx_offered(const tan_fx *f, const char *text)
{
    return chk_offered(f->g, (const tt_state *)f->s, text);
}

int tan_fx_lying(const tan_fx *f, const char *equip_id, const char *circle_id)
{
    int def = tan_fx_equip(f, equip_id), x = tan_fx_circle(f, circle_id), n = 0;
    for (int i = 0; i < f->s->ninst; i++)
        n += f->s->item[i].def == def && f->s->item[i].where == W_CIRCLE && f->s->item[i].at == x;
    return n;
}
