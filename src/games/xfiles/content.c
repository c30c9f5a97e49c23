/* X-Files content: reading and checking a content set — the X-File
 * catalogue and the eight card types of XF-2, with their activators and
 * effect primitives as data — into the flat, id-indexed xf_content.
 *
 * Every name is resolved once, here: card ids to def indices, keywords and
 * activator words to word numbers (the enumerations of XF-2.1 first, in a
 * fixed order, so a skill's word is its number), card names, Agent
 * identities and Witness names to small indices. The rules then compare
 * numbers only. Validation does not stop at the first problem: every unknown
 * field, wrong type, value out of range (XF-2.1.6), broken data rule and
 * engine limit (XF-2.18) is reported with its line and rule, so `tabletop
 * deck validate` shows them all. Loading only: never on the playout path. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/fields.h"
#include "core/file.h"
#include "core/json.h"
#include "games/xfiles/xfiles.h"

typedef struct loader {
    tt_fields f; /* the document and the diagnostics (core/fields.h) */
    xf_content *c;
    char names[XF_MAX_DEFS][64]; /* distinct card names, identities, Witness names */
    char identities[XF_MAX_DEFS][32];
    uint8_t witness_def[XF_MAX_WITNESS_NAMES]; /* a def bearing each Witness name */
} loader;

#define PROBLEM(L, node, key, rule, ...) TT_FIELD_PROBLEM(&(L)->f, node, key, rule, __VA_ARGS__)

/* --- names of the enumerations ---------------------------------------------------- */

static const char *const type_names[] = {"XFILE", "AGENT",     "SITE",   "ADVERSARY", "WITNESS",
                                         "EVENT", "EQUIPMENT", "COMBAT", "BLUFF",     NULL};
/* the skills, then LRC, CRC, HEALTH, RES, CHECK: enum xf_skill */
static const char *const skill_names[] = {"ALIEN_INVESTIGATION",
                                          "BEHAVIORAL",
                                          "BUREAUCRACY",
                                          "COMPUTER",
                                          "CRIMINAL_INVESTIGATION",
                                          "EVIDENCE_COLLECTION",
                                          "MEDICAL",
                                          "OBSERVATION",
                                          "OCCULT_INVESTIGATION",
                                          "SCIENCES",
                                          "SUBTERFUGE",
                                          "LRC",
                                          "CRC",
                                          "HEALTH",
                                          "RES",
                                          "CHECK",
                                          NULL};
static const char *const category_names[] = {"AFFILIATION", "MOTIVE", "METHOD", "RESULT", NULL};
static const char *const value_names[XF_NCAT][XF_NVALUES + 1] = {
    {"ALIEN", "GOVERNMENT", "EVOLUTIONARY", "PRIMORDIAL", "OCCULT", NULL},
    {"KNOWLEDGE", "SURVIVAL", "IDEOLOGY", "CONTROL", "SECURITY", NULL},
    {"SUBTERFUGE", "POSSESSION", "VIOLENCE", "MANIPULATION", "THREATS", NULL},
    {"ABDUCTION", "INSANITY", "DEATH", "PHYSIOLOGICAL_IMBALANCE", "MANIPULATION_OF_EVIDENCE",
     NULL}};
static const char *const section_names[] = {"BUREAU", "FIELD", "HOSPITAL", NULL};
static const char *const pool_names[] = {"RP", "CP", "ANY", NULL};
static const char *const phase_names[] = {
    "BRIEFING",        "HEALING",       "REQUISITION", "DEPLOYMENT",
    "CASE_ASSIGNMENT", "INVESTIGATION", "DEBRIEFING",  NULL};
static const char *const target_names[] = {"NONE",       "OPPONENT", "OWN_AGENT",  "TEAM",
                                           "TEAM_AGENT", "SITE",     "STACK_CARD", "INPLAY_CARD",
                                           "COMBATANT",  NULL};
static const char *const op_names[] = {"SKILL_BONUS",   "THRESHOLD_MOD",
                                       "LIMIT_TEAM",    "FORCE_CHECK",
                                       "NEGATE",        "DRAW",
                                       "GAIN",          "DRAIN",
                                       "OPP_DISCARD",   "LOOK_HAND",
                                       "ASK_QUESTION",  "HEAL",
                                       "DAMAGE",        "MOVE_AGENT",
                                       "PERMANENT_MOD", "COMBAT_BONUS",
                                       "DAMAGE_REDUCE", "CHANGE_KEYWORD",
                                       "JOIN_COMBAT",   "HAND_LIMIT",
                                       "TRIGGER_GAIN",  NULL};
static const char *const negate_names[] = {"ADVERSARY", "EVENT", "WITNESS", "BLUFF",
                                           "RESOURCE",  "ANY",   NULL};
static const char *const ability_names[] = {"NONE",
                                            "RES_PURCHASE_ONLY",
                                            "RES_SPLIT_CP",
                                            "BUREAU_RES_BONUS",
                                            "DEDICATED_TOKEN",
                                            "HEAL_OTHER",
                                            NULL};
/* the words of enum xf_word after the skills */
static const char *const fixed_words[] = {
    "LRC",   "CRC",  "AFFILIATION", "MOTIVE",   "METHOD",  "RESULT",    "XFILE",
    "AGENT", "SITE", "ADVERSARY",   "WITNESS",  "EVENT",   "EQUIPMENT", "COMBAT",
    "BLUFF", "MONO", "MULTI",       "RESOURCE", "HEALING", "KILLER",    NULL};

/* "a" or "an" before a type's name */
static const char *article(int type)
{
    return strchr("AEIOU", type_names[type][0]) ? "an" : "a";
}

static const char *name_of(const char *const *names, int n, int i)
{
    return i >= 0 && i < n ? names[i] : "?";
}
const char *xf_type_name(int t)
{
    return name_of(type_names, XF_NTYPES, t);
}
const char *xf_skill_name(int s)
{
    return name_of(skill_names, SK_CHECK + 1, s);
}
const char *xf_category_name(int c)
{
    return name_of(category_names, XF_NCAT, c);
}
const char *xf_value_name(int cat, int v)
{
    return cat >= 0 && cat < XF_NCAT ? name_of(value_names[cat], XF_NVALUES, v) : "?";
}
const char *xf_section_name(int s)
{
    return name_of(section_names, XF_NSECTIONS, s);
}
const char *xf_pool_name(int p)
{
    return name_of(pool_names, 3, p);
}
const char *xf_op_name(int op)
{
    return name_of(op_names, XF_NOPS, op);
}
const char *xf_target_name(int t)
{
    return name_of(target_names, XF_NTARGETS, t);
}
const char *xf_phase_name(int p)
{
    return name_of(phase_names, XF_NPHASES, p);
}

/* --- finders ------------------------------------------------------------------------ */

