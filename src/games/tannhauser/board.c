/* Tannhäuser board: the map file's circles and links, the board rules they
 * must keep (TAN-2.3), and the graph tables derived from them (TAN-2.4).
 *
 * A board is at most 255 circles (a circle index is a byte, and TAN_NONE,
 * 255, means "no circle") and TAN_MAX_LINKS links, each joining two different
 * circles once. Reading reports every problem with its line, as the rest of
 * content.c does; the board rules that need the whole map (ENTRY circles,
 * links to paths, connection) are checked once the adjacency is built.
 * tan_board_derive then adds, for the game's mode, the adjacency lists, the
 * path distance table pd (line of sight, TAN-2.4.3 and 2.4.4), the walking
 * distance table wd (TAN-2.4.5), and the lists of entry, objective and crate
 * site circles. pd and wd are ncircles × ncircles bytes on the heap, the
 * content's only allocations (tan_board_free). Loading only: the playout path
 * reads these tables and never builds them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fields.h"
#include "core/graph.h"
#include "core/json.h"
#include "games/tannhauser/tannhauser.h"

#define MAX_CIRCLES (TAN_MAX_CIRCLES - 1) /* 255: TAN_NONE is not a circle */
#define FAR 0xFF                          /* pd and wd: no distance (tan_same_path) */

/* The board file being read, and where each circle was written (its line,
 * for the board checks). */
typedef struct loader {
    tt_fields f;
    tan_content *c;
    const json_t *cnode[MAX_CIRCLES];
} loader;

#define PROBLEM(L, node, key, rule, ...) TT_FIELD_PROBLEM(&(L)->f, node, key, rule, __VA_ARGS__)

static const char *const ckind_names[] = {"PATH", "ENTRY", "OBJECTIVE", "ACTION", NULL};
static const char *const mod_stat_names[] = {"COMBAT", "STAMINA", "PSYCHE", NULL};
static const int mod_stat[] = {STAT_COMBAT, STAT_STAMINA, STAT_PSYCHE};

static int find_circle(const tan_content *c, const char *id)
{
    for (int i = 0; id && *id && i < c->ncircles; i++)
        if (strcmp(c->circle[i].id, id) == 0)
            return i;
    return -1;
}

/* --- the board: circles (TAN-2.3.2) ---------------------------------------------------- */

