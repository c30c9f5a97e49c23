/* INWO decks: deck declarations checked by every deck rule — 45 cards with
 * the starting Illuminati (INWO-3.1), Group deck of Groups and Resources and
 * Plot deck of Plots and Illuminati (INWO-2.1.3), known card ids and whole
 * counts (INWO-12.2), the engine's 45 instances a seat (INWO-2.15.1) — and
 * the tools that read them: game parameters, `deck validate`, `deck new`,
 * `deck list`.
 *
 * A declaration is {"name", "illuminati": id, "group_deck": {id: count},
 * "plot_deck": {id: count}}, as section 12.5 writes each deck; a file may
 * also hold several, {"decks": {"A": declaration, …}}. Every problem is
 * reported at the line of what breaks the rule. Nothing here is on the
 * playout path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/fields.h"
#include "core/file.h"
#include "core/json.h"
#include "core/rules.h"
#include "core/sbuf.h"
#include "games/inwo/content.h"

typedef struct dloader {
    const tt_json_doc *doc;
    tt_diags *d;
    const inwo_content *c;
} dloader;

#define LINE(L, node, key) tt_json_line((L)->doc, node, key)
#define PROBLEM(L, line, rule, ...) tt_diag_add((L)->d, (L)->doc->file, line, rule, __VA_ARGS__)

static const char *article_kind(int k)
{
    return k == INWO_ILLUMINATI ? "an Illuminati"
           : k == INWO_GROUP    ? "a Group"
           : k == INWO_RESOURCE ? "a Resource"
                                : "a Plot";
}

/* INWO-3.1: the starting Illuminati. Returns its def, or -1 (reported). */
static int check_illuminati(dloader *L, const json_t *obj)
{
    json_t *v = json_object_get(obj, "illuminati");
    const char *id = json_string_value(v);
    if (!id) {
        PROBLEM(L, LINE(L, obj, v ? "illuminati" : NULL), "INWO-3.1",
                "a deck has a starting Illuminati: field 'illuminati', a card id");
        return -1;
    }
    int k = inwo_find_def(L->c, id);
    if (k < 0) {
        PROBLEM(L, LINE(L, obj, "illuminati"), "INWO-12.2", "no card has id '%s'", id);
        return -1;
    }
    if (L->c->def[k].kind != INWO_ILLUMINATI) {
        PROBLEM(L, LINE(L, obj, "illuminati"), "INWO-3.1",
                "%s is %s; the starting card is an Illuminati", id,
                article_kind(L->c->def[k].kind));
        return -1;
    }
    return k;
}

/* One of the two decks: its cards counted per def into count[]; returns
 * the cards named. `plot`: the Plot deck (INWO-2.1.3). */
static int check_part(dloader *L, const json_t *obj, const char *key, int plot, int *count)
{
    const json_t *part = json_object_get(obj, key);
    if (!json_is_object(part)) {
        PROBLEM(L, LINE(L, obj, part ? key : NULL), "INWO-12.2",
                "a deck has '%s', an object from card ids to counts", key);
        return 0;
    }
    int size = 0;
    const char *id;
    json_t *v;
    json_object_foreach((json_t *)part, id, v) {
        int line = LINE(L, part, id), k = inwo_find_def(L->c, id);
        json_int_t n = json_is_integer(v) ? json_integer_value(v) : 0;
        if (n < 1) {
            PROBLEM(L, line, "INWO-12.2", "the count of '%s' must be a whole number from 1", id);
            continue;
        }
        n = n > 1000 ? 1000 : n; /* enough to break every limit, not to overflow */
        size += (int)n;
        if (k < 0) {
            PROBLEM(L, line, "INWO-12.2", "no card has id '%s'", id);
            continue;
        }
        int kind = L->c->def[k].kind;
        if (plot && (kind == INWO_GROUP || kind == INWO_RESOURCE))
            PROBLEM(L, line, "INWO-2.1.3",
                    "%s is %s; the Plot deck holds Plots and Illuminati only", id,
                    article_kind(kind));
        else if (!plot && (kind == INWO_PLOT || kind == INWO_ILLUMINATI))
            PROBLEM(L, line, "INWO-2.1.3",
                    "%s is %s; the Group deck holds Groups and Resources only", id,
                    article_kind(kind));
        else
            count[k] += (int)n;
    }
    return size;
}

