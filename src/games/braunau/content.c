/* Braunau content: loading and validating a content (variant) file — the
 * constants, factions, token types, areas, agents and items of BRA-2 and
 * BRA-12.1 – 12.4 — into a flat bra_content.
 *
 * Validation does not stop at the first problem: every unknown field, wrong
 * type, out-of-range value, unknown reference and broken data rule is reported
 * with its line and an error code (E_DATA_*), so `tabletop deck validate`
 * shows them all. The data checks the rules name are E_DATA_ASYMMETRIC_
 * ADJACENCY (BRA-12.2), E_DATA_RESIDENT, E_DATA_MOB and E_DATA_TOO_FEW_BASE_
 * AGENTS (BRA-12.3, 3.8); the engine adds E_DATA_FIELD (shape), E_DATA_REFERENCE
 * (unknown id), E_DATA_DUPLICATE (id repeated), E_DATA_LIMIT (engine limits) and
 * E_DATA_STD_TOTAL (a standard composition that cannot fill a deck). Loading
 * only: never on the playout path. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/fields.h"
#include "core/graph.h"
#include "core/json.h"
#include "games/braunau/braunau.h"

typedef struct loader {
    tt_fields f; /* the document, the diagnostics and the code E_DATA_FIELD (core/fields.h) */
    bra_content *c;
} loader;

#define PROBLEM(L, node, key, rule, ...) TT_FIELD_PROBLEM(&(L)->f, node, key, rule, __VA_ARGS__)

static const char *const type_codes[] = {"DROP", "ABIL", "SPEC", "REFILL", "SUMMON", "CI",
                                         "POP",  "GOLD", "BR",   "FA",     NULL};
static const char *const effect_names[] = {"AGITATE",   "SABOTAGE", "COURIER", "SURVEY",
                                           "FUNDRAISE", "ARREST",   NULL};
static const char *const itype_names[] = {
    "FORGED_PAPERS", "MOTORCAR", "PRINTING_PRESS", "INFORMANT", "LEAFLETS", "DOSSIER", NULL};
static const char *const ikind_names[] = {"PASSIVE", "PERMANENT", "ONE_USE", NULL};
static const char *const faction_ids[] = {"GERMANS", "AUSTRIANS", "LOCALS", NULL};
/* BRA-6.19.1: each item type's kind, and the AP of a use */
static const uint8_t itype_kind[] = {IK_PASSIVE, IK_PERMANENT, IK_PERMANENT,
                                     IK_ONE_USE, IK_ONE_USE,   IK_PERMANENT};
static const uint8_t itype_use_ap[] = {0, 0, 0, 0, 1, 0};

const char *bra_type_code_name(int type)
{
    return type >= 0 && type < T_NTYPES ? type_codes[type] : "?";
}
const char *bra_effect_name(int e)
{
    return e >= 0 && e < EF_NEFFECTS ? effect_names[e] : "?";
}
const char *bra_itype_name(int t)
{
    return t >= 0 && t < IT_NTYPES ? itype_names[t] : "?";
}

int bra_type_code(const char *code)
{
    for (int i = 0; type_codes[i]; i++)
        if (strcmp(type_codes[i], code) == 0)
            return i;
    return -1;
}

int bra_find_agent(const bra_content *c, const char *id)
{
    for (int i = 0; i < c->nagents; i++)
        if (strcasecmp(c->a[i].id, id) == 0)
            return i;
    return -1;
}

int bra_find_area(const bra_content *c, const char *id)
{
    for (int i = 0; i < c->nareas; i++)
        if (strcasecmp(c->area[i].id, id) == 0)
            return i;
    return -1;
}

int bra_find_item(const bra_content *c, const char *id)
{
    for (int i = 0; i < c->nitems; i++)
        if (strcasecmp(c->item[i].id, id) == 0)
            return i;
    return -1;
}

int bra_find_faction(const bra_content *c, const char *id)
{
    for (int i = 0; i < BRA_NF; i++)
        if (strcasecmp(c->f[i].id, id) == 0)
            return i;
    return -1;
}

