/* Invaders content: loading and validating a content set (INV-2, INV-3.1, INV-11).
 *
 * A content file is one JSON object: board, the three decks and the strategies,
 * with the fields of INV-2.8 and INV-2.17–2.24. Validation does not stop at the
 * first problem: every unknown field, wrong type, out-of-range value and broken
 * rule is reported with its line, so `tabletop deck validate` shows them all.
 * The result is a flat inv_content that the hot path reads without strings. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fields.h"
#include "core/json.h"
#include "games/invaders/invaders.h"

typedef struct loader {
    tt_fields f; /* the document and the diagnostics (core/fields.h) */
    inv_content *c;
    int nerr0;
} loader;

#define PROBLEM(L, node, key, rule, ...) TT_FIELD_PROBLEM(&(L)->f, node, key, rule, __VA_ARGS__)

static const char *const type_names[] = {"INVADER", "DESOLATOR", "DEFENDER", "LOCATION",
                                         "HERO",    "ONE_SHOT",  NULL};
static const char *const trigger_names[] = {"ON_PLAY",       "PASSIVE", "ACTIVATED",
                                            "START_OF_TURN", "CANCEL",  NULL};
/* clang-format off */
const char *const inv_op_names[] = {
    "DRAIN", "DRAW", "DISCARD_FROM_HAND", "DESTROY", "ZONE_DAMAGE", "ZONE_REPAIR",
    "PLOT_MOVE", "MOVE_CARD", "POWER_AURA", "COUNTER_ATTACK", "CANCEL", "ADD_COUNTERS",
    "DRAIN_SHIELD", "WIN_AT_COUNTERS", "SHIELD_ZONE", "SET_DRAW_COUNT", NULL};
/* clang-format on */
static const char *const side_names[] = {"INVADER", "MANKIND", NULL};
static const char *const who_names[] = {"SELF", "OPPONENT", "BOTH", NULL};
static const char *const zonespec_names[] = {"THIS", "CHOSEN", "ALL", "ANY", NULL};
static const char *const dest_names[] = {"ADJACENT", "ANY", NULL};
static const char *const timing_names[] = {"OWN_MAIN", "OPPONENT_ATTACK_START", NULL};
static const char *const tside_names[] = {"OPPONENT", "OWN", NULL};

static int zone_index(const inv_content *c, const char *id)
{
    for (int z = 0; z < INV_NZ; z++)
        if (id && strcmp(c->zone_id[z], id) == 0)
            return z;
    return -1;
}

/* A list of zone ids as a bit set; reports unknown ids. */
static int zone_set(loader *L, const json_t *arr, const char *what, const char *rule)
{
    int mask = 0;
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v) {
        int z = zone_index(L->c, json_string_value(v));
        if (z < 0 && json_is_string(v))
            PROBLEM(L, arr, NULL, rule, "%s names an unknown zone '%s'", what,
                    json_string_value(v));
        else if (z < 0)
            PROBLEM(L, arr, NULL, rule, "%s holds zone ids (strings)", what);
        else
            mask |= 1 << z;
    }
    return mask;
}

