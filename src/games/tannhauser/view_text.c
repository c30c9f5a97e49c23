/* Tannhäuser text view: the terminal picture of one viewer's view.
 *
 * The picture is drawn from the JSON view (view_json.c), never from the state
 * itself, so it cannot show what that view hides (TAN-6); the board's fixed
 * features (circles, links, colours, costs, modifiers, entry labels) come from
 * the content, which is public. It has four parts:
 *  - the map: every circle by its id at its x, y scaled onto a character grid,
 *    links drawn between them ('-' '|' '/' '\'; '#' marks a doorway, '.' a link
 *    to an objective or action circle, which nobody enters); an occupied
 *    circle shows its occupant's code ("n3:L3" = Legion's third character) and
 *    a '*' marks a circle where something lies (equipment, a crate, an
 *    objective token, a flag). A label that would touch another moves to the
 *    nearest free place on its row or the two rows above and below (only a
 *    board too crowded for that gets labels written over each other);
 *  - the board's key (paths by colour, costs, modifiers, entries, objective
 *    circles) and the legend of what lies where;
 *  - both teams: each character's code, status, circle, current values,
 *    wounds, equipment by instance name (the names actions use), skills;
 *  - the VP pools, the active character's cycle and the pending decision.
 * Plain ASCII for the picture, no colours. Never on the playout path. */
#include <ctype.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"
#include "games/tannhauser/tannhauser.h"

#define MAP_W 76  /* columns of the map */
#define MAP_H 23  /* rows of the map */
#define TEXT_W 79 /* longer lines are wrapped */

/* Copies text into b, breaking every line longer than TEXT_W at its last
 * space that fits. The rest follows on lines indented four more than the
 * line, or, when the line holds a tab (HANG), as far as the tab's column; the
 * tab itself is not printed. */
#define HANG "\t"
static void put_wrapped(tt_sbuf *b, const char *text)
{
    char line[1024];
    for (const char *at = text; *at;) {
        const char *end = strchr(at, '\n');
        size_t len = end ? (size_t)(end - at) : strlen(at), n = 0;
        int hang = -1;
        for (size_t k = 0; k < len && n + 1 < sizeof line; k++) {
            if (at[k] == '\t')
                hang = (int)n;
            else
                line[n++] = at[k];
        }
        line[n] = 0;
        size_t indent = strspn(line, " "), left = n;
        const char *p = line;
        int lead = 0;
        do {
            size_t room = TEXT_W - (size_t)lead, cut = room;
            if (left > room) {
                while (cut > indent && p[cut] != ' ')
                    cut--;
                if (cut <= indent)
                    cut = room; /* one long word: cut it */
            } else {
                cut = left;
            }
            tt_sbuf_printf(b, "%*s%.*s\n", lead, "", (int)cut, p);
            p += cut, left -= cut;
            while (left && *p == ' ')
                p++, left--;
            lead = hang >= 0 && hang < TEXT_W / 2 ? hang : (int)indent + 4;
            indent = 0;
        } while (left);
        at = end ? end + 1 : at + len;
    }
}

/* --- reading the JSON view -------------------------------------------------------------- */

static const char *jstr(const json_t *o, const char *key)
{
    const char *v = json_string_value(json_object_get(o, key));
    return v ? v : "";
}

static int jint(const json_t *o, const char *key)
{
    return (int)json_integer_value(json_object_get(o, key));
}

static int jbool(const json_t *o, const char *key)
{
    return json_is_true(json_object_get(o, key));
}

static int circle_index(const tan_content *c, const char *id)
{
    for (int i = 0; i < c->ncircles; i++)
        if (strcmp(c->circle[i].id, id) == 0)
            return i;
    return -1;
}

/* "ENGINEERING" → "Engineering", into buf. */
static const char *title(const char *word, char *buf, size_t n)
{
    size_t k = 0;
    for (; word[k] && k + 1 < n; k++)
        buf[k] = (char)(k ? tolower((unsigned char)word[k]) : toupper((unsigned char)word[k]));
    buf[k] = 0;
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
    return buf;
}

/* A seat's letter on the map: the first letter of its name, upper case;
 * 'A' and 'B' if both names begin alike. */
static char team_letter(const tan_content *c, int seat)
{
    char a = (char)toupper((unsigned char)c->seat_name[0][0]);
    char b = (char)toupper((unsigned char)c->seat_name[1][0]);
    if (a == b || !isalpha((unsigned char)a) || !isalpha((unsigned char)b))
        return seat ? 'B' : 'A';
    return seat ? b : a;
}

/* A unit's code: team letter and place in the team, "L3". */
static const char *unit_code(const tan_content *c, int u, char *buf, size_t n)
{
    snprintf(buf, n, "%c%d", team_letter(c, tan_seat_of(u)), u % TAN_TEAM + 1);
    return buf;
}

/* The JSON unit object with character id `id`, or NULL. */
static const json_t *unit_by_id(const json_t *units, const char *id)
{
    size_t i;
    const json_t *u;
    json_array_foreach(units, i, u) {
        if (strcmp(jstr(u, "id"), id) == 0)
            return u;
    }
    return NULL;
}

/* "L3 Sorel" for a character id (its short name: a Hero's last word). */
static const char *who(const tan_content *c, const json_t *units, const char *id, char *buf,
                       size_t n)
{
    const json_t *u = unit_by_id(units, id);
    if (!u) {
        snprintf(buf, n, "%s", id);
        return buf;
    }
    char code[8];
    const char *name = jstr(u, "name"), *last = strrchr(name, ' ');
    if (strcmp(jstr(u, "class"), "hero") == 0 && last)
        name = last + 1;
    snprintf(buf, n, "%s %s", unit_code(c, jint(u, "unit"), code, sizeof code), name);
    return buf;
}

/* --- the map ------------------------------------------------------------------------------ */

typedef struct map {
    char cell[MAP_H][MAP_W + 1];
    uint8_t label[MAP_H][MAP_W];                    /* 1: part of a label (or its margin) */
    int row[TAN_MAX_CIRCLES], col[TAN_MAX_CIRCLES]; /* where a label starts */
    char text[TAN_MAX_CIRCLES][32];
} map;

/* What the map shows of the position: occupants and things lying about. */
typedef struct marks {
    int occupant[TAN_MAX_CIRCLES]; /* unit or -1 */
    uint8_t things[TAN_MAX_CIRCLES];
} marks;

