/* Tannhäuser content: loading and validating the five content files (TAN-2.3 …
 * 2.7, TAN-11) and the tables derived from them for a game mode.
 *
 * The files are board, equipment, teams, crates and objectives, each one JSON
 * object, read in that order: teams and crates name equipment, objective
 * tokens name factions. Validation never stops at the first problem: every
 * unknown field, wrong type, missing field, out-of-range value, unknown or
 * repeated id, broken board rule (TAN-2.3.4) and pack that does not fit its
 * character's slots (TAN-2.6.6) is reported with file and line, each file's
 * problems in line order. A reference into a file that could not be parsed is
 * not checked, so one broken file does not bury the others in echoes.
 *
 * The result is a flat tan_content: strings only for display and commands,
 * content referred to by byte indices. The board file and the map's derived
 * tables (adjacency, pd, wd, sites) are board.c's; this file reads the other
 * four, runs the set, and lists the mode's crate tokens. Loading only:
 * nothing here runs on the playout path. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fields.h"
#include "core/json.h"
#include "games/tannhauser/tannhauser.h"

typedef struct loader {
    tt_fields f; /* the file being read and the diagnostics */
    tan_content *c;
    int ok[SRC_COUNT]; /* the file's ids were read: references into it are checked */
    tt_diags sink;     /* the problems of files not being reported */
} loader;

#define PROBLEM(L, node, key, rule, ...) TT_FIELD_PROBLEM(&(L)->f, node, key, rule, __VA_ARGS__)

static const char *const src_names[SRC_COUNT] = {"board", "equipment", "teams", "crates",
                                                 "objectives"};
static const char *const stat_names[] = {"COMBAT", "STAMINA", "MOVEMENT", "PSYCHE", NULL};
const char *const tan_skill_codes[] = {"ARCHAEOLOGY", "DEXTERITY", "ENGINEERING", "MECHANICS",
                                       "STEALTH",     "WEAPONRY",  NULL};
const char *const tan_grade_codes[] = {"PRIMARY", "SECONDARY", NULL};
static const char *const ekind_names[] = {"WEAPON", "ITEM", "ABILITY", "MEDAL", "RANK", NULL};
static const char *const wtype_names[] = {"UNARMED", "HAND_TO_HAND", "PISTOL", "AUTOMATIC",
                                          "HEAVY",   "GRENADE",      "MENTAL", NULL};
/* enum tan_effect from EF_HEAL on: index + 1 */
static const char *const effect_names[] = {"HEAL",        "STAT_BONUS", "EXTRA_DICE", "DIE_BONUS",
                                           "GRANT_SKILL", "MEDAL_VP",   "RANK",       NULL};
static const char *const class_names[] = {"HERO", "TROOPER", NULL};
static const char *const pack_names[] = {"COMBAT", "STAMINA", "MENTAL", NULL};
static const char *const crate_names[] = {"VP", "EQUIPMENT", NULL};

/* TAN-2.6.3: the weapon type defaults (UNARMED is never a token, see load_weapon) */
static const tan_weapon weapon_default[WT_COUNT] = {
    [WT_UNARMED] = {WT_UNARMED, -1, 1, 1, 1, -1, 0},
    [WT_HAND_TO_HAND] = {WT_HAND_TO_HAND, 1, 1, 1, 2, -1, 0},
    [WT_PISTOL] = {WT_PISTOL, 0, 1, 6, 1, -1, 0},
    [WT_AUTOMATIC] = {WT_AUTOMATIC, 1, 2, 10, 2, -1, 0},
    [WT_HEAVY] = {WT_HEAVY, 2, 3, 14, 3, -1, 0},
    [WT_GRENADE] = {WT_GRENADE, 0, 2, 5, 2, 1, 4},
    [WT_MENTAL] = {WT_MENTAL, 0, 1, 8, 2, -1, 0},
};

/* --- helpers ------------------------------------------------------------------------ */

static int id_ok(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

/* Reads member key, an id of 1..n-1 characters [A-Za-z0-9_], into out; "" on a problem. */
void tan_read_id(const tt_fields *f, const json_t *obj, const char *key, const char *what,
                 const char *rule, char *out, size_t n)
{
    const char *s = tt_field_str(f, obj, key, n - 1, rule);
    if (*s && !id_ok(s)) {
        TT_FIELD_PROBLEM(f, obj, key, rule, "%s id '%s' must be letters, digits or _", what, s);
        s = "";
    }
    snprintf(out, n, "%s", s);
}

/* Copies member key, a required string of 1..n-1 characters, into out. */
void tan_read_name(const tt_fields *f, const json_t *obj, const char *key, const char *rule,
                   char *out, size_t n)
{
    snprintf(out, n, "%s", tt_field_str(f, obj, key, n - 1, rule));
}

/* The elements of array member `key` of obj, each a string; NULL (reported)
 * when the member is absent and required, or not an array. */
const json_t *tan_string_list(const tt_fields *f, const json_t *obj, const char *key, int required,
                              const char *rule)
{
    const json_t *arr = tt_field_array(f, obj, key, required, rule);
    for (size_t i = 0; arr && i < json_array_size(arr); i++)
        if (!json_is_string(json_array_get(arr, i))) {
            TT_FIELD_PROBLEM(f, obj, key, rule, "field '%s' must hold strings", key);
            return NULL;
        }
    return arr;
}

/* A list of skill names as a bit set; reports unknown and repeated names. */
static int skill_set(loader *L, const json_t *obj, const char *key, const json_t *arr,
                     const char *rule)
{
    int mask = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const char *s = json_string_value(json_array_get(arr, i));
        int k = tt_field_lookup(tan_skill_codes, s);
        if (k < 0)
            PROBLEM(L, obj, key, rule, "unknown skill '%s'", s);
        else if (mask & 1 << k)
            PROBLEM(L, obj, key, rule, "skill '%s' is listed twice", s);
        else
            mask |= 1 << k;
    }
    return mask;
}

