/* Braunau text: the canonical text of every atomic action and its parser, and
 * the reading of whole commands in the rules' syntax (BRA-6.0.1), which
 * bra_expand_text checks as BRA-6.0.2 orders and turns into atomic texts
 * (docs/games/braunau.md lists every form).
 *
 * Atomic texts are a lower-case verb and one argument: tokens by id (G05),
 * agents, areas and items by their content ids, modes and outcomes as the
 * rules spell them (UPGRADE, BRIBE). Parsing is case-insensitive. A path
 * names where an agent goes; it is checked against the agent's position when
 * parsed, and written back as the canonical path to the same place. Not on the
 * playout path. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/verbs.h"
#include "games/braunau/braunau.h"

static const char *const mode_names[] = {"UPGRADE", "RELOAD", "EXTRACT", "FALSIFY"};
static const char *const outcome_names[] = {"NONE", "INTERROGATE", "BRIBE"};
static const char *const player_names[] = {"germans", "austrians", "locals"};
static const char *const source_names[] = {
    "", "FA", "BR", "SURVEY", "INFORMANT", "INTERROGATE", "EXTRACT", "SUMMON", "MEETING"};

const char *bra_faction_player(int f)
{
    return f >= 0 && f < BRA_NF ? player_names[f] : "none";
}
const char *bra_mode_name(int m)
{
    return m >= 0 && m < MODE_N ? mode_names[m] : "?";
}
const char *bra_outcome_name(int o)
{
    return o >= 0 && o < OUT_N ? outcome_names[o] : "?";
}
const char *bra_source_name(int s)
{
    return s > 0 && s < SRC_N ? source_names[s] : "?";
}

int bra_token_name(const bra_content *c, int t, char *buf, size_t n)
{
    if (t < 0 || t >= BRA_NF * 64)
        return snprintf(buf, n, "?");
    return snprintf(buf, n, "%c%02d", c->f[t >> 6].letter, (t & 63) + 1);
}

int bra_token_parse(const bra_content *c, const char *text)
{
    if (!text[0] || !isdigit((unsigned char)text[1]))
        return -1;
    char *end;
    long num = strtol(text + 1, &end, 10);
    if (*end || num < 1 || num > c->p.deck_size || strlen(text) > 3)
        return -1;
    for (int f = 0; f < BRA_NF; f++)
        if (toupper((unsigned char)text[0]) == c->f[f].letter)
            return f << 6 | (int)(num - 1);
    return -1;
}

/* --- format ----------------------------------------------------------------------------- */

static int path_text(const bra_content *c, const bra_state *s, int arg, char *buf, size_t n)
{
    bra_cmd m;
    bra_decl_cmd(s, &m);
    m.dest = (uint8_t)(arg & 15);
    m.steps = (uint8_t)(arg >> 4);
    uint8_t path[BRA_MAX_PATH + 2];
    int k = m.steps == 15 ? 0 : bra_path_canon(c, s, &m, path);
    if (!k) {
        path[0] = m.dest;
        k = 1;
    }
    size_t at = (size_t)snprintf(buf, n, "path ");
    for (int i = 0; i < k && at < n; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s", i ? "," : "",
                               path[i] < c->nareas ? c->area[path[i]].id : "?");
    return TT_OK;
}

