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
 * content referred to by byte indices. Circle indices are bytes and TAN_NONE
 * (255) means "no circle", so a board holds at most 255 circles. Derivation
 * (tan_content_derive) adds the adjacency lists, the line-of-sight and path
 * distance table pd, the walking distance table wd and the mode's crate sites;
 * pd and wd are the only allocations the content owns. Loading only: nothing
 * here runs on the playout path. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fields.h"
#include "core/graph.h"
#include "core/json.h"
#include "games/tannhauser/tannhauser.h"

#define MAX_CIRCLES TT_GRAPH_MAX_V /* TAN_NONE is not a circle */

typedef struct loader {
    tt_fields f; /* the file being read and the diagnostics */
    tan_content *c;
    int ok[SRC_COUNT];                /* the file's ids were read: references into it are checked */
    const json_t *cnode[MAX_CIRCLES]; /* where each circle was written, for board checks */
    tt_diags sink;                    /* the problems of files not being reported */
} loader;

#define PROBLEM(L, node, key, rule, ...) TT_FIELD_PROBLEM(&(L)->f, node, key, rule, __VA_ARGS__)

static const char *const src_names[SRC_COUNT] = {"board", "equipment", "teams", "crates",
                                                 "objectives"};
static const char *const ckind_names[] = {"PATH", "ENTRY", "OBJECTIVE", "ACTION", NULL};
static const char *const stat_names[] = {"COMBAT", "STAMINA", "MOVEMENT", "PSYCHE", NULL};
static const char *const mod_stat_names[] = {"COMBAT", "STAMINA", "PSYCHE", NULL};
static const int mod_stat[] = {STAT_COMBAT, STAT_STAMINA, STAT_PSYCHE};
static const char *const skill_names[] = {"ARCHAEOLOGY", "DEXTERITY", "ENGINEERING", "MECHANICS",
                                          "STEALTH",     "WEAPONRY",  NULL};
static const char *const grade_names[] = {"PRIMARY", "SECONDARY", NULL};
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
static void read_id(loader *L, const json_t *obj, const char *key, const char *what,
                    const char *rule, char *out, size_t n)
{
    const char *s = tt_field_str(&L->f, obj, key, n - 1, rule);
    if (*s && !id_ok(s)) {
        PROBLEM(L, obj, key, rule, "%s id '%s' must be letters, digits or _", what, s);
        s = "";
    }
    snprintf(out, n, "%s", s);
}

/* Copies member key, a required string of 1..n-1 characters, into out. */
static void read_name(loader *L, const json_t *obj, const char *key, const char *rule, char *out,
                      size_t n)
{
    snprintf(out, n, "%s", tt_field_str(&L->f, obj, key, n - 1, rule));
}

/* The elements of array member `key` of obj, each a string; NULL (reported)
 * when the member is absent and required, or not an array. */
static const json_t *string_list(loader *L, const json_t *obj, const char *key, int required,
                                 const char *rule)
{
    const json_t *arr = tt_field_array(&L->f, obj, key, required, rule);
    for (size_t i = 0; arr && i < json_array_size(arr); i++)
        if (!json_is_string(json_array_get(arr, i))) {
            PROBLEM(L, obj, key, rule, "field '%s' must hold strings", key);
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
        int k = tt_field_lookup(skill_names, s);
        if (k < 0)
            PROBLEM(L, obj, key, rule, "unknown skill '%s'", s);
        else if (mask & 1 << k)
            PROBLEM(L, obj, key, rule, "skill '%s' is listed twice", s);
        else
            mask |= 1 << k;
    }
    return mask;
}