/* --- field readers: core/fields.h, with Braunau's own identifiers ------------------ */

/* An identifier: letters, digits and '_' (ids are written into action texts). */
static const char *get_id(loader *L, const json_t *obj, const char *key, size_t maxlen,
                          const char *rule)
{
    const char *s = tt_field_str(&L->f, obj, key, maxlen, rule);
    for (const char *p = s; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_') {
            PROBLEM(L, obj, key, rule,
                    "E_DATA_FIELD: id '%s' may hold only letters, digits and '_'", s);
            return "";
        }
    return s;
}

/* The elements of an array that are objects; reports the others. */
static int is_entry(loader *L, const json_t *arr, const json_t *v, const char *what,
                    const char *rule)
{
    if (json_is_object(v))
        return 1;
    PROBLEM(L, arr, NULL, rule, "E_DATA_FIELD: every entry of '%s' must be an object", what);
    return 0;
}

/* --- parameters (BRA-2.1) ------------------------------------------------------- */

typedef struct param_def {
    const char *key;
    size_t off;
    int lo, hi, def; /* def: the value of BRA-2.1, kept when the file's is bad */
} param_def;

/* clang-format off */
#define PARAM(k, lo, hi, def) {#k, offsetof(bra_params, k), lo, hi, def}
/* clang-format on */
static const param_def param_defs[] = {
    PARAM(deck_size, 1, BRA_MAX_DECK, 52),
    PARAM(free_tokens, 0, BRA_MAX_STASH, 2),
    PARAM(first_draw_round, 1, 50, 2),
    PARAM(draw_count, 1, BRA_MAX_DRAW, 5),
    PARAM(retain_max, 0, BRA_MAX_RETAIN, 2),
    PARAM(retain_cost, 0, 9, 1),
    PARAM(stash_max, 1, BRA_MAX_STASH, 8),
    PARAM(discard_cost, 0, 9, 1),
    PARAM(deploy_cost_first, 0, 9, 1),
    PARAM(deploy_cost_repeat, 0, 9, 2),
    PARAM(max_abil_per_agent, 0, BRA_MAX_DECK, 6),
    PARAM(max_records, 0, BRA_MAX_DECK, 8),
    PARAM(max_dropoff, 0, BRA_MAX_DECK, 4),
    PARAM(ap_per_turn, 0, 30, 6),
    PARAM(rounds, 1, 50, 10),
    PARAM(support_max, 1, 15, 5),
    PARAM(trigger_level, 1, 15, 3),
    PARAM(home_support, 0, 15, 1),
    PARAM(start_gold, 0, 99, 2),
    PARAM(gold_per_nazi_gold, 0, 20, 2),
    PARAM(market_row, 0, BRA_MAX_ROW, 3),
    PARAM(arrest_vp, 0, 20, 2),
    PARAM(bribe_vp, 0, 20, 2),
    PARAM(ability_max_level, 1, BRA_MAX_PATH - 1, 3),
    PARAM(ability_charges, 1, 9, 2),
    PARAM(cost_move, 0, 9, 1),
    PARAM(cost_agitate, 0, 9, 2),
    PARAM(cost_denounce, 0, 9, 1),
    PARAM(cost_ability, 0, 9, 1),
    {NULL, 0, 0, 0, 0},
};

