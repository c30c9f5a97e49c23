/* X-Files decks: deck declarations checked by every rule of XF-3.2 and
 * XF-3.3 — deck size, copies, X-Files and KILLER cards, the starting team's
 * size, cost and duplicate identities, card references — and the tools that
 * read them: game parameters, `deck validate`, `deck new`, `deck list`.
 *
 * A declaration is {"starting_agents": [ids], "cards": {id: count}}; a file
 * may also hold several, {"decks": {"NAME": declaration, …}} as section 11.6
 * writes them. Every problem is reported, each at the line of what breaks
 * the rule, so a player fixes a deck in one pass. The limits come from the
 * game's options (XF-3.1.1): a deck is checked against the game it is loaded
 * for. Nothing here is on the playout path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/fields.h"
#include "core/file.h"
#include "core/json.h"
#include "core/sbuf.h"
#include "games/xfiles/xfiles.h"

typedef struct dloader {
    const tt_json_doc *doc;
    tt_diags *d;
    const xf_content *c;
    const xf_options *o;
} dloader;

#define LINE(L, node, key) tt_json_line((L)->doc, node, key)
#define PROBLEM(L, line, rule, ...) tt_diag_add((L)->d, (L)->doc->file, line, rule, __VA_ARGS__)

/* A card id as the declaration writes it: the def, or -1 (reported). */
static int card_ref(dloader *L, const char *id, int line, const char *rule)
{
    int k = xf_find_def(L->c, id);
    if (k < 0 || strcmp(L->c->def[k].id, id) != 0) {
        PROBLEM(L, line, rule, "no card has id '%s'", id);
        return -1;
    }
    return k;
}

/* XF-3.3.1: the starting team. Fills team (defs) and returns their number. */
static int check_team(dloader *L, const json_t *obj, uint8_t *team)
{
    const xf_content *c = L->c;
    const json_t *arr = json_object_get(obj, "starting_agents");
    int line = LINE(L, obj, "starting_agents"), n = 0, cost = 0, size = 0;
    if (!json_is_array(arr)) {
        PROBLEM(L, arr ? line : LINE(L, obj, NULL), "XF-3.2.1",
                "a deck declaration has 'starting_agents', a list of Agent ids");
        return 0;
    }
    size_t i;
    json_t *v;
    json_array_foreach((json_t *)arr, i, v) {
        const char *id = json_string_value(v);
        int k = id ? card_ref(L, id, line, "XF-3.3.1") : -1;
        size++;
        if (!id)
            PROBLEM(L, line, "XF-3.3.1", "'starting_agents' holds card ids (strings)");
        if (k < 0)
            continue;
        const xf_def *a = &c->def[k];
        if (a->type != TY_AGENT) {
            PROBLEM(L, line, "XF-3.3.1", "%s is a%s %s, not an Agent", a->id,
                    strchr("AEIOU", xf_type_name(a->type)[0]) ? "n" : "", xf_type_name(a->type));
            continue;
        }
        for (int j = 0; j < n; j++)
            if (c->def[team[j]].identity == a->identity)
                PROBLEM(L, line, "XF-3.3.1",
                        "%s and %s are the same Agent; a starting team holds each Agent once",
                        c->def[team[j]].id, a->id);
        cost += a->cost;
        if (n < XF_TEAM_MAX)
            team[n++] = (uint8_t)k;
    }
    if (L->o->basic && size != XF_BASIC_TEAM)
        PROBLEM(L, line, "XF-9.12.1",
                "the starting team has %d Agent%s; Basic mode takes exactly %d (item 2)", size,
                size == 1 ? "" : "s", XF_BASIC_TEAM);
    if (L->o->basic) /* item 2: no minimum, no cost limit */
        return n;
    if (size < L->o->team_min_agents)
        PROBLEM(L, line, "XF-3.3.1",
                "the starting team has %d Agent%s; it needs at least %d (team_min_agents)", size,
                size == 1 ? "" : "s", L->o->team_min_agents);
    if (size > XF_TEAM_MAX)
        PROBLEM(L, line, "XF-2.18.1",
                "the starting team has %d Agents; the engine takes at most %d (TEAM_MAX)", size,
                XF_TEAM_MAX);
    if (cost > L->o->team_cost_limit)
        PROBLEM(L, line, "XF-3.3.1", "the starting team costs %d; at most %d (team_cost_limit)",
                cost, L->o->team_cost_limit);
    return n;
}

/* XF-9.12.1 item 1: Basic mode takes Agents and advanced_only cards out of
 * the Bureau Deck as it is loaded, so one declaration serves both games. */
