/* Braunau decks: declarations checked as BRA-3.10 checks them, the standard
 * and random standardized compositions (BRA-3.4, 3.8), canonical token ids
 * (BRA-3.12), and the designer's tools: validate, new, list (BRA-3.13).
 *
 * A declaration is checked in the order of BRA-3.10's table (V1 … V16) and
 * every violation is reported, each with its error code, its details, the
 * check number, the rule it enforces and the line in the file. Problems of
 * shape that the table does not name (an unknown field, a list that is not a
 * list) come first, as E_BAD_DECLARATION. The count checks (V12 – V16) are
 * one function, which the in-memory checks use too: determinization runs
 * those on the decks it imagines for other factions, so they allocate
 * nothing. Nothing here is on the playout path. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/file.h"
#include "core/json.h"
#include "core/rng.h"
#include "core/sbuf.h"
#include "games/braunau/braunau.h"

typedef struct dloader {
    tt_json_doc *doc;
    tt_diags *d;
    const bra_content *c;
} dloader;

#define LINE(L, node, key) tt_json_line((L)->doc, node, key)
#define PROBLEM(L, line, rule, ...) tt_diag_add((L)->d, (L)->doc->file, line, rule, __VA_ARGS__)

static const char *const mode_names[] = {"CUSTOMIZED", "STANDARDIZED", "RANDOM_STANDARDIZED", NULL};

/* --- the standard composition (BRA-3.4) -------------------------------------- */

static int std_count(const bra_content *c, int faction, int type)
{
    if ((type == T_BR || type == T_FA) && type != c->f[faction].records)
        return 0;
    return c->ntypes_std[type];
}

/* The standard counts, ABIL left for the split. */
static void std_counts(const bra_content *c, int faction, bra_deck *out)
{
    memset(out, 0, sizeof *out);
    out->faction = (uint8_t)faction;
    out->mode = DM_STANDARDIZED;
    for (int t = 0; t < T_NTYPES; t++)
        out->count[t] = (uint8_t)std_count(c, faction, t);
}

void bra_deck_standard(const bra_content *c, int faction, bra_deck *out)
{
    std_counts(c, faction, out);
    /* the ABIL tokens dealt round the base agents in data order */
    const bra_faction *f = &c->f[faction];
    int nbase = 0;
    for (int k = 0; k < f->nagents; k++)
        nbase += !c->a[f->agent[k]].extended;
    for (int i = 0, k = 0; i < out->count[T_ABIL] && nbase; k = (k + 1) % f->nagents)
        if (!c->a[f->agent[k]].extended) {
            out->abil[k]++;
            i++;
        }
}

void bra_deck_random_split(const bra_content *c, int faction, tt_rng *rng, bra_deck *out)
{
    const bra_faction *f = &c->f[faction];
    memset(out->abil, 0, sizeof out->abil);
    /* BRA-3.8: 12 times, the base agents still below the limit, in data order */
    for (int i = 0; i < out->count[T_ABIL]; i++) {
        uint8_t pick[BRA_MAX_FAGENTS];
        int k = 0;
        for (int j = 0; j < f->nagents; j++)
            if (!c->a[f->agent[j]].extended && out->abil[j] < c->p.max_abil_per_agent)
                pick[k++] = (uint8_t)j;
        if (!k)
            break; /* data with too few base agents is refused at load */
        out->abil[pick[tt_rng_below(rng, (uint32_t)k)]]++;
    }
}

int bra_deck_tokens(const bra_content *c, const bra_deck *d, uint8_t *tok)
{
    int n = 0;
    for (int t = 0; t < T_NTYPES; t++) {
        if (t != T_ABIL) {
            for (int i = 0; i < d->count[t] && n < BRA_MAX_DECK; i++)
                tok[n++] = (uint8_t)t;
            continue;
        }
        for (int k = 0; k < c->f[d->faction].nagents; k++) /* BRA-3.12: data order */
            for (int i = 0; i < d->abil[k] && n < BRA_MAX_DECK; i++)
                tok[n++] = (uint8_t)(T_ABIL | k << 4);
    }
    return n;
}

/* --- the checks of BRA-3.10 ----------------------------------------------------- */