int bra_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n)
{
    const bra_content *c = bra_content_of(g);
    const bra_state *s = st;
    int op = BRA_OP(a), arg = BRA_ARG(a);
    char tok[3][8];
    const char *agent = arg < c->nagents ? c->a[arg].id : "?";
    const char *area = arg < c->nareas ? c->area[arg].id : "?";
    const char *item = arg < c->nitems ? c->item[arg].id : "?";
    switch (op) {
    case A_DRAW: snprintf(buf, n, "draw"); break;
    case A_END: snprintf(buf, n, "end"); break;
    case A_DONE: snprintf(buf, n, "done"); break;
    case A_KEEP: {
        int k = 0;
        for (int i = 0; i < 3; i++)
            if ((arg >> (8 * i) & 0xFF) != BRA_NONE)
                bra_token_name(c, arg >> (8 * i) & 0xFF, tok[k++], sizeof tok[0]);
        snprintf(buf, n, "keep%s%s%s%s%s", k ? " " : "", k ? tok[0] : "", k > 1 ? "," : "",
                 k > 1 ? tok[1] : "", k > 2 ? "," : "");
        if (k > 2 && strlen(buf) < n)
            snprintf(buf + strlen(buf), n - strlen(buf), "%s", tok[2]);
        break;
    }
    case A_DISCARD:
        bra_token_name(c, arg, tok[0], sizeof tok[0]);
        snprintf(buf, n, "discard%s%s", arg == BRA_NONE ? "" : " ", arg == BRA_NONE ? "" : tok[0]);
        break;
    case A_DEPLOY:
        bra_token_name(c, arg, tok[0], sizeof tok[0]);
        snprintf(buf, n, "deploy %s", tok[0]);
        break;
    case A_AGENT: snprintf(buf, n, "agent %s", agent); break;
    case A_HOST: snprintf(buf, n, "host %s", agent); break;
    case A_TARGET: snprintf(buf, n, "target %s", agent); break;
    case A_MOVE: snprintf(buf, n, "move %s", agent); break;
    case A_AGITATE: snprintf(buf, n, "agitate %s", agent); break;
    case A_DENOUNCE: snprintf(buf, n, "denounce %s", agent); break;
    case A_ABILITY: snprintf(buf, n, "ability %s", agent); break;
    case A_AREA: snprintf(buf, n, "area %s", area); break;
    case A_MODE: snprintf(buf, n, "mode %s", bra_mode_name(arg)); break;
    case A_OUTCOME: snprintf(buf, n, "outcome %s", bra_outcome_name(arg)); break;
    case A_ITEM: snprintf(buf, n, "item %s", item); break;
    case A_USE: snprintf(buf, n, "use %s", item); break;
    case A_FACTION: snprintf(buf, n, "faction %s", arg < BRA_NF ? c->f[arg].id : "?"); break;
    case A_PATH: return path_text(c, s, arg, buf, n);
    default: snprintf(buf, n, "?"); return TT_EARG;
    }
    return TT_OK;
}

/* --- parse ------------------------------------------------------------------------------- */

/* Argument kinds: 'k' keep list, 'd' optional token, 't' token, 'a' agent,
 * 'x' area, 'm' mode, 'o' outcome, 'i' item, 'f' faction, 'p' path. */
#define V0(name, op)                                                                               \
    {                                                                                              \
        name, op, 0, 0, 0                                                                          \
    }
#define V1(name, op, kind)                                                                         \
    {                                                                                              \
        name, op, 1, 1, kind                                                                       \
    }
#define V01(name, op, kind)                                                                        \
    {                                                                                              \
        name, op, 0, 1, kind                                                                       \
    }
static const tt_verb verbs[] = {V0("draw", A_DRAW),
                                V0("end", A_END),
                                V0("done", A_DONE),
                                V01("keep", A_KEEP, 'k'),
                                V01("discard", A_DISCARD, 'd'),
                                V1("deploy", A_DEPLOY, 't'),
                                V1("agent", A_AGENT, 'a'),
                                V1("host", A_HOST, 'a'),
                                V1("target", A_TARGET, 'a'),
                                V1("move", A_MOVE, 'a'),
                                V1("agitate", A_AGITATE, 'a'),
                                V1("denounce", A_DENOUNCE, 'a'),
                                V1("ability", A_ABILITY, 'a'),
                                V1("area", A_AREA, 'x'),
                                V1("mode", A_MODE, 'm'),
                                V1("outcome", A_OUTCOME, 'o'),
                                V1("item", A_ITEM, 'i'),
                                V1("use", A_USE, 'i'),
                                V1("faction", A_FACTION, 'f'),
                                V1("path", A_PATH, 'p'),
                                {NULL, 0, 0, 0, 0}};

#define PARSE_FAIL(ecode, ...) tt_fail_code(err, TT_EPARSE, ecode, "BRA-6.0.2", __VA_ARGS__)

/* A comma list of token ids, in the order of the pending draw when they are
 * all in it (so "keep G45,G33" is the action listed as "keep G33,G45"). */