static int find_equip(const tan_content *c, const char *id)
{
    for (int i = 0; id && *id && i < c->nequip; i++)
        if (strcmp(c->equip[i].id, id) == 0)
            return i;
    return -1;
}

static int find_char(const tan_content *c, const char *id)
{
    for (int i = 0; id && *id && i < c->nchars; i++)
        if (strcmp(c->chr[i].id, id) == 0)
            return i;
    return -1;
}

static int find_faction(const tan_content *c, const char *id)
{
    for (int i = 0; id && *id && i < c->nfactions; i++)
        if (strcmp(c->fac[i].id, id) == 0)
            return i;
    return -1;
}

/* The array member `key` of root, each element an object; checks its size. */
const json_t *tan_object_list(const tt_fields *f, const json_t *root, const char *key, size_t max,
                              const char *what, const char *rule)
{
    const json_t *arr = tt_field_array(f, root, key, 1, rule);
    if (arr && json_array_size(arr) > max)
        TT_FIELD_PROBLEM(f, root, key, rule, "more than %zu %s", max, what);
    return arr;
}

/* --- equipment (TAN-2.6) -------------------------------------------------------------- */

static void load_weapon(loader *L, const json_t *wj, tan_equip *e)
{
    static const char *const fields[] = {"type",       "dice_mod", "range_min",  "range_max",
                                         "max_wounds", "uses",     "blast_dice", NULL};
    tt_field_check(&L->f, wj, fields, "a weapon", "TAN-2.6.1");
    int type = tt_field_enum(&L->f, wj, "type", wtype_names, -1, 1, "TAN-2.6.3");
    if (type == WT_UNARMED) {
        PROBLEM(L, wj, "type", "TAN-2.6.3",
                "UNARMED is the attack every character has without a token; no equipment is "
                "UNARMED");
        type = -1;
    }
    tan_weapon w = weapon_default[type < 0 ? WT_PISTOL : type];
    w.dice_mod = (int8_t)tt_field_int(&L->f, wj, "dice_mod", -3, 4, w.dice_mod, 0, "TAN-2.6.4");
    w.range_min = (uint8_t)tt_field_int(&L->f, wj, "range_min", 0, 30, w.range_min, 0, "TAN-2.6.4");
    w.range_max = (uint8_t)tt_field_int(&L->f, wj, "range_max", 0, 30, w.range_max, 0, "TAN-2.6.4");
    w.max_wounds =
        (uint8_t)tt_field_int(&L->f, wj, "max_wounds", 1, 4, w.max_wounds, 0, "TAN-2.6.4");
    w.uses = (int8_t)tt_field_int(&L->f, wj, "uses", -1, 3, w.uses, 0, "TAN-2.6.4");
    if (w.uses == 0) {
        PROBLEM(L, wj, "uses", "TAN-2.6.4", "field 'uses' is -1 (unlimited) or 1..3, not 0");
        w.uses = weapon_default[type < 0 ? WT_PISTOL : type].uses;
    }
    w.blast_dice =
        (uint8_t)tt_field_int(&L->f, wj, "blast_dice", 1, 6, w.blast_dice, 0, "TAN-2.6.4");
    if (w.range_min > w.range_max)
        PROBLEM(L, wj, json_object_get(wj, "range_min") ? "range_min" : "range_max", "TAN-2.6.4",
                "range_min %d is greater than range_max %d", w.range_min, w.range_max);
    else if (type == WT_HAND_TO_HAND && (w.range_min != 1 || w.range_max != 1))
        PROBLEM(L, wj, json_object_get(wj, "range_min") ? "range_min" : "range_max", "TAN-2.6.4",
                "a HAND_TO_HAND weapon has range 1..1, not %d..%d", w.range_min, w.range_max);
    if (type >= 0)
        w.type = (uint8_t)type;
    e->weapon = w;
}

/* The parameters each effect primitive takes besides "code" (TAN-2.6.2). */
static const char *const *effect_fields(int code)
{
    static const char *const rows[] = {"code", "rows", NULL};
    static const char *const stat[] = {"code", "stat", "delta", NULL};
    static const char *const dice[] = {"code", "n", "types", NULL};
    static const char *const n[] = {"code", "n", NULL};
    static const char *const skill[] = {"code", "skill", NULL};
    static const char *const vp[] = {"code", "vp", NULL};
    static const char *const bonus[] = {"code", "bonus", NULL};
    switch (code) {
    case EF_HEAL: return rows;
    case EF_STAT_BONUS: return stat;
    case EF_EXTRA_DICE: return dice;
    case EF_DIE_BONUS: return n;
    case EF_GRANT_SKILL: return skill;
    case EF_MEDAL_VP: return vp;
    default: return bonus;
    }
}