static int removed_in_basic(const dloader *L, const xf_def *x)
{
    return L->o->basic && (x->advanced_only || x->type == TY_AGENT);
}

/* XF-3.2: the Bureau Deck. Fills count (per def) and returns the size. */
static int check_cards(dloader *L, const json_t *obj, int *count)
{
    const xf_content *c = L->c;
    const json_t *cards = json_object_get(obj, "cards");
    if (!json_is_object(cards)) {
        PROBLEM(L, cards ? LINE(L, obj, "cards") : LINE(L, obj, NULL), "XF-3.2.1",
                "a deck declaration has 'cards', an object from card ids to counts");
        return 0;
    }
    int size = 0, named[XF_MAX_DEFS] = {0};
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)cards, key, v) {
        int line = LINE(L, cards, key), k = card_ref(L, key, line, "XF-3.2.1");
        json_int_t n = json_is_integer(v) ? json_integer_value(v) : 0;
        if (n < 1) {
            PROBLEM(L, line, "XF-3.2.1", "the count of '%s' must be a whole number from 1", key);
            continue;
        }
        n = n > 1000 ? 1000 : n; /* enough to break every limit, not to overflow */
        if (k >= 0 && removed_in_basic(L, &c->def[k]))
            continue;
        size += (int)n;
        if (k < 0)
            continue;
        const xf_def *x = &c->def[k];
        count[k] += (int)n;
        if (x->type == TY_XFILE)
            PROBLEM(L, line, "XF-3.2.3", "%s is an X-File; X-Files are chosen, not drawn", x->id);
        if (xf_words_has(&x->kw, W_KILLER))
            PROBLEM(L, line, "XF-3.2.4",
                    "%s has keyword KILLER; KILLER cards are not played (opt_killer)", x->id);
        named[x->name_id] += (int)n; /* names, not ids: reported once, where the limit is passed */
        if (named[x->name_id] > L->o->copy_limit && named[x->name_id] - (int)n <= L->o->copy_limit)
            PROBLEM(L, line, "XF-3.2.2", "%d copies of \"%s\"; at most %d of one name (copy_limit)",
                    named[x->name_id], x->name, L->o->copy_limit);
    }
    int line = LINE(L, obj, "cards");
    if (size < L->o->deck_min && !L->o->basic) /* XF-9.12.1 item 1: no minimum */
        PROBLEM(L, line, "XF-3.2.1",
                "the Bureau Deck holds %d cards; it needs at least %d (deck_min)", size,
                L->o->deck_min);
    if (size > XF_DECK_MAX)
        PROBLEM(L, line, "XF-2.18.1",
                "the Bureau Deck holds %d cards; the engine takes at most %d (DECK_MAX)", size,
                XF_DECK_MAX);
    return size;
}

/* Checks one declaration; on no problem fills out (may be NULL). Returns
 * the problems found. */
static int check_decl(dloader *L, const json_t *obj, xf_deck *out)
{
    static const char *const fields[] = {"starting_agents", "cards", NULL};
    int n0 = L->d->n + L->d->dropped;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v)
        if (tt_field_lookup(fields, key) < 0)
            PROBLEM(L, LINE(L, obj, key), "XF-3.2.1", "unknown field '%s' in a deck declaration",
                    key);
    uint8_t team[XF_TEAM_MAX];
    int count[XF_MAX_DEFS] = {0};
    int nteam = check_team(L, obj, team);
    check_cards(L, obj, count);
    int problems = L->d->n + L->d->dropped - n0;
    if (problems || !out)
        return problems;
    memset(out, 0, sizeof *out);
    out->nteam = (uint8_t)nteam;
    memcpy(out->def, team, (size_t)nteam);
    int n = nteam;
    for (int k = 0; k < L->c->ndefs; k++) /* XF-2.17.1: content order, whatever the file's */
        for (int i = 0; i < count[k]; i++)
            out->def[n++] = (uint8_t)k;
    out->ncards = (uint8_t)n;
    return 0;
}

/* tt_field_decks' checker: the first declaration fills the deck asked for. */
struct walk {
    dloader *L;
    xf_deck *out;
};
static void check_one(void *ctx, const json_t *decl, int i)
{
    struct walk *w = ctx;
    check_decl(w->L, decl, i == 0 ? w->out : NULL);
}

int xf_deck_check(const xf_content *c, const xf_options *o, const char *text, size_t len,
                  const char *file, tt_diags *d, xf_deck *out)
{
    tt_json_doc doc;
    if (tt_json_parse(&doc, text, len, file, d) != 0)
        return -1;
    dloader L = {&doc, d, c, o};
    struct walk w = {&L, out};
    int n = tt_field_decks(&(tt_fields){&doc, d, NULL}, "XF-3.2.1", check_one, &w);
    tt_json_fini(&doc);
    return n;
}