int xf_find_def(const xf_content *c, const char *id)
{
    for (int i = 0; i < c->ndefs; i++)
        if (strcasecmp(c->def[i].id, id) == 0)
            return i;
    return -1;
}

int xf_find_xfile(const xf_content *c, const char *id)
{
    for (int i = 0; i < c->ncatalogue; i++)
        if (strcasecmp(c->def[c->catalogue[i]].id, id) == 0)
            return i;
    return -1;
}

int xf_find_word(const xf_content *c, const char *word)
{
    for (int i = 0; i < c->nwords; i++)
        if (strcasecmp(c->word[i], word) == 0)
            return i;
    return -1;
}

/* Interns word (matched ignoring case, kept in capitals); returns its
 * number, or -1 when the set is full. */
static int intern(xf_content *c, const char *word)
{
    int w = xf_find_word(c, word);
    if (w >= 0 || c->nwords == XF_MAX_WORDS)
        return w;
    char *dst = c->word[c->nwords];
    size_t i = 0;
    for (; word[i] && i < sizeof c->word[0] - 1; i++)
        dst[i] = (char)toupper((unsigned char)word[i]);
    dst[i] = 0;
    return c->nwords++;
}

static void intern_fixed(xf_content *c)
{
    for (int s = 0; s < XF_NSKILLS; s++)
        intern(c, skill_names[s]);
    for (int i = 0; fixed_words[i]; i++)
        intern(c, fixed_words[i]);
    for (int k = 0; k < XF_NCAT; k++)
        for (int v = 0; v < XF_NVALUES; v++)
            c->value_word[k][v] = (uint8_t)intern(c, value_names[k][v]);
}

/* --- field readers ------------------------------------------------------------------ */

static int is_entry(loader *L, const json_t *arr, const json_t *v, const char *what)
{
    if (json_is_object(v))
        return 1;
    PROBLEM(L, arr, NULL, "XF-2.2.1", "every entry of '%s' must be an object", what);
    return 0;
}

/* A string member naming one of names (ignoring case): its index; absent or
 * unknown: reported (absent only when required), def. */
static int get_enum(loader *L, const json_t *obj, const char *key, const char *const *names,
                    int def, int required, const char *rule, const char *card)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            PROBLEM(L, obj, NULL, rule, "%s: missing field '%s'", card, key);
        return def;
    }
    const char *s = json_string_value(v);
    for (int i = 0; s && names[i]; i++)
        if (strcasecmp(names[i], s) == 0)
            return i;
    PROBLEM(L, obj, key, rule, "%s: field '%s' has unknown value %s%s%s", card, key, s ? "'" : "",
            s ? s : "(not a string)", s ? "'" : "");
    return def;
}

/* An integer member in lo..hi (absent: def, reported when required). */
static int get_int(loader *L, const json_t *obj, const char *key, int lo, int hi, int def,
                   int required, const char *rule)
{
    return tt_field_int(&L->f, obj, key, lo, hi, def, required, rule);
}

/* --- activators (XF-2.12) ----------------------------------------------------------- */

/* One alternative of a token: a word of XF-2.12.2's table, else a keyword. */
static int read_atom(loader *L, const char *s, xf_atom *a)
{
    static const char *const cat_sites[] = {"AFFILIATION_SITE", "MOTIVE_SITE", "METHOD_SITE",
                                            "RESULT_SITE", NULL};
    int i;
    if (strcasecmp(s, "ACTIVE") == 0)
        *a = (xf_atom){AT_ACTIVE, 0};
    else if (strcasecmp(s, "CONSPIRACY") == 0)
        *a = (xf_atom){AT_CONSPIRACY, 0};
    else if (strcasecmp(s, "COMBAT") == 0)
        *a = (xf_atom){AT_COMBAT, 0};
    else if (strcasecmp(s, "SITE") == 0)
        *a = (xf_atom){AT_SITE, 0};
    else if ((i = tt_field_lookup(phase_names, s)) >= 0 && i != PH_DEBRIEFING)
        *a = (xf_atom){AT_PHASE, (uint8_t)i};
    else if ((i = tt_field_lookup(section_names, s)) >= 0)
        *a = (xf_atom){AT_SECTION, (uint8_t)i};
    else if ((i = tt_field_lookup(cat_sites, s)) >= 0)
        *a = (xf_atom){AT_CAT_SITE, (uint8_t)i};
    else if (!tt_field_is_ident(s))
        return -1;
    else {
        int w = intern(L->c, s);
        if (w < 0)
            return -2;
        *a = (xf_atom){AT_WORD, (uint8_t)w};
    }
    return 0;
}

static void read_activators(loader *L, const json_t *v, xf_def *d)
{
    const json_t *arr = tt_field_array(&L->f, v, "activators", 0, "XF-2.12.1");
    if (!arr)
        return;
    if (json_array_size(arr) > XF_MAX_ACTIVATORS)
        PROBLEM(L, v, "activators", "XF-2.18.1",
                "%s: %zu activators; the engine takes %d (MAX_ACTIVATORS)", d->id,
                json_array_size(arr), XF_MAX_ACTIVATORS);
    size_t i;
    json_t *t;
    json_array_foreach((json_t *)arr, i, t) {
        const char *s = json_string_value(t);
        if (!s || i >= XF_MAX_ACTIVATORS) {
            if (!s)
                PROBLEM(L, v, "activators", "XF-2.12.1", "%s: an activator must be a string",
                        d->id);
            continue;
        }
        xf_token *tok = &d->activator[d->nactivators++];
        char buf[96];
        snprintf(buf, sizeof buf, "%s", s);
        char *save = NULL;
        int bad = 0;
        for (char *alt = strtok_r(buf, "/", &save); alt; alt = strtok_r(NULL, "/", &save)) {
            xf_atom a;
            int rc = tok->nalt == XF_MAX_ALTS ? -3 : read_atom(L, alt, &a);
            bad |= rc != 0;
            if (rc == 0)
                tok->alt[tok->nalt++] = a;
            else if (rc == -1)
                PROBLEM(L, v, "activators", "XF-2.12.2", "%s: activator '%s' is not a word", d->id,
                        s);
            else if (rc == -2)
                PROBLEM(L, v, "activators", "XF-2.18.1",
                        "%s: more than %d distinct keywords in the content set", d->id,
                        XF_MAX_WORDS);
            else
                PROBLEM(L, v, "activators", "XF-2.12.1",
                        "%s: activator '%s' has more than %d alternatives", d->id, s, XF_MAX_ALTS);
        }
        if (!tok->nalt && !bad)
            PROBLEM(L, v, "activators", "XF-2.12.2", "%s: activator '%s' is empty", d->id, s);
    }
}

/* --- keywords (XF-2.13) --------------------------------------------------------------- */