typedef struct decl {
    int faction, mode; /* -1 when unknown */
    const json_t *obj, *tokens, *abil, *ext;
    int count[T_NTYPES];        /* valid counts; ABIL: the total */
    int abil_n[BRA_MAX_AGENTS]; /* per global agent */
    int named[BRA_MAX_AGENTS];  /* ABIL keys: 1; extended_characters: 2 */
} decl;

static void shape(dloader *L, decl *x)
{
    static const char *const fields[] = {"faction", "mode", "extended_characters", "tokens", NULL};
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)x->obj, key, v) {
        int ok = 0;
        for (int i = 0; fields[i] && !ok; i++)
            ok = strcmp(fields[i], key) == 0;
        if (!ok)
            PROBLEM(L, LINE(L, x->obj, key), "BRA-3.9",
                    "E_BAD_DECLARATION: unknown field '%s' in a deck declaration", key);
    }
    x->tokens = json_object_get(x->obj, "tokens");
    if (x->tokens && !json_is_object(x->tokens)) {
        PROBLEM(L, LINE(L, x->obj, "tokens"), "BRA-3.9",
                "E_BAD_DECLARATION: 'tokens' must map type codes to counts");
        x->tokens = NULL;
    }
    x->abil = x->tokens ? json_object_get(x->tokens, "ABIL") : NULL;
    if (x->abil && !json_is_object(x->abil)) {
        PROBLEM(L, LINE(L, x->tokens, "ABIL"), "BRA-3.9",
                "E_BAD_DECLARATION: 'ABIL' must map agent ids to counts");
        x->abil = NULL;
    }
    x->ext = json_object_get(x->obj, "extended_characters");
    if (x->ext && !json_is_array(x->ext)) {
        PROBLEM(L, LINE(L, x->obj, "extended_characters"), "BRA-3.9",
                "E_BAD_DECLARATION: 'extended_characters' must be a list of agent ids");
        x->ext = NULL;
    }
    size_t i;
    json_array_foreach((json_t *)x->ext, i, v)
        if (!json_is_string(v))
            PROBLEM(L, LINE(L, x->obj, "extended_characters"), "BRA-3.9",
                    "E_BAD_DECLARATION: 'extended_characters' must hold agent ids (strings)");
}

/* V1, V2, V3 */
static void check_faction_mode(dloader *L, decl *x)
{
    json_t *f = json_object_get(x->obj, "faction"), *m = json_object_get(x->obj, "mode");
    const char *fs = json_string_value(f), *ms = json_string_value(m);
    x->faction = fs ? bra_find_faction(L->c, fs) : -1;
    if (fs && strcmp(fs, L->c->f[x->faction < 0 ? 0 : x->faction].id) != 0)
        x->faction = -1; /* ids are written in capitals */
    if (x->faction < 0)
        PROBLEM(L, f ? LINE(L, x->obj, "faction") : LINE(L, x->obj, NULL), "BRA-2.2",
                "E_UNKNOWN_FACTION (%s): the faction is GERMANS, AUSTRIANS or LOCALS [V1]",
                fs  ? fs
                : f ? "not a string"
                    : "missing");
    x->mode = -1;
    for (int i = 0; ms && mode_names[i]; i++)
        if (strcmp(ms, mode_names[i]) == 0)
            x->mode = i;
    if (x->mode < 0)
        PROBLEM(L, m ? LINE(L, x->obj, "mode") : LINE(L, x->obj, NULL), "BRA-3.2",
                "E_UNKNOWN_MODE (%s): the mode is CUSTOMIZED, STANDARDIZED or "
                "RANDOM_STANDARDIZED [V2]",
                ms  ? ms
                : m ? "not a string"
                    : "missing");
    if (x->mode == DM_RANDOM && json_object_get(x->obj, "tokens"))
        PROBLEM(L, LINE(L, x->obj, "tokens"), "BRA-3.9",
                "E_RANDOM_TOKENS_GIVEN: a RANDOM_STANDARDIZED deck names no tokens; the engine "
                "builds it [V3]");
}

/* A count: a whole number of at least 0 (V5), or -1. Huge counts are kept
 * large enough to break the deck size, not to overflow. */
