/* INWO content: reading and checking a content set — Illuminati, Groups,
 * Resources and Plots with every field of INWO-2 and their behaviour as the
 * effect primitives of INWO-2.10 — into the flat, id-indexed inwo_content.
 *
 * Names are resolved once, here: card ids to def indices (a second pass,
 * once every id is known, so a filter may name a card defined later),
 * alignments and attributes to bits, enumerations to numbers, filters to
 * indices into one table. Validation does not stop at the first problem:
 * every unknown field, wrong type, value out of range, broken data rule and
 * engine limit (INWO-2.15) is reported with its line and rule, so `tabletop
 * deck validate` shows them all. Loading only: never on the playout path. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/fields.h"
#include "core/json.h"
#include "games/inwo/content.h"

typedef struct loader {
    tt_fields f;
    inwo_content *c;
    const char *card; /* the id of the card being read, for messages */
    /* card references seen while reading, resolved once every id is known */
    struct ref {
        const json_t *obj;
        const char *key, *id;
        int16_t *into;
    } ref[INWO_MAX_FILTERS];
    int nref;
} loader;

#define PROBLEM(L, node, key, rule, ...) TT_FIELD_PROBLEM(&(L)->f, node, key, rule, __VA_ARGS__)

/* --- names of the enumerations, in enum order ------------------------------------- */

static const char *const kind_names[] = {"illuminati", "group", "resource", "plot", NULL};
static const char *const align_names[] = {"GOV", "CORP",  "LIB",  "CONS", "PEACE", "VIOL",
                                          "STR", "WEIRD", "CRIM", "FAN",  NULL};
static const char *const gtype_names[] = {"organization", "place", "personality", NULL};
static const char *const side_names[] = {"N", "E", "S", "W", NULL};
static const char *const rtype_names[] = {"Artifact", "Gadget", "Magic", "Unique", NULL};
static const char *const subtype_names[] = {
    "plus10", "linked", "alignment", "cancel",        "privilege", "freeze", "paralyze",
    "zap",    "nwo",    "goal",      "assassination", "disaster",  "misc",   NULL};
static const char *const color_names[] = {"none", "red", "blue", "yellow", NULL};
static const char *const op_names[] = {"STAT",
                                       "ATTACK_BONUS",
                                       "DEFENSE_BONUS",
                                       "IMMUNE",
                                       "UNDESTROYABLE",
                                       "EXTRA_TOKENS",
                                       "EXTRA_DRAW",
                                       "HAND_LIMIT",
                                       "MULTI_COPY",
                                       "SET_ALIGN",
                                       "GOAL_DOUBLE",
                                       "GOAL_CONTROL",
                                       "GOAL_DESTROYED",
                                       "GOAL_POWER",
                                       "BOOST",
                                       "CANCEL",
                                       "PARALYZE",
                                       "FREEZE",
                                       "PRIVILEGE",
                                       "UNPRIVILEGE",
                                       "INSTANT",
                                       "ALIGN",
                                       "MODIFY",
                                       "DRAW",
                                       "GIVE_TOKEN",
                                       "EXPOSE",
                                       "STEAL_EXPOSED",
                                       "ROLL_MOD",
                                       "AUTO_FAIL",
                                       "RESTORE",
                                       "REPEAL",
                                       "DESTROY_RESOURCE",
                                       "FREE_TAKEOVER",
                                       "REORGANIZE",
                                       NULL};
static const char *const timing_names[] = {"passive", "main",       "any",         "attack",
                                           "declare", "after_roll", "end_of_turn", NULL};
static const char *const limit_names[] = {"none", "once_per_turn", "once_per_game", NULL};
static const char *const scope_names[] = {
    "self", "linked", "owner_structure", "all", "zapped_structure", "owner", NULL};
static const char *const stat_names[] = {"power", "global", "res", NULL};
static const char *const mode_names[] = {"set_min", "mul", "add", NULL};
static const char *const context_names[] = {"all", "attack", "defense", NULL};
static const char *const attack_names[] = {"control", "destroy", "any", NULL};
static const char *const vs_names[] = {"control", "destroy", "any", "instant", NULL};
static const char *const bonusmode_names[] = {"direct", "any_attempt", NULL};
static const char *const deck_names[] = {"plot", "group", NULL};
static const char *const use_names[] = {"action", "defense", "own_attack", NULL};
static const char *const cancel_names[] = {"action", "plot", "ability", "instant", NULL};
static const char *const until_names[] = {"controller_next_turn_end", NULL};
static const char *const class_names[] = {"assassination", "disaster", "generic", NULL};
static const char *const alignmode_names[] = {"add", "remove", "reverse", NULL};
static const char *const duration_names[] = {"turn", "permanent", NULL};
static const char *const repeal_names[] = {"nwo", "zap", "linked_plot", "plot_change", NULL};
static const char *const where_names[] = {"own", "all", NULL};
static const char *const owner_names[] = {"any", "self", "rival", NULL};

const char *inwo_align_name(int a)
{
    return a >= 0 && a < INWO_NALIGN ? align_names[a] : "?";
}
const char *inwo_kind_name(int k)
{
    return k >= 0 && k < INWO_NKINDS ? kind_names[k] : "?";
}
const char *inwo_op_name(int op)
{
    return op >= 0 && op < INWO_NOPS ? op_names[op] : "?";
}
int inwo_opposite(int a)
{
    return a >= 0 && a < AL_CRIM ? a ^ 1 : -1; /* INWO-2.2.1: CRIM and FAN have none */
}

int inwo_find_def(const inwo_content *c, const char *id)
{
    for (int i = 0; i < c->ndefs; i++)
        if (strcmp(c->def[i].id, id) == 0)
            return i;
    return -1;
}

/* --- small readers --------------------------------------------------------------------- */

/* A list of names (from names) as a bit mask; duplicates and unknown names
 * reported. */
static unsigned name_mask(loader *L, const json_t *obj, const char *key, const char *const *names,
                          int required, const char *rule)
{
    const json_t *arr = tt_field_array(&L->f, obj, key, required, rule);
    unsigned m = 0;
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v) {
        int k = tt_field_lookup(names, json_string_value(v));
        if (k < 0)
            PROBLEM(L, obj, key, rule, "%s: '%s' holds unknown value %s", L->card, key,
                    json_is_string(v) ? json_string_value(v) : "(not a string)");
        else if (m & (1u << k))
            PROBLEM(L, obj, key, rule, "%s: '%s' names %s twice", L->card, key, names[k]);
        else
            m |= 1u << k;
    }
    return m;
}