static void load_effect_params(loader *L, const json_t *ej, tan_equip *e)
{
    switch (e->effect) {
    case EF_HEAL: e->n = (uint8_t)tt_field_int(&L->f, ej, "rows", 1, 3, 1, 1, "TAN-2.6.2"); break;
    case EF_STAT_BONUS:
        e->stat = (uint8_t)tt_field_enum(&L->f, ej, "stat", stat_names, 0, 1, "TAN-2.6.2");
        e->n = (uint8_t)tt_field_int(&L->f, ej, "delta", 1, 3, 1, 1, "TAN-2.6.2");
        break;
    case EF_EXTRA_DICE: {
        e->n = (uint8_t)tt_field_int(&L->f, ej, "n", 1, 2, 1, 1, "TAN-2.6.2");
        const json_t *types = tan_string_list(&L->f, ej, "types", 1, "TAN-2.6.2");
        if (types && json_array_size(types) == 0)
            PROBLEM(L, ej, "types", "TAN-2.6.2", "field 'types' lists 1..%d weapon types",
                    WT_COUNT);
        for (size_t i = 0; types && i < json_array_size(types); i++) {
            const char *s = json_string_value(json_array_get(types, i));
            int t = tt_field_lookup(wtype_names, s);
            if (t < 0)
                PROBLEM(L, ej, "types", "TAN-2.6.2", "unknown weapon type '%s'", s);
            else
                e->types = (uint8_t)(e->types | 1 << t);
        }
        break;
    }
    case EF_DIE_BONUS: e->n = (uint8_t)tt_field_int(&L->f, ej, "n", 1, 2, 1, 1, "TAN-2.6.2"); break;
    case EF_GRANT_SKILL:
        e->skill = (uint8_t)tt_field_enum(&L->f, ej, "skill", tan_skill_codes, 0, 1, "TAN-2.6.2");
        break;
    case EF_MEDAL_VP: e->n = (uint8_t)tt_field_int(&L->f, ej, "vp", 1, 3, 1, 1, "TAN-2.6.2"); break;
    default: e->n = (uint8_t)tt_field_int(&L->f, ej, "bonus", 1, 4, 1, 1, "TAN-2.6.2"); break;
    }
}

static void load_effect(loader *L, const json_t *ej, tan_equip *e, int kind)
{
    int code = tt_field_enum(&L->f, ej, "code", effect_names, -1, 1, "TAN-2.6.2");
    if (code < 0)
        return; /* its parameters mean nothing without a known code */
    e->effect = (uint8_t)(code + 1);
    tt_field_check(&L->f, ej, effect_fields(e->effect), effect_names[code], "TAN-2.6.2");
    load_effect_params(L, ej, e);
    int ok = kind == EK_MEDAL  ? e->effect == EF_MEDAL_VP
             : kind == EK_RANK ? e->effect == EF_RANK
             : kind >= 0       ? e->effect != EF_MEDAL_VP && e->effect != EF_RANK
                               : 1;
    if (!ok && (kind == EK_MEDAL || kind == EK_RANK))
        PROBLEM(L, ej, "code", "TAN-2.6.2", "a %s takes the %s effect, not %s", ekind_names[kind],
                kind == EK_MEDAL ? "MEDAL_VP" : "RANK", effect_names[code]);
    else if (!ok)
        PROBLEM(L, ej, "code", "TAN-2.6.2",
                "an %s takes HEAL, STAT_BONUS, EXTRA_DICE, DIE_BONUS or GRANT_SKILL, not %s",
                ekind_names[kind], effect_names[code]);
}

static void load_equip(loader *L, const json_t *ej)
{
    static const char *const fields[] = {"id",      "name",   "kind",   "free",
                                         "special", "weapon", "effect", NULL};
    tan_content *c = L->c;
    tan_equip *e = &c->equip[c->nequip];
    memset(e, 0, sizeof *e);
    tt_field_check(&L->f, ej, fields, "equipment", "TAN-2.6.1");
    tan_read_id(&L->f, ej, "id", "equipment", "TAN-2.6.1", e->id, sizeof e->id);
    if (find_equip(c, e->id) >= 0)
        PROBLEM(L, ej, "id", "TAN-2.6.1", "equipment id '%s' is not unique", e->id);
    tan_read_name(&L->f, ej, "name", "TAN-2.6.1", e->name, sizeof e->name);
    int kind = tt_field_enum(&L->f, ej, "kind", ekind_names, -1, 1, "TAN-2.6.1");
    e->kind = (uint8_t)(kind < 0 ? EK_ITEM : kind);
    e->free = (uint8_t)tt_field_bool(&L->f, ej, "free", 0, 1, "TAN-2.6.1");
    e->special = (uint8_t)tt_field_bool(&L->f, ej, "special", 0, 0, "TAN-2.6.1");
    json_t *w = json_object_get(ej, "weapon"), *ef = json_object_get(ej, "effect");
    if (kind == EK_WEAPON) {
        const json_t *wj = tt_field_object(&L->f, ej, "weapon", 1, "TAN-2.6.1");
        if (wj)
            load_weapon(L, wj, e);
        if (ef && !json_is_null(ef))
            PROBLEM(L, ej, "effect", "TAN-2.6.1", "a WEAPON has no effect: 'effect' must be null");
    } else if (kind >= 0) {
        const json_t *x = tt_field_object(&L->f, ej, "effect", 1, "TAN-2.6.1");
        if (x)
            load_effect(L, x, e, kind);
        if (w && !json_is_null(w))
            PROBLEM(L, ej, "weapon", "TAN-2.6.1",
                    "field 'weapon' applies to WEAPON equipment only");
    }
    c->nequip++;
}