static int count_of(dloader *L, const json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    if (json_is_integer(v) && json_integer_value(v) >= 0)
        return json_integer_value(v) > 10000 ? 10000 : (int)json_integer_value(v);
    PROBLEM(L, LINE(L, obj, key), "BRA-3.5",
            "E_NEGATIVE_COUNT (%s): a count is a whole number of at least 0 [V5]", key);
    return -1;
}

/* V4, V5, V6: the type counts */
static void check_counts(dloader *L, decl *x)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)x->tokens, key, v)
        if (bra_type_code(key) < 0)
            PROBLEM(
                L, LINE(L, x->tokens, key), "BRA-2.4",
                "E_UNKNOWN_TOKEN_TYPE (%s): not a token type (DROP, ABIL, SPEC, REFILL, SUMMON, "
                "CI, POP, GOLD, BR, FA) [V4]",
                key);
    json_object_foreach((json_t *)x->tokens, key, v) {
        int t = bra_type_code(key);
        if (t < 0 || t == T_ABIL)
            continue;
        int n = count_of(L, x->tokens, key);
        x->count[t] = n < 0 ? 0 : n;
    }
    json_object_foreach((json_t *)x->abil, key, v) {
        int n = count_of(L, x->abil, key);
        int a = bra_find_agent(L->c, key);
        if (n >= 0 && a >= 0 && strcmp(L->c->a[a].id, key) == 0) {
            x->abil_n[a] = n;
            x->named[a] |= 1;
        }
        x->count[T_ABIL] += n < 0 ? 0 : n;
    }
    if (x->faction < 0)
        return;
    int other = L->c->f[x->faction].records == T_BR ? T_FA : T_BR;
    if (x->count[other] > 0)
        PROBLEM(L, LINE(L, x->tokens, bra_type_code_name(other)), "BRA-2.3",
                "E_RECORDS_TYPE_FORBIDDEN (%s): %s use %s tokens, never %s [V6]",
                bra_type_code_name(other), L->c->f[x->faction].id,
                bra_type_code_name(L->c->f[x->faction].records), bra_type_code_name(other));
}

/* V7 – V11: the agents named */
static void check_agents(dloader *L, decl *x)
{
    const bra_content *c = L->c;
    const char *key;
    json_t *v;
    size_t i;
    /* V7 and V8, ABIL keys then extended characters */
    for (int pass = 7; pass <= 8; pass++) {
        json_object_foreach((json_t *)x->abil, key, v) {
            int a = bra_find_agent(c, key);
            a = a >= 0 && strcmp(c->a[a].id, key) == 0 ? a : -1;
            if (pass == 7 && a < 0)
                PROBLEM(L, LINE(L, x->abil, key), "BRA-2.7",
                        "E_UNKNOWN_AGENT (%s): no agent has this id [V7]", key);
            else if (pass == 8 && a >= 0 && x->faction >= 0 && c->a[a].faction != x->faction)
                PROBLEM(L, LINE(L, x->abil, key), "BRA-3.1",
                        "E_FOREIGN_AGENT (%s): an agent of the %s, not of the %s [V8]", key,
                        c->f[c->a[a].faction].id, c->f[x->faction].id);
        }
        json_array_foreach((json_t *)x->ext, i, v) {
            const char *id = json_string_value(v);
            int a = id ? bra_find_agent(c, id) : -1;
            a = a >= 0 && strcmp(c->a[a].id, id) == 0 ? a : -1;
            if (!id)
                continue;
            if (pass == 7 && a < 0)
                PROBLEM(L, LINE(L, x->obj, "extended_characters"), "BRA-2.7",
                        "E_UNKNOWN_AGENT (%s): no agent has this id [V7]", id);
            else if (pass == 8 && a >= 0 && x->faction >= 0 && c->a[a].faction != x->faction)
                PROBLEM(L, LINE(L, x->obj, "extended_characters"), "BRA-3.1",
                        "E_FOREIGN_AGENT (%s): an agent of the %s, not of the %s [V8]", id,
                        c->f[c->a[a].faction].id, c->f[x->faction].id);
            if (pass == 8 && a >= 0)
                x->named[a] |= 2;
        }
    }
    int own_ok[BRA_MAX_AGENTS];
    for (int a = 0; a < c->nagents; a++)
        own_ok[a] = x->faction >= 0 && c->a[a].faction == x->faction;
    if (x->mode == DM_CUSTOMIZED) {
        json_array_foreach((json_t *)x->ext, i, v) {
            int a = json_is_string(v) ? bra_find_agent(c, json_string_value(v)) : -1;
            if (a >= 0 && own_ok[a] && !c->a[a].extended)
                PROBLEM(L, LINE(L, x->obj, "extended_characters"), "BRA-2.9",
                        "E_NOT_EXTENDED_CHARACTER (%s): a BASE agent, always in the roster [V9]",
                        c->a[a].id);
        }
        json_object_foreach((json_t *)x->abil, key, v) {
            int a = bra_find_agent(c, key);
            if (a >= 0 && own_ok[a] && c->a[a].extended && !(x->named[a] & 2))
                PROBLEM(L, LINE(L, x->abil, key), "BRA-3.5",
                        "E_CHARACTER_NOT_IN_ROSTER (%s): an extended character this deck does "
                        "not declare [V10]",
                        key);
        }
    } else if (x->mode >= 0) {
        for (int a = 0; a < c->nagents; a++)
            if (own_ok[a] && c->a[a].extended && x->named[a])
                PROBLEM(L,
                        x->named[a] & 2 ? LINE(L, x->obj, "extended_characters")
                                        : LINE(L, x->abil, c->a[a].id),
                        "BRA-3.6",
                        "E_STD_EXTENDED_CHARACTER (%s): standardized decks hold base agents only "
                        "[V11]",
                        c->a[a].id);
    }
}