static int span_free(const map *m, int row, int col, int len)
{
    if (row < 0 || row >= MAP_H || col < 0 || col + len > MAP_W)
        return 0;
    for (int k = col - 1; k <= col + len; k++) /* one blank on either side */
        if (k >= 0 && k < MAP_W && m->label[row][k])
            return 0;
    return 1;
}

/* The column of a label where links meet it: the middle of the circle id. */
static int label_mid(const map *m, const tan_content *c, int i)
{
    return m->col[i] + (int)strlen(c->circle[i].id) / 2;
}

/* Places circle i's label at the free place nearest its scaled position: the
 * id centred there, an occupant's code after it. */
static void place_label(map *m, const tan_content *c, int i, int cx, int cy)
{
    int len = (int)strlen(m->text[i]);
    int col0 = cx - (int)strlen(c->circle[i].id) / 2;
    if (col0 < 0)
        col0 = 0;
    if (col0 + len > MAP_W)
        col0 = MAP_W - len;
    static const int rows[] = {0, 1, -1, 2, -2};
    for (int r = 0; r < 5; r++)
        for (int d = 0; d <= 8; d++)
            for (int sgn = 1; sgn >= -1; sgn -= 2) {
                int row = cy + rows[r], col = col0 + sgn * d;
                if (span_free(m, row, col, len)) {
                    m->row[i] = row, m->col[i] = col;
                    for (int k = 0; k < len; k++)
                        m->label[row][col + k] = 1;
                    return;
                }
            }
    m->row[i] = cy, m->col[i] = col0; /* a crowded board: overlap rather than vanish */
}

static void plot(map *m, int row, int col, char ch)
{
    if (row < 0 || row >= MAP_H || col < 0 || col >= MAP_W || m->label[row][col])
        return;
    char *at = &m->cell[row][col];
    if (*at == ' ' || *at == ch || ch == '#' || *at == '.')
        *at = ch; /* a path link hides a niche link's dots */
    else if (*at != '#' && ch != '.')
        *at = '+';
}

/* A link from circle a to b: a line between their labels' centres. */
static void draw_link(map *m, const tan_content *c, int a, int b, int door)
{
    int r0 = m->row[a], c0 = label_mid(m, c, a);
    int r1 = m->row[b], c1 = label_mid(m, c, b);
    int dr = r1 - r0, dc = c1 - c0, adr = abs(dr) * 2, adc = abs(dc); /* cells are tall */
    char ch = 2 * adr <= adc ? '-' : 2 * adc <= adr ? '|' : (dr > 0) == (dc > 0) ? '\\' : '/';
    int niche = !tan_is_stop_kind(c, a) && c->circle[a].kind != CK_ENTRY;
    niche |= !tan_is_stop_kind(c, b) && c->circle[b].kind != CK_ENTRY;
    if (niche)
        ch = '.';
    int n = abs(dr) > abs(dc) ? abs(dr) : abs(dc);
    for (int t = 1; t < n; t++) {
        int row = r0 + (2 * dr * t + (dr >= 0 ? n : -n)) / (2 * n);
        int col = c0 + (2 * dc * t + (dc >= 0 ? n : -n)) / (2 * n);
        plot(m, row, col, ch);
    }
    if (door && n > 1) { /* TAN-2.3.3: a doorway, where the colour changes */
        int t = n / 2;
        plot(m, r0 + (2 * dr * t + (dr >= 0 ? n : -n)) / (2 * n),
             c0 + (2 * dc * t + (dc >= 0 ? n : -n)) / (2 * n), '#');
    }
}

static void draw_map(tt_sbuf *b, const tan_content *c, const marks *mk)
{
    map *m = calloc(1, sizeof *m);
    if (!m) {
        b->oom = 1;
        return;
    }
    memset(m->cell, ' ', sizeof m->cell);
    int minx = 1000, maxx = 0, miny = 1000, maxy = 0;
    for (int i = 0; i < c->ncircles; i++) {
        const tan_circle *ci = &c->circle[i];
        minx = ci->x < minx ? ci->x : minx, maxx = ci->x > maxx ? ci->x : maxx;
        miny = ci->y < miny ? ci->y : miny, maxy = ci->y > maxy ? ci->y : maxy;
        char code[8] = "";
        if (mk->occupant[i] >= 0)
            unit_code(c, mk->occupant[i], code, sizeof code);
        snprintf(m->text[i], sizeof m->text[i], "%s%s%s%s", ci->id, code[0] ? ":" : "", code,
                 mk->things[i] ? "*" : "");
    }
    int spanx = maxx > minx ? maxx - minx : 1, spany = maxy > miny ? maxy - miny : 1;
    /* occupied and busy circles first, so their longer labels keep their places */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < c->ncircles; i++) {
            int busy = mk->occupant[i] >= 0 || mk->things[i];
            if (busy != (pass == 0))
                continue;
            const tan_circle *ci = &c->circle[i];
            int cx = 3 + (ci->x - minx) * (MAP_W - 7) / spanx;
            int cy = (ci->y - miny) * (MAP_H - 1) / spany;
            place_label(m, c, i, cx, cy);
        }
    for (int l = 0; l < c->nlinks; l++)
        draw_link(m, c, c->link_a[l], c->link_b[l], c->link_door[l]);
    for (int i = 0; i < c->ncircles; i++)
        memcpy(&m->cell[m->row[i]][m->col[i]], m->text[i], strlen(m->text[i]));
    for (int r = 0; r < MAP_H; r++) {
        int end = MAP_W;
        while (end > 0 && m->cell[r][end - 1] == ' ')
            end--;
        tt_sbuf_printf(b, "  %.*s\n", end, m->cell[r]);
    }
    free(m);
}

/* --- the board's key ------------------------------------------------------------------------- */

/* Splits "r02" into "r" and 2; the number is -1 when there is none. */
static int id_number(const char *id, size_t *prefix)
{
    size_t n = strlen(id), k = n;
    while (k > 0 && isdigit((unsigned char)id[k - 1]))
        k--;
    *prefix = k;
    return k < n && n - k < 6 ? atoi(id + k) : -1;
}