/* INWO-2.2.2: an alignment set never holds both members of a pair. */
static uint16_t align_set(loader *L, const json_t *obj, const char *key, int required)
{
    unsigned m = name_mask(L, obj, key, align_names, required, "INWO-2.2.1");
    for (int a = 0; a < AL_CRIM; a += 2)
        if ((m >> a & 3) == 3)
            PROBLEM(L, obj, key, "INWO-2.2.2", "%s: '%s' holds both %s and its opposite %s",
                    L->card, key, align_names[a], align_names[a + 1]);
    return (uint16_t)m;
}

/* An attribute's bit: attributes are open keywords, interned in the order
 * met, after Secret and Magic (interned first by the loader); -1 reported. */
static int intern_attr(loader *L, const json_t *obj, const char *key, const char *s)
{
    inwo_content *c = L->c;
    if (!tt_field_is_ident(s) || strlen(s) >= sizeof c->attr[0]) {
        PROBLEM(L, obj, key, "INWO-2.3.1",
                "%s: an attribute is a word of letters, digits and '_' (at most %zu)", L->card,
                sizeof c->attr[0] - 1);
        return -1;
    }
    int k = 0;
    while (k < c->nattrs && strcmp(c->attr[k], s) != 0)
        k++;
    if (k == INWO_MAX_ATTRS) {
        PROBLEM(L, obj, key, "INWO-2.15.1", "%s: more than %d distinct attributes in the set",
                L->card, INWO_MAX_ATTRS);
        return -1;
    }
    if (k == c->nattrs)
        snprintf(c->attr[c->nattrs++], sizeof c->attr[0], "%s", s);
    return k;
}

static uint32_t attr_set(loader *L, const json_t *obj, const char *key, int required)
{
    const json_t *arr = tt_field_array(&L->f, obj, key, required, "INWO-2.3.1");
    uint32_t m = 0;
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v) {
        int k = json_is_string(v) ? intern_attr(L, obj, key, json_string_value(v)) : -1;
        if (!json_is_string(v))
            PROBLEM(L, obj, key, "INWO-2.3.1", "%s: '%s' holds strings", L->card, key);
        if (k >= 0)
            m |= 1u << k;
    }
    return m;
}

/* A card id to resolve later into *into. */
static void card_ref(loader *L, const json_t *obj, const char *key, int16_t *into)
{
    const char *s = json_string_value(json_object_get(obj, key));
    *into = -1;
    if (!s) {
        PROBLEM(L, obj, key, "INWO-2.1.1", "%s: field '%s' must be a card id", L->card, key);
        return;
    }
    if (L->nref == INWO_MAX_FILTERS)
        PROBLEM(L, obj, key, "INWO-2.15.1", "%s: more than %d card references in the set", L->card,
                INWO_MAX_FILTERS);
    else
        L->ref[L->nref++] = (struct ref){obj, key, s, into};
}

/* --- filters (INWO-2.10.1) ----------------------------------------------------------- */

static int16_t read_filter(loader *L, const json_t *obj, const char *key, int required)
{
    static const char *const fields[] = {"align_any", "align_all",  "align_none", "attr_any",
                                         "attr_none", "gtype_any",  "power_min",  "power_max",
                                         "card",      "illuminati", "owner",      NULL};
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v)) {
        if (required)
            PROBLEM(L, obj, v ? key : NULL, "INWO-2.10.1", "%s: missing filter '%s'", L->card, key);
        return INWO_NO_FILTER;
    }
    if (!json_is_object(v)) {
        PROBLEM(L, obj, key, "INWO-2.10.1", "%s: '%s' must be a filter object", L->card, key);
        return INWO_NO_FILTER;
    }
    inwo_content *c = L->c;
    if (c->nfilters == INWO_MAX_FILTERS) {
        PROBLEM(L, obj, key, "INWO-2.15.1", "more than %d filters in the set", INWO_MAX_FILTERS);
        return INWO_NO_FILTER;
    }
    int16_t at = (int16_t)c->nfilters++;
    inwo_filter *f = &c->filter[at];
    memset(f, 0, sizeof *f);
    tt_field_check(&L->f, v, fields, "a filter", "INWO-2.10.1");
    static const struct {
        const char *key;
        uint16_t bit;
    } sets[] = {
        {"align_any", FK_ALIGN_ANY}, {"align_all", FK_ALIGN_ALL}, {"align_none", FK_ALIGN_NONE}};
    uint16_t *align[] = {&f->align_any, &f->align_all, &f->align_none};
    for (int i = 0; i < 3; i++)
        if (json_object_get(v, sets[i].key)) {
            f->keys |= sets[i].bit;
            *align[i] = (uint16_t)name_mask(L, v, sets[i].key, align_names, 0, "INWO-2.10.1");
        }
    if (json_object_get(v, "attr_any"))
        f->keys |= FK_ATTR_ANY, f->attr_any = attr_set(L, v, "attr_any", 0);
    if (json_object_get(v, "attr_none"))
        f->keys |= FK_ATTR_NONE, f->attr_none = attr_set(L, v, "attr_none", 0);
    if (json_object_get(v, "gtype_any"))
        f->keys |= FK_GTYPE_ANY,
            f->gtype_any = (uint8_t)name_mask(L, v, "gtype_any", gtype_names, 0, "INWO-2.10.1");
    if (json_object_get(v, "power_min"))
        f->keys |= FK_POWER_MIN,
            f->power_min = (int8_t)tt_field_int(&L->f, v, "power_min", 0, 99, 0, 0, "INWO-2.10.1");
    if (json_object_get(v, "power_max"))
        f->keys |= FK_POWER_MAX,
            f->power_max = (int8_t)tt_field_int(&L->f, v, "power_max", 0, 99, 0, 0, "INWO-2.10.1");
    if (json_object_get(v, "illuminati"))
        f->keys |= FK_ILLUMINATI,
            f->illuminati = (uint8_t)tt_field_bool(&L->f, v, "illuminati", 0, 0, "INWO-2.10.1");
    if (json_object_get(v, "owner"))
        f->keys |= FK_OWNER,
            f->owner = (uint8_t)tt_field_enum(&L->f, v, "owner", owner_names, 0, 0, "INWO-2.10.1");
    if (json_object_get(v, "card")) {
        f->keys |= FK_CARD;
        card_ref(L, v, "card", &f->card);
    }
    return at;
}

/* --- costs (INWO-2.10.3) ---------------------------------------------------------------- */