/* Orders one seat's instances (INWO-5.0.3): Illuminati, Group deck, Plot
 * deck, each in content order; copies numbered from 1 per card_id. */
static void fill_deck(const inwo_content *c, int illu, const int *group, const int *plot,
                      inwo_deck *out)
{
    int n = 0, copies[INWO_MAX_DEFS] = {0};
    out->def[n++] = (uint8_t)illu;
    for (int k = 0; k < c->ndefs; k++)
        for (int i = 0; i < group[k]; i++)
            out->def[n++] = (uint8_t)k;
    out->ngroup = (uint8_t)(n - 1);
    for (int k = 0; k < c->ndefs; k++)
        for (int i = 0; i < plot[k]; i++)
            out->def[n++] = (uint8_t)k;
    for (int i = 0; i < n; i++)
        out->copy[i] = (uint8_t)++copies[out->def[i]];
}

/* Checks one declaration; on no problem fills out (may be NULL). */
static int check_decl(dloader *L, const json_t *obj, inwo_deck *out)
{
    static const char *const fields[] = {"name", "illuminati", "group_deck", "plot_deck", NULL};
    int n0 = L->d->n + L->d->dropped;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v)
        if (tt_field_lookup(fields, key) < 0)
            PROBLEM(L, LINE(L, obj, key), "INWO-12.2", "unknown field '%s' in a deck", key);
    json_t *name = json_object_get(obj, "name");
    if (name && (!json_is_string(name) || strlen(json_string_value(name)) >= sizeof out->name))
        PROBLEM(L, LINE(L, obj, "name"), "INWO-12.2", "a deck's name is a string of at most %zu",
                sizeof out->name - 1);
    int illu = check_illuminati(L, obj);
    int *group = calloc(2 * INWO_MAX_DEFS, sizeof *group), *plot = group + INWO_MAX_DEFS;
    if (!group) {
        PROBLEM(L, 0, NULL, "out of memory");
        return 1;
    }
    int size = json_is_string(json_object_get(obj, "illuminati")) + /* named, if not valid */
               check_part(L, obj, "group_deck", 0, group) +
               check_part(L, obj, "plot_deck", 1, plot);
    if (size != INWO_DECK_CARDS)
        PROBLEM(L, LINE(L, obj, NULL), "INWO-3.1",
                "the deck holds %d cards in all; it holds exactly %d, its Illuminati included",
                size, INWO_DECK_CARDS);
    int problems = L->d->n + L->d->dropped - n0;
    if (!problems && out) {
        memset(out, 0, sizeof *out);
        fill_deck(L->c, illu, group, plot, out);
        snprintf(out->name, sizeof out->name, "%s", name ? json_string_value(name) : "");
    }
    free(group);
    return problems;
}

/* tt_field_decks' checker: the first declaration fills the deck asked for. */
struct walk {
    dloader *L;
    inwo_deck *out;
};
static void check_one(void *ctx, const json_t *decl, int i)
{
    struct walk *w = ctx;
    check_decl(w->L, decl, i == 0 ? w->out : NULL);
}

int inwo_deck_check(const inwo_content *c, const char *text, size_t len, const char *file,
                    tt_diags *d, inwo_deck *out)
{
    tt_json_doc doc;
    if (tt_json_parse(&doc, text, len, file, d) != 0)
        return -1;
    dloader L = {&doc, d, c};
    struct walk w = {&L, out};
    int n = tt_field_decks(&(tt_fields){&doc, d, NULL}, "INWO-12.2", check_one, &w);
    tt_json_fini(&doc);
    return n;
}