/* Circle ids in order into buf, runs of three or more written "n0-n6". */
static void ids_text(const tan_content *c, const int *ids, int n, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < n && at < size;) {
        size_t pa, pb;
        int j = i, num = id_number(c->circle[ids[i]].id, &pa);
        while (num >= 0 && j + 1 < n) {
            const char *x = c->circle[ids[i]].id, *y = c->circle[ids[j + 1]].id;
            int next = id_number(y, &pb);
            if (next != num + (j + 1 - i) || pa != pb || strncmp(x, y, pa) != 0 ||
                strlen(x) != strlen(y))
                break;
            j++;
        }
        int k;
        if (j - i >= 2)
            k = snprintf(buf + at, size - at, "%s%s-%s", i ? " " : "", c->circle[ids[i]].id,
                         c->circle[ids[j]].id),
            i = j + 1;
        else
            k = snprintf(buf + at, size - at, "%s%s", i ? " " : "", c->circle[ids[i]].id), i++;
        at += k > 0 ? (size_t)k : 0;
    }
}

/* One item of a list that wraps at TEXT_W, continued on lines indented by 4;
 * *col is the column reached so far. */
static void put_item(tt_sbuf *b, int *col, const char *item)
{
    int n = (int)strlen(item);
    if (*col + 1 + n > TEXT_W) {
        tt_sbuf_printf(b, "\n   ");
        *col = 3;
    }
    tt_sbuf_printf(b, " %s", item);
    *col += 1 + n;
}

/* Ends a list of put_item items: its last ';' goes. */
static void end_list(tt_sbuf *b)
{
    if (b->p && b->n && b->p[b->n - 1] == ';')
        b->p[--b->n] = 0;
    tt_sbuf_printf(b, "\n");
}

static int find_root(int *up, int x)
{
    while (up[x] != x)
        x = up[x] = up[up[x]];
    return x;
}

/* TAN-2.4.1: the paths, by colour; one colour may paint several paths. */
static void put_paths(tt_sbuf *b, const tan_content *c)
{
    int col = 6;
    tt_sbuf_printf(b, "Paths:");
    for (int k = 0; k < c->ncolors; k++) {
        int up[TAN_MAX_CIRCLES], ids[TAN_MAX_CIRCLES];
        for (int i = 0; i < c->ncircles; i++)
            up[i] = i;
        for (int l = 0; l < c->nlinks; l++)
            if ((c->circle[c->link_a[l]].colors & c->circle[c->link_b[l]].colors) >> k & 1)
                up[find_root(up, c->link_a[l])] = find_root(up, c->link_b[l]);
        for (int r = 0; r < c->ncircles; r++) {
            if (!(c->circle[r].colors >> k & 1) || find_root(up, r) != r)
                continue;
            int n = 0;
            for (int i = 0; i < c->ncircles; i++)
                if (c->circle[i].colors >> k & 1 && find_root(up, i) == r)
                    ids[n++] = i;
            char item[512];
            int at = snprintf(item, sizeof item, "%s ", c->color[k]);
            ids_text(c, ids, n, item + at, sizeof item - (size_t)at - 1);
            strcat(item, ";");
            put_item(b, &col, item);
        }
    }
    end_list(b);
}

static void put_key(tt_sbuf *b, const tan_content *c, const json_t *v)
{
    char w[32], item[96];
    put_paths(b, c);
    for (int cost = 2; cost <= 3; cost++) {
        int ids[TAN_MAX_CIRCLES], n = 0;
        for (int i = 0; i < c->ncircles; i++)
            if (c->circle[i].move_cost == cost)
                ids[n++] = i;
        if (!n)
            continue;
        char list[256];
        ids_text(c, ids, n, list, sizeof list);
        tt_sbuf_printf(b, "Cost %d MP to enter: %s\n", cost, list);
    }
    int col = 10, any = 0;
    tt_sbuf_printf(b, "Modifiers:");
    for (int i = 0; i < c->ncircles; i++)
        for (int s = 0; s < STAT_COUNT; s++)
            if (c->circle[i].mod[s]) {
                snprintf(item, sizeof item, "%s %s %+d;", c->circle[i].id,
                         title(tan_stat_name(s), w, sizeof w), c->circle[i].mod[s]);
                put_item(b, &col, item);
                any = 1;
            }
    if (!any)
        tt_sbuf_printf(b, " none");
    end_list(b);
    tt_sbuf_printf(b, "Entries:");
    col = 8;
    const json_t *players = json_object_get(v, "players");
    for (int k = 0; k < c->nentries; k++) {
        const tan_circle *ci = &c->circle[c->entry[k]];
        int at = snprintf(item, sizeof item, "%s%s%s", ci->id, ci->label[0] ? " " : "", ci->label);
        for (int p = 0; p < TAN_PLAYERS; p++)
            if (strcmp(jstr(json_array_get(players, (size_t)p), "entry"), ci->id) == 0)
                snprintf(item + at, sizeof item - (size_t)at, " (%s)", c->seat_name[p]);
        strcat(item, ";");
        put_item(b, &col, item);
    }
    end_list(b);
    tt_sbuf_printf(b, "Objective circles:");
    col = 18;
    for (int k = 0; k < c->nobjcircles; k++) {
        const tan_circle *ci = &c->circle[c->objcircle[k]];
        snprintf(item, sizeof item, "%s %s %s;", ci->id,
                 title(tan_skill_name(ci->skill), w, sizeof w),
                 ci->grade == GRADE_PRIMARY ? "gold" : "silver");
        put_item(b, &col, item);
    }
    end_list(b);
}

/* --- what lies where ------------------------------------------------------------------------ */

static void put_sep(tt_sbuf *b, int *first)
{
    if (!*first)
        tt_sbuf_printf(b, "; ");
    *first = 0;
}

static void put_flags_at(tt_sbuf *b, const tan_content *c, const json_t *v, const char *id, int *f)
{
    const json_t *players = json_object_get(v, "players"), *pl, *fl;
    size_t p, k;
    json_array_foreach(players, p, pl) {
        json_array_foreach(json_object_get(pl, "flags"), k, fl) {
            const char *where = jstr(fl, "where");
            if (strcmp(jstr(fl, "at"), id) != 0)
                continue;
            put_sep(b, f);
            if (strcmp(where, "captured") == 0)
                tt_sbuf_printf(b, "captured %s flag", c->seat_name[p]);
            else if (!json_object_get(fl, "home")) /* Domination: placed (TAN-5.15) */
                tt_sbuf_printf(b, "%s flag", c->seat_name[p]);
            else if (strcmp(jstr(fl, "home"), id) == 0)
                tt_sbuf_printf(b, "%s flag (home)", c->seat_name[p]);
            else
                tt_sbuf_printf(b, "%s flag (dropped; home %s)", c->seat_name[p], jstr(fl, "home"));
        }
    }
}