static void load_palette(loader *L, const json_t *root)
{
    tan_content *c = L->c;
    const json_t *pal = tan_string_list(&L->f, root, "palette", 1, "TAN-2.3.4");
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
    const json_t *arr = tan_string_list(&L->f, cj, "colors", 0, "TAN-2.3.2");
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
        ci->skill = (uint8_t)tt_field_enum(&L->f, cj, "skill", tan_skill_codes, 0, 1, "TAN-2.3.2");
        ci->grade = (uint8_t)tt_field_enum(&L->f, cj, "grade", tan_grade_codes, 0, 1, "TAN-2.3.2");
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
            tan_read_name(&L->f, cj, "label", "TAN-2.3.2", ci->label, sizeof ci->label);
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
    tan_read_id(&L->f, cj, "id", "circle", "TAN-2.3.2", ci->id, sizeof ci->id);
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

/* The board as a core graph, for the searches at load. core/graph.h counts in
 * 16 bits (vertices, degrees, distances) and 32 (offsets); tan_content keeps
 * circle ids, degrees, pd and wd in bytes, which the board's limits keep
 * exact: at most 255 circles, each pair linked at most once, so an id or a
 * degree is at most 254 and so is a finite distance. Tables are converted
 * here, at load, and the playout path reads only the byte tables. */
typedef struct board_graph {
    uint32_t first[MAX_CIRCLES];
    uint16_t deg[MAX_CIRCLES];
    uint16_t adj[2 * TAN_MAX_LINKS];
    tt_graph g;
} board_graph;

/* Builds bg from the links, and from it c's adjacency (adj_first, adj_n, adj,
 * adj_same, reach). */
static void build_adjacency(tan_content *c, board_graph *bg)
{
    uint16_t ea[TAN_MAX_LINKS], eb[TAN_MAX_LINKS];
    for (int i = 0; i < c->nlinks; i++) {
        ea[i] = c->link_a[i];
        eb[i] = c->link_b[i];
    }
    tt_graph_build(c->ncircles, c->nlinks, ea, eb, bg->first, bg->deg, bg->adj);
    bg->g = (tt_graph){c->ncircles, bg->first, bg->deg, bg->adj};
    for (int v = 0; v < c->ncircles; v++) {
        c->adj_first[v] = (uint16_t)bg->first[v]; /* at most 2 * TAN_MAX_LINKS */
        c->adj_n[v] = (uint8_t)bg->deg[v];
    }
    for (int j = 0; j < 2 * c->nlinks; j++)
        c->adj[j] = (uint8_t)bg->adj[j];
    for (int v = 0; v < c->ncircles; v++)
        for (int j = c->adj_first[v]; j < c->adj_first[v] + c->adj_n[v]; j++)
            c->adj_same[j] = (c->circle[v].colors & c->circle[c->adj[j]].colors) != 0;
    memset(c->path, 0, sizeof c->path);
    for (int v = 0; v < TAN_MAX_CIRCLES; v++) {
        uint64_t *r = c->reach[v], *n = c->next[v];
        if (c->circle[v].kind == CK_PATH)
            c->path[v >> 6] |= (uint64_t)1 << (v & 63);
        memset(r, 0, sizeof c->reach[v]);
        memset(n, 0, sizeof c->next[v]);
        r[v >> 6] |= (uint64_t)1 << (v & 63);
        for (int j = c->adj_first[v]; v < c->ncircles && j < c->adj_first[v] + c->adj_n[v]; j++) {
            n[c->adj[j] >> 6] |= (uint64_t)1 << (c->adj[j] & 63);
            if (c->adj_same[j])
                r[c->adj[j] >> 6] |= (uint64_t)1 << (c->adj[j] & 63);
        }
    }
}

static int movable(const tan_content *c, int v)
{
    return c->circle[v].kind == CK_PATH || c->circle[v].kind == CK_ENTRY;
}

/* TAN-2.3.4 items 1, 3, 4 and 5, and "on no path" (TAN-2.4.1). Needs the adjacency. */
static void check_board(loader *L, const json_t *root, const tt_graph *g)
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
    uint8_t mask[MAX_CIRCLES];
    uint16_t dist[MAX_CIRCLES];
    int start = -1, nmove = 0;
    for (int v = 0; v < c->ncircles; v++) {
        mask[v] = (uint8_t)movable(c, v);
        nmove += mask[v];
        if (mask[v] && start < 0)
            start = v;
    }
    int reached = start < 0 ? 0 : tt_graph_bfs(g, mask, start, dist);
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

void tan_board_load(const tt_fields *f, tan_content *c, const json_t *root)
{
    static const char *const fields[] = {"board_id", "name", "palette", "circles", "links", NULL};
    loader board = {*f, c, {NULL}}, *L = &board;
    tt_field_check(&L->f, root, fields, "the board file", "TAN-11");
    tan_read_id(&L->f, root, "board_id", "board", "TAN-11", c->board_id, sizeof c->board_id);
    tan_read_name(&L->f, root, "name", "TAN-11", c->board_name, sizeof c->board_name);
    load_palette(L, root);
    const json_t *circles =
        tan_object_list(&L->f, root, "circles", MAX_CIRCLES, "circles", "TAN-2.3.1");
    for (size_t i = 0; circles && i < json_array_size(circles) && i < MAX_CIRCLES; i++) {
        const json_t *cj = json_array_get(circles, i);
        if (json_is_object(cj))
            load_circle(L, cj);
        else
            PROBLEM(L, root, "circles", "TAN-2.3.1", "circle %zu must be an object", i + 1);
    }
    const json_t *links =
        tan_object_list(&L->f, root, "links", TAN_MAX_LINKS, "links", "TAN-2.3.3");
    for (size_t i = 0; links && i < json_array_size(links); i++) {
        const json_t *lj = json_array_get(links, i);
        if (json_is_object(lj))
            load_link(L, lj);
        else
            PROBLEM(L, root, "links", "TAN-2.3.3", "link %zu must be an object", i + 1);
    }
    if (!circles)
        return;
    board_graph bg;
    build_adjacency(c, &bg);
    check_board(L, root, &bg.g);
}

/* --- derived tables ----------------------------------------------------------------- */

void tan_board_free(tan_content *c)
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

/* TAN-2.4.4: pd = the least hops inside one path holding both circles; a path
 * is a component of one colour's PATH/ENTRY circles, so a search per colour
 * restricted to that colour's circles finds each path's distances at once. */
static void derive_pd(tan_content *c, const tt_graph *g)
{
    int n = c->ncircles;
    uint8_t mask[MAX_CIRCLES];
    uint16_t dist[MAX_CIRCLES];
    for (int k = 0; k < c->ncolors; k++) {
        for (int v = 0; v < n; v++)
            mask[v] = (uint8_t)(movable(c, v) && (c->circle[v].colors & 1u << k));
        for (int s = 0; s < n; s++) {
            if (!mask[s])
                continue;
            tt_graph_bfs(g, mask, s, dist);
            uint8_t *row = c->pd + (size_t)s * (size_t)n;
            for (int t = 0; t < n; t++)
                if (dist[t] < row[t]) /* TT_GRAPH_FAR never is */
                    row[t] = (uint8_t)dist[t];
        }
    }
}

/* TAN-2.4.5: wd = the least hops in the movement graph (PATH and ENTRY circles). */
static void derive_wd(tan_content *c, const tt_graph *g)
{
    int n = c->ncircles;
    uint8_t mask[MAX_CIRCLES];
    uint16_t dist[MAX_CIRCLES];
    for (int v = 0; v < n; v++)
        mask[v] = (uint8_t)movable(c, v);
    for (int s = 0; s < n; s++) {
        tt_graph_bfs(g, mask, s, dist);
        uint8_t *row = c->wd + (size_t)s * (size_t)n;
        for (int t = 0; t < n; t++)
            row[t] = dist[t] == TT_GRAPH_FAR ? FAR : (uint8_t)dist[t];
    }
}

int tan_board_derive(tan_content *c)
{
    tan_board_free(c);
    board_graph bg;
    build_adjacency(c, &bg);
    size_t n = (size_t)c->ncircles;
    c->pd = malloc(n * n + 1);
    c->wd = malloc(n * n + 1);
    if (!c->pd || !c->wd) {
        tan_board_free(c);
        return TT_ENOMEM;
    }
    memset(c->pd, FAR, n * n);
    derive_pd(c, &bg.g);
    derive_wd(c, &bg.g);
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
    return TT_OK;
}