static void read_keywords(loader *L, const json_t *v, xf_def *d)
{
    const json_t *arr = tt_field_array(&L->f, v, "keywords", 1, "XF-2.2.1");
    if (!arr)
        return;
    if (json_array_size(arr) > XF_MAX_KEYWORDS)
        PROBLEM(L, v, "keywords", "XF-2.18.1",
                "%s: %zu keywords; the engine takes %d (MAX_KEYWORDS)", d->id, json_array_size(arr),
                XF_MAX_KEYWORDS);
    size_t i;
    json_t *k;
    json_array_foreach((json_t *)arr, i, k) {
        const char *s = json_string_value(k);
        int w = s && tt_field_is_ident(s) ? intern(L->c, s) : -1;
        if (!s || !tt_field_is_ident(s))
            PROBLEM(L, v, "keywords", "XF-2.13.1", "%s: keyword %s%s%s is not a word", d->id,
                    s ? "'" : "", s ? s : "(not a string)", s ? "'" : "");
        else if (w < 0)
            PROBLEM(L, v, "keywords", "XF-2.18.1",
                    "%s: more than %d distinct keywords in the content set", d->id, XF_MAX_WORDS);
        else if (xf_words_has(&d->kw, w))
            PROBLEM(L, v, "keywords", "XF-2.13.1", "%s: keyword '%s' is listed twice", d->id, s);
        else if (d->nkeywords < XF_MAX_KEYWORDS) {
            d->keyword[d->nkeywords++] = (uint8_t)w;
            xf_words_add(&d->kw, w);
        }
    }
}

/* A list of words (CHANGE_KEYWORD's from and to, DEDICATED_TOKEN's keywords). */
static int read_wordlist(loader *L, const json_t *obj, const char *key, uint8_t *out,
                         const char *rule, const char *card)
{
    const json_t *arr = tt_field_array(&L->f, obj, key, 1, rule);
    size_t n = arr ? json_array_size(arr) : 0, i;
    if (arr && (n < 1 || n > XF_MAX_WORDLIST)) {
        PROBLEM(L, obj, key, rule, "%s: '%s' lists 1..%d words", card, key, XF_MAX_WORDLIST);
        return 0;
    }
    int k = 0;
    json_t *x;
    json_array_foreach((json_t *)arr, i, x) {
        const char *s = json_string_value(x);
        int w = s && tt_field_is_ident(s) ? intern(L->c, s) : -1;
        if (w < 0)
            PROBLEM(L, obj, key, rule, "%s: '%s' holds %s, not a word", card, key,
                    s ? s : "(not a string)");
        else
            out[k++] = (uint8_t)w;
    }
    return k;
}

/* --- effects (XF-2.14) ------------------------------------------------------------------ */

/* The parameters each primitive takes, besides "op". */
static const char *const op_fields[XF_NOPS][4] = {[OP_SKILL_BONUS] = {"skill", "amount"},
                                                  [OP_THRESHOLD_MOD] = {"amount"},
                                                  [OP_LIMIT_TEAM] = {"max"},
                                                  [OP_FORCE_CHECK] = {"skill", "min", "on_fail"},
                                                  [OP_NEGATE] = {"what"},
                                                  [OP_DRAW] = {"n"},
                                                  [OP_GAIN] = {"pool", "n"},
                                                  [OP_DRAIN] = {"pool", "n"},
                                                  [OP_OPP_DISCARD] = {"n"},
                                                  [OP_LOOK_HAND] = {NULL},
                                                  [OP_ASK_QUESTION] = {"categories"},
                                                  [OP_HEAL] = {"n"},
                                                  [OP_DAMAGE] = {"n"},
                                                  [OP_MOVE_AGENT] = {"to"},
                                                  [OP_PERMANENT_MOD] = {"stat", "amount"},
                                                  [OP_COMBAT_BONUS] = {"amount"},
                                                  [OP_DAMAGE_REDUCE] = {"amount"},
                                                  [OP_CHANGE_KEYWORD] = {"from", "to"},
                                                  [OP_JOIN_COMBAT] = {NULL},
                                                  [OP_HAND_LIMIT] = {"n"},
                                                  [OP_TRIGGER_GAIN] = {"keyword", "pool", "n"}};

/* The one target each primitive needs (XF-2.14.1's "legal only when"), or
 * -1 when any will do; NEGATE and HEAL, DAMAGE and CHANGE_KEYWORD are
 * checked apart. */
static const int8_t op_target[XF_NOPS] = {[OP_SKILL_BONUS] = -1,
                                          [OP_THRESHOLD_MOD] = -1,
                                          [OP_LIMIT_TEAM] = -1,
                                          [OP_FORCE_CHECK] = -1,
                                          [OP_NEGATE] = -1,
                                          [OP_DRAW] = -1,
                                          [OP_GAIN] = -1,
                                          [OP_DRAIN] = TG_OPPONENT,
                                          [OP_OPP_DISCARD] = TG_OPPONENT,
                                          [OP_LOOK_HAND] = TG_OPPONENT,
                                          [OP_ASK_QUESTION] = TG_OPPONENT,
                                          [OP_HEAL] = -1,
                                          [OP_DAMAGE] = -1,
                                          [OP_MOVE_AGENT] = TG_OWN_AGENT,
                                          [OP_PERMANENT_MOD] = TG_OWN_AGENT,
                                          [OP_COMBAT_BONUS] = TG_COMBATANT,
                                          [OP_DAMAGE_REDUCE] = TG_COMBATANT,
                                          [OP_CHANGE_KEYWORD] = -1,
                                          [OP_JOIN_COMBAT] = TG_TEAM,
                                          [OP_HAND_LIMIT] = -1,
                                          [OP_TRIGGER_GAIN] = -1};

static int is_agent_target(int t)
{
    return t == TG_OWN_AGENT || t == TG_TEAM_AGENT || t == TG_COMBATANT;
}

static void read_pool(loader *L, const json_t *e, xf_effect *x, const char *card)
{
    int p = get_enum(L, e, "pool", pool_names, POOL_RP, 1, "XF-2.14.1", card);
    if (p == POOL_ANY)
        PROBLEM(L, e, "pool", "XF-2.14.1", "%s: %s names the pool RP or CP", card, op_names[x->op]);
    x->pool = (uint8_t)(p == POOL_CP ? POOL_CP : POOL_RP);
}

static void read_on_fail(loader *L, const json_t *e, xf_effect *x, const char *card)
{
    json_t *f = json_object_get(e, "on_fail");
    if (json_is_string(f) && strcasecmp(json_string_value(f), "SITE_FAILS") == 0)
        return;
    json_t *dmg = json_is_object(f) ? json_object_get(f, "damage") : NULL;
    if (json_is_object(f) && json_object_size(f) == 1 && json_is_integer(dmg) &&
        json_integer_value(dmg) >= 1 && json_integer_value(dmg) <= 20) {
        x->fail_dmg = (uint8_t)json_integer_value(dmg);
        return;
    }
    PROBLEM(L, e, f ? "on_fail" : NULL, "XF-2.14.1",
            "%s: FORCE_CHECK's on_fail is \"SITE_FAILS\" or {\"damage\": 1..20}", card);
}