/* Instance names, with the uses left of a weapon that had several. */
static void put_items(tt_sbuf *b, const tan_content *c, const json_t *items)
{
    size_t i;
    const json_t *it;
    json_array_foreach(items, i, it) {
        tt_sbuf_printf(b, "%s%s", i ? ", " : "", jstr(it, "item"));
        int most = 1;
        for (int k = 0; k < c->nequip; k++)
            if (strcmp(c->equip[k].id, jstr(it, "id")) == 0)
                most = c->equip[k].weapon.uses;
        if (json_object_get(it, "uses") && most > 1)
            tt_sbuf_printf(b, " (%d use%s left)", jint(it, "uses"),
                           jint(it, "uses") == 1 ? "" : "s");
        if (jbool(it, "locked"))
            tt_sbuf_printf(b, " (locked)");
        if (jbool(it, "fresh"))
            tt_sbuf_printf(b, " (just dropped)");
    }
}

static void put_objective(tt_sbuf *b, const json_t *ob)
{
    char w[32];
    size_t i;
    const json_t *sk;
    tt_sbuf_printf(b, "%s's %s (", jstr(ob, "owner"), jstr(ob, "id"));
    json_array_foreach(json_object_get(ob, "skills"), i, sk) {
        tt_sbuf_printf(b, "%s%s", i ? " + " : "", title(json_string_value(sk), w, sizeof w));
        if (json_is_true(json_array_get(json_object_get(ob, "done"), i)))
            tt_sbuf_printf(b, " done");
    }
    tt_sbuf_printf(b, ", %s%s)", jstr(ob, "grade"), jbool(ob, "bought") ? ", a skill bought" : "");
}

/* ", carrying 2 covenant flags" for the flags character `id` carries. */
static void put_carried(tt_sbuf *b, const json_t *v, const char *id)
{
    const json_t *pl, *fl;
    size_t p, k;
    json_array_foreach(json_object_get(v, "players"), p, pl) {
        int n = 0;
        json_array_foreach(json_object_get(pl, "flags"), k, fl) {
            n += strcmp(jstr(fl, "where"), "carried") == 0 && strcmp(jstr(fl, "by"), id) == 0;
        }
        if (n)
            tt_sbuf_printf(b, ", carrying %d %s flag%s", n, jstr(pl, "name"), n == 1 ? "" : "s");
    }
}

/* TAN-6.1: the tokens still face down, whatever crate each lies in: what
 * each holds is known from the mode's shuffle (TAN-3.9.1). */
static void put_unseen(tt_sbuf *b, const tan_content *c, const json_t *v)
{
    const json_t *x;
    size_t i;
    if (!json_array_size(json_object_get(v, "unseen_crates")))
        return;
    tt_sbuf_printf(b, "  Crate tokens still face down:");
    json_array_foreach(json_object_get(v, "unseen_crates"), i, x) {
        int k = 0;
        while (k < c->ncrates - 1 && strcmp(c->crate[k].id, json_string_value(x)) != 0)
            k++;
        if (c->crate[k].kind == CRATE_VP)
            tt_sbuf_printf(b, "%s %d VP", i ? "," : "", c->crate[k].vp);
        else
            tt_sbuf_printf(b, "%s %s", i ? "," : "", c->equip[c->crate[k].equip].id);
    }
    tt_sbuf_printf(b, "\n");
}

/* One legend line per circle where something is. */
static void put_legend(tt_sbuf *b, const tan_content *c, const json_t *v, const marks *mk)
{
    const json_t *units = json_object_get(v, "units"), *x;
    char w[64];
    size_t i;
    int nempty = 0, empty[TAN_MAX_SITES], nclosed = 0, closed[TAN_MAX_SITES];
    int placed = json_is_string(json_object_get(v, "setup_winner"));
    tt_sbuf_printf(b, "\nOn the board:%s\n", placed ? "" : " nobody yet");
    for (int ci = 0; ci < c->ncircles; ci++) {
        const tan_circle *cc = &c->circle[ci];
        int site = c->site_of[ci];
        const json_t *crate =
            site == TAN_NONE ? NULL : json_array_get(json_object_get(v, "crates"), site);
        if (placed && crate && !jbool(crate, "face_down") &&
            !json_array_size(json_object_get(crate, "contents")))
            empty[nempty++] = ci;
        if (crate && jbool(crate, "face_down") && !json_object_get(crate, "token") &&
            !json_array_size(json_object_get(crate, "contents"))) {
            closed[nclosed++] = ci; /* nothing else ever lies on a crate site */
            continue;
        }
        if (mk->occupant[ci] < 0 && !mk->things[ci])
            continue;
        char colours[64] = "";
        for (int k = 0; k < c->ncolors; k++)
            if (cc->colors >> k & 1)
                snprintf(colours + strlen(colours), sizeof colours - strlen(colours), "%s%s",
                         colours[0] ? "/" : "", c->color[k]);
        if (!colours[0])
            snprintf(colours, sizeof colours, "%s",
                     cc->kind == CK_OBJECTIVE ? "objective" : "action");
        tt_sbuf_printf(b, "  %-4s %-13s " HANG, cc->id, colours);
        int first = 1;
        json_array_foreach(units, i, x) {
            if (strcmp(jstr(x, "circle"), cc->id) != 0)
                continue;
            put_sep(b, &first);
            tt_sbuf_printf(b, "%s, %d/%d wounds", who(c, units, jstr(x, "id"), w, sizeof w),
                           jint(x, "wounds"), jint(x, "rows"));
            put_carried(b, v, jstr(x, "id"));
        }
        json_t *lying = json_array();
        json_array_foreach(json_object_get(v, "ground"), i, x) {
            if (strcmp(jstr(x, "circle"), cc->id) == 0)
                json_array_append(lying, (json_t *)x);
        }
        if (json_array_size(lying)) {
            put_sep(b, &first);
            tt_sbuf_printf(b, "lying: ");
            put_items(b, c, lying);
        }
        json_decref(lying);
        if (crate &&
            (jbool(crate, "face_down") || json_array_size(json_object_get(crate, "contents")))) {
            put_sep(b, &first);
            tt_sbuf_printf(b, "crate");
            if (json_object_get(crate, "token"))
                tt_sbuf_printf(b, " face down: %s", jstr(crate, "token"));
            else if (jbool(crate, "face_down"))
                tt_sbuf_printf(b, " face down");
            if (json_array_size(json_object_get(crate, "contents"))) {
                tt_sbuf_printf(b, "%s", jbool(crate, "face_down") ? ", and open: " : " open: ");
                put_items(b, c, json_object_get(crate, "contents"));
            }
        }
        json_array_foreach(json_object_get(v, "objectives"), i, x) {
            if (strcmp(jstr(x, "circle"), cc->id) != 0)
                continue;
            put_sep(b, &first);
            put_objective(b, x);
        }
        put_flags_at(b, c, v, cc->id, &first);
        tt_sbuf_printf(b, "\n");
    }
    char list[512];
    if (nclosed) {
        ids_text(c, closed, nclosed, list, sizeof list);
        tt_sbuf_printf(b, "  Crates face down: %s\n", list);
    }
    if (nempty) {
        ids_text(c, empty, nempty, list, sizeof list);
        tt_sbuf_printf(b, "  Crate sites without a crate: %s\n", list);
    }
    put_unseen(b, c, v);
    int aside = jint(v, "aside");
    if (aside) {
        tt_sbuf_printf(b, "  %d crate token%s set aside face down", aside, aside == 1 ? "" : "s");
        const json_t *tokens = json_object_get(v, "aside_tokens");
        json_array_foreach(tokens, i, x) {
            tt_sbuf_printf(b, "%s%s", i ? ", " : ": ", json_string_value(x));
        }
        tt_sbuf_printf(b, "\n");
    }
}

