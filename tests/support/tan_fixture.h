/* Tannhäuser test fixture: building a position by hand, then playing it
 * through the public interface.
 *
 * A test opens the game (tan_fx_open: the sample content of TAN-11 with the
 * given parameters) and gets a cleared position: tan_setup's clean start,
 * then no character recruited, turn 1, Covenant (seat 0) entering at EN and
 * Legion (seat 1) at ES, no objective token in play, no crate, both VP pools
 * 0, reinforcements as the difficulty gives them, seat 0 to activate. The
 * test then recruits the characters an example names (by character id, each
 * with a pack, through the module's own tan_equip_unit, so the instances and
 * slots are exactly those of a real setup), places them, sets wounds, VP,
 * tokens and flags, and starts a cycle. tan_fx_sane() runs the module's
 * sanity checker once a position is built; tan_fx_apply runs it after every
 * action.
 *
 * Every helper fails the running cmocka test on misuse (unknown id, no free
 * unit, no such instance) instead of returning an error, so tests read as
 * the example's setup. Equipment instances are named as the action texts name
 * them: "kestrel#2" is copy 2 of the Kestrel Pistol. */
#ifndef TT_TEST_TAN_FIXTURE_H
#define TT_TEST_TAN_FIXTURE_H

#include <stddef.h>

#include "games/tannhauser/tannhauser.h"
#include "tabletop/tt.h"

#define TAN_COV 0 /* seat 0: Covenant of the Iron Bell */
#define TAN_LEG 1 /* seat 1: Free Legion */

typedef struct tan_fx {
    tt_game *g;
    const tan_content *c;
    tan_state *s; /* tt_state_size(g) bytes, owned */
    size_t size;
    tt_event evbuf[512]; /* events of the last tan_fx_apply */
    tt_events ev;
} tan_fx;

/* Loads tannhauser with `params` ("mode=story difficulty=normal" …) and a
 * cleared position (above). The caller frees it with tan_fx_close. */
tan_fx *tan_fx_open(const char *params);
void tan_fx_close(tan_fx *f);
/* The cleared position of tan_fx_open, again. */
void tan_fx_clear(tan_fx *f);
/* cmocka setups and teardown: *state is a tan_fx on the sample content in
 * one mode, at normal difficulty unless the name says otherwise. */
int tan_fx_setup_story(void **state);
int tan_fx_setup_deathmatch(void **state);
int tan_fx_setup_deathmatch_hard(void **state);
int tan_fx_setup_ctf(void **state);
int tan_fx_setup_domination(void **state);
int tan_fx_teardown(void **state);

/* Lookups; they fail the test when the name is unknown. */
int tan_fx_circle(const tan_fx *f, const char *circle_id);
int tan_fx_equip(const tan_fx *f, const char *equip_id); /* definition index */
int tan_fx_crate_token(const tan_fx *f, const char *crate_id);
int tan_fx_objective(const tan_fx *f, const char *token_id);
int tan_fx_unit(const tan_fx *f, const char *char_id); /* a recruited unit */
/* An instance by name, "kestrel#2" or a bare "kestrel" (then exactly one
 * instance of that definition must exist). */
int tan_fx_item(const tan_fx *f, const char *name);
/* The first instance of equip_id (in creation order) that char_id carries. */
int tan_fx_carried(const tan_fx *f, const char *char_id, const char *equip_id);
/* How many instances of equip_id char_id carries. */
int tan_fx_count(const tan_fx *f, const char *char_id, const char *equip_id);

/* Building a position. */
/* Puts char_id into its faction's next free unit, in reserve, with `pack`
 * (PACK_COMBAT, PACK_STAMINA or PACK_MENTAL) equipped as setup does it; a
 * medal leaves the game but its VP are not counted (set VP with tan_fx_vp).
 * Returns the unit. */
int tan_fx_recruit(tan_fx *f, const char *char_id, int pack);
/* A fresh game from seed, through the real setup up to the packs: each team
 * recruits its five (TAN_FX_COV, then TAN_FX_LEG). */