/* V12 – V16 on a declaration's counts, as both the file checks and the
 * in-memory ones read them: count per type (ABIL: the total) and ABIL tokens
 * per agent (global index). Calls bad(ctx, check, what, actual, expected)
 * for each violation, in check order — what is the agent (V13) or the type
 * (V16), else -1 — and returns how many. V16 holds a standardized deck to
 * BRA-3.4, and a random one too: BRA-3.10 runs it on the deck the engine
 * generates, which has the standard counts. */
typedef void broken_fn(void *ctx, int check, int what, int actual, int expected);

static int count_limits(const bra_content *c, int faction, int mode, const int *count,
                        const int *abil_n, broken_fn *bad, void *ctx)
{
    int n = 0, total = 0, records = count[T_BR] + count[T_FA];
    for (int t = 0; t < T_NTYPES; t++)
        total += count[t];
#define BROKEN(check, what, actual, expected) (n++, bad(ctx, check, what, actual, expected))
    if (total != c->p.deck_size)
        BROKEN(12, -1, total, c->p.deck_size);
    for (int a = 0; a < c->nagents; a++)
        if (abil_n[a] > c->p.max_abil_per_agent)
            BROKEN(13, a, abil_n[a], c->p.max_abil_per_agent);
    if (records > c->p.max_records)
        BROKEN(14, -1, records, c->p.max_records);
    if (count[T_DROP] > c->p.max_dropoff)
        BROKEN(15, -1, count[T_DROP], c->p.max_dropoff);
    for (int t = 0; t < T_NTYPES && (mode == DM_STANDARDIZED || mode == DM_RANDOM) && faction >= 0;
         t++)
        if (count[t] != std_count(c, faction, t))
            BROKEN(16, t, count[t], std_count(c, faction, t));
#undef BROKEN
    return n;
}

/* The report of one violation of V12 – V16 in a file, at its line. */
typedef struct limits_ctx {
    dloader *L;
    const decl *x;
} limits_ctx;