static void load_equipment(loader *L, const json_t *root)
{
    static const char *const fields[] = {"equipment", NULL};
    tt_field_check(&L->f, root, fields, "the equipment file", "TAN-11");
    const json_t *arr = tan_object_list(&L->f, root, "equipment", TAN_MAX_EQUIP,
                                        "equipment definitions", "TAN-2.6.1");
    for (size_t i = 0; arr && i < json_array_size(arr) && i < TAN_MAX_EQUIP; i++) {
        const json_t *ej = json_array_get(arr, i);
        if (json_is_object(ej))
            load_equip(L, ej);
        else
            PROBLEM(L, root, "equipment", "TAN-2.6.1", "equipment %zu must be an object", i + 1);
    }
    L->ok[SRC_EQUIPMENT] = arr != NULL;
}

/* --- teams: factions and characters (TAN-2.5) ------------------------------------------ */

/* Slots a set of tokens needs (TAN-2.6.6): one per weapon type, one per other token. */
static int slots_needed(const tan_content *c, const uint8_t *eq, int n)
{
    unsigned types = 0;
    int need = 0;
    for (int i = 0; i < n; i++) {
        const tan_equip *e = &c->equip[eq[i]];
        if (e->kind != EK_WEAPON)
            need++;
        else if (!(types & 1u << e->weapon.type))
            need++, types |= 1u << e->weapon.type;
    }
    return need;
}

static void load_rows(loader *L, const json_t *cj, tan_char *ch)
{
    const json_t *rows = tt_field_array(&L->f, cj, "rows", 1, "TAN-2.5.1");
    if (!rows)
        return;
    size_t n = json_array_size(rows);
    if (n < 1 || n > TAN_MAX_ROWS) {
        PROBLEM(L, cj, "rows", "TAN-2.5.1", "field 'rows' holds 1..%d rows, not %zu", TAN_MAX_ROWS,
                n);
        return;
    }
    for (size_t r = 0; r < n; r++) {
        const json_t *row = json_array_get(rows, r);
        int ok = json_is_array(row) && json_array_size(row) == STAT_COUNT;
        for (int k = 0; ok && k < STAT_COUNT; k++) {
            const json_t *v = json_array_get(row, (size_t)k);
            ok = json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= 10;
            if (ok)
                ch->row[r][k] = (uint8_t)json_integer_value(v);
        }
        if (!ok)
            PROBLEM(L, cj, "rows", "TAN-2.5.1",
                    "row %zu is not [combat, stamina, movement, psyche] with values 0..10", r);
    }
    ch->nrows = (uint8_t)n;
}

static void load_special(loader *L, const json_t *cj, tan_char *ch)
{
    ch->special = TAN_NONE;
    json_t *v = json_object_get(cj, "special_object");
    if (!v || json_is_null(v))
        return;
    if (!json_is_string(v)) {
        PROBLEM(L, cj, "special_object", "TAN-2.5.1",
                "field 'special_object' must be an equipment id or null");
        return;
    }
    if (!L->ok[SRC_EQUIPMENT])
        return;
    int e = find_equip(L->c, json_string_value(v));
    if (e < 0)
        PROBLEM(L, cj, "special_object", "TAN-2.5.1", "special_object names unknown equipment '%s'",
                json_string_value(v));
    else if (!L->c->equip[e].special)
        PROBLEM(L, cj, "special_object", "TAN-2.5.1",
                "special_object '%s' is not a Special Object (its 'special' is not true)",
                json_string_value(v));
    else
        ch->special = (uint8_t)e;
}