static int parse_keep(const bra_content *c, const bra_state *s, char *list, int *arg, tt_error *err)
{
    int t[BRA_MAX_LIST], k = 0;
    char *save = NULL;
    for (char *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        if (k == 3)
            return TT_REFUSE("BRA-6.2.1", "E_RETAIN_LIMIT", "at most %d tokens are kept",
                             c->p.retain_max);
        t[k] = bra_token_parse(c, w);
        if (t[k] < 0)
            return TT_REFUSE("BRA-6.2.1", "E_NOT_DRAWN", "'%s' is not a token just drawn", w);
        k++;
    }
    const bra_fstate *f = &s->f[bra_active_faction(c, s)];
    int pos[3];
    for (int i = 0; i < k; i++) {
        const uint8_t *p =
            (t[i] >> 6) == bra_active_faction(c, s) ? memchr(f->pend, t[i] & 63, f->npend) : NULL;
        pos[i] = p ? (int)(p - f->pend) : 99 + i;
    }
    for (int i = 1; i < k; i++) /* insertion sort by draw position */
        for (int j = i; j > 0 && pos[j] < pos[j - 1]; j--) {
            int x = pos[j], y = t[j];
            pos[j] = pos[j - 1], t[j] = t[j - 1];
            pos[j - 1] = x, t[j - 1] = y;
        }
    *arg = BRA_KEEP_NONE;
    for (int i = 0; i < k; i++)
        *arg = (*arg & ~(0xFF << (8 * i))) | t[i] << (8 * i);
    return TT_OK;
}

/* A path of area ids, as the decided agent may walk it (see header). */
static int parse_path(const bra_content *c, const bra_state *s, char *list, int *arg, tt_error *err)
{
    uint8_t path[BRA_MAX_PATH + 1];
    int n = 0;
    char *save = NULL;
    for (char *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        int x = bra_find_area(c, w);
        if (x < 0)
            return TT_REFUSE("BRA-2.12", "E_UNKNOWN_AREA", "no area is called '%s'", w);
        if (n == BRA_MAX_PATH)
            return TT_REFUSE("BRA-6.15", "E_BAD_PATH", "a path has at most %d steps", BRA_MAX_PATH);
        path[n++] = (uint8_t)x;
    }
    int a = s->decl.agent, steps = n;
    if (s->decl.verb == V_MOVE || s->decl.verb == V_ABILITY) {
        int from = a < c->nagents ? s->loc[a] : BRA_NONE, ok = from < c->nareas;
        for (int i = 0; i < n && ok; i++) {
            ok = c->area[from].adj >> path[i] & 1;
            from = path[i];
        }
        if (s->decl.verb == V_ABILITY) /* COURIER: only where it ends counts */
            steps = ok && a < c->nagents && n <= s->level[a] + 1 ? 0 : 15;
        else if (!ok)
            steps = 15;
    }
    *arg = BRA_PATH(path[n - 1], steps);
    return TT_OK;
}

static int parse_arg(const bra_content *c, const bra_state *s, const tt_verb *v, char *word,
                     int *arg, tt_error *err)
{
    int x = -1;
    switch (v->kind) {
    case 'k': return parse_keep(c, s, word, arg, err);
    case 'p': return parse_path(c, s, word, arg, err);
    case 'd':
    case 't':
        x = bra_token_parse(c, word);
        if (x < 0)
            return TT_REFUSE("BRA-6.4.1", "E_TOKEN_NOT_IN_STASH", "'%s' is no token of yours",
                             word);
        break;
    case 'a':
        x = bra_find_agent(c, word);
        if (x < 0)
            return TT_REFUSE("BRA-6.0.4", "E_UNKNOWN_AGENT", "no agent is called '%s'", word);
        break;
    case 'x':
        x = bra_find_area(c, word);
        if (x < 0)
            return TT_REFUSE("BRA-2.12", "E_UNKNOWN_AREA", "no area is called '%s'", word);
        break;
    case 'i':
        x = bra_find_item(c, word);
        if (x < 0)
            return TT_REFUSE(v->op == A_USE ? "BRA-6.19.2" : "BRA-6.8",
                             v->op == A_USE ? "E_ITEM_NOT_OWNED" : "E_ITEM_NOT_IN_MARKET",
                             "no item is called '%s'", word);
        break;
    case 'f':
        x = bra_find_faction(c, word);
        if (x < 0)
            return TT_REFUSE("BRA-6.18.2", "E_TARGET_NOT_ENEMY", "'%s' is not a faction", word);
        break;
    case 'm':
        for (int i = 0; i < MODE_N; i++)
            if (strcasecmp(word, mode_names[i]) == 0)
                x = i;
        if (x < 0)
            return PARSE_FAIL("E_BAD_ARGUMENT", "mode is UPGRADE, RELOAD, EXTRACT or FALSIFY");
        break;
    case 'o':
        for (int i = 0; i < OUT_N; i++)
            if (strcasecmp(word, outcome_names[i]) == 0)
                x = i;
        if (x < 0)
            return PARSE_FAIL("E_BAD_ARGUMENT", "outcome is NONE, INTERROGATE or BRIBE");
        break;
    default: break;
    }
    *arg = x;
    return TT_OK;
}