static void report_limit(void *ctx, int check, int what, int actual, int expected)
{
    dloader *L = ((limits_ctx *)ctx)->L;
    const decl *x = ((limits_ctx *)ctx)->x;
    const bra_content *c = L->c;
    int line_tokens = x->tokens ? LINE(L, x->obj, "tokens") : LINE(L, x->obj, NULL);
    const char *code = check == 16 ? bra_type_code_name(what) : "DROP";
    int line_code =
        x->tokens && json_object_get(x->tokens, code) ? LINE(L, x->tokens, code) : line_tokens;
    switch (check) {
    case 12:
        PROBLEM(L, line_tokens, "BRA-3.3",
                "E_DECK_SIZE (%d): the deck holds %d tokens; every deck holds exactly %d [V12]",
                actual, actual, expected);
        break;
    case 13:
        PROBLEM(L, LINE(L, x->abil, c->a[what].id),
                x->mode == DM_CUSTOMIZED ? "BRA-3.5" : "BRA-3.7",
                "E_ABILITY_TOKENS_PER_AGENT (%s, %d): at most %d ABIL tokens name one agent "
                "[V13]",
                c->a[what].id, actual, expected);
        break;
    case 14:
        PROBLEM(L, line_tokens, "BRA-3.5",
                "E_RECORDS_LIMIT (%d): at most %d Browsing Records and Full Awareness tokens "
                "[V14]",
                actual, expected);
        break;
    case 15:
        PROBLEM(L, line_code, "BRA-3.5", "E_DROPOFF_LIMIT (%d): at most %d drop-off tokens [V15]",
                actual, expected);
        break;
    default:
        PROBLEM(L, line_code, "BRA-3.4",
                "E_STD_COMPOSITION (%s, %d, %d): a standardized %s deck holds %d %s tokens, not "
                "%d [V16]",
                code, expected, actual, c->f[x->faction].id, expected, code, actual);
    }
}

/* V12 – V16 on the counts (for a random deck: on the one the engine builds) */
static void check_limits(dloader *L, decl *x)
{
    limits_ctx ctx = {L, x};
    count_limits(L->c, x->faction, x->mode, x->count, x->abil_n, report_limit, &ctx);
}

static void first_broken(void *ctx, int check, int what, int actual, int expected)
{
    (void)what, (void)actual, (void)expected;
    if (!*(int *)ctx)
        *(int *)ctx = check;
}

int bra_deck_broken(const bra_content *c, const bra_deck *d)
{
    if (d->faction >= BRA_NF)
        return 1;
    if (d->mode > DM_RANDOM)
        return 2;
    /* V3 – V5 hold by the representation: no token list to omit, counts
     * are whole numbers of known types */
    const bra_faction *f = &c->f[d->faction];
    if (d->count[f->records == T_BR ? T_FA : T_BR])
        return 6;
    /* V7 – V11 as bits per agent of the faction (local index) */
    unsigned extended = 0, named = 0, own = (1u << f->nagents) - 1;
    int count[T_NTYPES], abil_n[BRA_MAX_AGENTS] = {0}, nabil = 0;
    for (int k = 0; k < BRA_MAX_FAGENTS; k++) {
        named |= (unsigned)(d->abil[k] > 0) << k;
        if (k < f->nagents) {
            extended |= (unsigned)c->a[f->agent[k]].extended << k;
            abil_n[f->agent[k]] = d->abil[k];
        }
        nabil += d->abil[k];
    }
    if ((named | d->extended) & ~own)
        return 7; /* an agent the faction does not have */
    if (d->mode == DM_CUSTOMIZED && (d->extended & ~extended))
        return 9;
    if (d->mode == DM_CUSTOMIZED && (named & extended & ~d->extended))
        return 10;
    if (d->mode != DM_CUSTOMIZED && (extended & (named | d->extended)))
        return 11;
    for (int t = 0; t < T_NTYPES; t++)
        count[t] = t == T_ABIL ? nabil : d->count[t];
    if (d->count[T_ABIL] != nabil)
        return 12; /* the ABIL total is not its split's: no size to speak of */
    int first = 0;
    count_limits(c, d->faction, d->mode, count, abil_n, first_broken, &first);
    return first;
}

void bra_deck_of(const bra_content *c, const bra_state *s, int faction, bra_deck *out)
{
    const bra_fstate *fs = &s->f[faction];
    memset(out, 0, sizeof *out);
    out->faction = (uint8_t)faction;
    out->mode = c->deck[faction].mode;
    out->extended = c->deck[faction].extended;
    for (int t = 0; t < c->p.deck_size; t++) {
        int type = fs->tok[t] & 15;
        out->count[type]++;
        if (type == T_ABIL)
            out->abil[fs->tok[t] >> 4]++;
    }
}