/* --- the teams -------------------------------------------------------------------------------- */

static void put_unit(tt_sbuf *b, const tan_content *c, const json_t *v, const json_t *u)
{
    char code[8], w[32];
    const char *status = jstr(u, "status");
    tt_sbuf_printf(b, "  %s %-13s %-7s %-7s", unit_code(c, jint(u, "unit"), code, sizeof code),
                   jstr(u, "id"), jstr(u, "class"),
                   strcmp(status, "board") == 0 ? jstr(u, "circle") : status);
    const json_t *cur = json_object_get(u, "current");
    if (cur)
        tt_sbuf_printf(b, " C%d S%d M%d P%d", jint(cur, "combat"), jint(cur, "stamina"),
                       jint(cur, "movement"), jint(cur, "psyche"));
    tt_sbuf_printf(b, "  wounds %d/%d", jint(u, "wounds"), jint(u, "rows"));
    if (jbool(u, "activated") && strcmp(status, "dead") != 0)
        tt_sbuf_printf(b, ", activated");
    if (jbool(u, "returning"))
        tt_sbuf_printf(b, ", returning");
    if (jint(u, "vp_spent")) /* TAN-5.16.3, TAN-6.3 */
        tt_sbuf_printf(b, ", %d VP spent this cycle", jint(u, "vp_spent"));
    put_carried(b, v, jstr(u, "id"));
    if (strcmp(status, "dead") == 0 && !jbool(u, "returning")) {
        tt_sbuf_printf(b, "\n");
        return;
    }
    tt_sbuf_printf(b, "\n      ");
    const json_t *x;
    size_t i;
    json_array_foreach(json_object_get(u, "skills"), i, x) {
        tt_sbuf_printf(b, "%s%s", i ? ", " : "", title(json_string_value(x), w, sizeof w));
    }
    if (!json_array_size(json_object_get(u, "skills")))
        tt_sbuf_printf(b, "no skills");
    const json_t *eq = json_object_get(u, "equipment");
    if (strcmp(jstr(u, "pack"), "custom") == 0)
        tt_sbuf_printf(b, " | à la carte: ");
    else if (json_object_get(u, "pack"))
        tt_sbuf_printf(b, " | %s pack: ", title(jstr(u, "pack"), w, sizeof w));
    else if (json_array_size(eq))
        tt_sbuf_printf(b, " | ");
    if (json_array_size(eq)) {
        put_items(b, c, eq);
    } else if (json_object_get(u, "custom")) {
        json_array_foreach(json_object_get(u, "custom"), i, x) {
            tt_sbuf_printf(b, "%s%s", i ? ", " : "", json_string_value(x));
        }
    } else if (json_object_get(u, "pack") && jint(v, "turn") > 0 && strcmp(status, "dead") != 0)
        tt_sbuf_printf(b, "nothing left");
    else if (json_object_get(u, "pack"))
        tt_sbuf_printf(b, "%s", strcmp(jstr(u, "pack"), "custom") == 0 ? "nothing yet" : "to come");
    tt_sbuf_printf(b, "\n");
}

/* A team's letter, name, faction (unless brief), VP and the counts of its
 * mode. */
static void put_team_head(tt_sbuf *b, const tan_content *c, const json_t *v, int p, int brief)
{
    const json_t *pl = json_array_get(json_object_get(v, "players"), (size_t)p), *x;
    size_t i;
    tt_sbuf_printf(b, "%c %s%s%s: %d VP", team_letter(c, p), jstr(pl, "name"), brief ? "" : ", ",
                   brief ? "" : jstr(pl, "faction"), jint(pl, "vp"));
    if (c->mode == MODE_STORY)
        tt_sbuf_printf(b, ", objectives done: %d primary, %d secondary",
                       jint(pl, "completed_primary"), jint(pl, "completed_secondary"));
    if (c->mode == MODE_CTF)
        tt_sbuf_printf(b, ", %d flag%s captured", jint(pl, "captured"),
                       jint(pl, "captured") == 1 ? "" : "s");
    if (c->mode == MODE_DOMINATION)
        tt_sbuf_printf(b, ", %d flag%s on objectives", jint(pl, "flags_on_objectives"),
                       jint(pl, "flags_on_objectives") == 1 ? "" : "s");
    tt_sbuf_printf(b, ", reinforcements left %d", jint(pl, "reinf_left"));
    if (jint(pl, "command"))
        tt_sbuf_printf(b, ", command +%d", jint(pl, "command"));
    int supply = 0;
    json_array_foreach(json_object_get(pl, "flags"), i, x) {
        supply += strcmp(jstr(x, "where"), "supply") == 0;
    }
    if (supply)
        tt_sbuf_printf(b, ", %d flag%s in supply", supply, supply == 1 ? "" : "s");
    if (json_object_get(pl, "recruited"))
        tt_sbuf_printf(b, ", %d of %d characters chosen", jint(pl, "recruited"), TAN_TEAM);
    if (json_object_get(pl, "packs_chosen"))
        tt_sbuf_printf(b, ", packs chosen for %d of %d", jint(pl, "packs_chosen"), TAN_TEAM);
}