/* The parameters of x->op from e. */
static void read_params(loader *L, const json_t *e, xf_effect *x, const char *card)
{
    const char *r = "XF-2.14.1";
    switch (x->op) {
    case OP_SKILL_BONUS:
        x->skill = (uint8_t)get_enum(L, e, "skill", skill_names, 0, 1, r, card);
        if (x->skill >= XF_NSKILLS && x->skill != SK_CHECK)
            PROBLEM(L, e, "skill", r, "%s: SKILL_BONUS names an investigative skill or CHECK",
                    card);
        x->amount = (int8_t)get_int(L, e, "amount", -20, 20, 0, 1, r);
        break;
    case OP_THRESHOLD_MOD:
    case OP_COMBAT_BONUS: x->amount = (int8_t)get_int(L, e, "amount", -20, 20, 0, 1, r); break;
    case OP_DAMAGE_REDUCE: x->amount = (int8_t)get_int(L, e, "amount", 1, 20, 1, 1, r); break;
    case OP_LIMIT_TEAM: x->n = (uint8_t)get_int(L, e, "max", 1, XF_MAX_AGENTS, 1, 1, r); break;
    case OP_FORCE_CHECK:
        x->skill = (uint8_t)get_enum(L, e, "skill", skill_names, 0, 1, r, card);
        if (x->skill >= XF_NSKILLS)
            PROBLEM(L, e, "skill", r, "%s: FORCE_CHECK names an investigative skill", card);
        x->n = (uint8_t)get_int(L, e, "min", 1, 12, 1, 1, r);
        read_on_fail(L, e, x, card);
        break;
    case OP_NEGATE:
        x->what = (uint8_t)get_enum(L, e, "what", negate_names, NG_ANY, 1, r, card);
        break;
    case OP_GAIN:
    case OP_DRAIN:
        read_pool(L, e, x, card);
        x->n = (uint8_t)get_int(L, e, "n", 1, 20, 1, 1, r);
        break;
    case OP_DRAW:
    case OP_OPP_DISCARD:
    case OP_HEAL:
    case OP_DAMAGE: x->n = (uint8_t)get_int(L, e, "n", 1, 20, 1, 1, r); break;
    case OP_HAND_LIMIT: x->n = (uint8_t)get_int(L, e, "n", 1, 50, 7, 1, r); break;
    case OP_TRIGGER_GAIN: {
        json_t *k = json_object_get(e, "keyword");
        const char *s = json_string_value(k);
        int word = s && tt_field_is_ident(s) ? intern(L->c, s) : -1;
        if (word < 0)
            PROBLEM(L, e, k ? "keyword" : NULL, r, "%s: TRIGGER_GAIN names one keyword", card);
        x->word = (uint8_t)(word < 0 ? 0 : word);
        read_pool(L, e, x, card);
        x->n = (uint8_t)get_int(L, e, "n", 1, 20, 1, 1, r);
        break;
    }
    case OP_ASK_QUESTION: {
        const json_t *arr = tt_field_array(&L->f, e, "categories", 1, r);
        size_t i;
        json_t *k;
        json_array_foreach((json_t *)arr, i, k) {
            const char *name = json_string_value(k);
            int cat = tt_field_lookup(category_names, name);
            if (cat < 0)
                PROBLEM(L, e, "categories", r, "%s: '%s' is not a category", card,
                        name ? name : "(not a string)");
            else if (x->cats >> cat & 1)
                PROBLEM(L, e, "categories", r, "%s: 'categories' lists %s twice", card, name);
            else
                x->cats |= (uint8_t)(1u << cat);
        }
        if (arr && !json_array_size(arr))
            PROBLEM(L, e, "categories", r, "%s: ASK_QUESTION allows at least one category", card);
        break;
    }
    case OP_MOVE_AGENT: {
        const json_t *arr = tt_field_array(&L->f, e, "to", 1, r);
        size_t i;
        json_t *k;
        json_array_foreach((json_t *)arr, i, k) {
            int s = tt_field_lookup(section_names, json_string_value(k));
            if (s < 0 || (x->sections >> s & 1))
                PROBLEM(L, e, "to", r, "%s: 'to' lists each section once", card);
            else
                x->sections |= (uint8_t)(1u << s);
        }
        if (arr && !x->sections)
            PROBLEM(L, e, "to", r, "%s: MOVE_AGENT moves to at least one section", card);
        break;
    }
    case OP_PERMANENT_MOD:
        x->stat = (uint8_t)get_enum(L, e, "stat", skill_names, 0, 1, r, card);
        if (x->stat >= XF_NSTATS)
            PROBLEM(L, e, "stat", r, "%s: PERMANENT_MOD raises a skill, LRC, CRC, HEALTH or RES",
                    card);
        x->amount = (int8_t)get_int(L, e, "amount", -9, 9, 0, 1, r);
        break;
    case OP_CHANGE_KEYWORD:
        x->nfrom = (uint8_t)read_wordlist(L, e, "from", x->from, r, card);
        x->nto = (uint8_t)read_wordlist(L, e, "to", x->to, r, card);
        break;
    default: /* LOOK_HAND, JOIN_COMBAT: no parameters */ break;
    }
}

/* XF-2.14.1's conditions that the data alone decides: the target each
 * primitive needs, RESOURCE-only primitives, JOIN_COMBAT on combat Witnesses. */
static void check_effect(loader *L, const json_t *e, const xf_def *d, int target,
                         const xf_effect *x)
{
    const char *r = "XF-2.14.1", *op = op_names[x->op];
    int want = op_target[x->op];
    if (want >= 0 && target != want)
        PROBLEM(L, e, "op", r, "%s: %s needs target %s, not %s", d->id, op, target_names[want],
                target_names[target]);
    if (x->op == OP_NEGATE && x->what == NG_RESOURCE && target != TG_INPLAY_CARD)
        PROBLEM(L, e, "op", r, "%s: NEGATE of a RESOURCE needs target INPLAY_CARD", d->id);
    if (x->op == OP_NEGATE && x->what != NG_RESOURCE && target != TG_STACK_CARD)
        PROBLEM(L, e, "op", r, "%s: NEGATE of %s needs target STACK_CARD", d->id,
                negate_names[x->what]);
    if ((x->op == OP_HEAL || x->op == OP_DAMAGE) && !is_agent_target(target))
        PROBLEM(L, e, "op", r, "%s: %s needs an Agent target (OWN_AGENT, TEAM_AGENT, COMBATANT)",
                d->id, op);
    if (x->op == OP_CHANGE_KEYWORD &&
        (target == TG_NONE || target == TG_OPPONENT || target == TG_TEAM))
        PROBLEM(L, e, "op", r, "%s: CHANGE_KEYWORD needs a card as its target", d->id);
    if ((x->op == OP_HAND_LIMIT || x->op == OP_TRIGGER_GAIN) && !d->resource)
        PROBLEM(L, e, "op", r, "%s: %s is for RESOURCE cards", d->id, op);
    if (x->op == OP_JOIN_COMBAT && !d->combat_witness)
        PROBLEM(L, e, "op", r, "%s: JOIN_COMBAT is for Witnesses with 'combat'", d->id);
}