static uint8_t read_costs(loader *L, const json_t *obj, inwo_cost *cost, int required)
{
    const json_t *arr = tt_field_array(&L->f, obj, "cost", required, "INWO-2.10.3");
    uint8_t n = 0;
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v) {
        if (n == INWO_MAX_COSTS) {
            PROBLEM(L, obj, "cost", "INWO-2.15.1", "%s: more than %d cost entries", L->card,
                    INWO_MAX_COSTS);
            break;
        }
        inwo_cost *k = &cost[n];
        *k = (inwo_cost){0, 0, INWO_NO_FILTER};
        const char *s = json_string_value(v);
        if (s && strcmp(s, "self") == 0)
            k->kind = COST_SELF;
        else if (s && strcmp(s, "illuminati") == 0)
            k->kind = COST_ILLUMINATI;
        else if (json_is_object(v) && json_object_size(v) == 1 && json_object_get(v, "group")) {
            k->kind = COST_GROUP;
            k->filter = read_filter(L, v, "group", 1);
        } else if (json_is_object(v) && json_object_size(v) == 1 &&
                   json_object_get(v, "discard_plot")) {
            k->kind = COST_DISCARD_PLOT;
            k->n = (uint8_t)tt_field_int(&L->f, v, "discard_plot", 1, 9, 1, 1, "INWO-2.10.3");
        } else {
            PROBLEM(L, obj, "cost", "INWO-2.10.3",
                    "%s: a cost entry is \"self\", \"illuminati\", {\"group\": filter} or "
                    "{\"discard_plot\": n}",
                    L->card);
            continue;
        }
        n++;
    }
    return n;
}

/* --- ops (INWO-2.10.5–2.10.7) ------------------------------------------------------------ */

/* The fields each op takes besides "op" (and, activated, timing/cost/limit). */
static const char *const *op_fields(int op)
{
    static const char *const stat[] = {"stat",   "mode",    "value",        "scope",
                                       "filter", "context", "while_linked", NULL};
    static const char *const abonus[] = {"amount", "attack", "mode", "target", "names_card", NULL};
    static const char *const dbonus[] = {"amount", "vs", "scope", NULL};
    static const char *const immune[] = {"from", "scope", NULL};
    static const char *const none[] = {NULL};
    static const char *const tokens[] = {"count", "scope", NULL};
    static const char *const draw[] = {"deck", "count", NULL};
    static const char *const hand[] = {"delta", NULL};
    static const char *const setal[] = {"add", "remove", "scope", NULL};
    static const char *const gdouble[] = {"filter", "shared_by_factions", NULL};
    static const char *const gcount[] = {"filter", "count", "shared_by_factions", NULL};
    static const char *const gpower[] = {"filter", "total", "where", "shared_by_factions", NULL};
    static const char *const boost[] = {"amount", "uses", "eligible", NULL};
    static const char *const cancel[] = {"targets", NULL};
    static const char *const para[] = {"target", "until", NULL};
    static const char *const freeze[] = {"attribute", NULL};
    static const char *const instant[] = {"class",          "power",   "target",
                                          "destroy_margin", "helpers", NULL};
    static const char *const align[] = {"mode", "alignment", "duration", "target", NULL};
    static const char *const modify[] = {"stats",    "mode",   "value", "context",
                                         "duration", "target", NULL};
    static const char *const target[] = {"target", NULL};
    static const char *const count[] = {"count", NULL};
    static const char *const rollmod[] = {"min", "max", NULL};
    static const char *const restore[] = {"target", "allow_killed", NULL};
    static const char *const repeal[] = {"kinds", NULL};
    static const char *const *const table[INWO_NOPS] = {[OP_STAT] = stat,
                                                        [OP_ATTACK_BONUS] = abonus,
                                                        [OP_DEFENSE_BONUS] = dbonus,
                                                        [OP_IMMUNE] = immune,
                                                        [OP_UNDESTROYABLE] = none,
                                                        [OP_EXTRA_TOKENS] = tokens,
                                                        [OP_EXTRA_DRAW] = draw,
                                                        [OP_HAND_LIMIT] = hand,
                                                        [OP_MULTI_COPY] = none,
                                                        [OP_SET_ALIGN] = setal,
                                                        [OP_GOAL_DOUBLE] = gdouble,
                                                        [OP_GOAL_CONTROL] = gcount,
                                                        [OP_GOAL_DESTROYED] = gcount,
                                                        [OP_GOAL_POWER] = gpower,
                                                        [OP_BOOST] = boost,
                                                        [OP_CANCEL] = cancel,
                                                        [OP_PARALYZE] = para,
                                                        [OP_FREEZE] = freeze,
                                                        [OP_PRIVILEGE] = none,
                                                        [OP_UNPRIVILEGE] = none,
                                                        [OP_INSTANT] = instant,
                                                        [OP_ALIGN] = align,
                                                        [OP_MODIFY] = modify,
                                                        [OP_DRAW] = draw,
                                                        [OP_GIVE_TOKEN] = target,
                                                        [OP_EXPOSE] = count,
                                                        [OP_STEAL_EXPOSED] = count,
                                                        [OP_ROLL_MOD] = rollmod,
                                                        [OP_AUTO_FAIL] = none,
                                                        [OP_RESTORE] = restore,
                                                        [OP_REPEAL] = repeal,
                                                        [OP_DESTROY_RESOURCE] = target,
                                                        [OP_FREE_TAKEOVER] = target,
                                                        [OP_REORGANIZE] = none};
    return table[op];
}

#define INT(key, lo, hi, req) (int16_t) tt_field_int(&L->f, v, key, lo, hi, 0, req, rule)
#define ENUM(key, names, req) (uint8_t) tt_field_enum(&L->f, v, key, names, 0, req, rule)