static void load_params(loader *L, const json_t *root)
{
    const json_t *o = tt_field_object(&L->f, root, "parameters", 1, "BRA-2.1");
    if (!o)
        return;
    const char *allowed[sizeof param_defs / sizeof *param_defs];
    for (size_t i = 0; i < sizeof param_defs / sizeof *param_defs; i++)
        allowed[i] = param_defs[i].key;
    tt_field_check(&L->f, o, allowed, "the parameters", "BRA-2.1");
    for (const param_def *p = param_defs; p->key; p++)
        *((uint8_t *)&L->c->p + p->off) =
            (uint8_t)tt_field_int(&L->f, o, p->key, p->lo, p->hi, p->def, 1, "BRA-2.1");
    bra_params *q = &L->c->p;
    if (q->trigger_level > q->support_max)
        PROBLEM(L, o, "trigger_level", "BRA-2.1",
                "E_DATA_FIELD: trigger_level %d is above support_max %d", q->trigger_level,
                q->support_max);
    if (q->home_support >= q->trigger_level)
        PROBLEM(L, o, "home_support", "BRA-2.1",
                "E_DATA_FIELD: home_support %d must stay below trigger_level %d", q->home_support,
                q->trigger_level);
    if (q->free_tokens > q->stash_max || q->free_tokens > q->deck_size)
        PROBLEM(L, o, "free_tokens", "BRA-2.1",
                "E_DATA_FIELD: free_tokens %d do not fit the stash (%d) or the deck (%d)",
                q->free_tokens, q->stash_max, q->deck_size);
    if (q->retain_max > q->draw_count)
        PROBLEM(L, o, "retain_max", "BRA-2.1", "E_DATA_FIELD: retain_max %d is above draw_count %d",
                q->retain_max, q->draw_count);
}

/* --- areas (BRA-2.12, 12.2) ----------------------------------------------------- */

static void load_areas(loader *L, const json_t *root)
{
    static const char *const fields[] = {"id",       "index",      "name",     "value",
                                         "rally_vp", "rally_gold", "adjacent", NULL};
    const json_t *arr = tt_field_array(&L->f, root, "areas", 1, "BRA-2.12");
    if (!arr)
        return;
    size_t n = json_array_size(arr);
    if (n < 1 || n > BRA_MAX_AREAS) {
        PROBLEM(L, arr, NULL, "BRA-2.12", "E_DATA_LIMIT: %zu areas; the engine takes 1..%d", n,
                BRA_MAX_AREAS);
        if (n > BRA_MAX_AREAS)
            return;
    }
    bra_content *c = L->c;
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v) {
        bra_area *a = &c->area[c->nareas++];
        if (!is_entry(L, arr, v, "areas", "BRA-2.12"))
            continue;
        tt_field_check(&L->f, v, fields, "an area", "BRA-2.12");
        snprintf(a->id, sizeof a->id, "%s", get_id(L, v, "id", sizeof a->id - 1, "BRA-2.12"));
        snprintf(a->name, sizeof a->name, "%s",
                 tt_field_str(&L->f, v, "name", sizeof a->name - 1, "BRA-2.12"));
        int index = tt_field_int(&L->f, v, "index", 0, BRA_MAX_AREAS - 1, (int)i, 1, "BRA-2.12");
        if (index != (int)i)
            PROBLEM(L, v, "index", "BRA-2.12",
                    "E_DATA_FIELD: area '%s' has index %d but is entry %zu", a->id, index, i);
        a->value = (uint8_t)tt_field_int(&L->f, v, "value", 1, 3, 1, 1, "BRA-2.12");
        a->rally_vp = (uint8_t)tt_field_int(&L->f, v, "rally_vp", 0, 9, 0, 1, "BRA-2.12");
        a->rally_gold = (uint8_t)tt_field_int(&L->f, v, "rally_gold", 0, 9, 0, 1, "BRA-2.12");
        for (size_t k = 0; k < i; k++)
            if (a->id[0] && strcmp(c->area[k].id, a->id) == 0)
                PROBLEM(L, v, "id", "BRA-2.12", "E_DATA_DUPLICATE: area id '%s' is not unique",
                        a->id);
    }
    /* adjacency once every id is known */
    json_array_foreach((json_t *)arr, i, v) {
        const json_t *adj =
            json_is_object(v) ? tt_field_array(&L->f, v, "adjacent", 1, "BRA-2.12") : NULL;
        size_t k;
        json_t *w;
        json_array_foreach((json_t *)adj, k, w) {
            const char *id = json_string_value(w);
            int j = id ? bra_find_area(c, id) : -1;
            if (j < 0)
                PROBLEM(L, v, "adjacent", "BRA-2.12",
                        "E_DATA_REFERENCE: area '%s' lists an unknown adjacent area '%s'",
                        c->area[i].id, id ? id : "(not a string)");
            else if (j == (int)i || (c->area[i].adj >> j & 1))
                PROBLEM(L, v, "adjacent", "BRA-2.12",
                        "E_DATA_FIELD: area '%s' lists '%s' as adjacent %s", c->area[i].id, id,
                        j == (int)i ? "to itself" : "twice");
            else
                c->area[i].adj |= (uint16_t)(1u << j);
        }
    }
    for (int x = 0; x < c->nareas; x++)
        for (int y = 0; y < c->nareas; y++)
            if ((c->area[x].adj >> y & 1) && !(c->area[y].adj >> x & 1))
                PROBLEM(L, json_array_get(arr, (size_t)x), "adjacent", "BRA-12.2",
                        "E_DATA_ASYMMETRIC_ADJACENCY: '%s' lists '%s' as adjacent but '%s' does "
                        "not list '%s'",
                        c->area[x].id, c->area[y].id, c->area[y].id, c->area[x].id);
}