static void read_effects(loader *L, const json_t *obj, xf_def *d, xf_mode *m)
{
    m->target = (uint8_t)get_enum(L, obj, "target", target_names, TG_NONE, 1, "XF-2.14.1", d->id);
    const json_t *arr = tt_field_array(&L->f, obj, "effects", 1, "XF-2.2.2");
    size_t n = arr ? json_array_size(arr) : 0, i;
    if (arr && (n < 1 || n > XF_MAX_EFFECTS))
        PROBLEM(L, obj, "effects", n ? "XF-2.18.1" : "XF-2.2.2",
                "%s: %zu effects in one mode; the engine takes 1..%d (MAX_EFFECTS)", d->id, n,
                XF_MAX_EFFECTS);
    json_t *e;
    json_array_foreach((json_t *)arr, i, e) {
        if (!json_is_object(e)) {
            PROBLEM(L, obj, "effects", "XF-2.14.1", "%s: every effect must be an object", d->id);
            continue;
        }
        json_t *opv = json_object_get(e, "op");
        int op = tt_field_lookup(op_names, json_string_value(opv));
        if (op < 0) {
            PROBLEM(L, e, opv ? "op" : NULL, "XF-2.14.1",
                    "%s: op %s%s%s is not an effect primitive", d->id, opv ? "'" : "",
                    json_string_value(opv) ? json_string_value(opv) : "(missing)", opv ? "'" : "");
            continue;
        }
        const char *allowed[6] = {"op"};
        for (int k = 0; k < 4 && op_fields[op][k]; k++)
            allowed[k + 1] = op_fields[op][k];
        char what[48];
        snprintf(what, sizeof what, "%s's %s", d->id, op_names[op]);
        tt_field_check(&L->f, e, allowed, what, "XF-2.14.1");
        xf_effect x = {.op = (uint8_t)op};
        read_params(L, e, &x, d->id);
        check_effect(L, e, d, m->target, &x);
        if (m->neffects < XF_MAX_EFFECTS)
            m->effect[m->neffects++] = x;
    }
}

/* XF-2.2.2: target + effects, or modes (two or more) */
static void read_modes(loader *L, const json_t *v, xf_def *d)
{
    const json_t *modes = json_object_get(v, "modes");
    int single = json_object_get(v, "effects") || json_object_get(v, "target");
    if (!modes) {
        if (!single) {
            PROBLEM(L, v, NULL, "XF-2.2.2", "%s: a %s has target and effects, or modes", d->id,
                    type_names[d->type]);
            return;
        }
        read_effects(L, v, d, &d->mode[0]);
        d->nmodes = 1;
        return;
    }
    if (single)
        PROBLEM(L, v, "modes", "XF-2.2.2",
                "%s: a card with modes has no target or effects of its own", d->id);
    size_t n = json_is_array(modes) ? json_array_size(modes) : 0, i;
    if (n < 2 || n > XF_MAX_MODES) {
        PROBLEM(L, v, "modes", n > XF_MAX_MODES ? "XF-2.18.1" : "XF-2.2.2",
                "%s: 'modes' lists 2..%d alternatives (MAX_MODES)", d->id, XF_MAX_MODES);
        if (n > XF_MAX_MODES || !json_is_array(modes))
            return;
    }
    json_t *m;
    json_array_foreach((json_t *)modes, i, m) {
        static const char *const fields[] = {"target", "effects", NULL};
        if (!json_is_object(m)) {
            PROBLEM(L, v, "modes", "XF-2.2.2", "%s: every mode must be an object", d->id);
            continue;
        }
        tt_field_check(&L->f, m, fields, "a mode", "XF-2.2.2");
        read_effects(L, m, d, &d->mode[d->nmodes++]);
    }
}

/* --- the types ------------------------------------------------------------------------ */

/* The fields each type may carry (XF-2.2 – 2.11). */
static const char *const common_fields[] = {"id",       "name",       "type",          "cost",
                                            "keywords", "activators", "advanced_only", NULL};
static const char *const type_fields[XF_NTYPES][10] = {
    [TY_AGENT] = {"identity", "health", "res", "lrc", "crc", "skills", "ability"},
    [TY_SITE] = {"prereq", "questions", "focused"},
    [TY_ADVERSARY] = {"health", "lrc", "crc", "skip_lrc", "split_damage", "damage_reduction"},
    [TY_WITNESS] = {"target", "effects", "modes", "combat", "resource_zone", "uses"},
    [TY_EVENT] = {"target", "effects", "modes", "resource_zone", "uses"},
    [TY_EQUIPMENT] = {"bonuses", "damage_reduction"},
    [TY_COMBAT] = {"target", "effects", "modes", "resource_zone", "uses"},
    [TY_BLUFF] = {"target", "effects", "modes", "resource_zone", "uses"}};

/* The pool each type's cost names, or -1 when any (XF-2.4 – 2.11). */
static const int8_t type_pool[XF_NTYPES] = {-1, POOL_RP, POOL_RP, POOL_CP, -1,
                                            -1, POOL_RP, -1,      POOL_CP};

static void check_fields(loader *L, const json_t *v, int type)
{
    const char *allowed[24];
    int n = 0;
    for (int i = 0; common_fields[i]; i++)
        allowed[n++] = common_fields[i];
    for (int i = 0; i < 10 && type_fields[type][i]; i++)
        allowed[n++] = type_fields[type][i];
    allowed[n] = NULL;
    char what[32];
    snprintf(what, sizeof what, "%s %s card", article(type), type_names[type]);
    tt_field_check(&L->f, v, allowed, what, "XF-2.2.1");
}