static void read_passive(loader *L, const json_t *v, inwo_op *o, const char *rule)
{
    switch (o->op) {
    case OP_STAT:
        o->sel = ENUM("stat", stat_names, 1);
        o->mode = ENUM("mode", mode_names, 1);
        o->value = INT("value", -INWO_STAT_MAX, INWO_STAT_MAX, 1);
        o->scope = ENUM("scope", scope_names, 1);
        o->filter = read_filter(L, v, "filter", 0);
        o->context = ENUM("context", context_names, 0);
        o->while_linked = (uint8_t)tt_field_bool(&L->f, v, "while_linked", 0, 0, rule);
        break;
    case OP_ATTACK_BONUS:
        o->value = INT("amount", -INWO_STAT_MAX, INWO_STAT_MAX, 1);
        o->sel = ENUM("attack", attack_names, 1);
        o->mode = ENUM("mode", bonusmode_names, 1);
        o->filter = read_filter(L, v, "target", 1);
        o->names_card = -1;
        if (json_object_get(v, "names_card"))
            card_ref(L, v, "names_card", &o->names_card);
        break;
    case OP_DEFENSE_BONUS:
        o->value = INT("amount", -INWO_STAT_MAX, INWO_STAT_MAX, 1);
        o->sel = ENUM("vs", vs_names, 1);
        o->scope = ENUM("scope", scope_names, 1);
        break;
    case OP_IMMUNE:
        o->filter = read_filter(L, v, "from", 1);
        o->scope = ENUM("scope", scope_names, 1);
        break;
    case OP_EXTRA_TOKENS:
        o->value = INT("count", 1, 9, 1);
        o->scope = ENUM("scope", scope_names, 1);
        if (o->scope != SC_SELF && o->scope != SC_LINKED)
            PROBLEM(L, v, "scope", rule, "%s: EXTRA_TOKENS has scope self or linked", L->card);
        break;
    case OP_EXTRA_DRAW:
        o->sel = ENUM("deck", deck_names, 1);
        o->value = INT("count", 1, 9, 1);
        break;
    case OP_HAND_LIMIT: o->value = INT("delta", -5, 20, 1); break;
    case OP_SET_ALIGN:
        o->add = align_set(L, v, "add", 1);
        o->remove = (uint16_t)name_mask(L, v, "remove", align_names, 1, rule);
        o->scope = ENUM("scope", scope_names, 1);
        if (o->scope != SC_LINKED)
            PROBLEM(L, v, "scope", rule, "%s: SET_ALIGN has scope linked", L->card);
        break;
    default: break;
    }
}

static void read_goal_op(loader *L, const json_t *v, inwo_op *o, const char *rule)
{
    o->filter = read_filter(L, v, "filter", 1);
    if (o->op == OP_GOAL_CONTROL || o->op == OP_GOAL_DESTROYED)
        o->value = INT("count", 1, 128, 1);
    if (o->op == OP_GOAL_POWER) {
        o->value = INT("total", 1, 999, 1);
        o->sel = ENUM("where", where_names, 1);
    }
    o->shared_by_factions =
        (uint8_t)tt_field_bool(&L->f, v, "shared_by_factions", 0, 0, "INWO-2.10.9");
}

static void read_helpers(loader *L, const json_t *v, inwo_op *o, const char *rule)
{
    json_t *h = json_object_get(v, "helpers");
    o->filter2 = INWO_NO_FILTER;
    if (!h || json_is_null(h))
        return;
    static const char *const fields[] = {"count", "filter", NULL};
    if (!json_is_object(h)) {
        PROBLEM(L, v, "helpers", rule, "%s: 'helpers' is null or {count, filter}", L->card);
        return;
    }
    tt_field_check(&L->f, h, fields, "helpers", rule);
    /* the count in `helpers`: value2 holds the destroy margin */
    o->helpers = (uint8_t)tt_field_int(&L->f, h, "count", 1, 9, 1, 1, rule);
    o->filter2 = read_filter(L, h, "filter", 1);
}

static void read_active(loader *L, const json_t *v, inwo_op *o, const char *rule)
{
    switch (o->op) {
    case OP_BOOST:
        o->value = INT("amount", 1, INWO_STAT_MAX, 1);
        o->mask = (uint8_t)name_mask(L, v, "uses", use_names, 1, rule);
        o->filter = read_filter(L, v, "eligible", 1);
        break;
    case OP_CANCEL: o->mask = (uint8_t)name_mask(L, v, "targets", cancel_names, 1, rule); break;
    case OP_PARALYZE:
        o->filter = read_filter(L, v, "target", 1);
        o->sel = ENUM("until", until_names, 1);
        break;
    case OP_FREEZE: {
        const char *a = json_string_value(json_object_get(v, "attribute"));
        int k = a ? intern_attr(L, v, "attribute", a) : -1;
        if (!a)
            PROBLEM(L, v, json_object_get(v, "attribute") ? "attribute" : NULL, rule,
                    "%s: FREEZE names an attribute", L->card);
        o->attr = (uint8_t)(k < 0 ? 0 : k);
        break;
    }
    case OP_INSTANT:
        o->sel = ENUM("class", class_names, 1);
        o->value = INT("power", 0, 99, 1);
        o->filter = read_filter(L, v, "target", 1);
        o->has_margin = (uint8_t)json_is_integer(json_object_get(v, "destroy_margin"));
        if (!json_object_get(v, "destroy_margin"))
            PROBLEM(L, v, NULL, rule, "%s: missing field 'destroy_margin' (an integer or null)",
                    L->card);
        else if (o->has_margin)
            o->value2 = INT("destroy_margin", 0, 99, 1);
        else if (!json_is_null(json_object_get(v, "destroy_margin")))
            PROBLEM(L, v, "destroy_margin", rule, "%s: 'destroy_margin' is an integer or null",
                    L->card);
        read_helpers(L, v, o, rule);
        break;
    case OP_ALIGN: {
        o->sel = ENUM("mode", alignmode_names, 1);
        const char *a = json_string_value(json_object_get(v, "alignment"));
        int k = tt_field_lookup(align_names, a);
        o->alignment = (uint8_t)(k >= 0 ? k : 0);
        if (a && strcmp(a, "choose") == 0)
            o->alignment = INWO_ALIGN_CHOOSE;
        else if (k < 0)
            PROBLEM(L, v, json_object_get(v, "alignment") ? "alignment" : NULL, rule,
                    "%s: 'alignment' is an alignment code or \"choose\"", L->card);
        o->mode = ENUM("duration", duration_names, 1);
        o->filter = read_filter(L, v, "target", 1);
        break;
    }
    case OP_MODIFY:
        o->sel = (uint8_t)name_mask(L, v, "stats", stat_names, 1, rule);
        o->context = ENUM("context", context_names, 0);
        o->value = INT("value", -INWO_STAT_MAX, INWO_STAT_MAX, 1);
        o->mode = ENUM("mode", mode_names, 1);
        if (ENUM("duration", duration_names, 1) != DUR_TURN)
            PROBLEM(L, v, "duration", rule, "%s: MODIFY lasts one turn", L->card);
        o->filter = read_filter(L, v, "target", 1);
        break;
    case OP_DRAW:
        o->sel = ENUM("deck", deck_names, 1);
        o->value = INT("count", 1, 9, 1);
        break;
    case OP_EXPOSE:
    case OP_STEAL_EXPOSED: o->value = INT("count", 1, 9, 1); break;
    case OP_ROLL_MOD:
        /* INWO-2.15.1: ROLL_MOD bounds */
        o->value = (int16_t)tt_field_int(&L->f, v, "min", INWO_ROLL_MOD_MIN, INWO_ROLL_MOD_MAX, 0,
                                         1, "INWO-2.15.1");
        o->value2 = (int16_t)tt_field_int(&L->f, v, "max", INWO_ROLL_MOD_MIN, INWO_ROLL_MOD_MAX, 0,
                                          1, "INWO-2.15.1");
        if (o->value > o->value2)
            PROBLEM(L, v, "min", rule, "%s: ROLL_MOD's min %d is above its max %d", L->card,
                    o->value, o->value2);
        break;
    case OP_RESTORE:
        o->filter = read_filter(L, v, "target", 1);
        o->allow_killed = (uint8_t)tt_field_bool(&L->f, v, "allow_killed", 0, 1, rule);
        break;
    case OP_REPEAL: o->mask = (uint8_t)name_mask(L, v, "kinds", repeal_names, 1, rule); break;
    case OP_GIVE_TOKEN:
    case OP_DESTROY_RESOURCE:
    case OP_FREE_TAKEOVER: o->filter = read_filter(L, v, "target", 1); break;
    default: break;
    }
}