static int find_circle(const tan_content *c, const char *id)
{
    for (int i = 0; id && *id && i < c->ncircles; i++)
        if (strcmp(c->circle[i].id, id) == 0)
            return i;
    return -1;
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
static const json_t *object_list(loader *L, const json_t *root, const char *key, size_t max,
                                 const char *what, const char *rule)
{
    const json_t *arr = tt_field_array(&L->f, root, key, 1, rule);
    if (arr && json_array_size(arr) > max)
        PROBLEM(L, root, key, rule, "more than %zu %s", max, what);
    return arr;
}

/* --- the board: circles (TAN-2.3.2) ---------------------------------------------------- */

static void load_palette(loader *L, const json_t *root)
{
    tan_content *c = L->c;
    const json_t *pal = string_list(L, root, "palette", 1, "TAN-2.3.4");
    if (!pal)
        return;
    size_t n = json_array_size(pal);
    if (n == 0 || n > TAN_MAX_COLORS)
        PROBLEM(L, root, "palette", "TAN-2.3.4", "the palette holds 1..%d colours, not %zu",
                TAN_MAX_COLORS, n);
    for (size_t i = 0; i < n && c->ncolors < TAN_MAX_COLORS; i++) {
        const char *s = json_string_value(json_array_get(pal, i));
        if (!*s || strlen(s) >= sizeof c->color[0]) {
            PROBLEM(L, root, "palette", "TAN-2.3.4", "a colour name has 1..%zu characters",
                    sizeof c->color[0] - 1);
            continue;
        }
        int dup = 0;
        for (int k = 0; k < c->ncolors && !dup; k++)
            dup = strcmp(c->color[k], s) == 0;
        if (dup) {
            PROBLEM(L, root, "palette", "TAN-2.3.4", "colour '%s' appears twice in the palette", s);
            continue;
        }
        snprintf(c->color[c->ncolors++], sizeof c->color[0], "%s", s);
    }
}

static void load_colors(loader *L, const json_t *cj, tan_circle *ci, int kind)
{
    const tan_content *c = L->c;
    const json_t *arr = string_list(L, cj, "colors", 0, "TAN-2.3.2");
    for (size_t i = 0; arr && i < json_array_size(arr); i++) {
        const char *s = json_string_value(json_array_get(arr, i));
        int k = -1;
        for (int j = 0; j < c->ncolors && k < 0; j++)
            if (strcmp(c->color[j], s) == 0)
                k = j;
        if (k < 0)
            PROBLEM(L, cj, "colors", "TAN-2.3.4", "colour '%s' is not in the palette", s);
        else if (ci->colors & 1u << k)
            PROBLEM(L, cj, "colors", "TAN-2.3.2", "colour '%s' is listed twice", s);
        else
            ci->colors = (uint16_t)(ci->colors | 1u << k);
    }
    size_t n = arr ? json_array_size(arr) : 0;
    if (kind == CK_PATH || kind == CK_ENTRY) {
        if (!json_object_get(cj, "colors") || (arr && n == 0))
            PROBLEM(L, cj, arr ? "colors" : NULL, "TAN-2.3.2",
                    "circle '%s' is on no path: a%s %s circle carries 1..4 colours", ci->id,
                    kind == CK_ENTRY ? "n" : "", ckind_names[kind]);
        else if (n > 4)
            PROBLEM(L, cj, "colors", "TAN-2.3.2", "a %s circle carries at most 4 colours, not %zu",
                    ckind_names[kind], n);
    } else if (kind >= 0 && n > 0) {
        PROBLEM(L, cj, "colors", "TAN-2.3.2",
                "an %s circle is on no path: its colours must be empty", ckind_names[kind]);
    }
}

static void load_mods(loader *L, const json_t *cj, tan_circle *ci, int kind)
{
    static const char *const fields[] = {"stat", "delta", NULL};
    const json_t *mods = tt_field_array(&L->f, cj, "mods", 0, "TAN-2.3.2");
    if (!mods)
        return;
    if (kind >= 0 && kind != CK_PATH) {
        PROBLEM(L, cj, "mods", "TAN-2.3.2", "field 'mods' applies to PATH circles only");
        return;
    }
    for (size_t i = 0; i < json_array_size(mods); i++) {
        const json_t *m = json_array_get(mods, i);
        if (!json_is_object(m)) {
            PROBLEM(L, cj, "mods", "TAN-2.3.2", "a modifier is an object {stat, delta}");
            continue;
        }
        tt_field_check(&L->f, m, fields, "a modifier", "TAN-2.3.2");
        int k = tt_field_enum(&L->f, m, "stat", mod_stat_names, -1, 1, "TAN-2.3.2");
        int delta = tt_field_int(&L->f, m, "delta", -2, 2, 0, 1, "TAN-2.3.2");
        if (json_is_integer(json_object_get(m, "delta")) && delta == 0)
            PROBLEM(L, m, "delta", "TAN-2.3.2", "a modifier's delta is not 0");
        if (k < 0)
            continue;
        if (ci->mod[mod_stat[k]])
            PROBLEM(L, m, "stat", "TAN-2.3.2", "at most one modifier per characteristic");
        else
            ci->mod[mod_stat[k]] = (int8_t)delta;
    }
}

/* The fields that belong to one kind of circle only. */
static void load_kind_fields(loader *L, const json_t *cj, tan_circle *ci, int kind)
{
    json_t *mc = json_object_get(cj, "move_cost");
    ci->move_cost = (uint8_t)tt_field_int(&L->f, cj, "move_cost", 1, 3, 1, 0, "TAN-2.3.2");
    if (mc && kind == CK_ENTRY && ci->move_cost != 1)
        PROBLEM(L, cj, "move_cost", "TAN-2.3.2", "an ENTRY circle has move_cost 1");
    if (mc && (kind == CK_OBJECTIVE || kind == CK_ACTION))
        PROBLEM(L, cj, "move_cost", "TAN-2.3.2",
                "field 'move_cost' applies to PATH and ENTRY circles only");
    if (kind == CK_OBJECTIVE) {
        ci->skill = (uint8_t)tt_field_enum(&L->f, cj, "skill", skill_names, 0, 1, "TAN-2.3.2");
        ci->grade = (uint8_t)tt_field_enum(&L->f, cj, "grade", grade_names, 0, 1, "TAN-2.3.2");
    } else if (kind >= 0) {
        const char *key = json_object_get(cj, "skill") ? "skill" : "grade";
        if (json_object_get(cj, key) && kind == CK_ENTRY)
            PROBLEM(L, cj, key, "TAN-2.3.2",
                    "entry circle '%s' cannot be a task circle: 'skill' and 'grade' belong to "
                    "OBJECTIVE circles",
                    ci->id);
        else if (json_object_get(cj, key))
            PROBLEM(L, cj, key, "TAN-2.3.2",
                    "fields 'skill' and 'grade' belong to OBJECTIVE circles");
    }
    if (json_object_get(cj, "label")) {
        if (kind >= 0 && kind != CK_ENTRY)
            PROBLEM(L, cj, "label", "TAN-2.3.2", "field 'label' applies to ENTRY circles only");
        else
            read_name(L, cj, "label", "TAN-2.3.2", ci->label, sizeof ci->label);
    }
}

static void load_circle(loader *L, const json_t *cj)
{
    static const char *const fields[] = {"id",   "kind",  "x",     "y",     "colors", "move_cost",
                                         "mods", "skill", "grade", "label", NULL};
    tan_content *c = L->c;
    tan_circle *ci = &c->circle[c->ncircles];
    memset(ci, 0, sizeof *ci);
    tt_field_check(&L->f, cj, fields, "a circle", "TAN-2.3.2");
    read_id(L, cj, "id", "circle", "TAN-2.3.2", ci->id, sizeof ci->id);
    int named = ci->id[0] && find_circle(c, ci->id) < 0;
    if (ci->id[0] && !named)
        PROBLEM(L, cj, "id", "TAN-2.3.2", "circle id '%s' is not unique", ci->id);
    int kind = tt_field_enum(&L->f, cj, "kind", ckind_names, -1, 1, "TAN-2.3.2");
    ci->kind = (uint8_t)(kind < 0 ? CK_PATH : kind);
    ci->x = (int16_t)tt_field_int(&L->f, cj, "x", 0, 1000, 0, 1, "TAN-2.3.2");
    ci->y = (int16_t)tt_field_int(&L->f, cj, "y", 0, 1000, 0, 1, "TAN-2.3.2");
    load_colors(L, cj, ci, kind);
    load_mods(L, cj, ci, kind);
    load_kind_fields(L, cj, ci, kind);
    /* a circle no link can name stays out of the board checks: they would only
     * echo its id problem */
    if (named)
        L->cnode[c->ncircles++] = cj;
}

/* --- the board: links (TAN-2.3.3) and board checks (TAN-2.3.4) ------------------------- */

static int off_path(int kind)
{
    return kind == CK_OBJECTIVE || kind == CK_ACTION;
}

/* The name of the first colour two circles share, or NULL. */
static const char *shared_colour(const tan_content *c, int a, int b)
{
    unsigned both = c->circle[a].colors & c->circle[b].colors;
    for (int k = 0; both && k < c->ncolors; k++)
        if (both & 1u << k)
            return c->color[k];
    return NULL;
}

/* TAN-2.3.4 items 2 and 6: what a link may join. */
static void check_link(loader *L, const json_t *lj, int a, int b, int door)
{
    const tan_content *c = L->c;
    int ka = c->circle[a].kind, kb = c->circle[b].kind;
    const char *ia = c->circle[a].id, *ib = c->circle[b].id;
    if (off_path(ka) && off_path(kb))
        PROBLEM(L, lj, NULL, "TAN-2.3.4",
                "link %s-%s joins two circles that are on no path (%s and %s); objective and "
                "action circles link to PATH circles only",
                ia, ib, ckind_names[ka], ckind_names[kb]);
    else if ((ka == CK_ENTRY && off_path(kb)) || (kb == CK_ENTRY && off_path(ka)))
        PROBLEM(L, lj, NULL, "TAN-2.3.4",
                "link %s-%s joins an ENTRY circle to an %s circle; objective and action "
                "circles link to PATH circles only",
                ia, ib, ckind_names[off_path(ka) ? ka : kb]);
    else if (ka == CK_ENTRY && kb == CK_ENTRY)
        PROBLEM(L, lj, NULL, "TAN-2.3.4", "link %s-%s joins two ENTRY circles", ia, ib);
    const char *col = shared_colour(c, a, b);
    if (door && col)
        PROBLEM(L, lj, "door", "TAN-2.3.4",
                "door link %s-%s joins circles that share colour '%s'; a door marks a change "
                "of colour",
                ia, ib, col);
}

static void load_link(loader *L, const json_t *lj)
{
    static const char *const fields[] = {"a", "b", "door", NULL};
    tan_content *c = L->c;
    tt_field_check(&L->f, lj, fields, "a link", "TAN-2.3.3");
    const char *key[2] = {"a", "b"};
    int end[2];
    for (int k = 0; k < 2; k++) {
        const char *id = tt_field_str(&L->f, lj, key[k], 15, "TAN-2.3.3");
        end[k] = find_circle(c, id);
        if (*id && end[k] < 0)
            PROBLEM(L, lj, key[k], "TAN-2.3.3", "link names an unknown circle '%s'", id);
    }
    int door = tt_field_bool(&L->f, lj, "door", 0, 0, "TAN-2.3.3");
    if (end[0] < 0 || end[1] < 0)
        return;
    if (end[0] == end[1]) {
        PROBLEM(L, lj, NULL, "TAN-2.3.3", "a link joins two different circles, not '%s' to itself",
                c->circle[end[0]].id);
        return;
    }
    for (int i = 0; i < c->nlinks; i++)
        if ((c->link_a[i] == end[0] && c->link_b[i] == end[1]) ||
            (c->link_a[i] == end[1] && c->link_b[i] == end[0])) {
            PROBLEM(L, lj, NULL, "TAN-2.3.3", "circles '%s' and '%s' are already linked",
                    c->circle[end[0]].id, c->circle[end[1]].id);
            return;
        }
    check_link(L, lj, end[0], end[1], door);
    if (c->nlinks == TAN_MAX_LINKS)
        return; /* reported with the list's size */
    c->link_a[c->nlinks] = (uint8_t)end[0];
    c->link_b[c->nlinks] = (uint8_t)end[1];
    c->link_door[c->nlinks] = (uint8_t)door;
    c->nlinks++;
}

static void build_adjacency(tan_content *c)
{
    tt_graph_build(c->ncircles, c->nlinks, c->link_a, c->link_b, c->adj_first, c->adj_n, c->adj);
    for (int v = 0; v < c->ncircles; v++)
        for (int j = c->adj_first[v]; j < c->adj_first[v] + c->adj_n[v]; j++)
            c->adj_same[j] = (c->circle[v].colors & c->circle[c->adj[j]].colors) != 0;
}

static int movable(const tan_content *c, int v)
{
    return c->circle[v].kind == CK_PATH || c->circle[v].kind == CK_ENTRY;
}

/* TAN-2.3.4 items 1, 3, 4 and 5, and "on no path" (TAN-2.4.1). Needs the adjacency. */
static void check_board(loader *L, const json_t *root)
{
    const tan_content *c = L->c;
    int count[4] = {0};
    for (int v = 0; v < c->ncircles; v++)
        count[c->circle[v].kind]++;
    if (count[CK_ENTRY] < 2)
        PROBLEM(L, root, "circles", "TAN-2.3.4",
                "the board has %d ENTRY circle%s; it needs at least 2", count[CK_ENTRY],
                count[CK_ENTRY] == 1 ? "" : "s");
    for (int k = CK_OBJECTIVE; k <= CK_ACTION; k++)
        if (count[k] == 0)
            PROBLEM(L, root, "circles", "TAN-2.3.4", "the board has no %s circle", ckind_names[k]);
    if (count[CK_OBJECTIVE] + count[CK_ACTION] > TAN_MAX_SITES)
        PROBLEM(L, root, "circles", "TAN-2.1",
                "the board has %d OBJECTIVE and ACTION circles; at most %d are allowed",
                count[CK_OBJECTIVE] + count[CK_ACTION], TAN_MAX_SITES);
    for (int v = 0; v < c->ncircles; v++) {
        const tan_circle *ci = &c->circle[v];
        int to_path = 0, shares = 0;
        for (int j = c->adj_first[v]; j < c->adj_first[v] + c->adj_n[v]; j++) {
            int w = c->adj[j];
            to_path |= c->circle[w].kind == CK_PATH;
            shares |= movable(c, w) && c->adj_same[j];
            if (ci->kind == CK_ENTRY && c->circle[w].kind == CK_PATH && c->adj_same[j])
                shares |= 2;
        }
        if (off_path(ci->kind) && c->adj_n[v] == 0)
            PROBLEM(L, L->cnode[v], NULL, "TAN-2.3.4",
                    "%s circle '%s' has no link; it must be linked to a PATH circle",
                    ckind_names[ci->kind], ci->id);
        if (ci->kind == CK_ENTRY && !to_path)
            PROBLEM(L, L->cnode[v], NULL, "TAN-2.3.4",
                    "entry circle '%s' is linked to no PATH circle", ci->id);
        else if (ci->kind == CK_ENTRY && !(shares & 2) && ci->colors)
            PROBLEM(L, L->cnode[v], NULL, "TAN-2.3.4",
                    "entry circle '%s' shares no colour with a PATH circle linked to it", ci->id);
        if (ci->kind == CK_PATH && ci->colors && !shares)
            PROBLEM(L, L->cnode[v], NULL, "TAN-2.4.1",
                    "circle '%s' is on no path: no circle linked to it shares one of its colours",
                    ci->id);
    }
    /* item 5: the movement graph is connected */
    uint8_t mask[MAX_CIRCLES], dist[MAX_CIRCLES];
    int start = -1, nmove = 0;
    for (int v = 0; v < c->ncircles; v++) {
        mask[v] = (uint8_t)movable(c, v);
        nmove += mask[v];
        if (mask[v] && start < 0)
            start = v;
    }
    tt_graph g = {c->ncircles, c->adj_first, c->adj_n, c->adj};
    int reached = start < 0 ? 0 : tt_graph_bfs(&g, mask, start, dist);
    for (int v = 0; v < c->ncircles && reached < nmove; v++)
        if (mask[v] && dist[v] == TT_GRAPH_FAR) {
            int more = nmove - reached - 1;
            char tail[48] = "";
            if (more > 0)
                snprintf(tail, sizeof tail, " (nor %d more circle%s)", more, more > 1 ? "s" : "");
            PROBLEM(L, L->cnode[v], NULL, "TAN-2.3.4",
                    "the map is not connected: circle '%s'%s cannot be reached from circle '%s'",
                    c->circle[v].id, tail, c->circle[start].id);
            break;
        }
}

static void load_board(loader *L, const json_t *root)
{
    static const char *const fields[] = {"board_id", "name", "palette", "circles", "links", NULL};
    tan_content *c = L->c;
    tt_field_check(&L->f, root, fields, "the board file", "TAN-11");
    read_id(L, root, "board_id", "board", "TAN-11", c->board_id, sizeof c->board_id);
    read_name(L, root, "name", "TAN-11", c->board_name, sizeof c->board_name);
    load_palette(L, root);
    const json_t *circles = object_list(L, root, "circles", MAX_CIRCLES, "circles", "TAN-2.3.1");
    for (size_t i = 0; circles && i < json_array_size(circles) && i < MAX_CIRCLES; i++) {
        const json_t *cj = json_array_get(circles, i);
        if (json_is_object(cj))
            load_circle(L, cj);
        else
            PROBLEM(L, root, "circles", "TAN-2.3.1", "circle %zu must be an object", i + 1);
    }
    const json_t *links = object_list(L, root, "links", TAN_MAX_LINKS, "links", "TAN-2.3.3");
    for (size_t i = 0; links && i < json_array_size(links); i++) {
        const json_t *lj = json_array_get(links, i);
        if (json_is_object(lj))
            load_link(L, lj);
        else
            PROBLEM(L, root, "links", "TAN-2.3.3", "link %zu must be an object", i + 1);
    }
    if (!circles)
        return;
    build_adjacency(c);
    check_board(L, root);
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
        const json_t *types = string_list(L, ej, "types", 1, "TAN-2.6.2");
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
        e->skill = (uint8_t)tt_field_enum(&L->f, ej, "skill", skill_names, 0, 1, "TAN-2.6.2");
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
    read_id(L, ej, "id", "equipment", "TAN-2.6.1", e->id, sizeof e->id);
    if (find_equip(c, e->id) >= 0)
        PROBLEM(L, ej, "id", "TAN-2.6.1", "equipment id '%s' is not unique", e->id);
    read_name(L, ej, "name", "TAN-2.6.1", e->name, sizeof e->name);
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
    const json_t *arr =
        object_list(L, root, "equipment", TAN_MAX_EQUIP, "equipment definitions", "TAN-2.6.1");
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
        const json_t *list = string_list(L, packs, pack_names[p], 0, "TAN-2.5.1");
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
    read_id(L, cj, "id", "character", "TAN-2.5.1", ch->id, sizeof ch->id);
    if (find_char(c, ch->id) >= 0)
        PROBLEM(L, cj, "id", "TAN-2.5.1", "character id '%s' is not unique", ch->id);
    read_name(L, cj, "name", "TAN-2.5.1", ch->name, sizeof ch->name);
    const char *fac = tt_field_str(&L->f, cj, "faction", sizeof c->fac[0].id - 1, "TAN-2.5.1");
    int f = find_faction(c, fac);
    if (*fac && f < 0)
        PROBLEM(L, cj, "faction", "TAN-2.5.1", "unknown faction '%s'", fac);
    ch->faction = (uint8_t)(f < 0 ? TAN_NONE : f);
    ch->cls = (uint8_t)tt_field_enum(&L->f, cj, "class", class_names, CLASS_HERO, 1, "TAN-2.5.1");
    load_rows(L, cj, ch);
    const json_t *skills = string_list(L, cj, "skills", 0, "TAN-2.5.1");
    if (skills)
        ch->skills = (uint8_t)skill_set(L, cj, "skills", skills, "TAN-2.5.1");
    ch->slots = (uint8_t)tt_field_int(&L->f, cj, "slots", 1, TAN_MAX_SLOTS, 4, 0, "TAN-2.5.1");
    load_special(L, cj, ch);
    load_packs(L, cj, ch);
    const json_t *aff = string_list(L, cj, "affiliations", 0, "TAN-2.5.1");
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
    read_id(L, fj, "id", "faction", "TAN-2.5.1", fa->id, sizeof fa->id);
    if (find_faction(c, fa->id) >= 0)
        PROBLEM(L, fj, "id", "TAN-2.5.1", "faction id '%s' is not unique", fa->id);
    read_name(L, fj, "name", "TAN-2.5.1", fa->name, sizeof fa->name);
    string_list(L, fj, "roster", 1, "TAN-2.5.1"); /* resolved once the characters are read */
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
        object_list(L, root, "factions", TAN_MAX_FACTIONS, "factions", "TAN-2.5.1");
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
        object_list(L, root, "characters", TAN_MAX_CHARS, "characters", "TAN-2.5.1");
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
    read_id(L, cj, "id", "crate", "TAN-2.7.1", cr->id, sizeof cr->id);
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
    const json_t *arr = object_list(L, root, "crates", TAN_MAX_CRATES, "crate tokens", "TAN-2.7.1");
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
    read_id(L, oj, "id", "objective token", "TAN-2.7.2", o->id, sizeof o->id);
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
    int grade = tt_field_enum(&L->f, oj, "grade", grade_names, -1, 1, "TAN-2.7.2");
    o->grade = (uint8_t)(grade < 0 ? GRADE_SECONDARY : grade);
    const json_t *skills = string_list(L, oj, "skills", 1, "TAN-2.7.2");
    if (skills) {
        skill_set(L, oj, "skills", skills, "TAN-2.7.2");
        size_t n = json_array_size(skills);
        if (grade == GRADE_PRIMARY && n != 2)
            PROBLEM(L, oj, "skills", "TAN-2.7.2",
                    "a PRIMARY token lists 2 different skills, not %zu", n);
        else if (grade == GRADE_SECONDARY && n != 1)
            PROBLEM(L, oj, "skills", "TAN-2.7.2", "a SECONDARY token lists 1 skill, not %zu", n);
        for (size_t i = 0; i < n && i < 2; i++) {
            int k = tt_field_lookup(skill_names, json_string_value(json_array_get(skills, i)));
            o->skill[o->nskills++] = (uint8_t)(k < 0 ? 0 : k);
        }
    }
    c->nobjs++;
}

static void load_objectives(loader *L, const json_t *root)
{
    static const char *const fields[] = {"objective_tokens", NULL};
    tt_field_check(&L->f, root, fields, "the objectives file", "TAN-11");
    const json_t *arr =
        object_list(L, root, "objective_tokens", TAN_MAX_OBJ, "objective tokens", "TAN-2.7.2");
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
        size_t len = src ? src->len[k] : 0;
        tt_diags *dk = only < 0 || only == k ? d : &L->sink;
        if (text) {
            snprintf(file, sizeof file, "%s", src->file[k] ? src->file[k] : src_names[k]);
        } else {
            snprintf(path, sizeof path, "tannhauser/%s.json", src_names[k]);
            snprintf(file, sizeof file, "data/%s", path);
            text = tt_embedded_find(path, &len);
        }
        if (!text) {
            tt_diag_add(dk, file, 0, "TAN-11", "the %s file is missing", src_names[k]);
            continue;
        }
        tt_json_doc doc;
        int first = dk->n;
        if (tt_json_parse(&doc, text, len, file, dk) != 0)
            continue;
        L->f.doc = &doc;
        L->f.d = dk;
        if (!json_is_object(doc.root))
            PROBLEM(L, doc.root, NULL, "TAN-11", "a %s file is a JSON object", src_names[k]);
        else
            load[k](L, doc.root);
        sort_diags(dk, first);
        tt_json_fini(&doc);
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
    free(c->pd);
    free(c->wd);
    c->pd = c->wd = NULL;
}

static int is_site(const tan_content *c, int v)
{
    int k = c->circle[v].kind;
    return k == CK_ACTION || (k == CK_OBJECTIVE && c->mode == MODE_DEATHMATCH);
}

static int mode_uses(const tan_content *c, const tan_crate *cr)
{
    switch (c->mode) {
    case MODE_STORY: return cr->kind == CRATE_VP;
    case MODE_CTF: return cr->kind == CRATE_EQUIPMENT;
    default: return 1;
    }
}

/* TAN-2.4.4: pd = the least hops inside one path holding both circles; a path
 * is a component of one colour's PATH/ENTRY circles, so a search per colour
 * restricted to that colour's circles finds each path's distances at once. */
static void derive_pd(tan_content *c, const tt_graph *g)
{
    int n = c->ncircles;
    uint8_t mask[MAX_CIRCLES], dist[MAX_CIRCLES];
    for (int k = 0; k < c->ncolors; k++) {
        for (int v = 0; v < n; v++)
            mask[v] = (uint8_t)(movable(c, v) && (c->circle[v].colors & 1u << k));
        for (int s = 0; s < n; s++) {
            if (!mask[s])
                continue;
            tt_graph_bfs(g, mask, s, dist);
            uint8_t *row = c->pd + (size_t)s * (size_t)n;
            for (int t = 0; t < n; t++)
                if (dist[t] < row[t])
                    row[t] = dist[t];
        }
    }
}

/* TAN-2.4.5: wd = the least hops in the movement graph (PATH and ENTRY circles). */
static void derive_wd(tan_content *c, const tt_graph *g)
{
    int n = c->ncircles;
    uint8_t mask[MAX_CIRCLES];
    for (int v = 0; v < n; v++)
        mask[v] = (uint8_t)movable(c, v);
    for (int s = 0; s < n; s++)
        tt_graph_bfs(g, mask, s, c->wd + (size_t)s * (size_t)n);
}

int tan_content_derive(tan_content *c)
{
    tan_content_free(c);
    build_adjacency(c);
    size_t n = (size_t)c->ncircles;
    c->pd = malloc(n * n + 1);
    c->wd = malloc(n * n + 1);
    if (!c->pd || !c->wd) {
        tan_content_free(c);
        return TT_ENOMEM;
    }
    memset(c->pd, TT_GRAPH_FAR, n * n);
    tt_graph g = {c->ncircles, c->adj_first, c->adj_n, c->adj};
    derive_pd(c, &g);
    derive_wd(c, &g);
    c->nentries = c->nobjcircles = c->nsites = 0;
    for (int v = 0; v < c->ncircles; v++) {
        c->site_of[v] = TAN_NONE;
        if (c->circle[v].kind == CK_ENTRY)
            c->entry[c->nentries++] = (uint8_t)v;
        if (c->circle[v].kind == CK_OBJECTIVE)
            c->objcircle[c->nobjcircles++] = (uint8_t)v;
        if (is_site(c, v) && c->nsites < TAN_MAX_SITES) { /* the load checked the bound */
            c->site_of[v] = (uint8_t)c->nsites;
            c->site[c->nsites++] = (uint8_t)v;
        }
    }
    c->nmode_crates = 0;
    for (int i = 0; i < c->ncrates; i++)
        if (mode_uses(c, &c->crate[i]))
            c->mode_crate[c->nmode_crates++] = (uint8_t)i;
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
    int kind = -1;
    if (tt_json_parse(&doc, text, len, path, d) == 0) {
        kind = kind_of(&doc, d);
        tt_json_fini(&doc);
    }
    if (kind < 0) {
        free(text);
        return TT_ECONTENT;
    }
    /* the other four files are the embedded samples, so references resolve */
    tan_sources src = {{NULL}, {0}, {NULL}};
    src.text[kind] = text;
    src.len[kind] = len;
    src.file[kind] = path;
    tan_content *c = malloc(sizeof *c);
    int n0 = d->n + d->dropped;
    int rc = c ? load_set(c, &src, d, kind) : TT_ENOMEM;
    free(c);
    free(text);
    if (rc == TT_ENOMEM)
        return TT_ENOMEM;
    return d->n + d->dropped > n0 ? TT_ECONTENT : TT_OK;
}