/* core/graph's element types (vertex ids and adjacency entries, degrees,
 * distances), named once: a change of width there is a change here only. */
typedef uint16_t graph_vertex;
typedef uint16_t graph_deg;
typedef uint16_t graph_dist;

/* A graph distance as the content stores it: unreachable is 255. */
static uint8_t area_distance(graph_dist d)
{
    return d == TT_GRAPH_FAR ? 255 : (uint8_t)d;
}

/* BRA-2.12: distances by breadth-first search over the map (core/graph), an
 * undirected graph: adjacency is symmetric (BRA-12.2; content that is not is
 * refused, its distances unused). Unreachable areas stay 255. */
static void compute_distances(bra_content *c)
{
    enum { MAX_EDGES = BRA_MAX_AREAS * (BRA_MAX_AREAS - 1) / 2 };
    graph_vertex ea[MAX_EDGES], eb[MAX_EDGES], adj[2 * MAX_EDGES];
    graph_deg deg[BRA_MAX_AREAS];
    graph_dist dist[BRA_MAX_AREAS];
    uint32_t first[BRA_MAX_AREAS];
    int nedges = 0;
    for (int x = 0; x < c->nareas; x++)
        for (int y = x + 1; y < c->nareas; y++)
            if ((c->area[x].adj >> y | c->area[y].adj >> x) & 1) {
                ea[nedges] = (graph_vertex)x;
                eb[nedges++] = (graph_vertex)y;
            }
    tt_graph_build(c->nareas, nedges, ea, eb, first, deg, adj);
    tt_graph g = {c->nareas, first, deg, adj};
    c->all_areas = (uint16_t)((1u << c->nareas) - 1);
    for (int x = 0; x < c->nareas; x++) {
        tt_graph_bfs(&g, NULL, x, dist);
        memset(c->dist[x], 255, sizeof c->dist[x]);
        for (int y = 0; y < c->nareas; y++)
            c->dist[x][y] = area_distance(dist[y]);
    }
    for (int x = 0; x < BRA_MAX_AREAS; x++) {
        c->walk[x][0] = (uint16_t)(1u << x);
        for (int n = 1; n <= BRA_MAX_PATH; n++)
            c->walk[x][n] = bra_walk_step(c, c->walk[x][n - 1]);
    }
}

/* --- factions and token types (BRA-2.2 – 2.4, 12.1) --------------------------- */