/* Where an op may stand: on a card as an ability (passive or activated), as
 * a Plot's one-shot `effect`, in a Plot's `effects`, or as a goal. */
enum place { AS_ABILITY, AS_EFFECT, AS_EFFECTS, AS_GOAL };

/* One op object; returns 0, or -1 when it is not one. timing/limit/cost are
 * read on abilities only (a Plot carries them on the card). */
static int read_op(loader *L, const json_t *v, inwo_op *o, int place, const char *rule)
{
    memset(o, 0, sizeof *o);
    o->filter = o->filter2 = INWO_NO_FILTER;
    o->names_card = -1;
    if (!json_is_object(v)) {
        PROBLEM(L, v, NULL, rule, "%s: an op is an object with field 'op'", L->card);
        return -1;
    }
    int op = tt_field_lookup(op_names, json_string_value(json_object_get(v, "op")));
    if (op < 0) {
        PROBLEM(L, v, json_object_get(v, "op") ? "op" : NULL, "INWO-2.10", "%s: %s", L->card,
                json_object_get(v, "op") ? "unknown op (not one of INWO-2.10)"
                                         : "missing field 'op'");
        return -1;
    }
    o->op = (uint8_t)op;
    int passive = op < INWO_OP_PASSIVE_END,
        goal = op >= INWO_OP_PASSIVE_END && op < INWO_OP_GOAL_END;
    static const char *const where[] = {"an ability", "a Plot's effect", "a Plot's effects",
                                        "a goal"};
    int fits = place == AS_GOAL      ? goal
               : place == AS_EFFECTS ? passive
               : place == AS_EFFECT  ? !passive && !goal
                                     : !goal;
    if (!fits) {
        PROBLEM(L, v, "op", rule, "%s: %s cannot be %s", L->card, op_names[op], where[place]);
        return -1;
    }
    const char *const *allowed = op_fields(op);
    json_t *x;
    const char *key;
    json_object_foreach((json_t *)v, key, x) {
        int known = strcmp(key, "op") == 0 || tt_field_lookup(allowed, key) >= 0;
        if (!known && place == AS_ABILITY && !passive)
            known =
                tt_field_lookup((const char *const[]){"timing", "cost", "limit", NULL}, key) >= 0;
        if (!known)
            PROBLEM(L, v, key, rule, "%s: unknown field '%s' in op %s", L->card, key, op_names[op]);
    }
    if (passive || goal)
        o->timing = TM_PASSIVE;
    if (place == AS_ABILITY && !passive) {
        o->timing =
            (uint8_t)tt_field_enum(&L->f, v, "timing", timing_names, TM_ANY, 1, "INWO-2.10.4");
        if (o->timing == TM_PASSIVE)
            PROBLEM(L, v, "timing", "INWO-2.10.4", "%s: an activated ability is not passive",
                    L->card);
        o->limit =
            (uint8_t)tt_field_enum(&L->f, v, "limit", limit_names, LIM_NONE, 0, "INWO-2.10.4");
        o->ncost = read_costs(L, v, o->cost, 0);
    }
    if (passive)
        read_passive(L, v, o, rule);
    else if (goal)
        read_goal_op(L, v, o, rule);
    else
        read_active(L, v, o, rule);
    return 0;
}

static void read_abilities(loader *L, const json_t *v, inwo_def *d, const char *key, int place,
                           const char *rule)
{
    const json_t *arr = tt_field_array(&L->f, v, key, place == AS_EFFECTS, rule);
    if (json_array_size(arr) > INWO_MAX_ABILITIES)
        PROBLEM(L, v, key, "INWO-2.15.1", "%s: %zu entries in '%s'; the engine takes %d", L->card,
                json_array_size(arr), key, INWO_MAX_ABILITIES);
    size_t i;
    json_t *x;
    json_array_foreach((json_t *)arr, i, x) {
        if (d->nability < INWO_MAX_ABILITIES &&
            read_op(L, x, &d->ability[d->nability], place, rule) == 0)
            d->nability++;
    }
}

static void read_goal(loader *L, const json_t *v, inwo_def *d, int required, const char *rule)
{
    json_t *g = json_object_get(v, "goal");
    if (!g) {
        if (required)
            PROBLEM(L, v, NULL, rule, "%s: missing field 'goal'", L->card);
        return;
    }
    if (read_op(L, g, &d->goal, AS_GOAL, rule) == 0)
        d->has_goal = 1;
}

/* --- cards ------------------------------------------------------------------------------ */