/* `cost`: {"n": 0..20 or "X", "pool": RP, CP or ANY} (XF-2.2.1, 2.1.6). */
static void read_cost(loader *L, const json_t *v, xf_def *d)
{
    static const char *const fields[] = {"n", "pool", NULL};
    const json_t *o = tt_field_object(&L->f, v, "cost", 1, "XF-2.2.1");
    if (!o)
        return;
    tt_field_check(&L->f, o, fields, "a cost", "XF-2.2.1");
    json_t *n = json_object_get(o, "n");
    if (json_is_string(n) && strcmp(json_string_value(n), "X") == 0)
        d->cost = XF_COST_X;
    else
        d->cost = (int8_t)tt_field_int(&L->f, o, "n", 0, 20, 0, 1, "XF-2.1.6");
    d->pool = (uint8_t)get_enum(L, o, "pool", pool_names, POOL_RP, 1, "XF-2.1.4", d->id);
    int want = type_pool[d->type];
    if (want >= 0 && d->pool != want)
        PROBLEM(L, o, "pool", "XF-2.2.1", "%s: %s %s's cost is paid from %s", d->id,
                article(d->type), type_names[d->type], pool_names[want]);
}

/* Agents, Adversaries and combat Witnesses: HEALTH, LRC (null: N/A), CRC. */
static void read_fighter(loader *L, const json_t *v, xf_def *d, int hmax, int cmax, int na)
{
    const char *r = "XF-2.1.6";
    d->health = (uint8_t)get_int(L, v, "health", 1, hmax, 1, 1, r);
    json_t *lrc = json_object_get(v, "lrc");
    if (na && json_is_null(lrc))
        d->lrc = XF_NA;
    else
        d->lrc = (uint8_t)get_int(L, v, "lrc", 0, cmax, 0, 1, r);
    d->crc = (uint8_t)get_int(L, v, "crc", 0, cmax, 0, 1, r);
}

static int intern_name(char (*names)[64], int *n, int cap, const char *s)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    if (*n == cap)
        return -1;
    snprintf(names[*n], 64, "%s", s);
    return (*n)++;
}

static void read_agent(loader *L, const json_t *v, xf_def *d)
{
    static const char *const afields[] = {"op", "n", "keywords", NULL};
    const char *r = "XF-2.4.1";
    xf_content *c = L->c;
    const char *who = tt_field_str(&L->f, v, "identity", 31, r);
    int k = 0;
    for (; k < c->nidentities && strcmp(L->identities[k], who) != 0; k++)
        ;
    if (k == c->nidentities && who[0])
        snprintf(L->identities[c->nidentities++], sizeof L->identities[0], "%s", who);
    d->identity = (uint8_t)k;
    read_fighter(L, v, d, 9, 9, 0);
    d->res = (uint8_t)get_int(L, v, "res", 0, 5, 0, 1, "XF-2.1.6");
    const json_t *sk = tt_field_object(&L->f, v, "skills", 1, r);
    const char *key;
    json_t *x;
    json_object_foreach((json_t *)sk, key, x) {
        int s = tt_field_lookup(skill_names, key);
        if (s < 0 || s >= XF_NSKILLS)
            PROBLEM(L, sk, key, r, "%s: '%s' is not an investigative skill", d->id, key);
        else
            d->skill[s] = (uint8_t)get_int(L, sk, key, 0, 9, 0, 1, "XF-2.1.6");
    }
    if (d->nactivators)
        PROBLEM(L, v, "activators", "XF-2.2.1", "%s: Agents have no activators", d->id);
    json_t *ab = json_object_get(v, "ability");
    if (!ab || json_is_null(ab))
        return;
    if (!json_is_object(ab)) {
        PROBLEM(L, v, "ability", "XF-2.15.1", "%s: 'ability' is an object or null", d->id);
        return;
    }
    tt_field_check(&L->f, ab, afields, "an ability", "XF-2.15.1");
    d->ability.op = (uint8_t)get_enum(L, ab, "op", ability_names, AB_NONE, 1, "XF-2.15.1", d->id);
    int op = d->ability.op, has_n = op == AB_BUREAU_RES_BONUS || op == AB_HEAL_OTHER;
    if (op == AB_NONE)
        PROBLEM(L, ab, "op", "XF-2.15.1", "%s: an Agent without ability has \"ability\": null",
                d->id);
    if (has_n)
        d->ability.n = (uint8_t)get_int(L, ab, "n", 1, 9, 1, 1, "XF-2.15.1");
    else if (json_object_get(ab, "n"))
        PROBLEM(L, ab, "n", "XF-2.15.1", "%s: %s takes no 'n'", d->id, ability_names[op]);
    if (op == AB_DEDICATED_TOKEN) {
        uint8_t w[XF_MAX_WORDLIST];
        int nw = read_wordlist(L, ab, "keywords", w, "XF-2.15.1", d->id);
        for (int i = 0; i < nw; i++)
            xf_words_add(&d->ability.keywords, w[i]);
    } else if (json_object_get(ab, "keywords")) {
        PROBLEM(L, ab, "keywords", "XF-2.15.1", "%s: %s takes no 'keywords'", d->id,
                ability_names[op]);
    }
}

static int has_word(const xf_def *d, int w)
{
    return xf_words_has(&d->kw, w);
}

static void read_site(loader *L, const json_t *v, xf_def *d)
{
    static const char *const pfields[] = {"skill", "min", NULL};
    static const char *const ffields[] = {"category", "value", "min", NULL};
    const char *r = "XF-2.5.1";
    const json_t *pre = tt_field_array(&L->f, v, "prereq", 1, r);
    size_t n = pre ? json_array_size(pre) : 0, i;
    if (pre && (n < 1 || n > 2))
        PROBLEM(L, v, "prereq", r, "%s: 'prereq' lists one or two options", d->id);
    json_t *x;
    json_array_foreach((json_t *)pre, i, x) {
        if (!json_is_object(x) || i >= 2)
            continue;
        tt_field_check(&L->f, x, pfields, "a prerequisite", r);
        xf_prereq *p = &d->prereq[d->nprereq++];
        p->skill = (uint8_t)get_enum(L, x, "skill", skill_names, 0, 1, r, d->id);
        if (p->skill >= XF_NSKILLS)
            PROBLEM(L, x, "skill", r, "%s: a prerequisite names an investigative skill", d->id);
        p->min = (uint8_t)get_int(L, x, "min", 1, 12, 1, 1, "XF-2.1.6");
        if (p->skill < XF_NSKILLS && !has_word(d, p->skill))
            PROBLEM(L, v, "keywords", r, "%s: the prerequisite skill %s is not among its keywords",
                    d->id, skill_names[p->skill]);
    }
    const json_t *q = tt_field_array(&L->f, v, "questions", 1, r);
    n = q ? json_array_size(q) : 0;
    if (q && (n < 1 || n > 2))
        PROBLEM(L, v, "questions", r, "%s: 'questions' lists one or two categories", d->id);
    json_array_foreach((json_t *)q, i, x) {
        int cat = tt_field_lookup(category_names, json_string_value(x));
        if (cat < 0 || i >= 2 || (i == 1 && d->question[0] == cat)) {
            PROBLEM(L, v, "questions", r, "%s: 'questions' lists distinct categories", d->id);
            continue;
        }
        d->question[d->nquestions++] = (uint8_t)cat;
        if (!has_word(d, W_AFFILIATION + cat))
            PROBLEM(L, v, "keywords", r, "%s: the question category %s is not among its keywords",
                    d->id, category_names[cat]);
    }
    if (!has_word(d, d->nquestions == 2 ? W_MULTI : W_MONO) ||
        has_word(d, d->nquestions == 2 ? W_MONO : W_MULTI))
        PROBLEM(L, v, "keywords", r, "%s: a Site with %d question%s has keyword %s", d->id,
                d->nquestions, d->nquestions == 2 ? "s" : "",
                d->nquestions == 2 ? "MULTI" : "MONO");
    const json_t *f = tt_field_object(&L->f, v, "focused", 0, "XF-2.5.3");
    if (!f)
        return;
    tt_field_check(&L->f, f, ffields, "a focused question", "XF-2.5.3");
    d->has_focused = 1;
    d->focused_cat = (uint8_t)get_enum(L, f, "category", category_names, 0, 1, "XF-2.5.3", d->id);
    d->focused_value =
        (uint8_t)get_enum(L, f, "value", value_names[d->focused_cat], 0, 1, "XF-2.5.3", d->id);
    d->focused_min = (uint8_t)get_int(L, f, "min", 1, 12, 1, 1, "XF-2.1.6");
    if (memchr(d->question, d->focused_cat, d->nquestions) == NULL)
        PROBLEM(L, f, "category", "XF-2.5.3",
                "%s: the focused category is not one of its questions", d->id);
}