static void load_packs(loader *L, const json_t *cj, tan_char *ch)
{
    const json_t *packs = tt_field_object(&L->f, cj, "packs", 1, "TAN-2.5.1");
    if (!packs)
        return;
    tt_field_check(&L->f, packs, pack_names, "packs", "TAN-2.5.1");
    int npacks = 0;
    for (int p = 0; p < 3; p++) {
        const json_t *list = tan_string_list(&L->f, packs, pack_names[p], 0, "TAN-2.5.1");
        if (!json_object_get(packs, pack_names[p]))
            continue;
        npacks++;
        if (!list)
            continue;
        size_t n = json_array_size(list);
        if (n < 1 || n > TAN_MAX_PACK) {
            PROBLEM(L, packs, pack_names[p], "TAN-2.5.1",
                    "pack %s holds 1..%d equipment ids, not %zu", pack_names[p], TAN_MAX_PACK, n);
            continue;
        }
        if (!L->ok[SRC_EQUIPMENT])
            continue;
        int known = 1;
        for (size_t i = 0; i < n; i++) {
            const char *id = json_string_value(json_array_get(list, i));
            int e = find_equip(L->c, id);
            if (e < 0) {
                PROBLEM(L, packs, pack_names[p], "TAN-2.5.1",
                        "pack %s names unknown equipment '%s'", pack_names[p], id);
                known = 0;
            }
            ch->pack[p][i] = (uint8_t)(e < 0 ? 0 : e);
        }
        ch->npack[p] = (uint8_t)n;
        for (size_t i = 0; i < n; i++) {
            int copies = 0;
            for (size_t j = 0; j < n; j++)
                copies += ch->pack[p][j] == ch->pack[p][i];
            if (copies > ch->most[ch->pack[p][i]])
                ch->most[ch->pack[p][i]] = (uint8_t)copies;
        }
        if (!known)
            continue;
        /* TAN-2.6.6, TAN-3.6: a standard pack comes with the Special Object */
        uint8_t all[TAN_MAX_PACK + 1];
        memcpy(all, ch->pack[p], n);
        if (ch->special != TAN_NONE)
            all[n++] = ch->special;
        int need = slots_needed(L->c, all, (int)n);
        if (need > ch->slots && ch->special != TAN_NONE)
            PROBLEM(L, packs, pack_names[p], "TAN-2.6.6",
                    "pack %s of '%s' needs %d slots with its Special Object '%s'; the character "
                    "has %d",
                    pack_names[p], ch->id, need, L->c->equip[ch->special].id, ch->slots);
        else if (need > ch->slots)
            PROBLEM(L, packs, pack_names[p], "TAN-2.6.6",
                    "pack %s of '%s' needs %d slots; the character has %d", pack_names[p], ch->id,
                    need, ch->slots);
    }
    if (npacks == 0)
        PROBLEM(L, cj, "packs", "TAN-2.5.1", "a character needs at least one pack");
}

static void load_character(loader *L, const json_t *cj)
{
    static const char *const fields[] = {
        "id",    "name",  "faction",        "class",        "rows", "skills",
        "slots", "packs", "special_object", "affiliations", NULL};
    tan_content *c = L->c;
    tan_char *ch = &c->chr[c->nchars];
    memset(ch, 0, sizeof *ch);
    tt_field_check(&L->f, cj, fields, "a character", "TAN-2.5.1");
    tan_read_id(&L->f, cj, "id", "character", "TAN-2.5.1", ch->id, sizeof ch->id);
    if (find_char(c, ch->id) >= 0)
        PROBLEM(L, cj, "id", "TAN-2.5.1", "character id '%s' is not unique", ch->id);
    tan_read_name(&L->f, cj, "name", "TAN-2.5.1", ch->name, sizeof ch->name);
    const char *fac = tt_field_str(&L->f, cj, "faction", sizeof c->fac[0].id - 1, "TAN-2.5.1");
    int f = find_faction(c, fac);
    if (*fac && f < 0)
        PROBLEM(L, cj, "faction", "TAN-2.5.1", "unknown faction '%s'", fac);
    ch->faction = (uint8_t)(f < 0 ? TAN_NONE : f);
    ch->cls = (uint8_t)tt_field_enum(&L->f, cj, "class", class_names, CLASS_HERO, 1, "TAN-2.5.1");
    load_rows(L, cj, ch);
    const json_t *skills = tan_string_list(&L->f, cj, "skills", 0, "TAN-2.5.1");
    if (skills)
        ch->skills = (uint8_t)skill_set(L, cj, "skills", skills, "TAN-2.5.1");
    ch->slots = (uint8_t)tt_field_int(&L->f, cj, "slots", 1, TAN_MAX_SLOTS, 4, 0, "TAN-2.5.1");
    load_special(L, cj, ch);
    load_packs(L, cj, ch);
    const json_t *aff = tan_string_list(&L->f, cj, "affiliations", 0, "TAN-2.5.1");
    if (aff && json_array_size(aff) > 4)
        PROBLEM(L, cj, "affiliations", "TAN-2.5.1", "field 'affiliations' holds 0..4 names");
    c->nchars++;
}

static void load_faction(loader *L, const json_t *fj)
{
    static const char *const fields[] = {"id", "name", "roster", NULL};
    tan_content *c = L->c;
    tan_faction *fa = &c->fac[c->nfactions];
    memset(fa, 0, sizeof *fa);
    tt_field_check(&L->f, fj, fields, "a faction", "TAN-2.5.1");
    tan_read_id(&L->f, fj, "id", "faction", "TAN-2.5.1", fa->id, sizeof fa->id);
    if (find_faction(c, fa->id) >= 0)
        PROBLEM(L, fj, "id", "TAN-2.5.1", "faction id '%s' is not unique", fa->id);
    tan_read_name(&L->f, fj, "name", "TAN-2.5.1", fa->name, sizeof fa->name);
    /* resolved once the characters are read */
    tan_string_list(&L->f, fj, "roster", 1, "TAN-2.5.1");
    c->nfactions++;
}

/* A faction's roster: known characters of that faction, each once, enough for a
 * team (TAN-3.5). */