static int word_ok(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

/* --- board -------------------------------------------------------------------- */

static void load_zones(loader *L, const json_t *board)
{
    static const char *const zfields[] = {"id", "name", "base_power", NULL};
    const json_t *zones = tt_field_array(&L->f, board, "zones", 1, "INV-2.2");
    if (zones && json_array_size(zones) != INV_NZ)
        PROBLEM(L, board, "zones", "INV-2.2", "there must be exactly 3 zones, not %zu",
                json_array_size(zones));
    for (int z = 0; zones && z < INV_NZ && z < (int)json_array_size(zones); z++) {
        const json_t *zo = json_array_get(zones, (size_t)z);
        if (!json_is_object(zo)) {
            PROBLEM(L, zones, NULL, "INV-2.2", "zone %d must be an object", z + 1);
            continue;
        }
        tt_field_check(&L->f, zo, zfields, "a zone", "INV-2.2");
        snprintf(L->c->zone_id[z], sizeof L->c->zone_id[z], "%s",
                 tt_field_str(&L->f, zo, "id", 7, "INV-2.2"));
        if (L->c->zone_id[z][0] && !word_ok(L->c->zone_id[z]))
            PROBLEM(L, zo, "id", "INV-2.2", "zone id '%s' must be letters, digits or _",
                    L->c->zone_id[z]);
        for (int k = 0; k < z; k++)
            if (L->c->zone_id[z][0] && strcmp(L->c->zone_id[k], L->c->zone_id[z]) == 0)
                PROBLEM(L, zo, "id", "INV-2.2", "zone id '%s' is not unique", L->c->zone_id[z]);
        snprintf(L->c->zone_name[z], sizeof L->c->zone_name[z], "%s",
                 tt_field_str(&L->f, zo, "name", 31, "INV-2.2"));
        L->c->base_power[z] =
            (uint8_t)tt_field_int(&L->f, zo, "base_power", 0, 20, 4, 1, "INV-2.5");
    }
    const json_t *adj = tt_field_array(&L->f, board, "adjacency", 1, "INV-2.3");
    size_t i;
    json_t *pair;
    json_array_foreach((json_t *)adj, i, pair) {
        int a = zone_index(L->c, json_string_value(json_array_get(pair, 0)));
        int b = zone_index(L->c, json_string_value(json_array_get(pair, 1)));
        if (json_array_size(pair) != 2 || a < 0 || b < 0 || a == b) {
            PROBLEM(L, pair, NULL, "INV-2.3", "an adjacency must pair two different known zones");
            continue;
        }
        L->c->adjacent[a] |= (uint8_t)(1 << b);
        L->c->adjacent[b] |= (uint8_t)(1 << a);
    }
}

static void load_board(loader *L, const json_t *root)
{
    /* clang-format off */
    static const char *const fields[] = {
        "zones", "adjacency", "slots_per_side", "plot_start", "plot_max", "power_token_supply",
        "starting_hand", "draw_per_turn", "first_player", "collapse_rule",
        "heroes_exhausted_loses", "ops_centre", NULL};
    /* clang-format on */
    inv_content *c = L->c;
    const json_t *board = tt_field_object(&L->f, root, "board", 1, "INV-2.2");
    if (!board)
        return;
    tt_field_check(&L->f, board, fields, "the board", "INV-2.2");
    load_zones(L, board);
    c->slots =
        (uint8_t)tt_field_int(&L->f, board, "slots_per_side", 1, INV_MAX_SLOTS, 4, 0, "INV-2.4");
    c->plot_max = (uint8_t)tt_field_int(&L->f, board, "plot_max", 1, 30, 12, 0, "INV-2.7");
    c->plot_start =
        (uint8_t)tt_field_int(&L->f, board, "plot_start", 1, c->plot_max, 10, 0, "INV-3.3");
    c->token_supply =
        (uint8_t)tt_field_int(&L->f, board, "power_token_supply", 0, 60, 20, 0, "INV-2.6");
    c->starting_hand = (uint8_t)tt_field_int(&L->f, board, "starting_hand", 0, 20, 7, 0, "INV-3.8");
    c->draw_per_turn = (uint8_t)tt_field_int(&L->f, board, "draw_per_turn", 1, 5, 2, 0, "INV-4.4");
    c->first_player =
        (uint8_t)tt_field_enum(&L->f, board, "first_player", side_names, 0, 0, "INV-3.10");
    c->heroes_exhausted_loses =
        (uint8_t)tt_field_bool(&L->f, board, "heroes_exhausted_loses", 1, 0, "INV-8.2");
    const json_t *cr = tt_field_object(&L->f, board, "collapse_rule", 0, "INV-8.2");
    if (cr) {
        static const char *const crf[] = {"any_of", NULL};
        tt_field_check(&L->f, cr, crf, "collapse_rule", "INV-8.2");
        const json_t *any = tt_field_array(&L->f, cr, "any_of", 1, "INV-8.2");
        size_t i;
        json_t *set;
        json_array_foreach((json_t *)any, i, set) {
            if (!json_is_array(set) || !json_array_size(set) || c->ncollapse == 8) {
                PROBLEM(L, any, NULL, "INV-8.2", "any_of holds 1..8 non-empty lists of zones");
                continue;
            }
            c->collapse[c->ncollapse++] = (uint8_t)zone_set(L, set, "collapse_rule", "INV-8.2");
        }
    } else {
        c->ncollapse = 2; /* the sample's rule: EU, or PR and AF (INV-8.2) */
        c->collapse[0] = 1 << 1;
        c->collapse[1] = (1 << 0) | (1 << 2);
    }
    c->ops_cost = (inv_cost){1, 0, 0, 0};
    c->ops_per_turn = 1;
    c->ops_any = 1;
    const json_t *ops = tt_field_object(&L->f, board, "ops_centre", 0, "INV-2.24");
    if (ops) {
        static const char *const of[] = {"cost", "per_turn", "dest", NULL};
        static const char *const cf[] = {"discard", "drain", NULL};
        tt_field_check(&L->f, ops, of, "ops_centre", "INV-2.24");
        const json_t *cost = tt_field_object(&L->f, ops, "cost", 0, "INV-2.24");
        if (cost) {
            tt_field_check(&L->f, cost, cf, "the Ops Centre cost", "INV-2.24");
            c->ops_cost.discard =
                (uint8_t)tt_field_int(&L->f, cost, "discard", 0, 9, 1, 0, "INV-2.24");
            c->ops_cost.drain = (uint8_t)tt_field_int(&L->f, cost, "drain", 0, 9, 0, 0, "INV-2.24");
        }
        c->ops_per_turn = (uint8_t)tt_field_int(&L->f, ops, "per_turn", 0, 9, 1, 0, "INV-2.24");
        c->ops_any = (uint8_t)(tt_field_enum(&L->f, ops, "dest", dest_names, DEST_ANY, 0,
                                             "INV-2.24") == DEST_ANY);
    }
}

/* --- effects and abilities ---------------------------------------------------- */

static void load_target(loader *L, const json_t *t, inv_target *out, int op)
{
    static const char *const fields[] = {"side",         "zone", "types", "max_power",
                                         "include_hero", "self", NULL};
    *out = (inv_target){.own = op == OP_MOVE_CARD,
                        .zone = ZS_ANY,
                        .types = (uint8_t)(0x3F & ~(1 << T_ONE_SHOT)),
                        .max_power = INV_NO_MAX};
    if (!t)
        return;
    if (!json_is_object(t)) {
        PROBLEM(L, t, NULL, "INV-2.20", "target must be an object");
        return;
    }
    tt_field_check(&L->f, t, fields, "a target", "INV-2.20");
    out->own = (uint8_t)tt_field_enum(&L->f, t, "side", tside_names, out->own, 0, "INV-2.20");
    int z = tt_field_enum(&L->f, t, "zone", zonespec_names, ZS_ANY, 0, "INV-2.20");
    if (z != ZS_THIS && z != ZS_ANY)
        PROBLEM(L, t, "zone", "INV-2.20", "a target's zone is THIS or ANY");
    out->zone = (uint8_t)(z == ZS_THIS ? ZS_THIS : ZS_ANY);
    const json_t *types = tt_field_array(&L->f, t, "types", 0, "INV-2.20");
    if (types) {
        out->types = 0;
        size_t i;
        json_t *v;
        json_array_foreach((json_t *)types, i, v) {
            int k = -1;
            for (int j = 0; type_names[j] && json_is_string(v); j++)
                if (strcmp(type_names[j], json_string_value(v)) == 0)
                    k = j;
            if (k < 0)
                PROBLEM(L, t, "types", "INV-2.20", "unknown card type in types");
            else
                out->types |= (uint8_t)(1 << k);
        }
    }
    out->max_power = (int8_t)tt_field_int(&L->f, t, "max_power", -9, 20, INV_NO_MAX, 0, "INV-2.20");
    out->include_hero = (uint8_t)tt_field_bool(&L->f, t, "include_hero", 0, 0, "INV-2.12");
    out->self = (uint8_t)tt_field_bool(&L->f, t, "self", 0, 0, "INV-2.20");
}

/* The parameters each primitive takes besides "op" (INV-2.19). */
static const char *const *op_fields(int op)
{
    static const char *const who_n[] = {"op", "who", "n", NULL};
    static const char *const target[] = {"op", "target", NULL};
    static const char *const zone_n[] = {"op", "zone", "n", NULL};
    static const char *const repair[] = {"op", "zone", "n", "split", NULL};
    static const char *const delta[] = {"op", "delta", NULL};
    static const char *const move[] = {"op", "target", "dest", NULL};
    static const char *const aura[] = {"op", "applies", "delta", NULL};
    static const char *const zone[] = {"op", "zone", NULL};
    static const char *const bare[] = {"op", NULL};
    static const char *const n[] = {"op", "n", NULL};
    static const char *const threshold[] = {"op", "threshold", NULL};
    switch (op) {
    case OP_DRAIN:
    case OP_DRAW:
    case OP_DISCARD_FROM_HAND: return who_n;
    case OP_DESTROY: return target;
    case OP_ZONE_DAMAGE: return zone_n;
    case OP_ZONE_REPAIR: return repair;
    case OP_PLOT_MOVE: return delta;
    case OP_MOVE_CARD: return move;
    case OP_POWER_AURA: return aura;
    case OP_COUNTER_ATTACK:
    case OP_SHIELD_ZONE: return zone;
    case OP_ADD_COUNTERS:
    case OP_SET_DRAW_COUNT: return n;
    case OP_WIN_AT_COUNTERS: return threshold;
    default: return bare;
    }
}

static void load_effect_params(loader *L, const json_t *e, inv_effect *x)
{
    switch (x->op) {
    case OP_DRAIN:
    case OP_DRAW:
    case OP_DISCARD_FROM_HAND:
        x->who = (uint8_t)tt_field_enum(&L->f, e, "who", who_names, WHO_OPPONENT, 1, "INV-2.19");
        x->n = (int8_t)tt_field_int(&L->f, e, "n", 1, 9, 1, 1, "INV-2.19");
        if (x->op == OP_DRAW && x->who == WHO_BOTH)
            PROBLEM(L, e, "who", "INV-2.19", "DRAW takes who SELF or OPPONENT");
        break;
    case OP_DESTROY:
    case OP_MOVE_CARD:
        load_target(L, json_object_get(e, "target"), &x->target, x->op);
        if (!json_object_get(e, "target"))
            PROBLEM(L, e, NULL, "INV-2.19", "missing field 'target'");
        if (x->op == OP_MOVE_CARD)
            x->dest =
                (uint8_t)tt_field_enum(&L->f, e, "dest", dest_names, DEST_ADJACENT, 1, "INV-2.19");
        break;
    case OP_ZONE_DAMAGE:
    case OP_ZONE_REPAIR:
        x->zone = (uint8_t)tt_field_enum(&L->f, e, "zone", zonespec_names, ZS_THIS, 1, "INV-2.21");
        if (x->zone == ZS_ANY)
            PROBLEM(L, e, "zone", "INV-2.21", "zone must be THIS, CHOSEN or ALL");
        x->n = (int8_t)tt_field_int(&L->f, e, "n", 1, 9, 1, 1, "INV-2.19");
        x->split = (uint8_t)tt_field_bool(&L->f, e, "split", 0, 0, "INV-2.19");
        if (x->split && x->zone != ZS_CHOSEN)
            PROBLEM(L, e, "split", "INV-2.19", "split repair needs zone CHOSEN");
        break;
    case OP_PLOT_MOVE:
        x->n = (int8_t)tt_field_int(&L->f, e, "delta", -3, 3, 0, 1, "INV-2.19");
        break;
    case OP_POWER_AURA:
        if (strcmp(tt_field_str(&L->f, e, "applies", 40, "INV-2.19"), "OTHER_OWN_SAME_ZONE") != 0)
            PROBLEM(L, e, "applies", "INV-2.19", "applies must be OTHER_OWN_SAME_ZONE");
        x->n = (int8_t)tt_field_int(&L->f, e, "delta", -3, 3, 0, 1, "INV-2.19");
        break;
    case OP_COUNTER_ATTACK:
    case OP_SHIELD_ZONE: {
        int want = x->op == OP_COUNTER_ATTACK ? ZS_THIS : ZS_CHOSEN;
        x->zone = (uint8_t)tt_field_enum(&L->f, e, "zone", zonespec_names, want, 1, "INV-2.19");
        if (x->zone != want)
            PROBLEM(L, e, "zone", "INV-2.19", "%s takes zone %s", inv_op_names[x->op],
                    zonespec_names[want]);
        break;
    }
    case OP_ADD_COUNTERS: x->n = (int8_t)tt_field_int(&L->f, e, "n", 1, 9, 1, 1, "INV-2.19"); break;
    case OP_SET_DRAW_COUNT:
        x->n = (int8_t)tt_field_int(&L->f, e, "n", 1, 5, 2, 1, "INV-2.19");
        break;
    case OP_WIN_AT_COUNTERS:
        x->n = (int8_t)tt_field_int(&L->f, e, "threshold", 1, 20, 20, 1, "INV-2.19");
        break;
    default: break;
    }
}

/* Declared-choice slots an effect needs (INV-5.26a): a target, a zone, or a
 * move's unit, destination and sacrifice. */
static int choice_slots(const inv_effect *x)
{
    if (x->op == OP_DESTROY)
        return 1;
    if (x->op == OP_MOVE_CARD)
        return 3;
    if ((x->op == OP_ZONE_DAMAGE || x->op == OP_ZONE_REPAIR || x->op == OP_SHIELD_ZONE) &&
        x->zone == ZS_CHOSEN && !x->split)
        return 1;
    return 0;
}

static int load_effects(loader *L, const json_t *owner, inv_ability *ab, int trigger, int side,
                        int *nchoice)
{
    const json_t *effects = tt_field_array(&L->f, owner, "effects", 1, "INV-2.17");
    if (!effects)
        return 0;
    if (json_array_size(effects) > INV_MAX_EFF)
        PROBLEM(L, owner, "effects", "INV-2.17", "at most %d effects per ability", INV_MAX_EFF);
    size_t i;
    json_t *e;
    json_array_foreach((json_t *)effects, i, e) {
        if (i >= INV_MAX_EFF)
            break;
        if (!json_is_object(e)) {
            PROBLEM(L, effects, NULL, "INV-2.19", "an effect must be an object");
            continue;
        }
        inv_effect *x = &ab->eff[ab->neff++];
        memset(x, 0, sizeof *x);
        int op = tt_field_enum(&L->f, e, "op", inv_op_names, -1, 1, "INV-2.19");
        if (op < 0) { /* its parameters mean nothing without a known op */
            ab->neff--;
            continue;
        }
        x->op = (uint8_t)op;
        tt_field_check(&L->f, e, op_fields(x->op), inv_op_names[x->op], "INV-2.19");
        load_effect_params(L, e, x);
        int passive_only =
            x->op == OP_POWER_AURA || x->op == OP_DRAIN_SHIELD || x->op == OP_WIN_AT_COUNTERS;
        if (passive_only != (trigger == TR_PASSIVE))
            PROBLEM(L, e, "op", "INV-2.19", "%s %s", inv_op_names[x->op],
                    passive_only ? "belongs in a PASSIVE ability only"
                                 : "cannot be a PASSIVE ability's effect");
        if ((x->op == OP_CANCEL) != (trigger == TR_CANCEL))
            PROBLEM(L, e, "op", "INV-2.17", "a CANCEL ability holds exactly the CANCEL effect");
        if ((x->op == OP_ZONE_REPAIR || x->op == OP_COUNTER_ATTACK) && side != INV_MANKIND)
            PROBLEM(L, e, "op", "INV-3.1", "%s appears only in Mankind content",
                    inv_op_names[x->op]);
        int k = choice_slots(x);
        x->choice = (uint8_t)(k ? *nchoice : INV_NONE);
        *nchoice += k;
        if (*nchoice > INV_MAX_CHOICES)
            PROBLEM(L, e, NULL, "INV-5.26a", "more than %d declared choices in one card",
                    INV_MAX_CHOICES);
    }
    return 0;
}

static void load_ability_cost(loader *L, const json_t *a, inv_ability *ab, const inv_card *card)
{
    static const char *const cf[] = {"discard", "drain", "remove_counters", "rotate", NULL};
    const json_t *cost = tt_field_object(&L->f, a, "cost", 0, "INV-2.18");
    if (!cost)
        return;
    if (ab->trigger != TR_ACTIVATED)
        PROBLEM(L, a, "cost", "INV-2.18", "only ACTIVATED abilities have a cost");
    tt_field_check(&L->f, cost, cf, "an ability cost", "INV-2.18");
    ab->cost.discard = (uint8_t)tt_field_int(&L->f, cost, "discard", 0, 9, 0, 0, "INV-2.18");
    ab->cost.drain = (uint8_t)tt_field_int(&L->f, cost, "drain", 0, 9, 0, 0, "INV-2.18");
    ab->cost.remove_counters =
        (uint8_t)tt_field_int(&L->f, cost, "remove_counters", 0, 20, 0, 0, "INV-2.18");
    ab->cost.rotate = (uint8_t)tt_field_bool(&L->f, cost, "rotate", 0, 0, "INV-2.18");
    if (ab->cost.rotate && card->type != T_HERO)
        PROBLEM(L, cost, "rotate", "INV-2.18", "only heroes can pay a rotate cost");
}

static void load_abilities(loader *L, const json_t *cj, inv_card *card)
{
    static const char *const af[] = {"trigger", "cost", "effects", NULL};
    const json_t *abs = tt_field_array(&L->f, cj, "abilities", 0, "INV-2.17");
    int nchoice[5] = {0};
    size_t i;
    json_t *a;
    if (abs && json_array_size(abs) > INV_MAX_ABIL)
        PROBLEM(L, cj, "abilities", "INV-2.8", "at most %d abilities", INV_MAX_ABIL);
    json_array_foreach((json_t *)abs, i, a) {
        if (i >= INV_MAX_ABIL)
            break;
        if (!json_is_object(a)) {
            PROBLEM(L, abs, NULL, "INV-2.17", "an ability must be an object");
            continue;
        }
        tt_field_check(&L->f, a, af, "an ability", "INV-2.17");
        inv_ability *ab = &card->ab[card->nab++];
        ab->trigger =
            (uint8_t)tt_field_enum(&L->f, a, "trigger", trigger_names, TR_PASSIVE, 1, "INV-2.17");
        load_ability_cost(L, a, ab, card);
        load_effects(L, a, ab, ab->trigger, card->side, &nchoice[ab->trigger]);
        if (ab->trigger != TR_ON_PLAY && ab->trigger != TR_CANCEL && !card->is_unit)
            PROBLEM(L, a, "trigger", "INV-2.17", "%s abilities belong on units",
                    trigger_names[ab->trigger]);
        if (ab->trigger == TR_CANCEL && card->type != T_ONE_SHOT)
            PROBLEM(L, a, "trigger", "INV-3.1", "CANCEL abilities appear only on ONE_SHOT cards");
        if (ab->trigger == TR_ACTIVATED && card->activated >= 0)
            PROBLEM(L, a, "trigger", "INV-5.12", "a card has at most one ACTIVATED ability");
        if (ab->trigger == TR_ACTIVATED)
            card->activated = (int8_t)(card->nab - 1);
        card->start_of_turn |= ab->trigger == TR_START_OF_TURN;
        card->cancel |= ab->trigger == TR_CANCEL;
        for (int k = 0; k < ab->neff; k++) {
            const inv_effect *x = &ab->eff[k];
            if (x->op == OP_POWER_AURA)
                card->aura = (int8_t)(card->aura + x->n);
            card->shield |= x->op == OP_DRAIN_SHIELD;
            if (x->op == OP_WIN_AT_COUNTERS)
                card->win_at = (uint8_t)x->n;
        }
    }
    if (card->cancel && card->nab != 1)
        PROBLEM(L, cj, "abilities", "INV-5.10", "a cancel card has its CANCEL ability only");
}

/* --- cards and decks ---------------------------------------------------------- */

static int id_ok(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return 0;
    return 1;
}

static int find_card(const inv_content *c, const char *id)
{
    for (int i = 0; i < c->ncards; i++)
        if (strcmp(c->card[i].id, id) == 0)
            return i;
    return -1;
}

static void load_card_basics(loader *L, const json_t *cj, inv_card *card, int deck)
{
    snprintf(card->id, sizeof card->id, "%s", tt_field_str(&L->f, cj, "id", 40, "INV-2.8"));
    if (card->id[0] && !id_ok(card->id))
        PROBLEM(L, cj, "id", "INV-2.8", "card id '%s' must match [a-z0-9_]+", card->id);
    snprintf(card->name, sizeof card->name, "%s", tt_field_str(&L->f, cj, "name", 40, "INV-2.8"));
    card->side = (uint8_t)tt_field_enum(&L->f, cj, "side", side_names, deck == DECK_INV ? 0 : 1, 1,
                                        "INV-2.8");
    card->type = (uint8_t)tt_field_enum(&L->f, cj, "type", type_names, T_ONE_SHOT, 1, "INV-2.9");
    const json_t *kw = tt_field_array(&L->f, cj, "keywords", 0, "INV-2.8");
    if (kw && json_array_size(kw) > 3)
        PROBLEM(L, cj, "keywords", "INV-2.8", "at most 3 keywords");
    for (size_t i = 0; kw && i < json_array_size(kw) && i < 3; i++) {
        const char *k = json_string_value(json_array_get(kw, i));
        if (!k || !*k || strlen(k) > 23)
            PROBLEM(L, cj, "keywords", "INV-2.8", "keywords are words of 1..23 characters");
        else
            snprintf(card->keywords[card->nkeywords++], sizeof card->keywords[0], "%s", k);
    }
    json_t *power = json_object_get(cj, "power");
    card->is_unit = power && !json_is_null(power);
    if (!power)
        PROBLEM(L, cj, NULL, "INV-2.8", "missing field 'power' (null for a one-shot)");
    else if (card->is_unit)
        card->power = (int8_t)tt_field_int(&L->f, cj, "power", -3, 9, 0, 1, "INV-2.8");
    if (power && card->is_unit && card->type == T_ONE_SHOT)
        PROBLEM(L, cj, "power", "INV-3.1", "field 'power' must be null for a ONE_SHOT card");
    else if (power && !card->is_unit && card->type != T_ONE_SHOT)
        PROBLEM(L, cj, "power", "INV-3.1", "field 'power' must be a number for a %s card",
                type_names[card->type]);
}

static void load_card_rest(loader *L, const json_t *cj, inv_card *card, int deck)
{
    static const char *const cf[] = {"discard", "drain", NULL};
    const json_t *cost = tt_field_object(&L->f, cj, "cost", 1, "INV-2.8");
    if (cost) {
        tt_field_check(&L->f, cost, cf, "a card cost", "INV-2.8");
        card->cost.discard = (uint8_t)tt_field_int(&L->f, cost, "discard", 0, 9, 0, 0, "INV-2.8");
        card->cost.drain = (uint8_t)tt_field_int(&L->f, cost, "drain", 0, 9, 0, 0, "INV-2.8");
    }
    card->count = (uint8_t)tt_field_int(&L->f, cj, "count", 1, 10, 1, 1, "INV-2.8");
    if (deck == DECK_HERO && card->count != 1)
        PROBLEM(L, cj, "count", "INV-2.8", "heroes always have count 1");
    card->zones = 7;
    json_t *zr = json_object_get(cj, "zone_restriction");
    if (zr && !json_is_null(zr)) {
        if (!json_is_array(zr) || !json_array_size(zr))
            PROBLEM(L, cj, "zone_restriction", "INV-2.8",
                    "zone_restriction is null or a list of zones");
        else
            card->zones = (uint8_t)zone_set(L, zr, "zone_restriction", "INV-2.8");
        if (!card->is_unit)
            PROBLEM(L, cj, "zone_restriction", "INV-2.8", "only units have a zone_restriction");
    }
    card->enter_counters =
        (uint8_t)tt_field_int(&L->f, cj, "enter_counters", 0, 20, 0, 0, "INV-2.8");
    card->mobile = (uint8_t)tt_field_bool(&L->f, cj, "mobile", 0, 0, "INV-2.8");
    if (card->mobile && card->type != T_HERO)
        PROBLEM(L, cj, "mobile", "INV-2.8", "only heroes are mobile");
    card->activated = -1;
    load_abilities(L, cj, card);
}

/* INV-2.9: which deck holds which side and type. */
static void check_card_family(loader *L, const json_t *cj, const inv_card *card, int deck)
{
    static const char *const deck_names[] = {"invader_deck", "mankind_deck", "hero_deck"};
    int want_side = deck == DECK_INV ? INV_INVADER : INV_MANKIND;
    if (card->side != want_side)
        PROBLEM(L, cj, "side", "INV-2.9", "a card in %s has side %s", deck_names[deck],
                side_names[want_side]);
    int t = card->type, ok;
    if (deck == DECK_HERO)
        ok = t == T_HERO;
    else if (deck == DECK_INV)
        ok = t == T_INVADER || t == T_DESOLATOR || t == T_ONE_SHOT;
    else
        ok = t == T_DEFENDER || t == T_LOCATION || t == T_ONE_SHOT;
    if (!ok)
        PROBLEM(L, cj, "type", "INV-2.9", "type %s does not belong in %s", type_names[t],
                deck_names[deck]);
}

static void load_deck(loader *L, const json_t *root, const char *key, int deck)
{
    /* clang-format off */
    static const char *const fields[] = {"id", "name", "side", "type", "keywords", "power",
                                         "cost", "count", "zone_restriction",
                                         "enter_counters", "mobile", "abilities", NULL};
    /* clang-format on */
    inv_content *c = L->c;
    const json_t *arr = tt_field_array(&L->f, root, key, 1, "INV-3.5");
    int total = 0;
    size_t i;
    json_t *cj;
    c->deck_first[deck] = (uint8_t)c->ninst;
    json_array_foreach((json_t *)arr, i, cj) {
        if (!json_is_object(cj)) {
            PROBLEM(L, arr, NULL, "INV-2.8", "a card must be an object");
            continue;
        }
        if (c->ncards == INV_MAX_DEFS) {
            PROBLEM(L, cj, NULL, "INV-2.8", "more than %d card definitions", INV_MAX_DEFS);
            return;
        }
        inv_card *card = &c->card[c->ncards];
        memset(card, 0, sizeof *card);
        tt_field_check(&L->f, cj, fields, "a card", "INV-2.8");
        load_card_basics(L, cj, card, deck);
        load_card_rest(L, cj, card, deck);
        check_card_family(L, cj, card, deck);
        if (card->id[0] && find_card(c, card->id) >= 0)
            PROBLEM(L, cj, "id", "INV-2.8", "card id '%s' is not unique", card->id);
        int cap = deck == DECK_HERO ? INV_MAX_HEROES : INV_MAX_DECK;
        for (int k = 0; k < card->count && total < cap; k++, total++) {
            if (card->win_at)
                c->winner[c->nwinners++] = (uint16_t)c->ninst;
            c->inst_def[c->ninst] = (uint8_t)c->ncards;
            c->inst_copy[c->ninst] = (uint8_t)(k + 1);
            c->inst_deck[c->ninst] = (uint8_t)deck;
            c->ninst++;
        }
        if (total == cap && card->count && i + 1 < json_array_size(arr))
            PROBLEM(L, cj, "count", "INV-2.1", "%s holds more than %d cards", key, cap);
        c->ncards++;
    }
    c->deck_size[deck] = (uint8_t)total;
    int need = deck == DECK_HERO ? 1 : c->starting_hand + 2;
    if (arr && total < need)
        PROBLEM(L, root, key, "INV-3.1", "%s has %d cards; it needs at least %d", key, total, need);
}

static void load_strategies(loader *L, const json_t *root)
{
    static const char *const fields[] = {"id", "name", "side", "timing", "effects", NULL};
    inv_content *c = L->c;
    const json_t *arr = tt_field_array(&L->f, root, "strategies", 1, "INV-2.23");
    size_t i;
    json_t *sj;
    json_array_foreach((json_t *)arr, i, sj) {
        if (!json_is_object(sj) || c->nstrats == INV_MAX_STRATS) {
            PROBLEM(L, arr, NULL, "INV-2.23", "strategies are at most %d objects", INV_MAX_STRATS);
            continue;
        }
        inv_strategy *st = &c->strat[c->nstrats];
        memset(st, 0, sizeof *st);
        tt_field_check(&L->f, sj, fields, "a strategy", "INV-2.23");
        snprintf(st->id, sizeof st->id, "%s", tt_field_str(&L->f, sj, "id", 40, "INV-2.23"));
        if (st->id[0] && !id_ok(st->id))
            PROBLEM(L, sj, "id", "INV-2.23", "strategy id '%s' must match [a-z0-9_]+", st->id);
        for (int k = 0; k < c->nstrats; k++)
            if (st->id[0] && strcmp(c->strat[k].id, st->id) == 0)
                PROBLEM(L, sj, "id", "INV-2.23", "strategy id '%s' is not unique", st->id);
        if (st->id[0] && find_card(c, st->id) >= 0)
            PROBLEM(L, sj, "id", "INV-2.23", "strategy id '%s' is also a card id", st->id);
        snprintf(st->name, sizeof st->name, "%s", tt_field_str(&L->f, sj, "name", 40, "INV-2.23"));
        st->side = (uint8_t)tt_field_enum(&L->f, sj, "side", side_names, 0, 1, "INV-2.23");
        st->timing = (uint8_t)tt_field_enum(&L->f, sj, "timing", timing_names, 0, 1, "INV-2.23");
        if (st->timing == TIMING_OPPONENT_ATTACK_START && st->side != INV_MANKIND)
            PROBLEM(L, sj, "timing", "INV-2.23",
                    "only Mankind strategies use OPPONENT_ATTACK_START");
        int nchoice = 0;
        st->ab.trigger = TR_ON_PLAY;
        load_effects(L, sj, &st->ab, TR_ON_PLAY, st->side, &nchoice);
        c->nstrat_side[st->side]++;
        c->nstrats++;
    }
}

static int content_read(void *into, const tt_json_doc *doc, tt_diags *d)
{
    inv_content *c = into;
    static const char *const fields[] = {"game",         "version",   "board",      "invader_deck",
                                         "mankind_deck", "hero_deck", "strategies", NULL};
    memset(c, 0, sizeof *c);
    int n0 = d->n + d->dropped;
    loader L = {{doc, d, NULL}, c, n0};
    const json_t *root = doc->root;
    if (!json_is_object(root)) {
        PROBLEM(&L, root, NULL, "INV-11", "a content file is a JSON object");
    } else {
        tt_field_check(&L.f, root, fields, "the content file", "INV-11");
        const char *game = json_string_value(json_object_get(root, "game"));
        if (!game || strcmp(game, "invaders") != 0)
            PROBLEM(&L, root, json_object_get(root, "game") ? "game" : NULL, "INV-11",
                    "field 'game' must be \"invaders\"");
        tt_field_int(&L.f, root, "version", 1, 1, 1, 1, "INV-11");
        load_board(&L, root);
        load_deck(&L, root, "invader_deck", DECK_INV);
        load_deck(&L, root, "mankind_deck", DECK_MAN);
        load_deck(&L, root, "hero_deck", DECK_HERO);
        load_strategies(&L, root);
    }
    return d->n + d->dropped > n0 ? -1 : 0;
}

int inv_content_load(inv_content *c, const char *text, size_t len, const char *file, tt_diags *d)
{
    return tt_json_read(text, len, file, "invaders/sample.json", d, content_read, c);
}

int inv_validate_file(const char *path, tt_diags *d)
{
    size_t len;
    char *text = tt_read_file(path, &len);
    if (!text)
        return TT_EIO;
    inv_content *c = malloc(sizeof *c);
    if (!c) {
        free(text);
        return TT_ENOMEM;
    }
    int rc = inv_content_load(c, text, len, path, d);
    free(c);
    free(text);
    return rc ? TT_ECONTENT : TT_OK;
}