int bra_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err)
{
    const bra_content *c = bra_content_of(g);
    const bra_state *s = st;
    tt_words w;
    const tt_verb *v = NULL;
    if (tt_words_split(text, &w, err) || tt_verb_find(verbs, &w, &v, err))
        return tt_error_cite(err, v ? "E_BAD_ARGUMENT" : "E_UNKNOWN_COMMAND", "BRA-6.0.2");
    int x = v->op == A_KEEP ? BRA_KEEP_NONE : v->op == A_DISCARD ? BRA_NONE : 0;
    if (w.n == 2 && parse_arg(c, s, v, w.w[1], &x, err))
        return err ? err->code : TT_EPARSE;
    *out = BRA_ACTION(v->op, x);
    return TT_OK;
}

/* --- whole commands in the rules' syntax ---------------------------------------------- */

enum {
    K_TOKEN,
    K_TOKENS,
    K_AGENT,
    K_AREA,
    K_MODE,
    K_HOST,
    K_TARGET,
    K_OUTCOME,
    K_ITEM,
    K_FACTION,
    K_PATH,
    K_N
};
static const char *const key_names[] = {"token",  "tokens",  "agent", "area",    "mode", "host",
                                        "target", "outcome", "item",  "faction", "path"};

typedef struct command {
    const char *name;
    int verb;
    unsigned keys; /* bit per key the command may take */
} command;

#define KB(k) (1u << (k))
static const command commands[] = {
    {"DRAW", V_DRAW, 0},
    {"END", V_END, 0},
    {"KEEP", V_KEEP, KB(K_TOKENS)},
    {"DISCARD", V_DISCARD, KB(K_TOKENS)},
    {"DEPLOY", V_DEPLOY,
     KB(K_TOKEN) | KB(K_AGENT) | KB(K_AREA) | KB(K_MODE) | KB(K_HOST) | KB(K_TARGET) |
         KB(K_OUTCOME) | KB(K_ITEM)},
    {"MOVE", V_MOVE, KB(K_AGENT) | KB(K_PATH)},
    {"AGITATE", V_AGITATE, KB(K_AGENT)},
    {"DENOUNCE", V_DENOUNCE, KB(K_AGENT) | KB(K_TARGET)},
    {"ABILITY", V_ABILITY, KB(K_AGENT) | KB(K_FACTION) | KB(K_PATH) | KB(K_TARGET)},
    {"USE", V_USE, KB(K_ITEM) | KB(K_AREA) | KB(K_AGENT)},
    {NULL, 0, 0},
};

/* The keys a command needs, once its token, agent or item is known; 0 for
 * "cannot tell" (an unknown or foreign token). */