/* --- the tools ------------------------------------------------------------------------ */

static const char sample_choices[] = "deck_a, deck_b, deck_c, deck_d or a .json file";

const char *inwo_sample_deck(int seat)
{
    static const char *const samples[] = {"deck_a", "deck_b", "deck_c", "deck_d"};
    return samples[seat % 4]; /* INWO-12.1: four decks for 2 to 4; 5 and 6 reuse A and B */
}

/* tt_deck_load's checker: ctx is {content, the deck to fill} */
struct deck_ctx {
    const inwo_content *c;
    inwo_deck *out;
};
static int check_for_load(void *ctx, const char *text, size_t len, const char *file, tt_diags *d)
{
    struct deck_ctx *x = ctx;
    return inwo_deck_check(x->c, text, len, file, d, x->out);
}

int inwo_load_deck(const inwo_content *c, const char *param, const char *value, inwo_deck *out,
                   tt_error *err)
{
    struct deck_ctx x = {c, out};
    return tt_deck_load("inwo", param, value, sample_choices, check_for_load, &x, err);
}

int inwo_validate_file(const char *path, tt_diags *d)
{
    size_t len;
    char *text = tt_read_file(path, &len);
    if (!text)
        return TT_EIO;
    tt_error err;
    inwo_content *c = NULL;
    if (strstr(text, "\"module\"")) { /* a content file says which module it is for */
        c = calloc(1, sizeof *c);
        if (c)
            inwo_content_load(c, text, len, path, d);
        else
            tt_diag_add(d, path, 0, NULL, "out of memory");
    } else if (!(c = inwo_content_new(NULL, &err))) {
        tt_diag_add(d, path, 0, NULL, "%s", err.msg);
    } else {
        inwo_deck_check(c, text, len, path, d, NULL);
    }
    free(c);
    free(text);
    return TT_OK;
}

int inwo_deck_new(const char *options, char **out, tt_error *err)
{
    char value[64] = "deck_a";
    if (options && *options) {
        if (strncmp(options, "sample=", 7) != 0 || strchr(options, ' '))
            return tt_fail(err, TT_EARG, NULL,
                           "deck new inwo takes --sample deck_a|deck_b|deck_c|deck_d");
        snprintf(value, sizeof value, "%s", options + 7);
    }
    if (strcmp(value, "deck_a") != 0 && strcmp(value, "deck_b") != 0 &&
        strcmp(value, "deck_c") != 0 && strcmp(value, "deck_d") != 0)
        return tt_fail(err, TT_EARG, NULL, "--sample is deck_a, deck_b, deck_c or deck_d, not '%s'",
                       value);
    char file[200];
    size_t len;
    return tt_deck_text("inwo", "--sample", value, sample_choices, out, &len, file, sizeof file,
                        err);
}

int inwo_deck_list(const char *path, const char *options, char **out, tt_error *err)
{
    if (options && *options)
        return tt_fail(err, TT_EARG, NULL, "deck list inwo takes no options");
    inwo_content *c = inwo_content_new(NULL, err);
    if (!c)
        return err ? err->code : TT_ECONTENT;
    inwo_deck deck;
    struct deck_ctx x = {c, &deck};
    int rc = tt_deck_load("inwo", "deck", path, sample_choices, check_for_load, &x, err);
    if (rc == TT_OK) { /* the instances in the engine's order (INWO-5.0.3) */
        tt_sbuf b = {0};
        for (int i = 0; i < INWO_DECK_CARDS; i++) {
            const inwo_def *d = &c->def[deck.def[i]];
            tt_sbuf_printf(&b, "%2d %s#%d %-10s %s%s\n", i + 1, d->id, deck.copy[i],
                           inwo_kind_name(d->kind), d->name,
                           i == 0             ? " (starting)"
                           : i <= deck.ngroup ? " (Group deck)"
                                              : " (Plot deck)");
        }
        *out = tt_sbuf_take(&b);
        if (!*out)
            rc = tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    free(c);
    return rc;
}