extern const char *const TAN_FX_COV[5], *const TAN_FX_LEG[5];
void tan_fx_recruit_teams(tan_fx *f, uint64_t seed);
/* Recruits and places on circle_id (status ST_BOARD). */
int tan_fx_put(tan_fx *f, const char *char_id, int pack, const char *circle_id);
void tan_fx_place(tan_fx *f, const char *char_id, const char *circle_id);
void tan_fx_reserve(tan_fx *f, const char *char_id);
/* Kills char_id off-stage: dead since `turn`, its equipment out of the game. */
void tan_fx_dead(tan_fx *f, const char *char_id, int turn);
void tan_fx_wounds(tan_fx *f, const char *char_id, int wounds);
void tan_fx_activated(tan_fx *f, const char *char_id, int activated);
void tan_fx_vp(tan_fx *f, int seat, int vp);
void tan_fx_entry(tan_fx *f, int seat, const char *circle_id);
/* A new instance of equip_id carried by char_id (it must have room);
 * returns the instance. */
int tan_fx_give(tan_fx *f, const char *char_id, const char *equip_id);
/* A new instance of equip_id lying on circle_id, not fresh. */
int tan_fx_lay(tan_fx *f, const char *equip_id, const char *circle_id);
/* Takes an instance out of the game (where = W_GONE). */
void tan_fx_remove(tan_fx *f, int inst);
/* Story: objective token placed on an objective circle. */
void tan_fx_objective_at(tan_fx *f, const char *token_id, const char *circle_id);
/* A face-down crate token on a crate site. */
void tan_fx_crate(tan_fx *f, const char *site_id, const char *crate_id);
/* Flag k of seat: on a circle (FL_CIRCLE; CTF home = home_id or none),
 * carried by char_id, captured, or in supply. */
void tan_fx_flag_at(tan_fx *f, int seat, int k, const char *circle_id, const char *home_id);
void tan_fx_flag_carried(tan_fx *f, int seat, int k, const char *char_id, const char *home_id);
void tan_fx_flag_captured(tan_fx *f, int seat, int k, const char *circle_id, const char *home_id);
void tan_fx_turn(tan_fx *f, int turn);
/* seat activates next (PH_ACTIVATE), nobody active. */
void tan_fx_activation(tan_fx *f, int seat);
/* Starts char_id's cycle (tan_begin_cycle) with mp_spent MP already spent. */
void tan_fx_cycle(tan_fx *f, const char *char_id, int mp_spent);
/* Queues d10 faces through the public rig: "5 6 10". */
void tan_fx_rig(tan_fx *f, const char *faces);

/* Playing. */
void tan_fx_sane(const tan_fx *f);
/* tt_apply_text must return TT_OK; then sanity. The events are in f->ev. */
void tan_fx_apply(tan_fx *f, const char *text);
/* tt_apply_text must return TT_EILLEGAL with err.msg starting with
 * "<code>:", err.rule equal to `rule`, and every byte of the state unchanged. */
void tan_fx_refuse(tan_fx *f, const char *text, const char *code, const char *rule);

/* Queries. */
int tan_fx_cur(const tan_fx *f, const char *char_id, int stat); /* tan_current */
int tan_fx_mp(const tan_fx *f);                                 /* tan_mp */
int tan_fx_wounds_of(const tan_fx *f, const char *char_id);
int tan_fx_on(const tan_fx *f, const char *char_id); /* circle index, -1 off the board */
int tan_fx_status(const tan_fx *f, const char *char_id);
int tan_fx_pending(const tan_fx *f);          /* top frame kind or F_NONE */
int tan_fx_events(const tan_fx *f, int type); /* how many of the last apply */
/* The k-th event of `type` in the last apply (fails when there is none). */
const tt_event *tan_fx_event(const tan_fx *f, int type, int k);
/* The k-th dice pool of the last apply (TT_EV_POOL) must have rolled ndice
 * dice at ds with mod on each die and scored `successes`. */
void tan_fx_assert_pool(const tan_fx *f, int k, int ndice, int ds, int mod, int successes);
/* The game is over with winner (TAN_NONE: drawn) for reason (enum tan_reason),
 * and tt_result says the same. */
void tan_fx_assert_over(const tan_fx *f, int winner, int reason);
void tan_fx_assert_playing(const tan_fx *f);
/* A malloc'd copy of the state (the caller frees it), and back. */
void *tan_fx_save(const tan_fx *f);
void tan_fx_restore(tan_fx *f, const void *copy);
/* Is `text` among the canonical texts of the legal actions now? */
int tan_fx_offered(const tan_fx *f, const char *text);
/* Instances of equip_id lying on circle_id (W_CIRCLE). */
int tan_fx_lying(const tan_fx *f, const char *equip_id, const char *circle_id);

#endif