static unsigned keys_needed(const bra_content *c, const bra_state *s, const bra_cmd *m)
{
    switch (m->verb) {
    case V_DEPLOY: {
        if (m->token >= BRA_NF * 64 || (m->token >> 6) != bra_active_faction(c, s))
            return 0;
        static const unsigned by_type[] = {KB(K_AGENT) | KB(K_AREA),
                                           KB(K_MODE),
                                           KB(K_AGENT),
                                           KB(K_ITEM),
                                           KB(K_HOST) | KB(K_TARGET) | KB(K_OUTCOME),
                                           KB(K_AGENT) | KB(K_MODE),
                                           KB(K_AGENT),
                                           0,
                                           KB(K_AREA),
                                           0};
        unsigned k = KB(K_TOKEN) | by_type[bra_tok_type(s, m->token)];
        if (bra_tok_type(s, m->token) == T_CI && m->mode != BRA_NONE)
            k |= m->mode == MODE_EXTRACT ? KB(K_TARGET) : KB(K_AREA);
        return k;
    }
    case V_MOVE: return KB(K_AGENT) | KB(K_PATH);
    case V_AGITATE: return KB(K_AGENT);
    case V_DENOUNCE: return KB(K_AGENT) | KB(K_TARGET);
    case V_ABILITY: {
        if (m->agent >= c->nagents)
            return 0;
        static const unsigned by_effect[] = {0, KB(K_FACTION), KB(K_PATH), 0, 0, KB(K_TARGET)};
        return KB(K_AGENT) | by_effect[c->a[m->agent].effect];
    }
    case V_USE:
        if (m->item >= c->nitems)
            return 0;
        if (c->item[m->item].type == IT_INFORMANT)
            return KB(K_ITEM) | KB(K_AREA);
        return KB(K_ITEM) | (c->item[m->item].type == IT_LEAFLETS ? KB(K_AGENT) : 0);
    default: return 0;
    }
}

static uint8_t lookup(int found, const char *value, bra_cmd *m)
{
    if (found >= 0)
        return (uint8_t)found;
    snprintf(m->bad, sizeof m->bad, "%s", value);
    return BRA_UNKNOWN;
}