static void load_factions(loader *L, const json_t *root)
{
    static const char *const fields[] = {"id",        "letter", "name", "records_type",
                                         "home_area", "order",  NULL};
    static const char *const records[] = {"BR", "FA", NULL};
    const json_t *arr = tt_field_array(&L->f, root, "factions", 1, "BRA-2.2");
    if (!arr)
        return;
    bra_content *c = L->c;
    int seen = 0;
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v) {
        if (!is_entry(L, arr, v, "factions", "BRA-2.2"))
            continue;
        tt_field_check(&L->f, v, fields, "a faction", "BRA-2.2");
        int id = tt_field_enum(&L->f, v, "id", faction_ids, -1, 1, "BRA-2.2");
        int order = tt_field_int(&L->f, v, "order", 0, BRA_NF - 1, -1, 1, "BRA-2.2");
        const char *letter = tt_field_str(&L->f, v, "letter", 1, "BRA-2.2");
        int rec = tt_field_enum(&L->f, v, "records_type", records, 0, 1, "BRA-2.2");
        const char *home = tt_field_str(&L->f, v, "home_area", sizeof c->area[0].id - 1, "BRA-2.2");
        int h = bra_find_area(c, home);
        if (home[0] && h < 0)
            PROBLEM(L, v, "home_area", "BRA-2.2", "E_DATA_REFERENCE: unknown home area '%s'", home);
        if (id < 0 || order < 0)
            continue;
        if (order != id)
            PROBLEM(L, v, "order", "BRA-2.2",
                    "E_DATA_FIELD: %s has order %d; the order is GERMANS "
                    "0, AUSTRIANS 1, LOCALS 2",
                    faction_ids[id], order);
        if (seen >> id & 1) {
            PROBLEM(L, v, "id", "BRA-2.2", "E_DATA_DUPLICATE: faction %s is listed twice",
                    faction_ids[id]);
            continue;
        }
        seen |= 1 << id;
        bra_faction *f = &c->f[id];
        snprintf(f->id, sizeof f->id, "%s", faction_ids[id]);
        snprintf(f->name, sizeof f->name, "%s",
                 tt_field_str(&L->f, v, "name", sizeof f->name - 1, "BRA-2.2"));
        f->letter = letter[0];
        if (letter[0] && !isupper((unsigned char)letter[0]))
            PROBLEM(L, v, "letter", "BRA-2.2",
                    "E_DATA_FIELD: a faction letter is one capital letter");
        f->records = rec == 0 ? T_BR : T_FA;
        f->home = (uint8_t)(h < 0 ? 0 : h);
    }
    for (int k = 0; k < BRA_NF; k++) {
        if (!(seen >> k & 1))
            PROBLEM(L, arr, NULL, "BRA-2.2", "E_DATA_FIELD: faction %s is missing", faction_ids[k]);
        for (int j = 0; j < k; j++)
            if ((seen >> k & 1) && (seen >> j & 1) && c->f[k].letter == c->f[j].letter)
                PROBLEM(L, arr, NULL, "BRA-2.2", "E_DATA_DUPLICATE: %s and %s share the letter %c",
                        faction_ids[j], faction_ids[k], c->f[k].letter);
    }
}