static void put_team(tt_sbuf *b, const tan_content *c, const json_t *v, int p)
{
    const json_t *u;
    size_t i;
    tt_sbuf_printf(b, "\n");
    put_team_head(b, c, v, p, 0);
    tt_sbuf_printf(b, "\n");
    json_array_foreach(json_object_get(v, "units"), i, u) {
        if (jint(u, "seat") == p)
            put_unit(b, c, v, u);
    }
}

/* A team on one line (wrapped) for the screen of every decision: its head,
 * then each character by code, id, circle (or reserve, dead) and wounds over
 * rows, "active" in its cycle, "done" after it this turn, and a flag it
 * carries. */
static void put_team_brief(tt_sbuf *b, const tan_content *c, const json_t *v, int p)
{
    const json_t *u;
    size_t i;
    int n = 0;
    put_team_head(b, c, v, p, 1);
    json_array_foreach(json_object_get(v, "units"), i, u) {
        char code[8];
        const char *status = jstr(u, "status");
        if (jint(u, "seat") != p)
            continue;
        tt_sbuf_printf(b, "%s %s %s %s %d/%d", n++ ? ";" : " |",
                       unit_code(c, jint(u, "unit"), code, sizeof code), jstr(u, "id"),
                       strcmp(status, "board") == 0 ? jstr(u, "circle") : status, jint(u, "wounds"),
                       jint(u, "rows"));
        const json_t *cy = json_object_get(v, "cycle");
        if (json_is_object(cy) && strcmp(jstr(cy, "unit"), jstr(u, "id")) == 0)
            tt_sbuf_printf(b, " active");
        else if (jbool(u, "activated") && strcmp(status, "dead") != 0)
            tt_sbuf_printf(b, " done");
        if (jint(u, "vp_spent")) /* TAN-5.16.3, TAN-6.3 */
            tt_sbuf_printf(b, ", %d VP spent", jint(u, "vp_spent"));
        put_carried(b, v, jstr(u, "id"));
    }
    tt_sbuf_printf(b, "\n");
}

/* Story: the objective tokens not on the board (those are in the legend). */
/* Marks the equipment definitions of items (view entries with an "id"). */
static void mark_equipment(const tan_content *c, const json_t *items, uint8_t *seen)
{
    size_t i;
    const json_t *it;
    json_array_foreach(items, i, it) {
        for (int k = 0; k < c->nequip; k++)
            if (strcmp(c->equip[k].id, jstr(it, "id")) == 0)
                seen[k] = 1;
    }
}

/* What each piece of equipment on the screen does, one line per definition
 * (describe.c), in definition order: carried, lying or in an open crate. */
static void put_equipment_key(tt_sbuf *b, const tan_content *c, const json_t *v)
{
    uint8_t seen[TAN_MAX_EQUIP] = {0};
    size_t i;
    const json_t *x;
    json_array_foreach(json_object_get(v, "units"), i, x) {
        mark_equipment(c, json_object_get(x, "equipment"), seen);
    }
    mark_equipment(c, json_object_get(v, "ground"), seen);
    json_array_foreach(json_object_get(v, "crates"), i, x) {
        mark_equipment(c, json_object_get(x, "contents"), seen);
    }
    int first = 1;
    for (int k = 0; k < c->nequip; k++) {
        char summary[160];
        if (!seen[k])
            continue;
        if (first)
            tt_sbuf_printf(b, "Equipment on the table (info <id> for more):\n");
        first = 0;
        tan_equip_summary(c, k, summary, sizeof summary);
        tt_sbuf_printf(b, "  %-14s %s\n", c->equip[k].id, summary);
    }
}

static void put_objectives(tt_sbuf *b, const json_t *v)
{
    const json_t *obs = json_object_get(v, "objectives"), *ob;
    static const char *const heads[] = {"held", "done", "out"};
    static const char *const titles[] = {"In hand:", "Completed:", "Out of the game:"};
    size_t i;
    for (int h = 0; h < 3; h++) {
        int n = 0, col = (int)strlen(titles[h]);
        json_array_foreach(obs, i, ob) {
            if (strcmp(jstr(ob, "where"), heads[h]) != 0)
                continue;
            if (!n++)
                tt_sbuf_printf(b, "%s", titles[h]);
            if (h == 0) {
                tt_sbuf_printf(b, "\n  ");
                put_objective(b, ob);
            } else {
                char item[80];
                snprintf(item, sizeof item, "%s;", jstr(ob, "id"));
                put_item(b, &col, item);
            }
        }
        if (n)
            end_list(b);
    }
}