/* Checks one declaration object; on no problem fills out. Returns problems. */
static int check_decl(dloader *L, const json_t *obj, bra_deck *out)
{
    int n0 = L->d->n + L->d->dropped;
    decl x;
    memset(&x, 0, sizeof x);
    x.obj = obj;
    shape(L, &x);
    check_faction_mode(L, &x);
    check_counts(L, &x);
    check_agents(L, &x);
    if (x.mode == DM_RANDOM && x.faction >= 0) { /* V12 – V16 hold by construction */
        bra_deck d;
        std_counts(L->c, x.faction, &d);
        for (int t = 0; t < T_NTYPES; t++)
            x.count[t] = d.count[t];
    }
    check_limits(L, &x);
    int problems = L->d->n + L->d->dropped - n0;
    if (problems || !out)
        return problems;
    memset(out, 0, sizeof *out);
    out->faction = (uint8_t)x.faction;
    out->mode = (uint8_t)x.mode;
    for (int t = 0; t < T_NTYPES; t++)
        out->count[t] = (uint8_t)x.count[t];
    const bra_faction *f = &L->c->f[x.faction];
    for (int k = 0; k < f->nagents; k++) {
        out->abil[k] = (uint8_t)x.abil_n[f->agent[k]];
        if (x.named[f->agent[k]] & 2)
            out->extended |= (uint8_t)(1u << k);
    }
    return 0;
}

/* A declaration, a list of them ({"decks": [...]}) or a content file. Returns
 * the declarations checked (content: 0), or -1 after reporting malformed
 * JSON. out (may be NULL) receives the first declaration when it is valid. */
int bra_deck_check(const bra_content *c, const char *text, size_t len, const char *file,
                   tt_diags *d, bra_deck *out, int *nvalid)
{
    tt_json_doc doc;
    if (tt_json_parse(&doc, text, len, file, d) != 0)
        return -1;
    dloader L = {&doc, d, c};
    int n = 0, valid = 0;
    const json_t *root = doc.root, *decks = json_object_get(root, "decks");
    if (!json_is_object(root)) {
        PROBLEM(&L, LINE(&L, root, NULL), "BRA-3.9",
                "E_BAD_DECLARATION: a deck declaration is one JSON object");
    } else if (decks) {
        if (json_object_size(root) != 1 || !json_is_array(decks))
            PROBLEM(&L, LINE(&L, root, "decks"), "BRA-12.5",
                    "E_BAD_DECLARATION: a deck list is {\"decks\": [declarations]}");
        size_t i;
        json_t *v;
        json_array_foreach(json_is_array(decks) ? (json_t *)decks : NULL, i, v) {
            n++;
            if (!json_is_object(v))
                PROBLEM(&L, LINE(&L, root, "decks"), "BRA-3.9",
                        "E_BAD_DECLARATION: entry %zu of 'decks' is not an object", i + 1);
            else
                valid += check_decl(&L, v, n == 1 ? out : NULL) == 0;
        }
    } else {
        n = 1;
        valid = check_decl(&L, root, out) == 0;
    }
    tt_json_fini(&doc);
    if (nvalid)
        *nvalid = valid;
    return n;
}

/* --- content, loading and the tools ------------------------------------------------ */

/* tt_content_load's reader: the sample when text is NULL. */
static int load_content(void *into, const char *text, size_t len, const char *file, tt_diags *d)
{
    return bra_content_load(into, text, len, file, d);
}

bra_content *bra_content_new(const char *path, tt_error *err)
{
    return tt_content_new(sizeof(bra_content), path, "data/braunau/content.json", load_content,
                          err);
}

/* The text of faction's deck parameter (tt_deck_text). */
static int deck_text(const char *value, int faction, char **text, size_t *len, char *file,
                     size_t nfile, tt_error *err)
{
    return tt_deck_text("braunau", bra_faction_player(faction), value,
                        "standardized, random, none, a sample deck name or a .json file", text, len,
                        file, nfile, err);
}