static void load_token_types(loader *L, const json_t *root)
{
    static const char *const fields[] = {"code",     "name",         "class", "std_count",
                                         "labelled", "records_type", NULL};
    static const char *const classes[] = {"agent", "faction", NULL};
    /* BRA-2.4: the class of each type decides its cost */
    static const int type_class[] = {0, 0, 0, 1, 0, 0, 0, 1, 1, 1};
    const json_t *arr = tt_field_array(&L->f, root, "token_types", 1, "BRA-2.4");
    if (!arr)
        return;
    bra_content *c = L->c;
    int seen = 0;
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v) {
        if (!is_entry(L, arr, v, "token_types", "BRA-2.4"))
            continue;
        tt_field_check(&L->f, v, fields, "a token type", "BRA-2.4");
        int t = tt_field_enum(&L->f, v, "code", type_codes, -1, 1, "BRA-2.4");
        int cls = tt_field_enum(&L->f, v, "class", classes, 0, 1, "BRA-2.4");
        int std = tt_field_int(&L->f, v, "std_count", 0, BRA_MAX_DECK, 0, 1, "BRA-2.4");
        int labelled = tt_field_bool(&L->f, v, "labelled", 0, 0, "BRA-2.4");
        json_t *rec = json_object_get(v, "records_type");
        if (t < 0)
            continue;
        if (seen >> t & 1) {
            PROBLEM(L, v, "code", "BRA-2.4", "E_DATA_DUPLICATE: token type %s is listed twice",
                    type_codes[t]);
            continue;
        }
        seen |= 1 << t;
        snprintf(c->type_name[t], sizeof c->type_name[t], "%s",
                 tt_field_str(&L->f, v, "name", sizeof c->type_name[t] - 1, "BRA-2.4"));
        c->ntypes_std[t] = std;
        if (cls != type_class[t])
            PROBLEM(L, v, "class", "BRA-2.4", "E_DATA_FIELD: %s is a%s token", type_codes[t],
                    type_class[t] ? " faction" : "n agent");
        if (labelled != (t == T_ABIL))
            PROBLEM(L, v, "labelled", "BRA-2.4", "E_DATA_FIELD: only ABIL tokens are labelled");
        if ((t == T_BR || t == T_FA) != (rec != NULL) ||
            (rec && (!json_is_string(rec) || strcmp(json_string_value(rec), type_codes[t]) != 0)))
            PROBLEM(L, v, rec ? "records_type" : NULL, "BRA-2.4",
                    "E_DATA_FIELD: BR and FA (only) carry their own records_type");
    }
    for (int t = 0; t < T_NTYPES; t++)
        if (!(seen >> t & 1))
            PROBLEM(L, arr, NULL, "BRA-2.4", "E_DATA_FIELD: token type %s is missing",
                    type_codes[t]);
}

/* --- agents (BRA-2.7, 2.8, 12.3) ---------------------------------------------- */

static void load_agent(loader *L, const json_t *arr, const json_t *v)
{
    static const char *const fields[] = {"id",       "faction", "name",    "kind", "tier",
                                         "resident", "price",   "ability", NULL};
    static const char *const kinds[] = {"AGENT", "MOB", NULL};
    static const char *const tiers[] = {"BASE", "EXTENDED", NULL};
    static const char *const afields[] = {"name", "effect", NULL};
    bra_content *c = L->c;
    if (!is_entry(L, arr, v, "agents", "BRA-2.7"))
        return;
    tt_field_check(&L->f, v, fields, "an agent", "BRA-2.7");
    if (c->nagents == BRA_MAX_AGENTS) {
        PROBLEM(L, v, NULL, "BRA-2.7", "E_DATA_LIMIT: more than %d agents", BRA_MAX_AGENTS);
        return;
    }
    bra_agent *a = &c->a[c->nagents];
    snprintf(a->id, sizeof a->id, "%s", get_id(L, v, "id", sizeof a->id - 1, "BRA-2.7"));
    snprintf(a->name, sizeof a->name, "%s",
             tt_field_str(&L->f, v, "name", sizeof a->name - 1, "BRA-2.7"));
    int f = tt_field_enum(&L->f, v, "faction", faction_ids, -1, 1, "BRA-2.7");
    a->mob = (uint8_t)tt_field_enum(&L->f, v, "kind", kinds, 0, 1, "BRA-2.7");
    a->extended = (uint8_t)tt_field_enum(&L->f, v, "tier", tiers, 0, 1, "BRA-2.7");
    a->resident = (uint8_t)tt_field_bool(&L->f, v, "resident", 0, 0, "BRA-2.7");
    json_t *price = json_object_get(v, "price");
    if (a->mob && price)
        PROBLEM(L, v, "price", "BRA-12.3",
                "E_DATA_MOB: mob '%s' has a price; mobs cannot be bribed", a->id);
    else if (!a->mob)
        a->price = (uint8_t)tt_field_int(&L->f, v, "price", 1, 9, 1, 1, "BRA-2.7");
    const json_t *ab = tt_field_object(&L->f, v, "ability", 1, "BRA-2.7");
    if (ab) {
        tt_field_check(&L->f, ab, afields, "an ability", "BRA-2.7");
        snprintf(a->ability, sizeof a->ability, "%s",
                 tt_field_str(&L->f, ab, "name", sizeof a->ability - 1, "BRA-2.7"));
        a->effect = (uint8_t)tt_field_enum(&L->f, ab, "effect", effect_names, 0, 1, "BRA-2.11");
    }
    for (int k = 0; k < c->nagents; k++)
        if (a->id[0] && strcmp(c->a[k].id, a->id) == 0)
            PROBLEM(L, v, "id", "BRA-2.7", "E_DATA_DUPLICATE: agent id '%s' is not unique", a->id);
    if (f < 0)
        return;
    if (a->mob && f != 2)
        PROBLEM(L, v, "kind", "BRA-2.8",
                "E_DATA_MOB: mob '%s' belongs to %s; mobs exist only among "
                "the LOCALS",
                a->id, faction_ids[f]);
    bra_faction *fa = &c->f[f];
    if (fa->nagents == BRA_MAX_FAGENTS) {
        PROBLEM(L, v, NULL, "BRA-2.7", "E_DATA_LIMIT: %s has more than %d agents", faction_ids[f],
                BRA_MAX_FAGENTS);
        return;
    }
    a->faction = (uint8_t)f;
    a->local = fa->nagents;
    fa->agent[fa->nagents++] = (uint8_t)c->nagents++;
}