/* During the secret choices, the chooser's options (content, hence public). */
static void put_options(tt_sbuf *b, const tan_content *c, const json_t *v, int viewer)
{
    const char *phase = jstr(v, "phase");
    int seat = viewer;
    if (seat < 0 || seat >= TAN_PLAYERS || strcmp(jstr(v, "to_move"), c->seat_name[seat]) != 0)
        return;
    const json_t *units = json_object_get(v, "units");
    char w[32];
    if (strcmp(phase, "recruit") == 0) {
        const tan_faction *f = &c->fac[c->faction[seat]];
        tt_sbuf_printf(b, "Roster (3 Heroes and 2 Troopers, TAN-3.5):\n");
        for (int k = 0; k < f->nroster; k++) {
            const tan_char *ch = &c->chr[f->roster[k]];
            tt_sbuf_printf(b, "  %-13s %-7s C%d S%d M%d P%d %2d rows ", ch->id,
                           ch->cls == CLASS_HERO ? "hero" : "trooper", ch->row[0][0], ch->row[0][1],
                           ch->row[0][2], ch->row[0][3], ch->nrows);
            for (int s = 0, n = 0; s < SK_COUNT; s++)
                if (ch->skills >> s & 1)
                    tt_sbuf_printf(b, "%s %s", n++ ? "," : "",
                                   title(tan_skill_name(s), w, sizeof w));
            tt_sbuf_printf(b, "%s\n", unit_by_id(units, ch->id) ? " (chosen)" : "");
        }
        return;
    }
    if (strcmp(phase, "packs") != 0 && strcmp(phase, "custom") != 0 &&
        strcmp(phase, "reinforce") != 0 && strcmp(phase, "reinforce_custom") != 0)
        return;
    int custom = strstr(phase, "custom") != NULL;
    const char *sub = jstr(json_object_get(v, "decision"), "unit");
    tt_sbuf_printf(
        b, "Packs (a standard pack brings the Special Object too; à la carte, any of the tokens "
           "that fit, without it; TAN-3.6):\n");
    size_t i;
    const json_t *u;
    json_array_foreach(units, i, u) {
        const tan_char *ch = NULL;
        for (int k = 0; k < c->nchars; k++)
            if (strcmp(c->chr[k].id, jstr(u, "id")) == 0)
                ch = &c->chr[k];
        if (!ch || jint(u, "seat") != seat || (custom && strcmp(sub, ch->id) != 0))
            continue;
        if (phase[0] == 'r' ? ch->cls != CLASS_TROOPER || strcmp(jstr(u, "status"), "dead") != 0
                            : !custom && json_object_get(u, "pack"))
            continue; /* not to return, or its pack already chosen */
        tt_sbuf_printf(b, "  %s", ch->id);
        if (ch->special != TAN_NONE)
            tt_sbuf_printf(b, " (Special Object %s)", c->equip[ch->special].id);
        tt_sbuf_printf(b, ":\n");
        for (int p = 0; p < 3; p++) {
            if (!ch->npack[p])
                continue;
            tt_sbuf_printf(b, "      %-8s", tan_pack_name(p));
            for (int k = 0; k < ch->npack[p]; k++)
                tt_sbuf_printf(b, "%s%s", k ? ", " : " ", c->equip[ch->pack[p][k]].id);
            tt_sbuf_printf(b, "\n");
        }
    }
}

/* --- the cycle and the decision ------------------------------------------------------------- */

/* Who won the setup roll (TAN-3.8) and this turn's initiative, and who
 * activates first (TAN-4.4): results every player knows (TAN-6.3). */
static void put_rolls(tt_sbuf *b, const tan_content *c, const json_t *v)
{
    const char *setup = jstr(v, "setup_winner"), *init = jstr(v, "initiative_winner");
    const char *first = jstr(v, "first");
    if (!setup[0] && !init[0])
        return;
    tt_sbuf_printf(b, "Rolls won:");
    if (setup[0])
        tt_sbuf_printf(b, " setup %s", setup);
    if (init[0])
        tt_sbuf_printf(b, "%s turn %d initiative %s", setup[0] ? "," : "", jint(v, "turn"), init);
    for (int q = 0; first[0] && q < TAN_PLAYERS; q++) /* a sentence: its title */
        if (strcmp(c->seat_name[q], first) == 0)
            tt_sbuf_printf(b, "; %s activates first", c->seat_title[q]);
    tt_sbuf_printf(b, ".\n");
}

static void put_status(tt_sbuf *b, const tan_content *c, const json_t *v)
{
    const json_t *units = json_object_get(v, "units"), *cy = json_object_get(v, "cycle");
    const json_t *d = json_object_get(v, "decision"), *res = json_object_get(v, "result");
    char w[64], w2[64];
    put_rolls(b, c, v);
    if (json_is_object(cy)) {
        const json_t *u = unit_by_id(units, jstr(cy, "unit"));
        tt_sbuf_printf(b, "Active: %s", who(c, units, jstr(cy, "unit"), w, sizeof w));
        if (u && strcmp(jstr(u, "status"), "board") == 0)
            tt_sbuf_printf(b, " on %s", jstr(u, "circle"));
        else if (u)
            tt_sbuf_printf(b, " in reserve");
        tt_sbuf_printf(b, ", %d MP left (%d spent, %d bought), action %s", jint(cy, "mp"),
                       jint(cy, "mp_spent"), jint(cy, "mp_bought"),
                       jbool(cy, "action_taken") ? "taken" : "not taken");
        if (strcmp(jstr(cy, "passage"), "none") != 0)
            tt_sbuf_printf(b, ", may pass onto %s", jstr(cy, "passage_circle"));
        if (strcmp(jstr(cy, "sequence"), "exchange") == 0)
            tt_sbuf_printf(b, ", exchanging (%d done)", jint(cy, "sequence_steps"));
        else if (strcmp(jstr(cy, "sequence"), "search") == 0)
            tt_sbuf_printf(b, ", searching the crate at %s", jstr(cy, "sequence_site"));
        tt_sbuf_printf(b, "\n");
    }
    if (json_is_object(d)) {
        const char *kind = jstr(d, "kind"), *p = jstr(d, "player");
        if (strcmp(kind, "shrug") == 0)
            tt_sbuf_printf(
                b,
                "Decision: %s is hit for %d wound%s by %s%s; %s may shrug off up to %d, 1 VP "
                "each\n",
                who(c, units, jstr(d, "victim"), w, sizeof w), jint(d, "wounds"),
                jint(d, "wounds") == 1 ? "" : "s",
                who(c, units, jstr(d, "attacker"), w2, sizeof w2),
                strcmp(jstr(d, "blow"), "grenade") == 0 ? "'s grenade" : "", p, jint(d, "max"));
        else if (strcmp(kind, "counter") == 0)
            tt_sbuf_printf(b, "Decision: %s may counterattack %s with %s, for 1 VP\n", p,
                           who(c, units, jstr(d, "target"), w, sizeof w),
                           who(c, units, jstr(d, "unit"), w2, sizeof w2));
        else {
            static const char *const asks[][2] = {
                {"recruit", "choose characters, in secret"},
                {"packs", "choose equipment packs, in secret"},
                {"custom", "choose à la carte equipment"},
                {"entry", "choose an entry circle"},
                {"keep", "keep at most 4 objective tokens per category"},
                {"place", "place an objective token"},
                {"flag", "place a flag"},
                {"reinforce", "choose reinforcements, in secret"},
                {"reinforce_custom", "choose à la carte equipment for a reinforcement"},
                {"first", "name the player who activates first"},
                {"activate", "activate a character"},
                {"cycle", "play the active character's cycle"}};
            const char *ask = kind;
            for (size_t k = 0; k < sizeof asks / sizeof asks[0]; k++)
                if (strcmp(asks[k][0], kind) == 0)
                    ask = asks[k][1];
            tt_sbuf_printf(b, "Decision: %s to %s", p, ask);
            if (json_is_string(json_object_get(d, "unit")) && strcmp(kind, "cycle") != 0)
                tt_sbuf_printf(b, " (%s)", jstr(d, "unit"));
            tt_sbuf_printf(b, "\n");
        }
    }
    if (json_is_string(json_object_get(v, "draw_offer")))
        tt_sbuf_printf(b, "%s offers a draw\n", jstr(v, "draw_offer"));
    if (json_is_object(res)) {
        if (jbool(res, "draw"))
            tt_sbuf_printf(b, "Game over: drawn (%s)\n", jstr(res, "reason"));
        else
            for (int q = 0; q < TAN_PLAYERS; q++)
                if (strcmp(c->seat_name[q], jstr(res, "winner")) == 0)
                    tt_sbuf_printf(b, "Game over: %s wins (%s)\n", c->seat_title[q],
                                   jstr(res, "reason"));
    }
}