int bra_load_deck(const bra_content *c, int faction, const char *value, bra_deck *out,
                  tt_error *err)
{
    if (strcmp(value, "standardized") == 0 || strcmp(value, "standard") == 0) {
        bra_deck_standard(c, faction, out);
        return TT_OK;
    }
    if (strcmp(value, "random") == 0) {
        std_counts(c, faction, out);
        out->mode = DM_RANDOM;
        return TT_OK;
    }
    char file[200], *text = NULL;
    size_t len = 0;
    int rc = deck_text(value, faction, &text, &len, file, sizeof file, err);
    if (rc)
        return rc;
    tt_diags *d = calloc(1, sizeof *d);
    int nvalid = 0;
    if (!d) {
        free(text);
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    int n = bra_deck_check(c, text, len, file, d, out, &nvalid);
    if (d->n) {
        char line[512];
        tt_diag_text(&d->d[0], line, sizeof line);
        rc = tt_fail(err, TT_ECONTENT, NULL, "%s%s", line,
                     d->n + d->dropped > 1 ? " (and more: see 'tabletop deck validate')" : "");
    } else if (n != 1) {
        rc = tt_fail(err, TT_ECONTENT, NULL, "%s: a game takes one deck declaration, not a list",
                     file);
    } else if (out->faction != faction) {
        rc = tt_fail(err, TT_ECONTENT, "BRA-3.1", "%s: the deck given for %s is a %s deck", file,
                     bra_faction_player(faction), c->f[out->faction].id);
    }
    free(d);
    free(text);
    return rc;
}

int bra_validate_file(const char *path, tt_diags *d)
{
    size_t len;
    char *text = tt_read_file(path, &len);
    if (!text)
        return TT_EIO;
    /* a content file says which module it is for */
    int content = strstr(text, "\"module\"") != NULL;
    if (content) {
        bra_validate_content(text, len, path, d);
        free(text);
        return TT_OK;
    }
    tt_error err;
    bra_content *c = bra_content_new(NULL, &err);
    if (!c) {
        tt_diag_add(d, path, 0, NULL, "%s", err.msg);
    } else {
        bra_deck_check(c, text, len, path, d, NULL, NULL);
        free(c);
    }
    free(text);
    return TT_OK;
}

/* --- new and list --------------------------------------------------------------------- */

typedef struct deck_opts {
    int faction, mode;
    uint64_t seed;
    int has_seed;
    char content[224];
} deck_opts;

static int read_opts(const char *options, deck_opts *o, int for_new, tt_error *err)
{
    memset(o, 0, sizeof *o);
    o->faction = o->mode = -1;
    o->seed = 1;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", options);
    char *save = NULL;
    for (char *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq)
            return tt_fail(err, TT_EARG, NULL, "option '%s' is not key=value", kv);
        *eq = 0;
        const char *v = eq + 1;
        if (for_new && strcmp(kv, "faction") == 0) {
            static const char *const f[] = {"germans", "austrians", "locals"};
            for (int i = 0; i < BRA_NF; i++)
                if (strcasecmp(v, f[i]) == 0)
                    o->faction = i;
            if (o->faction < 0)
                return tt_fail(err, TT_EARG, NULL,
                               "--faction is germans, austrians or locals, not '%s'", v);
        } else if (for_new && strcmp(kv, "mode") == 0) {
            static const char *const m[] = {"customized", "standardized", "random"};
            for (int i = 0; i < 3; i++)
                if (strcasecmp(v, m[i]) == 0)
                    o->mode = i;
            if (o->mode < 0)
                return tt_fail(err, TT_EARG, NULL,
                               "--mode is standardized, random or customized, not '%s'", v);
        } else if (strcmp(kv, "seed") == 0) {
            if (tt_seed_parse(v, &o->seed) != TT_OK)
                return tt_fail(err, TT_EARG, NULL, "--seed wants a number, not '%s'", v);
            o->has_seed = 1;
        } else if (strcmp(kv, "content") == 0) {
            snprintf(o->content, sizeof o->content, "%s", v);
        } else {
            return tt_fail(err, TT_EARG, NULL, "unknown option --%s (%s)", kv,
                           for_new ? "faction, mode, seed, content" : "seed, content");
        }
    }
    if (for_new && (o->faction < 0 || o->mode < 0))
        return tt_fail(err, TT_EARG, NULL, "deck new braunau needs --faction and --mode");
    return TT_OK;
}