static void load_agents(loader *L, const json_t *root)
{
    const json_t *arr = tt_field_array(&L->f, root, "agents", 1, "BRA-2.7");
    if (!arr)
        return;
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v)
        load_agent(L, arr, v);
    const bra_content *c = L->c;
    for (int f = 0; f < BRA_NF; f++) {
        int residents = 0, base = 0, bad = 0;
        for (int k = 0; k < c->f[f].nagents; k++) {
            const bra_agent *a = &c->a[c->f[f].agent[k]];
            base += !a->extended;
            if (a->resident) {
                residents++;
                bad |= a->extended || a->mob;
            }
        }
        if (residents != 1 || bad)
            PROBLEM(L, arr, NULL, "BRA-12.3",
                    "E_DATA_RESIDENT: %s need exactly one resident, a BASE agent that is not a mob "
                    "(%d resident%s)",
                    faction_ids[f], residents, residents == 1 ? "" : "s");
        if (base < 2)
            PROBLEM(L, arr, NULL, "BRA-3.8",
                    "E_DATA_TOO_FEW_BASE_AGENTS: %s have %d base agent%s; at least 2 are needed",
                    faction_ids[f], base, base == 1 ? "" : "s");
    }
}

/* --- items (BRA-2.14, 6.19, 12.4) ----------------------------------------------- */