static void read_adversary(loader *L, const json_t *v, xf_def *d)
{
    read_fighter(L, v, d, 20, 12, 1);
    d->skip_lrc = (uint8_t)tt_field_bool(&L->f, v, "skip_lrc", 0, 0, "XF-2.6.1");
    d->split_damage = (uint8_t)tt_field_bool(&L->f, v, "split_damage", 0, 0, "XF-2.6.1");
    d->damage_reduction = (uint8_t)get_int(L, v, "damage_reduction", 0, 20, 0, 0, "XF-2.6.1");
}

static void read_equipment(loader *L, const json_t *v, xf_def *d)
{
    const json_t *b = tt_field_object(&L->f, v, "bonuses", 0, "XF-2.9.1");
    const char *key;
    json_t *x;
    json_object_foreach((json_t *)b, key, x) {
        int s = tt_field_lookup(skill_names, key);
        if (s < 0 || s >= XF_NRATINGS)
            PROBLEM(L, b, key, "XF-2.9.1", "%s: '%s' is not a skill, LRC or CRC", d->id, key);
        else
            d->bonus[s] = (uint8_t)get_int(L, b, key, 1, 9, 0, 1, "XF-2.9.1");
    }
    d->damage_reduction = (uint8_t)get_int(L, v, "damage_reduction", 0, 9, 0, 0, "XF-2.9.1");
    for (int i = 0; i < d->nactivators; i++)
        for (int k = 0; k < d->activator[i].nalt; k++)
            if (d->activator[i].alt[k].kind != AT_SECTION)
                PROBLEM(L, v, "activators", "XF-2.9.1",
                        "%s: an Equipment's activators name sections (BUREAU, FIELD, HOSPITAL)",
                        d->id);
}

static void read_witness_name(loader *L, const json_t *v, xf_def *d)
{
    xf_content *c = L->c;
    int k = 0;
    for (; k < c->nwitness_names && strcmp(c->def[L->witness_def[k]].name, d->name) != 0; k++)
        ;
    if (k == XF_MAX_WITNESS_NAMES) {
        PROBLEM(L, v, "name", "XF-5.7.5",
                "%s: more than %d Witness names in the content set (the engine's limit)", d->id,
                XF_MAX_WITNESS_NAMES);
        return;
    }
    if (k == c->nwitness_names)
        L->witness_def[c->nwitness_names++] = (uint8_t)c->ndefs;
    d->witness_name = (uint8_t)k;
}

/* Cards with an effect: modes, RESOURCE, combat Witnesses. */
static void read_effect_card(loader *L, const json_t *v, xf_def *d)
{
    d->resource = (uint8_t)has_word(d, W_RESOURCE);
    if (!d->resource && (json_object_get(v, "resource_zone") || json_object_get(v, "uses")))
        PROBLEM(L, v, json_object_get(v, "uses") ? "uses" : "resource_zone", "XF-2.2.3",
                "%s: only RESOURCE cards have a resource_zone or uses", d->id);
    d->resource_zone =
        (uint8_t)get_enum(L, v, "resource_zone", section_names, SEC_BUREAU, 0, "XF-2.2.3", d->id);
    d->uses = (uint8_t)get_int(L, v, "uses", 1, 99, 0, 0, "XF-2.14.2");
    if (d->type == TY_WITNESS) {
        const json_t *cb = tt_field_object(&L->f, v, "combat", 0, "XF-2.7.1");
        if (cb) {
            static const char *const cfields[] = {"health", "lrc", "crc", NULL};
            tt_field_check(&L->f, cb, cfields, "a Witness's combat", "XF-2.7.1");
            d->combat_witness = 1;
            read_fighter(L, cb, d, 9, 9, 0);
        }
        read_witness_name(L, v, d);
    }
    read_modes(L, v, d);
}

/* XF-2.2.1 and the type's own keyword and activator rules. */
static void check_type_words(loader *L, const json_t *v, xf_def *d)
{
    if (!has_word(d, W_XFILE + d->type))
        PROBLEM(L, v, "keywords", "XF-2.2.1", "%s: %s %s card has keyword %s", d->id,
                article(d->type), type_names[d->type], type_names[d->type]);
    int combat = 0;
    for (int i = 0; i < d->nactivators; i++)
        combat |= d->activator[i].nalt == 1 && d->activator[i].alt[0].kind == AT_COMBAT;
    if (d->type == TY_COMBAT && !combat)
        PROBLEM(L, v, "activators", "XF-2.10.1", "%s: a Combat card's activators include COMBAT",
                d->id);
}