/* INWO-2.5.1: arrows.in one side, arrows.out 0..3 distinct sides never equal to it. */
static void read_arrows(loader *L, const json_t *v, inwo_def *d)
{
    static const char *const fields[] = {"in", "out", NULL};
    const json_t *a = tt_field_object(&L->f, v, "arrows", 1, "INWO-2.5.1");
    if (!a)
        return;
    tt_field_check(&L->f, a, fields, "arrows", "INWO-2.5.1");
    d->arrow_in = (uint8_t)tt_field_enum(&L->f, a, "in", side_names, SIDE_S, 1, "INWO-2.5.1");
    d->arrows_out = (uint8_t)name_mask(L, a, "out", side_names, 1, "INWO-2.5.1");
    if (d->arrows_out >> d->arrow_in & 1)
        PROBLEM(L, a, "out", "INWO-2.5.1", "%s: an outgoing arrow on side %s, the incoming one",
                d->id, side_names[d->arrow_in]);
    if (d->arrows_out == 0xF)
        PROBLEM(L, a, "out", "INWO-2.5.1", "%s: a group has at most 3 outgoing arrows", d->id);
}

/* A `link` object {requires, permanent}, or null; absent: reported when required. */
static void read_link(loader *L, const json_t *v, inwo_def *d, int required, const char *rule)
{
    static const char *const fields[] = {"requires", "permanent", NULL};
    json_t *k = json_object_get(v, "link");
    d->link_requires = INWO_NO_FILTER;
    if (!k) {
        if (required)
            PROBLEM(L, v, NULL, rule, "%s: missing field 'link'", d->id);
        return;
    }
    if (json_is_null(k))
        return;
    if (!json_is_object(k)) {
        PROBLEM(L, v, "link", rule, "%s: 'link' is null or {requires, permanent}", d->id);
        return;
    }
    tt_field_check(&L->f, k, fields, "a link", rule);
    d->has_link = 1;
    d->link_requires = read_filter(L, k, "requires", 1);
    d->link_permanent = (uint8_t)tt_field_bool(&L->f, k, "permanent", 0, 1, rule);
}

static void read_illuminati(loader *L, const json_t *v, inwo_def *d)
{
    static const char *const fields[] = {"id",     "kind",      "name", "power",
                                         "global", "abilities", "goal", NULL};
    tt_field_check(&L->f, v, fields, "an Illuminati", "INWO-2.4.1");
    d->power = (int8_t)tt_field_int(&L->f, v, "power", 0, INWO_STAT_MAX, 0, 1, "INWO-2.4.1");
    d->global = (int8_t)tt_field_int(&L->f, v, "global", 0, INWO_STAT_MAX, 0, 1, "INWO-2.4.1");
    if (d->global != d->power)
        PROBLEM(L, v, "global", "INWO-2.4.1", "%s: an Illuminati's global equals its power (%d)",
                d->id, d->power);
    d->arrows_out = 0xF; /* INWO-2.4.1: all four sides, none incoming */
    d->link_requires = d->link_target = INWO_NO_FILTER;
    read_abilities(L, v, d, "abilities", AS_ABILITY, "INWO-2.10");
    read_goal(L, v, d, 1, "INWO-2.4.1");
}

static void read_group(loader *L, const json_t *v, inwo_def *d)
{
    static const char *const fields[] = {"id",        "kind",        "name",  "gtype", "power",
                                         "global",    "res",         "align", "attr",  "arrows",
                                         "abilities", "link_target", NULL};
    tt_field_check(&L->f, v, fields, "a Group", "INWO-2.5.1");
    d->gtype = (uint8_t)tt_field_enum(&L->f, v, "gtype", gtype_names, 0, 1, "INWO-2.5.1");
    d->power = (int8_t)tt_field_int(&L->f, v, "power", 0, INWO_STAT_MAX, 0, 1, "INWO-2.5.1");
    d->global = (int8_t)tt_field_int(&L->f, v, "global", 0, INWO_STAT_MAX, 0, 1, "INWO-2.5.1");
    if (d->global > d->power)
        PROBLEM(L, v, "global", "INWO-2.5.1", "%s: global %d is above power %d", d->id, d->global,
                d->power);
    d->res = (int8_t)tt_field_int(&L->f, v, "res", 0, INWO_STAT_MAX, 0, 1, "INWO-2.5.1");
    d->align = align_set(L, v, "align", 1);
    d->attr = attr_set(L, v, "attr", 1);
    read_arrows(L, v, d);
    d->link_requires = INWO_NO_FILTER;
    d->link_target = read_filter(L, v, "link_target", 0);
    read_abilities(L, v, d, "abilities", AS_ABILITY, "INWO-2.10");
    for (int i = 0; i < d->nability; i++)
        if (d->ability[i].while_linked && d->link_target == INWO_NO_FILTER)
            PROBLEM(L, v, "abilities", "INWO-2.5.1",
                    "%s: a while_linked ability needs a link_target", d->id);
}

static void read_resource(loader *L, const json_t *v, inwo_def *d)
{
    static const char *const fields[] = {"id",     "kind", "name",      "rtypes",
                                         "action", "link", "abilities", NULL};
    tt_field_check(&L->f, v, fields, "a Resource", "INWO-2.6.1");
    d->rtypes = (uint8_t)name_mask(L, v, "rtypes", rtype_names, 1, "INWO-2.6.1");
    d->action = (uint8_t)tt_field_bool(&L->f, v, "action", 0, 1, "INWO-2.6.1");
    d->link_target = INWO_NO_FILTER;
    read_link(L, v, d, 1, "INWO-2.6.1");
    read_abilities(L, v, d, "abilities", AS_ABILITY, "INWO-2.10");
}

/* INWO-2.7.1, 2.10.8: exactly one of effect, effects, goal, by subtype. */
static void read_plot_body(loader *L, const json_t *v, inwo_def *d)
{
    int lasting = d->subtype == ST_LINKED || d->subtype == ST_ZAP || d->subtype == ST_NWO;
    int goal = d->subtype == ST_GOAL;
    static const char *const body[] = {"effect", "effects", "goal"};
    int want = goal ? 2 : lasting ? 1 : 0;
    for (int k = 0; k < 3; k++)
        if (k != want && json_object_get(v, body[k]))
            PROBLEM(L, v, body[k], "INWO-2.7.1", "%s: a %s Plot has '%s', not '%s'", d->id,
                    subtype_names[d->subtype], body[want], body[k]);
    if (goal) {
        read_goal(L, v, d, 1, "INWO-2.7.1");
        if (d->has_goal && d->goal.shared_by_factions)
            PROBLEM(L, v, "goal", "INWO-2.10.9",
                    "%s: shared_by_factions is allowed only in an Illuminati's goal", d->id);
    } else if (lasting) {
        read_abilities(L, v, d, "effects", AS_EFFECTS, "INWO-2.10.8");
    } else if (!json_object_get(v, "effect")) {
        PROBLEM(L, v, NULL, "INWO-2.7.1", "%s: missing field 'effect'", d->id);
    } else if (read_op(L, json_object_get(v, "effect"), &d->ability[0], AS_EFFECT, "INWO-2.10.7") ==
               0) {
        d->nability = 1;
        d->ability[0].timing = d->timing;
        d->ability[0].limit = d->limit;
    }
}