static void load_items(loader *L, const json_t *root)
{
    static const char *const fields[] = {"id",          "type",   "price", "kind",
                                         "use_cost_ap", "end_vp", NULL};
    const json_t *arr = tt_field_array(&L->f, root, "items", 1, "BRA-2.14");
    if (!arr)
        return;
    bra_content *c = L->c;
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v) {
        if (!is_entry(L, arr, v, "items", "BRA-2.14"))
            continue;
        tt_field_check(&L->f, v, fields, "an item", "BRA-2.14");
        if (c->nitems == BRA_MAX_ITEMS) {
            PROBLEM(L, v, NULL, "BRA-2.14", "E_DATA_LIMIT: more than %d items", BRA_MAX_ITEMS);
            return;
        }
        bra_item *it = &c->item[c->nitems];
        snprintf(it->id, sizeof it->id, "%s", get_id(L, v, "id", sizeof it->id - 1, "BRA-2.14"));
        it->type = (uint8_t)tt_field_enum(&L->f, v, "type", itype_names, 0, 1, "BRA-6.19");
        it->price = (uint8_t)tt_field_int(&L->f, v, "price", 0, 9, 0, 1, "BRA-2.14");
        it->kind = (uint8_t)tt_field_enum(&L->f, v, "kind", ikind_names, itype_kind[it->type], 1,
                                          "BRA-2.14");
        if (it->kind != itype_kind[it->type])
            PROBLEM(L, v, "kind", "BRA-6.19", "E_DATA_FIELD: %s items are %s",
                    itype_names[it->type], ikind_names[itype_kind[it->type]]);
        int one_use = it->kind == IK_ONE_USE;
        if (!one_use && json_object_get(v, "use_cost_ap"))
            PROBLEM(L, v, "use_cost_ap", "BRA-6.19",
                    "E_DATA_FIELD: only ONE_USE items have a use cost");
        it->use_ap = (uint8_t)tt_field_int(&L->f, v, "use_cost_ap", 0, 9, itype_use_ap[it->type], 0,
                                           "BRA-6.19");
        if (it->type != IT_DOSSIER && json_object_get(v, "end_vp"))
            PROBLEM(L, v, "end_vp", "BRA-6.19", "E_DATA_FIELD: only DOSSIER items score end_vp");
        it->end_vp = (uint8_t)tt_field_int(&L->f, v, "end_vp", 0, 9, it->type == IT_DOSSIER ? 2 : 0,
                                           0, "BRA-9.1");
        for (int k = 0; k < c->nitems; k++)
            if (it->id[0] && strcmp(c->item[k].id, it->id) == 0)
                PROBLEM(L, v, "id", "BRA-2.14", "E_DATA_DUPLICATE: item id '%s' is not unique",
                        it->id);
        c->items_of[it->type] |= (uint16_t)(1u << c->nitems);
        c->nitems++;
    }
}

/* BRA-3.4: each faction's standard composition must fill a deck. */
static void check_std_total(loader *L, const json_t *root)
{
    const bra_content *c = L->c;
    for (int f = 0; f < BRA_NF; f++) {
        int total = 0;
        for (int t = 0; t < T_NTYPES; t++)
            if ((t != T_BR && t != T_FA) || t == c->f[f].records)
                total += c->ntypes_std[t];
        if (c->f[f].id[0] && total != c->p.deck_size)
            PROBLEM(L, root, "token_types", "BRA-3.4",
                    "E_DATA_STD_TOTAL: the standard composition of %s totals %d, not deck_size %d",
                    c->f[f].id, total, c->p.deck_size);
    }
}

static int content_read(void *into, const tt_json_doc *doc, tt_diags *d)
{
    bra_content *c = into;
    static const char *const fields[] = {"module", "parameters", "factions", "token_types",
                                         "areas",  "agents",     "items",    NULL};
    memset(c, 0, sizeof *c);
    int n0 = d->n + d->dropped;
    loader L = {{doc, d, "E_DATA_FIELD"}, c};
    const json_t *root = doc->root;
    if (!json_is_object(root)) {
        PROBLEM(&L, root, NULL, "BRA-12", "E_DATA_FIELD: the content must be one JSON object");
    } else {
        tt_field_check(&L.f, root, fields, "the content", "BRA-12");
        json_t *module = json_object_get(root, "module");
        if (!json_is_string(module) || strcmp(json_string_value(module), "braunau") != 0)
            PROBLEM(&L, root, module ? "module" : NULL, "BRA-12",
                    "E_DATA_FIELD: field 'module' must be \"braunau\"");
        load_params(&L, root);
        load_areas(&L, root);
        load_factions(&L, root);
        load_token_types(&L, root);
        load_agents(&L, root);
        load_items(&L, root);
        check_std_total(&L, root);
        compute_distances(c);
    }
    return d->n + d->dropped > n0 ? -1 : 0;
}

int bra_content_load(bra_content *c, const char *text, size_t len, const char *file, tt_diags *d)
{
    return tt_json_read(text, len, file, "braunau/content.json", d, content_read, c);
}

int bra_validate_content(const char *text, size_t len, const char *file, tt_diags *d)
{
    bra_content *c = malloc(sizeof *c);
    if (!c) {
        tt_diag_add(d, file, 0, NULL, "out of memory");
        return -1;
    }
    int rc = bra_content_load(c, text, len, file, d);
    free(c);
    return rc;
}