/* --- the tools ------------------------------------------------------------------------ */

static const char deck_choices[] = "deck_a, deck_b, deck_b_basic or a .json file";

const char *xf_sample_deck(const xf_options *o, int seat)
{
    if (seat % 2 == 0)
        return "deck_a";
    return o->basic ? "deck_b_basic" : "deck_b";
}

/* tt_deck_load's checker: ctx is {content, the deck to fill} */
struct deck_ctx {
    const xf_content *c;
    xf_deck *out;
};
static int check_for_load(void *ctx, const char *text, size_t len, const char *file, tt_diags *d)
{
    struct deck_ctx *x = ctx;
    return xf_deck_check(x->c, &x->c->opt, text, len, file, d, x->out);
}

int xf_load_deck(const xf_content *c, const char *param, const char *value, xf_deck *out,
                 tt_error *err)
{
    struct deck_ctx x = {c, out};
    return tt_deck_load("xfiles", param, value, deck_choices, check_for_load, &x, err);
}

int xf_validate_file(const char *path, tt_diags *d)
{
    return xf_validate_with(path, NULL, d);
}

int xf_validate_with(const char *path, const char *options, tt_diags *d)
{
    int basic = options && strcmp(options, "mode=BASIC") == 0;
    if (options && *options && !basic && strcmp(options, "mode=ADVANCED") != 0)
        return TT_EARG;
    size_t len;
    char *text = tt_read_file(path, &len);
    if (!text)
        return TT_EIO;
    tt_error err;
    xf_content *c = NULL;
    if (strstr(text, "\"module\"")) { /* a content file says which module it is for */
        c = calloc(1, sizeof *c);
        if (c)
            xf_content_load(c, text, len, path, d);
        else
            tt_diag_add(d, path, 0, NULL, "out of memory");
    } else if (!(c = xf_content_new(NULL, &err))) {
        tt_diag_add(d, path, 0, NULL, "%s", err.msg);
    } else {
        if (basic)
            xf_options_basic(&c->opt);
        xf_deck_check(c, &c->opt, text, len, path, d, NULL);
    }
    free(c);
    free(text);
    return TT_OK;
}

int xf_deck_new(const char *options, char **out, tt_error *err)
{
    char value[64] = "deck_a";
    if (options && *options) {
        if (strncmp(options, "sample=", 7) != 0 || strchr(options, ' '))
            return tt_fail(err, TT_EARG, NULL,
                           "deck new xfiles takes --sample deck_a|deck_b|deck_b_basic");
        snprintf(value, sizeof value, "%s", options + 7);
    }
    if (strcmp(value, "deck_a") != 0 && strcmp(value, "deck_b") != 0 &&
        strcmp(value, "deck_b_basic") != 0)
        return tt_fail(err, TT_EARG, NULL, "--sample is deck_a, deck_b or deck_b_basic, not '%s'",
                       value);
    char file[200];
    size_t len;
    return tt_deck_text("xfiles", "--sample", value, deck_choices, out, &len, file, sizeof file,
                        err);
}

int xf_deck_list(const char *path, const char *options, char **out, tt_error *err)
{
    if (options && *options)
        return tt_fail(err, TT_EARG, NULL, "deck list xfiles takes no options");
    xf_content *c = xf_content_new(NULL, err);
    if (!c)
        return err ? err->code : TT_ECONTENT;
    size_t len;
    char *src = NULL;
    int rc = tt_file_read(path, TT_FILE_MAX_CONTENT, &src, &len, err);
    tt_diags *d = calloc(1, sizeof *d);
    xf_deck deck;
    if (rc || !d) {
        rc = rc ? rc : tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    } else if (xf_deck_check(c, &c->opt, src, len, path, d, &deck) != 1 || d->n) {
        rc = tt_fail(err, TT_ECONTENT, NULL,
                     "%s is not one valid deck declaration (see 'tabletop deck validate')", path);
    } else { /* the instances in the engine's order (XF-2.17.1): team, then deck */
        tt_sbuf b = {0};
        for (int i = 0; i < deck.ncards; i++) {
            const xf_def *x = &c->def[deck.def[i]];
            tt_sbuf_printf(&b, "%3d %-5s %-9s %s%s\n", i + 1, x->id, xf_type_name(x->type), x->name,
                           i < deck.nteam ? " (starting team)" : "");
        }
        *out = tt_sbuf_take(&b);
        if (!*out)
            rc = tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    free(d);
    free(src);
    free(c);
    return rc;
}