static void read_card(loader *L, const json_t *arr, const json_t *v, int type)
{
    xf_content *c = L->c;
    if (!is_entry(L, arr, v, type_names[type]))
        return;
    if (c->ndefs == XF_MAX_DEFS) {
        PROBLEM(L, v, NULL, "XF-2.18.1", "more than %d card definitions (MAX_DEFS)", XF_MAX_DEFS);
        return;
    }
    xf_def *d = &c->def[c->ndefs];
    memset(d, 0, sizeof *d);
    d->type = (uint8_t)type;
    const char *id = tt_field_id(&L->f, v, d->id, sizeof d->id, "XF-2.2.1");
    snprintf(d->name, sizeof d->name, "%s",
             tt_field_str(&L->f, v, "name", sizeof d->name - 1, "XF-2.2.1"));
    json_t *t = json_object_get(v, "type");
    if (type != TY_XFILE || t) {
        const char *ts = json_string_value(t);
        if (!ts || strcmp(ts, type_names[type]) != 0)
            PROBLEM(L, v, t ? "type" : NULL, "XF-2.1.3", "%s: field 'type' must be \"%s\" here",
                    d->id, type_names[type]);
    }
    int nid = intern_name(L->names, &c->nnames, XF_MAX_DEFS, d->name);
    d->name_id = (uint8_t)(nid < 0 ? 0 : nid);
    if (type == TY_XFILE) {
        static const char *const fields[] = {"id",     "name",   "type",   "affiliation",
                                             "motive", "method", "result", NULL};
        tt_field_check(&L->f, v, fields, "an X-File", "XF-2.3.1");
        for (int k = 0; k < XF_NCAT; k++) {
            char key[16];
            snprintf(key, sizeof key, "%s", category_names[k]);
            for (char *p = key; *p; p++)
                *p = (char)tolower((unsigned char)*p);
            d->value[k] = (uint8_t)get_enum(L, v, key, value_names[k], 0, 1, "XF-2.3.1", d->id);
        }
    } else {
        check_fields(L, v, type);
        read_cost(L, v, d);
        read_keywords(L, v, d);
        read_activators(L, v, d);
        d->advanced_only = (uint8_t)tt_field_bool(&L->f, v, "advanced_only", 0, 0, "XF-9.12.1");
        check_type_words(L, v, d);
        if (type == TY_AGENT)
            read_agent(L, v, d);
        else if (type == TY_SITE)
            read_site(L, v, d);
        else if (type == TY_ADVERSARY)
            read_adversary(L, v, d);
        else if (type == TY_EQUIPMENT)
            read_equipment(L, v, d);
        else
            read_effect_card(L, v, d);
    }
    for (int k = 0; k < c->ndefs; k++)
        if (strcasecmp(c->def[k].id, d->id) == 0 && id[0])
            PROBLEM(L, v, "id", "XF-2.2.1", "card id '%s' is not unique", d->id);
    if (type == TY_XFILE && c->ncatalogue < XF_MAX_CATALOGUE)
        c->catalogue[c->ncatalogue] = (uint8_t)c->ndefs;
    if (type == TY_XFILE && c->ncatalogue++ == XF_MAX_CATALOGUE)
        PROBLEM(L, v, NULL, "XF-2.18.1", "more than %d X-Files (MAX_CATALOGUE)", XF_MAX_CATALOGUE);
    c->ndefs++;
}

/* XF-2.3.2: the catalogue is not empty, and no two X-Files are alike. */
static void check_catalogue(loader *L, const json_t *root)
{
    xf_content *c = L->c;
    if (c->ncatalogue > XF_MAX_CATALOGUE)
        c->ncatalogue = XF_MAX_CATALOGUE;
    if (!c->ncatalogue)
        PROBLEM(L, root, NULL, "XF-2.3.2", "the content set has no X-File");
    const json_t *arr = json_object_get(root, "xfiles");
    for (int i = 0; i < c->ncatalogue; i++)
        for (int j = 0; j < i; j++)
            if (memcmp(c->def[c->catalogue[i]].value, c->def[c->catalogue[j]].value, XF_NCAT) == 0)
                PROBLEM(L, json_array_get(arr, (size_t)i), NULL, "XF-2.3.2",
                        "X-Files %s and %s have the same four values", c->def[c->catalogue[j]].id,
                        c->def[c->catalogue[i]].id);
}

static int content_read(void *into, const tt_json_doc *doc, tt_diags *d)
{
    static const char *const lists[XF_NTYPES] = {"xfiles",      "agents",    "sites",
                                                 "adversaries", "witnesses", "events",
                                                 "equipment",   "combat",    "bluffs"};
    static const char *const fields[] = {"module",      "xfiles",    "agents", "sites",
                                         "adversaries", "witnesses", "events", "equipment",
                                         "combat",      "bluffs",    NULL};
    xf_content *c = into;
    loader *L = calloc(1, sizeof *L);
    if (!L) {
        tt_diag_add(d, doc->file, 0, NULL, "out of memory");
        return -1;
    }
    int n0 = d->n + d->dropped;
    *L = (loader){{doc, d, NULL}, c, {{0}}, {{0}}, {0}};
    c->ndefs = c->ncatalogue = c->nwords = c->nnames = c->nidentities = c->nwitness_names = 0;
    intern_fixed(c);
    const json_t *root = doc->root;
    if (!json_is_object(root)) {
        PROBLEM(L, root, NULL, "XF-2", "the content must be one JSON object");
    } else {
        tt_field_check(&L->f, root, fields, "the content", "XF-2");
        json_t *module = json_object_get(root, "module");
        if (!json_is_string(module) || strcmp(json_string_value(module), "xfiles") != 0)
            PROBLEM(L, root, module ? "module" : NULL, "XF-2", "field 'module' must be \"xfiles\"");
        for (int t = 0; t < XF_NTYPES; t++) {
            const json_t *arr = tt_field_array(&L->f, root, lists[t], t == TY_XFILE, "XF-2");
            size_t i;
            json_t *v;
            json_array_foreach((json_t *)arr, i, v)
                read_card(L, arr, v, t);
        }
        check_catalogue(L, root);
    }
    free(L);
    return d->n + d->dropped > n0 ? -1 : 0;
}

int xf_content_load(xf_content *c, const char *text, size_t len, const char *file, tt_diags *d)
{
    return tt_json_read(text, len, file, "xfiles/content.json", d, content_read, c);
}

void xf_options_default(xf_options *o)
{
    *o = (xf_options){.nplayers = 2,
                      .team_cost_limit = 20,
                      .team_min_agents = 3,
                      .deck_min = 60,
                      .copy_limit = 2,
                      .start_hand = 7,
                      .start_pool = 5,
                      .hand_limit = 7,
                      .max_turns = 300};
}

void xf_options_basic(xf_options *o)
{
    o->basic = 1;
    o->start_hand = XF_BASIC_HAND; /* item 4 */
    o->start_pool = 0;             /* item 3: no pools */
}

/* tt_content_load's reader: the sample when text is NULL. */
static int load_content(void *into, const char *text, size_t len, const char *file, tt_diags *d)
{
    return xf_content_load(into, text, len, file, d);
}

xf_content *xf_content_new(const char *path, tt_error *err)
{
    xf_content *c = tt_content_new(sizeof *c, path, "data/xfiles/content.json", load_content, err);
    if (c)
        xf_options_default(&c->opt);
    return c;
}