/* The declaration as JSON, laid out like BRA-12.5. */
static void write_decl(const bra_content *c, const bra_deck *d, const char *mode, tt_sbuf *b)
{
    const bra_faction *f = &c->f[d->faction];
    tt_sbuf_printf(b, "{\n  \"faction\": \"%s\",\n  \"mode\": \"%s\",\n  \"tokens\": {\n", f->id,
                   mode);
    int first = 1;
    for (int t = 0; t < T_NTYPES; t++) {
        if ((t == T_BR || t == T_FA) && t != f->records)
            continue;
        tt_sbuf_printf(b, "%s    \"%s\": ", first ? "" : ",\n", bra_type_code_name(t));
        first = 0;
        if (t != T_ABIL) {
            tt_sbuf_printf(b, "%d", d->count[t]);
            continue;
        }
        tt_sbuf_printf(b, "{");
        for (int k = 0, n = 0; k < f->nagents; k++)
            if (d->abil[k])
                tt_sbuf_printf(b, "%s\"%s\": %d", n++ ? ", " : " ", c->a[f->agent[k]].id,
                               d->abil[k]);
        tt_sbuf_printf(b, " }");
    }
    tt_sbuf_printf(b, "\n  }\n}\n");
}

int bra_deck_new(const char *options, char **out, tt_error *err)
{
    deck_opts o;
    int rc = read_opts(options, &o, 1, err);
    if (rc)
        return rc;
    bra_content *c = bra_content_new(o.content[0] ? o.content : NULL, err);
    if (!c)
        return err ? err->code : TT_ECONTENT;
    bra_deck d;
    bra_deck_standard(c, o.faction, &d);
    if (o.mode == 2) { /* BRA-3.8's split, drawn from the seed */
        tt_rng rng;
        tt_rng_seed(&rng, o.seed);
        bra_deck_random_split(c, o.faction, &rng, &d);
    }
    tt_sbuf b = {0};
    write_decl(c, &d, o.mode == 0 ? "CUSTOMIZED" : "STANDARDIZED", &b);
    free(c);
    *out = tt_sbuf_take(&b);
    return *out ? TT_OK : tt_fail(err, TT_ENOMEM, NULL, "out of memory");
}

int bra_deck_list(const char *path, const char *options, char **out, tt_error *err)
{
    deck_opts o;
    int rc = read_opts(options, &o, 0, err);
    if (rc)
        return rc;
    bra_content *c = bra_content_new(o.content[0] ? o.content : NULL, err);
    if (!c)
        return err ? err->code : TT_ECONTENT;
    size_t len;
    char *src = NULL;
    rc = tt_file_read(path, TT_FILE_MAX_CONTENT, &src, &len, err);
    tt_diags *d = calloc(1, sizeof *d);
    bra_deck deck;
    int nvalid = 0;
    if (rc || !d) {
        rc = rc ? rc : tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    } else if (bra_deck_check(c, src, len, path, d, &deck, &nvalid) != 1 || d->n) {
        rc = tt_fail(err, TT_ECONTENT, NULL,
                     "%s is not one valid deck declaration (see 'tabletop deck validate')", path);
    } else {
        if (deck.mode == DM_RANDOM) {
            tt_rng rng;
            tt_rng_seed(&rng, o.seed);
            bra_deck_random_split(c, deck.faction, &rng, &deck);
        }
        uint8_t tok[BRA_MAX_DECK];
        int n = bra_deck_tokens(c, &deck, tok);
        tt_sbuf b = {0};
        for (int i = 0; i < n; i++) {
            int type = tok[i] & 15;
            tt_sbuf_printf(&b, "%c%02d %s", c->f[deck.faction].letter, i + 1,
                           bra_type_code_name(type));
            if (type == T_ABIL)
                tt_sbuf_printf(&b, " %s", c->a[c->f[deck.faction].agent[tok[i] >> 4]].id);
            tt_sbuf_printf(&b, "\n");
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