static void load_roster(loader *L, const json_t *fj, tan_faction *fa, int f)
{
    const tan_content *c = L->c;
    const json_t *roster = json_object_get(fj, "roster");
    if (!json_is_array(roster))
        return;
    size_t n = json_array_size(roster);
    int ok = 1, nclass[2] = {0};
    if (n < 1 || n > TAN_MAX_ROSTER) {
        PROBLEM(L, fj, "roster", "TAN-2.5.1", "a roster holds 1..%d characters, not %zu",
                TAN_MAX_ROSTER, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const char *id = json_string_value(json_array_get(roster, i));
        int k = find_char(c, id);
        if (!id) {
            ok = 0; /* reported as not a string */
        } else if (k < 0) {
            PROBLEM(L, fj, "roster", "TAN-2.5.1", "roster names an unknown character '%s'", id);
            ok = 0;
        } else if (c->chr[k].faction == TAN_NONE) {
            ok = 0; /* its unknown faction is reported with the character */
        } else if (c->chr[k].faction != f) {
            PROBLEM(L, fj, "roster", "TAN-2.5.1", "character '%s' belongs to faction '%s'", id,
                    c->fac[c->chr[k].faction].id);
            ok = 0;
        } else {
            int dup = 0;
            for (int j = 0; j < fa->nroster && !dup; j++)
                dup = fa->roster[j] == k;
            if (dup) {
                PROBLEM(L, fj, "roster", "TAN-2.5.1", "character '%s' is listed twice", id);
                continue;
            }
            fa->roster[fa->nroster++] = (uint8_t)k;
            nclass[c->chr[k].cls]++;
        }
    }
    if (ok && (nclass[CLASS_HERO] < TAN_HEROES || nclass[CLASS_TROOPER] < TAN_TROOPERS))
        PROBLEM(L, fj, "roster", "TAN-3.5",
                "faction '%s' has %d Heroes and %d Troopers; a team needs %d Heroes and %d "
                "Troopers",
                fa->id, nclass[CLASS_HERO], nclass[CLASS_TROOPER], TAN_HEROES, TAN_TROOPERS);
}

static void load_teams(loader *L, const json_t *root)
{
    static const char *const fields[] = {"factions", "characters", NULL};
    tan_content *c = L->c;
    tt_field_check(&L->f, root, fields, "the teams file", "TAN-11");
    const json_t *facs =
        tan_object_list(&L->f, root, "factions", TAN_MAX_FACTIONS, "factions", "TAN-2.5.1");
    for (size_t i = 0; facs && i < json_array_size(facs) && i < TAN_MAX_FACTIONS; i++) {
        const json_t *fj = json_array_get(facs, i);
        if (json_is_object(fj))
            load_faction(L, fj);
        else
            PROBLEM(L, root, "factions", "TAN-2.5.1", "faction %zu must be an object", i + 1);
    }
    if (facs && c->nfactions < TAN_PLAYERS)
        PROBLEM(L, root, "factions", "TAN-3.4", "the teams file needs at least %d factions, not %d",
                TAN_PLAYERS, c->nfactions);
    const json_t *chars =
        tan_object_list(&L->f, root, "characters", TAN_MAX_CHARS, "characters", "TAN-2.5.1");
    for (size_t i = 0; chars && i < json_array_size(chars) && i < TAN_MAX_CHARS; i++) {
        const json_t *cj = json_array_get(chars, i);
        if (json_is_object(cj))
            load_character(L, cj);
        else
            PROBLEM(L, root, "characters", "TAN-2.5.1", "character %zu must be an object", i + 1);
    }
    for (size_t i = 0, f = 0; chars && facs && i < json_array_size(facs); i++)
        if (json_is_object(json_array_get(facs, i)) && (int)f < c->nfactions) {
            load_roster(L, json_array_get(facs, i), &c->fac[f], (int)f);
            f++;
        }
    L->ok[SRC_TEAMS] = facs != NULL;
}

/* --- crate tokens (TAN-2.7.1) and objective tokens (TAN-2.7.2) -------------------------- */

static void load_crate(loader *L, const json_t *cj)
{
    static const char *const fields[] = {"id", "kind", "vp", "equipment", NULL};
    tan_content *c = L->c;
    tan_crate *cr = &c->crate[c->ncrates];
    memset(cr, 0, sizeof *cr);
    tt_field_check(&L->f, cj, fields, "a crate token", "TAN-2.7.1");
    tan_read_id(&L->f, cj, "id", "crate", "TAN-2.7.1", cr->id, sizeof cr->id);
    for (int i = 0; cr->id[0] && i < c->ncrates; i++)
        if (strcmp(c->crate[i].id, cr->id) == 0) {
            PROBLEM(L, cj, "id", "TAN-2.7.1", "crate id '%s' is not unique", cr->id);
            break;
        }
    int kind = tt_field_enum(&L->f, cj, "kind", crate_names, -1, 1, "TAN-2.7.1");
    cr->kind = (uint8_t)(kind < 0 ? CRATE_VP : kind);
    if (kind == CRATE_VP) {
        cr->vp = (uint8_t)tt_field_int(&L->f, cj, "vp", 1, 3, 1, 1, "TAN-2.7.1");
        if (json_object_get(cj, "equipment"))
            PROBLEM(L, cj, "equipment", "TAN-2.7.1",
                    "field 'equipment' applies to EQUIPMENT crates only");
    } else if (kind == CRATE_EQUIPMENT) {
        const char *id =
            tt_field_str(&L->f, cj, "equipment", sizeof c->equip[0].id - 1, "TAN-2.7.1");
        int e = find_equip(c, id);
        if (*id && e < 0 && L->ok[SRC_EQUIPMENT])
            PROBLEM(L, cj, "equipment", "TAN-2.7.1", "unknown equipment '%s'", id);
        cr->equip = (uint8_t)(e < 0 ? 0 : e);
        if (json_object_get(cj, "vp"))
            PROBLEM(L, cj, "vp", "TAN-2.7.1", "field 'vp' applies to VP crates only");
    }
    c->ncrates++;
}

static void load_crates(loader *L, const json_t *root)
{
    static const char *const fields[] = {"crates", NULL};
    tt_field_check(&L->f, root, fields, "the crates file", "TAN-11");
    const json_t *arr =
        tan_object_list(&L->f, root, "crates", TAN_MAX_CRATES, "crate tokens", "TAN-2.7.1");
    for (size_t i = 0; arr && i < json_array_size(arr) && i < TAN_MAX_CRATES; i++) {
        const json_t *cj = json_array_get(arr, i);
        if (json_is_object(cj))
            load_crate(L, cj);
        else
            PROBLEM(L, root, "crates", "TAN-2.7.1", "crate token %zu must be an object", i + 1);
    }
}

static void load_objective(loader *L, const json_t *oj)
{
    static const char *const fields[] = {"id", "owner", "grade", "skills", NULL};
    tan_content *c = L->c;
    tan_objective *o = &c->obj[c->nobjs];
    memset(o, 0, sizeof *o);
    tt_field_check(&L->f, oj, fields, "an objective token", "TAN-2.7.2");
    tan_read_id(&L->f, oj, "id", "objective token", "TAN-2.7.2", o->id, sizeof o->id);
    for (int i = 0; o->id[0] && i < c->nobjs; i++)
        if (strcmp(c->obj[i].id, o->id) == 0) {
            PROBLEM(L, oj, "id", "TAN-2.7.2", "objective token id '%s' is not unique", o->id);
            break;
        }
    const char *owner = tt_field_str(&L->f, oj, "owner", sizeof c->fac[0].id - 1, "TAN-2.7.2");
    int f = find_faction(c, owner);
    if (*owner && f < 0 && L->ok[SRC_TEAMS])
        PROBLEM(L, oj, "owner", "TAN-2.7.2", "unknown faction '%s'", owner);
    o->owner = (uint8_t)(f < 0 ? TAN_NONE : f);
    int grade = tt_field_enum(&L->f, oj, "grade", tan_grade_codes, -1, 1, "TAN-2.7.2");
    o->grade = (uint8_t)(grade < 0 ? GRADE_SECONDARY : grade);
    const json_t *skills = tan_string_list(&L->f, oj, "skills", 1, "TAN-2.7.2");
    if (skills) {
        skill_set(L, oj, "skills", skills, "TAN-2.7.2");
        size_t n = json_array_size(skills);
        if (grade == GRADE_PRIMARY && n != 2)
            PROBLEM(L, oj, "skills", "TAN-2.7.2",
                    "a PRIMARY token lists 2 different skills, not %zu", n);
        else if (grade == GRADE_SECONDARY && n != 1)
            PROBLEM(L, oj, "skills", "TAN-2.7.2", "a SECONDARY token lists 1 skill, not %zu", n);
        for (size_t i = 0; i < n && i < 2; i++) {
            int k = tt_field_lookup(tan_skill_codes, json_string_value(json_array_get(skills, i)));
            o->skill[o->nskills++] = (uint8_t)(k < 0 ? 0 : k);
        }
    }
    c->nobjs++;
}

static void load_objectives(loader *L, const json_t *root)
{
    static const char *const fields[] = {"objective_tokens", NULL};
    tt_field_check(&L->f, root, fields, "the objectives file", "TAN-11");
    const json_t *arr = tan_object_list(&L->f, root, "objective_tokens", TAN_MAX_OBJ,
                                        "objective tokens", "TAN-2.7.2");
    for (size_t i = 0; arr && i < json_array_size(arr) && i < TAN_MAX_OBJ; i++) {
        const json_t *oj = json_array_get(arr, i);
        if (json_is_object(oj))
            load_objective(L, oj);
        else
            PROBLEM(L, root, "objective_tokens", "TAN-2.7.2",
                    "objective token %zu must be an object", i + 1);
    }
}

/* --- loading a set -------------------------------------------------------------------- */

/* Puts diagnostics first..d->n in line order (stable): a file's problems are
 * found by concern (rosters after characters) but read best top to bottom. */
static void sort_diags(tt_diags *d, int first)
{
    for (int i = first + 1; i < d->n; i++) {
        tt_diag x = d->d[i];
        int j = i;
        for (; j > first && d->d[j - 1].line > x.line; j--)
            d->d[j] = d->d[j - 1];
        d->d[j] = x;
    }
}

typedef void (*file_loader)(loader *L, const json_t *root);

static void load_board(loader *L, const json_t *root)
{
    tan_board_load(&L->f, L->c, root);
}

/* Loads the set; reports the problems of file `only` into d, or of every file
 * when only is -1 (the others' go to a sink: they are the embedded samples,
 * and their echoes of a change in `only` are not its problems). */
static int load_set(tan_content *c, const tan_sources *src, tt_diags *d, int only)
{
    static const file_loader load[SRC_COUNT] = {load_board, load_equipment, load_teams, load_crates,
                                                load_objectives};
    memset(c, 0, sizeof *c);
    int n0 = d->n + d->dropped;
    loader *L = calloc(1, sizeof *L);
    if (!L)
        return TT_ENOMEM;
    L->c = c;
    for (int k = 0; k < SRC_COUNT; k++) {
        char path[64], file[160];
        const char *text = src ? src->text[k] : NULL;
        tt_diags *dk = only < 0 || only == k ? d : &L->sink;
        tt_json_doc own;
        int first = dk->n;
        snprintf(path, sizeof path, "tannhauser/%s.json", src_names[k]);
        if (text)
            snprintf(file, sizeof file, "%s", src->file[k] ? src->file[k] : src_names[k]);
        else
            snprintf(file, sizeof file, "data/%s", path);
        const tt_json_doc *doc =
            text && src->doc[k] ? src->doc[k]
                                : tt_json_open(&own, text, text ? src->len[k] : 0, file, path, dk);
        if (!doc)
            continue;
        L->f.doc = doc;
        L->f.d = dk;
        if (!json_is_object(doc->root))
            PROBLEM(L, doc->root, NULL, "TAN-11", "a %s file is a JSON object", src_names[k]);
        else
            load[k](L, doc->root);
        sort_diags(dk, first);
        tt_json_close(&own, doc);
    }
    int bad = d->n + d->dropped > n0 || L->sink.n + L->sink.dropped > 0;
    free(L);
    return bad ? TT_ECONTENT : TT_OK;
}

int tan_content_load(tan_content *c, const tan_sources *src, tt_diags *d)
{
    int rc = load_set(c, src, d, -1);
    if (rc == TT_ENOMEM)
        tt_diag_add(d, "", 0, NULL, "out of memory");
    return rc;
}

/* --- derived tables ----------------------------------------------------------------- */

void tan_content_free(tan_content *c)
{
    tan_board_free(c);
}

static int mode_uses(const tan_content *c, const tan_crate *cr)
{
    switch (c->mode) {
    case MODE_STORY: return cr->kind == CRATE_VP;
    case MODE_CTF: return cr->kind == CRATE_EQUIPMENT;
    default: return 1;
    }
}

int tan_content_derive(tan_content *c)
{
    int rc = tan_board_derive(c);
    if (rc)
        return rc;
    c->nmode_crates = 0;
    for (int i = 0; i < c->ncrates; i++)
        if (mode_uses(c, &c->crate[i]))
            c->mode_crate[c->nmode_crates++] = (uint8_t)i;
    c->boosted = 0;
    for (int e = 0; e < c->nequip; e++)
        if (c->equip[e].effect == EF_STAT_BONUS)
            c->boosted |= (uint8_t)(1u << c->equip[e].stat);
    return TT_OK;
}

/* --- validating one file ---------------------------------------------------------------- */

/* Which of the five files a document is, by its top-level fields; -1 (reported) when
 * it is none of them. */
static int kind_of(const tt_json_doc *doc, tt_diags *d)
{
    static const char *const key[] = {"circles",    "equipment", "factions",
                                      "characters", "crates",    "objective_tokens"};
    static const int kind[] = {SRC_BOARD, SRC_EQUIPMENT, SRC_TEAMS,
                               SRC_TEAMS, SRC_CRATES,    SRC_OBJECTIVES};
    for (int i = 0; json_is_object(doc->root) && i < 6; i++)
        if (json_object_get(doc->root, key[i]))
            return kind[i];
    tt_diag_add(d, doc->file, tt_json_line(doc, doc->root, NULL), "TAN-11",
                "not a Tannhauser content file: expected an object with 'circles' (board), "
                "'equipment', 'factions' and 'characters' (teams), 'crates' or "
                "'objective_tokens'");
    return -1;
}

int tan_validate_file(const char *path, tt_diags *d)
{
    size_t len;
    char *text = tt_read_file(path, &len);
    if (!text)
        return TT_EIO;
    tt_json_doc doc;
    if (tt_json_parse(&doc, text, len, path, d) != 0) {
        free(text);
        return TT_ECONTENT;
    }
    int kind = kind_of(&doc, d), n0 = d->n + d->dropped, rc = TT_OK;
    if (kind >= 0) {
        /* the other four files are the embedded samples, so references resolve */
        tan_sources src = {{NULL}, {0}, {NULL}, {NULL}};
        src.text[kind] = text;
        src.len[kind] = len;
        src.file[kind] = path;
        src.doc[kind] = &doc;
        tan_content *c = malloc(sizeof *c);
        rc = c ? load_set(c, &src, d, kind) : TT_ENOMEM;
        free(c);
    }
    tt_json_fini(&doc);
    free(text);
    if (rc == TT_ENOMEM)
        return TT_ENOMEM;
    if (kind < 0)
        return TT_ECONTENT;
    return d->n + d->dropped > n0 ? TT_ECONTENT : TT_OK;
}