static void read_plot(loader *L, const json_t *v, inwo_def *d)
{
    static const char *const fields[] = {
        "id",      "kind", "name",  "subtype", "timing",           "cost",  "effect",
        "effects", "goal", "color", "link",    "limit_per_player", "limit", NULL};
    tt_field_check(&L->f, v, fields, "a Plot", "INWO-2.7.1");
    d->subtype =
        (uint8_t)tt_field_enum(&L->f, v, "subtype", subtype_names, ST_MISC, 1, "INWO-2.7.2");
    int goal = d->subtype == ST_GOAL;
    d->timing =
        goal ? TM_PASSIVE
             : (uint8_t)tt_field_enum(&L->f, v, "timing", timing_names, TM_ANY, 1, "INWO-2.10.4");
    if (!goal && d->timing == TM_PASSIVE)
        PROBLEM(L, v, "timing", "INWO-2.10.4", "%s: a Plot is played, never passive", d->id);
    if (goal && (json_object_get(v, "timing") || json_object_get(v, "cost")))
        PROBLEM(L, v, json_object_get(v, "timing") ? "timing" : "cost", "INWO-2.8.1",
                "%s: a Goal card is never played: no timing, no cost", d->id);
    d->limit = (uint8_t)tt_field_enum(&L->f, v, "limit", limit_names, LIM_NONE, 0, "INWO-2.10.4");
    d->ncost = goal ? 0 : read_costs(L, v, d->cost, 1);
    d->color = (uint8_t)tt_field_enum(&L->f, v, "color", color_names, COL_NONE,
                                      d->subtype == ST_NWO, "INWO-2.7.1");
    if (d->subtype == ST_NWO && d->color == COL_NONE && json_object_get(v, "color"))
        PROBLEM(L, v, "color", "INWO-5.18.6", "%s: an NWO is red, blue or yellow", d->id);
    if (d->subtype != ST_NWO && d->color != COL_NONE)
        PROBLEM(L, v, "color", "INWO-2.7.1", "%s: only NWO Plots have a color", d->id);
    d->link_target = INWO_NO_FILTER;
    if (d->subtype == ST_LINKED) {
        read_link(L, v, d, 1, "INWO-2.7.1");
        if (!d->has_link)
            PROBLEM(L, v, "link", "INWO-2.7.1", "%s: a linked Plot has a link", d->id);
        else if (!d->link_permanent)
            PROBLEM(L, v, "link", "INWO-6.3.1", "%s: a Plot's link is permanent", d->id);
    } else if (json_object_get(v, "link")) {
        PROBLEM(L, v, "link", "INWO-2.7.1", "%s: only linked Plots have a link", d->id);
    }
    d->limit_per_player =
        (uint8_t)tt_field_int(&L->f, v, "limit_per_player", 1, 9, 0, 0, "INWO-2.7.1");
    read_plot_body(L, v, d);
}

/* INWO-2.10.7: the forms in which the engine plays the activated ops. A
 * card in another form could never be played, so the content is refused
 * instead: one line per form, naming the card, the op and the timing. */
static int generic_op(int op)
{
    return op != OP_BOOST && op != OP_CANCEL && op != OP_PRIVILEGE && op != OP_UNPRIVILEGE &&
           op != OP_INSTANT && op != OP_ROLL_MOD && op != OP_AUTO_FAIL;
}

/* Why op at timing tm is never asked for, on a Plot or as an ability, or NULL. */
static const char *timing_unwritten(int op, int tm)
{
    if (op == OP_CANCEL && tm != TM_ANY && tm != TM_ATTACK)
        return "at a timing other than any or attack";
    if (generic_op(op) && (tm == TM_ATTACK || tm == TM_DECLARE || tm == TM_AFTER_ROLL))
        return "at timing attack, declare or after_roll";
    return NULL;
}

/* Why ability k of a Group, Resource or Illuminati cannot be used, or NULL. */
static const char *ability_unwritten(const inwo_def *d, int k)
{
    const inwo_op *o = &d->ability[k];
    int op = o->op, tm = o->timing;
    if (op == OP_UNPRIVILEGE || op == OP_INSTANT)
        return "as an ability";
    if ((op == OP_ROLL_MOD || op == OP_AUTO_FAIL) && o->limit) /* INWO-10.3.1 not kept */
        return "as an ability with a limit";
    if (op == OP_PRIVILEGE && (o->ncost || d->kind == INWO_RESOURCE))
        return "as an ability with a cost or of a Resource";
    if (op == OP_BOOST && k)
        return "as an ability other than a card's first";
    return timing_unwritten(op, tm);
}

/* Why a Plot's one-shot effect cannot be played, or NULL. */
static const char *effect_unwritten(const inwo_def *d)
{
    int op = d->ability[0].op, tm = d->timing;
    if (d->ncost && (op == OP_PRIVILEGE || op == OP_UNPRIVILEGE || op == OP_INSTANT))
        return "on a Plot with a cost";
    if (op == OP_BOOST && tm != TM_ATTACK)
        return "on a Plot at a timing other than attack";
    if (op == OP_INSTANT && tm != TM_MAIN && tm != TM_ANY)
        return "at a timing other than main or any";
    if (op == OP_PRIVILEGE && tm != TM_DECLARE && tm != TM_ANY)
        return "at a timing other than declare or any";
    return timing_unwritten(op, tm);
}

static void refuse_unwritten(loader *L, const json_t *v, const inwo_def *d)
{
    int lasting = d->subtype == ST_LINKED || d->subtype == ST_ZAP || d->subtype == ST_NWO;
    if (d->kind == INWO_PLOT) {
        const char *why = d->nability && !lasting ? effect_unwritten(d) : NULL;
        if (why)
            PROBLEM(L, v, "effect", "INWO-2.10.7", "%s: %s %s is not written yet", d->id,
                    op_names[d->ability[0].op], why);
        return;
    }
    for (int k = 0; k < d->nability; k++) {
        const char *why = d->ability[k].timing == TM_PASSIVE ? NULL : ability_unwritten(d, k);
        if (why)
            PROBLEM(L, v, "abilities", "INWO-2.10.7", "%s: %s %s is not written yet", d->id,
                    op_names[d->ability[k].op], why);
    }
}