/* --- the whole picture ------------------------------------------------------------------------ */

static void collect_marks(const tan_content *c, const json_t *v, marks *mk)
{
    size_t i, k;
    const json_t *x, *pl, *fl;
    for (int ci = 0; ci < c->ncircles; ci++)
        mk->occupant[ci] = -1, mk->things[ci] = 0;
    json_array_foreach(json_object_get(v, "units"), i, x) {
        int ci = circle_index(c, jstr(x, "circle"));
        if (ci >= 0)
            mk->occupant[ci] = jint(x, "unit");
    }
    json_array_foreach(json_object_get(v, "ground"), i, x) {
        int ci = circle_index(c, jstr(x, "circle"));
        if (ci >= 0)
            mk->things[ci] = 1;
    }
    json_array_foreach(json_object_get(v, "crates"), i, x) {
        if (jbool(x, "face_down") || json_array_size(json_object_get(x, "contents")))
            mk->things[c->site[i]] = 1;
    }
    json_array_foreach(json_object_get(v, "objectives"), i, x) {
        int ci = circle_index(c, jstr(x, "circle"));
        if (ci >= 0)
            mk->things[ci] = 1;
    }
    json_array_foreach(json_object_get(v, "players"), i, pl) {
        json_array_foreach(json_object_get(pl, "flags"), k, fl) {
            int ci = circle_index(c, jstr(fl, "at"));
            if (ci >= 0)
                mk->things[ci] = 1;
        }
    }
}

static const char *mode_title(int mode)
{
    static const char *const t[] = {"Story", "Death Match", "Capture the Flag", "Domination"};
    return mode >= 0 && mode < 4 ? t[mode] : "?";
}

static void put_title(tt_sbuf *b, const tan_content *c, const json_t *v)
{
    tt_sbuf_printf(b, "%s: %s, %s difficulty, ", c->board_name, mode_title(c->mode),
                   jstr(v, "difficulty"));
    if (jint(v, "turn"))
        tt_sbuf_printf(b, "turn %d", jint(v, "turn"));
    else
        tt_sbuf_printf(b, "setup");
    if (jint(v, "max_turns") && jint(v, "turn"))
        tt_sbuf_printf(b, " of %d", jint(v, "max_turns"));
    else if (jint(v, "max_turns"))
        tt_sbuf_printf(b, " (%d turns)", jint(v, "max_turns"));
    tt_sbuf_printf(b, "\n");
}

/* The whole picture (TT_TEXT_ALL) or one part of it, into b. */
static void put_part(tt_sbuf *b, const tan_content *c, const json_t *v, const marks *mk, int viewer,
                     int part)
{
    if (part == TT_TEXT_MAP) {
        draw_map(b, c, mk);
        return;
    }
    if (part == TT_TEXT_STATUS) { /* the teams in brief: the map shows where they stand */
        put_title(b, c, v);
        for (int p = 0; p < TAN_PLAYERS; p++)
            put_team_brief(b, c, v, p);
        put_unseen(b, c, v); /* the legend holds it in the whole picture */
        put_objectives(b, v);
        return;
    }
    if (part == TT_TEXT_ALL) {
        put_title(b, c, v);
        draw_map(b, c, mk);
        tt_sbuf_printf(
            b, "  (X:L3 = circle X held by character L3; * = something lies there; # door;\n"
               "   . link to an objective or action circle, which nobody enters)\n");
        put_key(b, c, v);
        put_legend(b, c, v, mk);
        for (int p = 0; p < TAN_PLAYERS; p++)
            put_team(b, c, v, p);
        tt_sbuf_printf(b, "\n");
        put_equipment_key(b, c, v);
        put_objectives(b, v);
    }
    put_options(b, c, v, viewer);
    put_status(b, c, v);
}

/* Returns the picture, or one part of it (TT_TEXT_…), as malloc'd text (the
 * caller frees it), or NULL when out of memory. */
static char *view_text(const tt_game *g, const void *st, int viewer, int part)
{
    const tan_content *c = tan_content_of(g);
    char *text = tan_view_json(g, st, viewer);
    json_t *v = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    if (!v)
        return NULL;
    tt_sbuf b = {0};
    marks *mk = calloc(1, sizeof *mk);
    if (!mk) {
        json_decref(v);
        return NULL;
    }
    collect_marks(c, v, mk);
    put_part(&b, c, v, mk, viewer, part);
    free(mk);
    json_decref(v);
    if (part != TT_TEXT_ALL) /* a part is wrapped by the screen that shows it */
        return tt_sbuf_take(&b);
    tt_sbuf out = {0};
    char *raw = tt_sbuf_take(&b);
    if (raw)
        put_wrapped(&out, raw);
    else
        out.oom = 1;
    free(raw);
    return tt_sbuf_take(&out);
}

char *tan_view_text(const tt_game *g, const void *st, int viewer)
{
    return view_text(g, st, viewer, TT_TEXT_ALL);
}

char *tan_view_part(const tt_game *g, const void *st, int viewer, int part)
{
    return view_text(g, st, viewer, part);
}