/* Reads one key=value into m; refuses a malformed value (BRA-6.0.2 step 3). */
static int read_key(const bra_content *c, int key, char *value, bra_cmd *m, tt_error *err)
{
    char *save = NULL;
    switch (key) {
    case K_TOKEN: m->token = lookup(bra_token_parse(c, value), value, m); break;
    case K_AGENT: m->agent = lookup(bra_find_agent(c, value), value, m); break;
    case K_HOST: m->host = lookup(bra_find_agent(c, value), value, m); break;
    case K_TARGET: m->target = lookup(bra_find_agent(c, value), value, m); break;
    case K_AREA: m->area = lookup(bra_find_area(c, value), value, m); break;
    case K_ITEM: m->item = lookup(bra_find_item(c, value), value, m); break;
    case K_FACTION: m->faction = lookup(bra_find_faction(c, value), value, m); break;
    case K_MODE:
    case K_OUTCOME: {
        const char *const *names = key == K_MODE ? mode_names : outcome_names;
        int n = key == K_MODE ? MODE_N : OUT_N, x = -1;
        for (int i = 0; i < n; i++)
            if (strcasecmp(value, names[i]) == 0)
                x = i;
        if (x < 0)
            return PARSE_FAIL("E_BAD_ARGUMENT", "%s is %s", key_names[key],
                              key == K_MODE ? "UPGRADE, RELOAD, EXTRACT or FALSIFY"
                                            : "NONE, INTERROGATE or BRIBE");
        if (key == K_MODE)
            m->mode = (uint8_t)x;
        else
            m->outcome = (uint8_t)x;
        break;
    }
    case K_PATH:
        for (char *w = strtok_r(value, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
            if (m->npath == BRA_MAX_PATH + 1)
                break; /* longer than any path: E_BAD_PATH when checked */
            m->path[m->npath++] = lookup(bra_find_area(c, w), w, m);
        }
        if (!m->npath)
            return PARSE_FAIL("E_BAD_ARGUMENT", "path names at least one area");
        break;
    case K_TOKENS:
        for (char *w = strtok_r(value, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
            if (m->ntok == BRA_MAX_LIST)
                return m->verb == V_KEEP
                           ? TT_REFUSE("BRA-6.2.1", "E_RETAIN_LIMIT", "at most %d tokens are kept",
                                       c->p.retain_max)
                           : PARSE_FAIL("E_BAD_ARGUMENT", "at most %d tokens in one command",
                                        BRA_MAX_LIST);
            int t = bra_token_parse(c, w);
            m->toks[m->ntok++] = t < 0 ? BRA_UNKNOWN : (uint8_t)t;
        }
        break;
    default: break;
    }
    return TT_OK;
}

/* Appends "text\n" to atoms. */
static void atom(char *atoms, size_t n, const char *fmt, const char *a, const char *b)
{
    size_t at = strlen(atoms);
    snprintf(atoms + at, n - at, fmt, a, b);
}

static void write_atoms(const bra_content *c, const bra_state *s, const bra_cmd *m, char *atoms,
                        size_t n, const char *path)
{
    char t[8];
    atoms[0] = 0;
    switch (m->verb) {
    case V_DRAW: atom(atoms, n, "draw\n", "", ""); return;
    case V_END: atom(atoms, n, "end\n", "", ""); return;
    case V_KEEP:
        atom(atoms, n, "keep", "", "");
        for (int i = 0; i < m->ntok; i++) {
            bra_token_name(c, m->toks[i], t, sizeof t);
            atom(atoms, n, "%s%s", i ? "," : " ", t);
        }
        atom(atoms, n, "\n", "", "");
        return;
    case V_DISCARD:
        for (int i = 0; i < m->ntok; i++) {
            bra_token_name(c, m->toks[i], t, sizeof t);
            atom(atoms, n, "discard %s%s\n", t, "");
        }
        atom(atoms, n, "done\n", "", "");
        return;
    case V_DEPLOY:
        bra_token_name(c, m->token, t, sizeof t);
        atom(atoms, n, "deploy %s%s\n", t, "");
        break;
    case V_USE: atom(atoms, n, "use %s%s\n", c->item[m->item].id, ""); break;
    default: {
        static const char *const head[] = {"",     "",        "",         "",       "",
                                           "move", "agitate", "denounce", "ability"};
        atom(atoms, n, "%s %s\n", head[m->verb], c->a[m->agent].id);
    }
    }
    /* then each answer, in the order the declaration asks for them */
    bra_cmd p;
    bra_cmd_init(&p, m->verb);
    p.token = m->token;
    if (m->verb == V_USE)
        p.item = m->item;
    else if (m->verb != V_DEPLOY)
        p.agent = m->agent;
    for (int field; (field = bra_next_field(c, s, &p)) != F_NONE;) {
        switch (field) {
        case F_AGENT:
            p.agent = m->agent;
            atom(atoms, n, "agent %s%s\n", c->a[m->agent].id, "");
            break;
        case F_HOST:
            p.host = m->host;
            atom(atoms, n, "host %s%s\n", c->a[m->host].id, "");
            break;
        case F_TARGET:
            p.target = m->target;
            atom(atoms, n, "target %s%s\n", c->a[m->target].id, "");
            break;
        case F_AREA:
            p.area = m->area;
            atom(atoms, n, "area %s%s\n", c->area[m->area].id, "");
            break;
        case F_MODE:
            p.mode = m->mode;
            atom(atoms, n, "mode %s%s\n", mode_names[m->mode], "");
            break;
        case F_OUTCOME:
            p.outcome = m->outcome;
            atom(atoms, n, "outcome %s%s\n", outcome_names[m->outcome], "");
            break;
        case F_ITEM:
            p.item = m->item;
            atom(atoms, n, "item %s%s\n", c->item[m->item].id, "");
            break;
        case F_FACTION:
            p.faction = m->faction;
            atom(atoms, n, "faction %s%s\n", c->f[m->faction].id, "");
            break;
        case F_PATH:
            p.npath = 1;
            atom(atoms, n, "path %s%s\n", path, "");
            break;
        default: return;
        }
    }
}

int bra_expand_text(const tt_game *g, const void *st, const char *text, char *atoms, size_t n,
                    tt_error *err)
{
    const bra_content *c = bra_content_of(g);
    const bra_state *s = st;
    char buf[512], path[200] = "";
    if (strlen(text) >= sizeof buf)
        return TT_EXPAND_GENERIC;
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL, *head = strtok_r(buf, " ", &save), *first = strtok_r(NULL, " ", &save);
    const command *cmd = NULL;
    for (int i = 0; head && commands[i].name; i++)
        if (strcasecmp(head, commands[i].name) == 0)
            cmd = &commands[i];
    if (!cmd || !first || !strchr(first, '='))
        return TT_EXPAND_GENERIC; /* not the rules' syntax */
    int claimed = 0;              /* the first name must be one of the command's own */
    for (int k = 0; k < K_N; k++)
        claimed |= (cmd->keys >> k & 1) &&
                   strncasecmp(first, key_names[k], strlen(key_names[k])) == 0 &&
                   first[strlen(key_names[k])] == '=';
    if (!claimed)
        return TT_EXPAND_GENERIC; /* "keep G33 deploy=G17": atomic actions in a row */
    if (s->head.over)
        return tt_fail_code(err, TT_ESTATE, "E_GAME_OVER", "BRA-6.0.2", "the game has ended");
    if (s->decl.verb != V_NONE)
        return PARSE_FAIL("E_BAD_ARGUMENT", "finish the command being declared first");
    bra_cmd m;
    bra_cmd_init(&m, cmd->verb);
    unsigned given = 0;
    for (char *w = first; w; w = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(w, '=');
        if (!eq || eq == w)
            return PARSE_FAIL("E_BAD_ARGUMENT", "'%s' is not name=value", w);
        *eq = 0;
        int key = -1;
        for (int k = 0; k < K_N; k++)
            if (strcasecmp(w, key_names[k]) == 0)
                key = k;
        if (key < 0 || !(cmd->keys >> key & 1))
            return PARSE_FAIL("E_BAD_ARGUMENT", "%s takes no argument '%s'", cmd->name, w);
        if (given >> key & 1)
            return PARSE_FAIL("E_BAD_ARGUMENT", "'%s' is given twice", w);
        given |= KB(key);
        if (!eq[1] && key != K_TOKENS)
            return PARSE_FAIL("E_BAD_ARGUMENT", "'%s' has no value", w);
        if (key == K_PATH)
            snprintf(path, sizeof path, "%s", eq + 1);
        if (read_key(c, key, eq + 1, &m, err))
            return err ? err->code : TT_EPARSE;
    }
    /* BRA-6.0.2 step 3: the arguments this command takes, no more, no less */
    unsigned need = keys_needed(c, s, &m);
    if (cmd->verb == V_DEPLOY && !(given & KB(K_TOKEN)))
        return PARSE_FAIL("E_BAD_ARGUMENT", "DEPLOY names its token=");
    if ((cmd->verb == V_MOVE || cmd->verb == V_AGITATE || cmd->verb == V_DENOUNCE ||
         cmd->verb == V_ABILITY) &&
        !(given & KB(K_AGENT)))
        return PARSE_FAIL("E_BAD_ARGUMENT", "%s names its agent=", cmd->name);
    if (cmd->verb == V_USE && !(given & KB(K_ITEM)))
        return PARSE_FAIL("E_BAD_ARGUMENT", "USE names its item=");
    if (need && given != need) {
        char want[120] = "";
        for (int k = 0; k < K_N; k++)
            if (need >> k & 1)
                snprintf(want + strlen(want), sizeof want - strlen(want), " %s=", key_names[k]);
        if (cmd->verb == V_DEPLOY) {
            char t[8];
            bra_token_name(c, m.token, t, sizeof t);
            return PARSE_FAIL("E_BAD_ARGUMENT", "DEPLOY of %s (%s) takes%s", t,
                              bra_type_code_name(bra_tok_type(s, m.token)), want);
        }
        return PARSE_FAIL("E_BAD_ARGUMENT", "%s takes%s", cmd->name, want);
    }
    if (cmd->verb == V_DEPLOY && need && m.mode != BRA_NONE &&
        (bra_tok_type(s, m.token) == T_ABIL) != (m.mode <= MODE_RELOAD))
        return PARSE_FAIL("E_BAD_ARGUMENT", "that mode is not one of this token's");
    int rc = bra_check(c, s, &m, err);
    if (rc < 0)
        return rc;
    if (rc == BRA_PENDING)
        return PARSE_FAIL("E_BAD_ARGUMENT", "%s is missing an argument", cmd->name);
    write_atoms(c, s, &m, atoms, n, path);
    return TT_OK;
}