static void read_card(loader *L, const json_t *v, int kind)
{
    inwo_content *c = L->c;
    if (!json_is_object(v)) {
        PROBLEM(L, v, NULL, "INWO-12.2", "every card is a JSON object");
        return;
    }
    if (c->ndefs == INWO_MAX_DEFS) {
        PROBLEM(L, v, NULL, "INWO-2.15.1", "more than %d card definitions", INWO_MAX_DEFS);
        return;
    }
    inwo_def *d = &c->def[c->ndefs];
    memset(d, 0, sizeof *d);
    d->kind = (uint8_t)kind;
    const char *id = tt_field_id(&L->f, v, d->id, sizeof d->id, "INWO-2.1.1");
    L->card = d->id;
    snprintf(d->name, sizeof d->name, "%s",
             tt_field_str(&L->f, v, "name", sizeof d->name - 1, "INWO-2.1.1"));
    json_t *k = json_object_get(v, "kind");
    if (k && (!json_is_string(k) || strcmp(json_string_value(k), kind_names[kind]) != 0))
        PROBLEM(L, v, "kind", "INWO-12.2", "%s: field 'kind' must be \"%s\" here", d->id,
                kind_names[kind]);
    if (kind == INWO_ILLUMINATI)
        read_illuminati(L, v, d);
    else if (kind == INWO_GROUP)
        read_group(L, v, d);
    else if (kind == INWO_RESOURCE)
        read_resource(L, v, d);
    else
        read_plot(L, v, d);
    refuse_unwritten(L, v, d);
    for (int i = 0; i < c->ndefs; i++)
        if (id[0] && strcmp(c->def[i].id, d->id) == 0)
            PROBLEM(L, v, "id", "INWO-2.1.1", "card id '%s' is not unique", d->id);
        else if (strcmp(c->def[i].name, d->name) == 0)
            PROBLEM(L, v, "name", "INWO-2.1.1",
                    "%s: name \"%s\" is also %s's; two cards with one name share one id", d->id,
                    d->name, c->def[i].id);
    c->ndefs++;
}

/* Card references, once every id is known. */
static void resolve_refs(loader *L)
{
    for (int i = 0; i < L->nref; i++) {
        const struct ref *r = &L->ref[i];
        int k = inwo_find_def(L->c, r->id);
        if (k < 0)
            PROBLEM(L, r->obj, r->key, "INWO-2.1.1", "no card has id '%s'", r->id);
        *r->into = (int16_t)k;
    }
}

static int content_read(void *into, const tt_json_doc *doc, tt_diags *d)
{
    static const char *const lists[INWO_NKINDS] = {"illuminati", "groups", "resources", "plots"};
    static const char *const fields[] = {"module",    "illuminati", "groups",
                                         "resources", "plots",      NULL};
    inwo_content *c = into;
    loader *L = calloc(1, sizeof *L);
    if (!L) {
        tt_diag_add(d, doc->file, 0, NULL, "out of memory");
        return -1;
    }
    int n0 = d->n + d->dropped;
    L->f = (tt_fields){doc, d, NULL};
    L->c = c;
    L->card = "?";
    c->ndefs = c->nfilters = c->nattrs = 0;
    snprintf(c->attr[c->nattrs++], sizeof c->attr[0], "Secret"); /* ATTR_SECRET */
    snprintf(c->attr[c->nattrs++], sizeof c->attr[0], "Magic");  /* ATTR_MAGIC */
    const json_t *root = doc->root;
    if (!json_is_object(root)) {
        PROBLEM(L, root, NULL, "INWO-12.2", "the content must be one JSON object");
    } else {
        tt_field_check(&L->f, root, fields, "the content", "INWO-12.2");
        json_t *module = json_object_get(root, "module");
        if (!json_is_string(module) || strcmp(json_string_value(module), "inwo") != 0)
            PROBLEM(L, root, module ? "module" : NULL, "INWO-12.2",
                    "field 'module' must be \"inwo\"");
        for (int k = 0; k < INWO_NKINDS; k++) {
            const json_t *arr = tt_field_array(&L->f, root, lists[k], 1, "INWO-12.2");
            size_t i;
            json_t *v;
            json_array_foreach((json_t *)arr, i, v)
                read_card(L, v, k);
        }
        resolve_refs(L);
    }
    free(L);
    return d->n + d->dropped > n0 ? -1 : 0;
}

int inwo_content_load(inwo_content *c, const char *text, size_t len, const char *file, tt_diags *d)
{
    return tt_json_read(text, len, file, "inwo/content.json", d, content_read, c);
}

static int load_content(void *into, const char *text, size_t len, const char *file, tt_diags *d)
{
    return inwo_content_load(into, text, len, file, d);
}

void inwo_index_ops(inwo_content *c)
{
    int ncards = c->opt.nplayers * INWO_DECK_CARDS, n = 0;
    memset(c->ops, 0, sizeof c->ops);
    for (int i = 0; i < ncards; i++) {
        const inwo_deck *dk = &c->deck[i / INWO_DECK_CARDS];
        const inwo_def *d = &c->def[dk->def[i % INWO_DECK_CARDS]];
        c->inst_def[i] = dk->def[i % INWO_DECK_CARDS];
        for (int k = 0; k < d->nability; k++)
            c->ops[i] |= 1ull << d->ability[k].op;
        if (d->kind == INWO_PLOT && d->subtype == ST_ZAP)
            c->zap_inst[n++] = (uint16_t)i;
    }
    c->nzap = (uint16_t)n;
    n = 0;
    for (int op = 0; op < INWO_NOPS; op++) {
        c->op_first[op] = (uint16_t)n;
        for (int i = 0; i < ncards; i++)
            if (c->ops[i] >> op & 1)
                c->op_inst[n++] = (uint16_t)i;
    }
    c->op_first[INWO_NOPS] = (uint16_t)n;
    n = 0;
    for (int d = 0; d < INWO_MAX_DEFS; d++) {
        c->def_first[d] = (uint16_t)n;
        for (int i = 0; i < ncards; i++)
            if (c->deck[i / INWO_DECK_CARDS].def[i % INWO_DECK_CARDS] == d)
                c->def_inst[n++] = (uint16_t)i;
    }
    c->def_first[INWO_MAX_DEFS] = (uint16_t)n;
}

inwo_content *inwo_content_new(const char *path, tt_error *err)
{
    return tt_content_new(sizeof(inwo_content), path, "data/inwo/content.json", load_content, err);
}
