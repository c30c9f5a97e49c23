/* The public game calls (game.h, view.h, event.h): parameters, loading, and a
 * thin dispatch to each game's tt_rules.
 *
 * Dispatch is one indirect call; the hot calls (legal, apply, to_move) add
 * nothing else. tt_apply_text is the one place that knows compound texts, so
 * every game gets them for free. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/file.h"
#include "core/json.h"
#include "core/rules.h"
#include "core/verbs.h"

const char *tt_game_list(int i)
{
    for (int k = 0, listed = 0; tt_registry[k]; k++)
        if (tt_registry[k]->configs && listed++ == i) /* NULL: still being written */
            return tt_registry[k]->name;
    return NULL;
}

const char *tt_game_summary(const char *name)
{
    const tt_rules *r = tt_rules_find(name);
    return r ? r->summary : NULL;
}

const char *tt_game_play_help(const char *name)
{
    const tt_rules *r = tt_rules_find(name ? name : "");
    return r ? r->play_help : NULL;
}

int tt_game_player_range(const char *name, int *min, int *max)
{
    const tt_rules *r = tt_rules_find(name ? name : "");
    if (!r)
        return TT_EARG;
    *min = r->min_players;
    *max = r->max_players;
    return TT_OK;
}

const tt_param_spec *tt_game_param(const char *name, int i)
{
    const tt_rules *r = tt_rules_find(name ? name : "");
    for (int k = 0; r && r->params && r->params[k].key; k++)
        if (k == i)
            return &r->params[k];
    return NULL;
}

const char *tt_game_config(const char *name, int i, const char **params)
{
    const tt_rules *r = tt_rules_find(name ? name : "");
    for (int k = 0; r && r->configs && r->configs[k].name; k++)
        if (k == i) {
            *params = r->configs[k].params;
            return r->configs[k].name;
        }
    return NULL;
}

const char *tt_params_get(const tt_params *p, const char *key)
{
    for (int i = 0; i < p->n; i++)
        if (strcmp(p->key[i], key) == 0)
            return p->value[i];
    return NULL;
}

static const tt_param_spec *spec_find(const tt_rules *r, const char *key)
{
    for (int i = 0; r->params && r->params[i].key; i++)
        if (strcmp(r->params[i].key, key) == 0)
            return &r->params[i];
    return NULL;
}

/* "a|b|c" as "a, b or c". */
static void choices_words(const char *allowed, char *buf, size_t n)
{
    size_t at = 0, nwords = 1;
    for (const char *a = allowed; *a; a++)
        nwords += *a == '|';
    size_t k = 0;
    for (const char *a = allowed; *a && at < n;) {
        size_t len = strcspn(a, "|");
        k++;
        at += (size_t)snprintf(buf + at, n - at, "%s%.*s",
                               k == 1        ? ""
                               : k == nwords ? " or "
                                             : ", ",
                               (int)len, a);
        a += len + (a[len] == '|');
    }
}

static int choice_ok(const char *allowed, const char *v)
{
    for (const char *a = allowed; *a;) {
        size_t len = strcspn(a, "|");
        if (strlen(v) == len && strncasecmp(a, v, len) == 0)
            return 1;
        a += len + (a[len] == '|');
    }
    return 0;
}

/* The same check and message for a declared value in every game. */
static int value_check(const tt_param_spec *sp, const char *v, tt_error *err)
{
    char words[256];
    if (sp->kind == TT_PARAM_CHOICE && !choice_ok(sp->allowed, v)) {
        choices_words(sp->allowed, words, sizeof words);
        return tt_fail(err, TT_EARG, NULL, "%s is %s, not '%s'", sp->key, words, v);
    }
    if (sp->kind == TT_PARAM_INT) {
        long lo = 0, hi = 0, x;
        char *end;
        sscanf(sp->allowed, "%ld..%ld", &lo, &hi);
        x = strtol(v, &end, 10);
        if (!*v || *end || x < lo || x > hi)
            return tt_fail(err, TT_EARG, NULL, "%s is %s, not '%s'", sp->key, sp->allowed, v);
    }
    return TT_OK;
}

/* The refusal of a key the game does not declare, naming those it does. */
static int unknown_key(const tt_rules *r, const char *key, tt_error *err)
{
    char known[200] = "";
    size_t at = 0;
    for (int i = 0; r->params && r->params[i].key && at < sizeof known; i++)
        at += (size_t)snprintf(known + at, sizeof known - at, "%s%s", i ? ", " : "",
                               r->params[i].key);
    return tt_fail(err, TT_EARG, NULL, "unknown parameter '%s' for %s (known: %s)", key, r->name,
                   known[0] ? known : "none");
}

/* Splits "k=v k=v" into p, refusing unknown keys, repeats, bad shapes and
 * values outside the declared ones. */
static int params_parse(const tt_rules *r, const char *text, tt_params *p, tt_error *err)
{
    memset(p, 0, sizeof *p);
    const char *s = text ? text : "";
    while (*s) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        size_t len = strcspn(s, " \t"), ok = 0;
        while (ok < len && (unsigned char)s[ok] >= 32 && s[ok] != 127)
            ok++;
        if (ok < len) /* quoted up to it: an error is one line */
            return tt_fail(err, TT_EARG, NULL, "parameter '%.*s…' holds a control character",
                           (int)(ok < 20 ? ok : 20), s);
        const char *eq = memchr(s, '=', len);
        if (!eq || eq == s || eq == s + len - 1)
            return tt_fail(err, TT_EARG, NULL, "parameter '%.*s' is not key=value", (int)len, s);
        if (p->n == TT_MAX_PARAMS)
            return tt_fail(err, TT_EARG, NULL, "too many parameters");
        size_t klen = (size_t)(eq - s), vlen = len - klen - 1;
        if (klen >= sizeof p->key[0] || vlen >= sizeof p->value[0])
            return tt_fail(err, TT_EARG, NULL, "parameter '%.*s…' is too long (at most %d bytes)",
                           20, s, TT_PARAMS_MAX - 1);
        memcpy(p->key[p->n], s, klen);
        memcpy(p->value[p->n], eq + 1, vlen);
        const tt_param_spec *sp = spec_find(r, p->key[p->n]);
        if (!sp)
            return unknown_key(r, p->key[p->n], err);
        if (tt_params_get(p, p->key[p->n]))
            return tt_fail(err, TT_EARG, NULL, "parameter '%s' given twice", p->key[p->n]);
        int rc = value_check(sp, p->value[p->n], err);
        if (rc)
            return rc;
        p->n++;
        s += len;
    }
    return TT_OK;
}

/* The canonical text into buf (n bytes), or TT_EARG when it does not fit. */
static int params_canon(const tt_params *p, char *buf, size_t n, tt_error *err)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < p->n; i++) {
        int k = snprintf(buf + at, n - at, "%s%s=%s", i ? " " : "", p->key[i], p->value[i]);
        if (k < 0 || (size_t)k >= n - at)
            return tt_fail(err, TT_EARG, NULL,
                           "the parameters are too long to store (at most %zu bytes)", n - 1);
        at += (size_t)k;
    }
    return TT_OK;
}

/* Whether a parameter's value names a file: a FILE parameter, or a text one
 * (a Braunau deck) written as a path, with a '/' or ending in ".json". */
static int names_file(const tt_rules *r, const char *key, const char *value)
{
    const tt_param_spec *sp = spec_find(r, key);
    size_t n = strlen(value);
    return sp->kind == TT_PARAM_FILE ||
           (sp->kind == TT_PARAM_TEXT &&
            (strchr(value, '/') || (n > 5 && strcmp(value + n - 5, ".json") == 0)));
}

int tt_params_check(const char *name, const char *params, char *canon, int *files, tt_error *err)
{
    const tt_rules *r = tt_rules_find(name ? name : "");
    if (!r)
        return tt_fail(err, TT_EARG, NULL, "unknown game '%s'", name ? name : "");
    tt_params *p = malloc(sizeof *p);
    int rc = p ? params_parse(r, params, p, err) : tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    if (rc == TT_OK)
        rc = params_canon(p, canon, TT_PARAMS_MAX, err);
    *files = 0;
    for (int i = 0; rc == TT_OK && i < p->n; i++)
        *files |= names_file(r, p->key[i], p->value[i]);
    free(p);
    return rc;
}

int tt_game_new(const char *name, const char *params, tt_game **out, tt_error *err)
{
    return tt_game_new_within(name, params, NULL, out, err);
}

int tt_game_new_within(const char *name, const char *params, const tt_files *files, tt_game **out,
                       tt_error *err)
{
    *out = NULL;
    const tt_rules *r = tt_rules_find(name ? name : "");
    if (!r)
        return tt_fail(err, TT_EARG, NULL, "unknown game '%s'", name ? name : "");
    tt_params *p = malloc(sizeof *p);
    tt_game *g = calloc(1, sizeof *g);
    int rc =
        p && g ? params_parse(r, params, p, err) : tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    if (rc == TT_OK)
        rc = params_canon(p, g->params, sizeof g->params, err);
    for (int i = 0; rc == TT_OK && tt_files_count(files) && i < p->n; i++)
        if (names_file(r, p->key[i], p->value[i]))
            rc = tt_files_check(files, p->value[i], err);
    if (rc == TT_OK) {
        g->rules = r;
        rc = r->load(g, p, err);
    }
    free(p);
    if (rc) {
        free(g);
        return rc;
    }
    *out = g;
    return TT_OK;
}

void tt_game_free(tt_game *game)
{
    if (!game)
        return;
    game->rules->unload(game);
    free(game);
}

const char *tt_game_name(const tt_game *g)
{
    return g->rules->name;
}
const char *tt_game_score_name(const tt_game *g)
{
    return g->rules->score_name;
}

const char *tt_game_params(const tt_game *g)
{
    return g->params;
}
const char *tt_game_content_hash(const tt_game *g)
{
    return g->hash;
}
int tt_game_players(const tt_game *g)
{
    return g->nplayers;
}
size_t tt_state_size(const tt_game *g)
{
    return g->state_size;
}
int tt_max_actions(const tt_game *g)
{
    return g->max_actions;
}

const char *tt_player_name(const tt_game *g, int player)
{
    if (player < 0 || player >= g->nplayers)
        return "none";
    return g->rules->player_name(g, player);
}

const char *tt_player_title(const tt_game *g, int player, char *buf, size_t n, int *plural)
{
    int pl = 0;
    if (player >= 0 && player < g->nplayers && g->rules->player_title)
        pl = g->rules->player_title(g, player, buf, n);
    else
        snprintf(buf, n, "%s", tt_player_name(g, player));
    if (plural)
        *plural = pl;
    return buf;
}

int tt_player_parse(const tt_game *g, const char *text)
{
    for (int i = 0; i < g->nplayers; i++)
        if (strcmp(text, g->rules->player_name(g, i)) == 0)
            return i;
    char *end;
    long v = strtol(text, &end, 10);
    if (*text && !*end && v >= 0 && v < g->nplayers)
        return (int)v;
    return -1;
}

int tt_viewer_parse(const tt_game *g, const char *text)
{
    if (strcmp(text, "spectator") == 0)
        return TT_VIEW_SPECTATOR;
    if (strcmp(text, "all") == 0)
        return TT_VIEW_ALL;
    int p = tt_player_parse(g, text);
    return p >= 0 ? p : -100;
}

void tt_state_init(const tt_game *g, tt_state *mem, uint64_t seed)
{
    memset(mem, 0, g->state_size); /* padding too: states compare and hash by bytes */
    g->rules->init(g, mem, seed);
}

void tt_state_copy(const tt_game *g, tt_state *dst, const tt_state *src)
{
    memcpy(dst, src, g->state_size);
}

uint64_t tt_state_hash(const tt_game *g, const tt_state *s)
{
    return tt_fnv64(s, g->state_size);
}

int tt_to_move(const tt_game *g, const tt_state *s)
{
    return g->rules->to_move(g, s);
}

int tt_legal(const tt_game *g, const tt_state *s, tt_action *out)
{
    return g->rules->legal(g, s, out);
}

int tt_apply(const tt_game *g, tt_state *s, tt_action a, tt_events *ev, tt_error *err)
{
    if (tt_head_peek(s)->over)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    if (tt_action_is_offturn(a))
        return tt_fail(err, TT_EARG, NULL, "an action outside the turn order needs its player");
    int rc = g->rules->apply(g, s, a, ev, err);
#ifndef NDEBUG
    assert(rc || g->rules->sanity(g, s, NULL) == TT_OK);
#endif
    return rc;
}

int tt_offturn_legal(const tt_game *g, const tt_state *s, int player, tt_action *out)
{
    if (tt_head_peek(s)->over || player < 0 || player >= g->nplayers)
        return 0;
    if (!g->rules->offturn_legal) {
        out[0] = TT_CONCEDE; /* every game lets a player concede */
        return 1;
    }
    return g->rules->offturn_legal(g, s, player, out);
}

int tt_offturn_apply(const tt_game *g, tt_state *s, int player, tt_action a, tt_events *ev,
                     tt_error *err)
{
    if (player < 0 || player >= g->nplayers)
        return tt_fail(err, TT_EARG, NULL, "no player %d in this game", player);
    if (tt_head_peek(s)->over)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    if (!tt_action_is_offturn(a))
        return tt_fail(err, TT_EARG, NULL, "not an action outside the turn order");
    int rc = g->rules->offturn_apply(g, s, player, a, ev, err);
#ifndef NDEBUG
    assert(rc || g->rules->sanity(g, s, NULL) == TT_OK);
#endif
    return rc;
}

static const char *const common_offturn[] = {NULL, "concede", "offer_draw", "accept_draw",
                                             "decline_draw"};
#define NCOMMON ((tt_action)(sizeof common_offturn / sizeof *common_offturn))

int tt_action_format(const tt_game *g, const tt_state *s, tt_action a, char *buf, size_t n)
{
    if (a > TT_OFFTURN && a < TT_OFFTURN + NCOMMON) {
        int k = snprintf(buf, n, "%s", common_offturn[a - TT_OFFTURN]);
        return k >= 0 && (size_t)k < n ? TT_OK : TT_EARG;
    }
    return g->rules->format(g, s, a, buf, n);
}

int tt_action_parse(const tt_game *g, const tt_state *s, const char *text, tt_action *out,
                    tt_error *err)
{
    size_t len = strcspn(text, " ");
    for (tt_action k = 1; k < NCOMMON; k++)
        if (strlen(common_offturn[k]) == len && strncasecmp(text, common_offturn[k], len) == 0) {
            if (text[len])
                return tt_fail(err, TT_EPARSE, NULL, "'%s' takes no argument", common_offturn[k]);
            *out = TT_OFFTURN + k;
            return TT_OK;
        }
    return g->rules->parse(g, s, text, out, err);
}

void tt_returns(const tt_game *g, const tt_state *s, double *out)
{
    const tt_head *h = tt_head_peek(s);
    if (h->over && h->drawn) { /* 0 to those who drew, −1 to those out before */
        for (int i = 0; i < g->nplayers; i++)
            out[i] = h->rank[i] == 1 ? 0.0 : -1.0;
        return;
    }
    int worst = 1;
    for (int i = 0; i < g->nplayers; i++)
        worst = h->rank[i] > worst ? h->rank[i] : worst;
    for (int i = 0; i < g->nplayers; i++)
        out[i] = !h->over || worst == 1 ? 0.0 : 1.0 - 2.0 * (h->rank[i] - 1) / (worst - 1);
}

void tt_evaluate(const tt_game *g, const tt_state *s, double *out)
{
    const tt_rules_extra *x = g->rules->extra;
    if (tt_head_peek(s)->over || !x || !x->evaluate)
        tt_returns(g, s, out);
    else
        x->evaluate(g, s, out);
}

int tt_playout_horizon(const tt_game *g)
{
    const tt_rules_extra *x = g->rules->extra;
    return x && x->evaluate ? x->horizon : 0;
}

void tt_result_get(const tt_game *g, const tt_state *s, tt_result *out)
{
    const tt_head *h = tt_head_peek(s);
    memset(out, 0, sizeof *out);
    out->over = h->over;
    out->turn = h->turn;
    out->nplayers = g->nplayers;
    out->winner = -1;
    if (!h->over)
        return;
    snprintf(out->reason, sizeof out->reason, "%s", g->rules->reasons[h->reason]);
    for (int i = 0; i < g->nplayers; i++)
        out->player[i] = (tt_standing){h->rank[i], h->score[i], (h->eliminated >> i) & 1};
    out->winners = tt_head_firsts(h, g->nplayers);
    if (out->winners == (1u << g->nplayers) - 1)
        out->winners = 0; /* everyone first: a draw */
    out->winner = tt_head_winner(h, g->nplayers);
}

int tt_turn(const tt_game *g, const tt_state *s)
{
    (void)g;
    return tt_head_peek(s)->turn;
}

const char *tt_game_turn_name(const tt_game *g)
{
    return g->rules->turn_name ? g->rules->turn_name : "turn";
}

const char *tt_result_reason_text(const tt_game *g, const tt_state *s)
{
    const tt_head *h = tt_head_peek(s);
    return h->over && g->rules->reason_texts ? g->rules->reason_texts[h->reason] : NULL;
}

void tt_determinize(const tt_game *g, tt_state *s, int viewer, uint64_t seed)
{
    g->rules->determinize(g, s, viewer, seed);
}

int tt_sanity(const tt_game *g, const tt_state *s, tt_error *err)
{
    return g->rules->sanity(g, s, err);
}

int tt_rig(const tt_game *g, tt_state *s, const char *what, const char *values, tt_error *err)
{
    return g->rules->rig(g, s, what, values, err);
}

char *tt_view_json(const tt_game *g, const tt_state *s, int viewer)
{
    return g->rules->view_json(g, s, viewer);
}

char *tt_view_text(const tt_game *g, const tt_state *s, int viewer)
{
    return g->rules->view_text(g, s, viewer);
}

char *tt_view_text_part(const tt_game *g, const tt_state *s, int viewer, int part)
{
    if (part == TT_TEXT_ALL || (part == TT_TEXT_STATUS && !g->rules->view_part))
        return g->rules->view_text(g, s, viewer);
    if (part != TT_TEXT_MAP && part != TT_TEXT_STATUS && part != TT_TEXT_DECISION)
        return NULL;
    if (g->rules->view_part)
        return g->rules->view_part(g, s, viewer, part);
    char *none = malloc(1); /* a game without parts: no map, no separate decision */
    if (none)
        none[0] = '\0';
    return none;
}

int tt_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n)
{
    return g->rules->event_text(g, ev, viewer, buf, n);
}

/* --- compound texts --------------------------------------------------------- */

#define MAX_PARTS 16

/* Where the atomic actions of a text go: events, and their canonical texts. */
typedef struct applier {
    const tt_game *g;
    tt_state *s;
    tt_events *ev;
    char *canon;
    size_t n, at;
    int overflow;
    int player;   /* who acts */
    int offturn;  /* the text was an action outside the turn order */
    int napplied; /* atomic actions applied so far */
} applier;

/* Parses and applies one atomic text, noting its canonical form first. */
static int apply_one(applier *ap, const char *text, tt_error *err)
{
    tt_action a;
    int rc = tt_action_parse(ap->g, ap->s, text, &a, err);
    char buf[TT_ACTION_TEXT_MAX];
    if (rc == TT_OK)
        rc = tt_action_format(ap->g, ap->s, a, buf, sizeof buf);
    if (rc == TT_OK && tt_action_is_offturn(a)) {
        /* a game may write one command outside the turn order as several
         * atoms (INWO's trade offer), never mixed with actions in it */
        if (ap->napplied && !ap->offturn)
            return tt_fail(err, TT_EPARSE, NULL, "'%s' stands alone, outside the turn order", buf);
        ap->offturn = 1;
        rc = tt_offturn_apply(ap->g, ap->s, ap->player, a, ap->ev, err);
    } else if (rc == TT_OK && ap->offturn) {
        return tt_fail(err, TT_EPARSE, NULL, "'%s' cannot follow an action outside the turn order",
                       buf);
    } else if (rc == TT_OK) {
        int mover = tt_to_move(ap->g, ap->s);
        if (!ap->napplied && ap->player != mover) /* a command begins with its player's turn */
            return tt_fail(err, TT_EILLEGAL, NULL, "%s is to decide, not %s",
                           tt_player_name(ap->g, mover), tt_player_name(ap->g, ap->player));
        rc = tt_apply(ap->g, ap->s, a, ap->ev, err);
    }
    ap->napplied += rc == TT_OK;
    if (rc == TT_OK && ap->canon) {
        int k = snprintf(ap->canon + ap->at, ap->n - ap->at, "%s%s", ap->at ? "\n" : "", buf);
        if (k < 0 || (size_t)k >= ap->n - ap->at)
            ap->overflow = 1;
        else
            ap->at += (size_t)k;
    }
    return rc;
}

/* Splits "head k=v k=v" into the head and the parts "k v". */
static int split_compound(const char *text, char *head, char parts[][TT_ACTION_TEXT_MAX],
                          int *nparts, tt_error *err)
{
    *nparts = 0;
    head[0] = 0;
    for (const char *p = text; *p;) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (!len)
            break;
        const char *eq = memchr(p, '=', len);
        size_t at = strlen(head);
        if (len >= TT_ACTION_TEXT_MAX || at + len + 1 >= TT_ACTION_TEXT_MAX)
            return tt_fail(err, TT_EPARSE, NULL, "'%.*s' is too long", (int)len, p);
        if (eq && (eq == p || eq == p + len - 1))
            return tt_fail(err, TT_EPARSE, NULL, "'%.*s' is not key=value: both sides are needed",
                           (int)len, p);
        if (eq) {
            if (*nparts == MAX_PARTS)
                return tt_fail(err, TT_EPARSE, NULL, "too many key=value parts in '%s'", text);
            snprintf(parts[(*nparts)++], TT_ACTION_TEXT_MAX, "%.*s %.*s", (int)(eq - p), p,
                     (int)(len - (size_t)(eq - p) - 1), eq + 1);
        } else if (*nparts == 0) {
            snprintf(head + at, TT_ACTION_TEXT_MAX - at, "%s%.*s", at ? " " : "", (int)len, p);
        } else {
            return tt_fail(err, TT_EPARSE, NULL, "'%.*s' after key=value parts in '%s'", (int)len,
                           p, text);
        }
        p += len;
    }
    return TT_OK;
}

/* Does part answer the kind of question now asked? Its canonical verb (first
 * word) is that of some legal action. */
static int answers_question(const tt_game *g, const tt_state *s, const char *part,
                            const tt_action *legal, int nlegal)
{
    tt_action a;
    char mine[TT_ACTION_TEXT_MAX], theirs[TT_ACTION_TEXT_MAX];
    if (tt_action_parse(g, s, part, &a, NULL) || tt_action_format(g, s, a, mine, sizeof mine))
        return 0;
    size_t len = strcspn(mine, " ");
    for (int i = 0; i < nlegal; i++)
        if (tt_action_format(g, s, legal[i], theirs, sizeof theirs) == TT_OK &&
            strcspn(theirs, " ") == len && strncmp(mine, theirs, len) == 0)
            return 1;
    return 0;
}

/* Why no part fits: a part that is no action at all, else the refusal of the
 * part that answers the question asked, else of the first unused part. */
static int explain_misfit(applier *ap, char parts[][TT_ACTION_TEXT_MAX], int nparts,
                          const int *used, tt_error *err)
{
    tt_action *legal = malloc((size_t)tt_max_actions(ap->g) * sizeof *legal);
    if (!legal)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    int nlegal = tt_legal(ap->g, ap->s, legal), pick = -1;
    tt_action a;
    for (int i = 0; i < nparts && pick < 0; i++)
        if (!used[i] && tt_action_parse(ap->g, ap->s, parts[i], &a, NULL) != TT_OK)
            pick = i;
    for (int i = 0; i < nparts && pick < 0; i++)
        if (!used[i] && answers_question(ap->g, ap->s, parts[i], legal, nlegal))
            pick = i;
    for (int i = 0; i < nparts && pick < 0; i++)
        if (!used[i])
            pick = i;
    free(legal);
    int rc = tt_action_parse(ap->g, ap->s, parts[pick], &a, err);
    if (rc == TT_OK)
        rc = tt_apply(ap->g, ap->s, a, NULL, err); /* fails: says why */
    return rc ? rc : tt_fail(err, TT_EILLEGAL, NULL, "'%s' does not fit", parts[pick]);
}

/* Applies the parts in whatever order the rules ask for them: at each step the
 * first unused part that applies. */
static int apply_parts(applier *ap, char parts[][TT_ACTION_TEXT_MAX], int nparts, tt_error *err)
{
    int used[MAX_PARTS] = {0};
    for (int k = 0; k < nparts; k++) {
        int done = 0;
        for (int i = 0; i < nparts && !done; i++)
            if (!used[i] && apply_one(ap, parts[i], NULL) == TT_OK)
                used[i] = done = 1;
        if (!done)
            return explain_misfit(ap, parts, nparts, used, err);
    }
    return TT_OK;
}

/* A game's own expansion of a command in its rules syntax (tt_rules.expand):
 * one atomic text per line, applied in order. */
static int apply_lines(applier *ap, char *atoms, tt_error *err)
{
    int rc = TT_OK;
    char *save = NULL;
    for (char *line = strtok_r(atoms, "\n", &save); line && rc == TT_OK;
         line = strtok_r(NULL, "\n", &save))
        rc = apply_one(ap, line, err);
    return rc;
}

int tt_apply_text_as(const tt_game *g, tt_state *s, int player, const char *text, char *canon,
                     size_t n, int *offturn, tt_events *ev, tt_error *err)
{
    if (offturn)
        *offturn = 0;
    long bad = tt_text_control_at(text, strlen(text));
    if (bad >= 0)
        return tt_fail(err, TT_EPARSE, NULL,
                       "control character 0x%02X at byte %ld (as an arrow key sends): an "
                       "action is plain text",
                       (unsigned char)text[bad], bad + 1);
    if (tt_head_peek(s)->over)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    int mover = tt_to_move(g, s);
    if (player < 0)
        player = mover;
    if (player >= g->nplayers)
        return tt_fail(err, TT_EARG, NULL, "no player %d in this game", player);
    char head[TT_ACTION_TEXT_MAX], parts[MAX_PARTS][TT_ACTION_TEXT_MAX];
    char atoms[MAX_PARTS * TT_ACTION_TEXT_MAX];
    int nparts = 0, rc = TT_OK, expanded = TT_EXPAND_GENERIC;
    if (g->rules->expand)
        expanded = g->rules->expand(g, s, text, atoms, sizeof atoms, err);
    if (expanded < 0)
        return expanded; /* the rules refuse the whole command */
    if (expanded == TT_OK)
        head[0] = 0;
    else if (!strchr(text, '='))
        snprintf(head, sizeof head, "%s", text);
    else
        rc = split_compound(text, head, parts, &nparts, err);
    if (rc)
        return rc;
    if (expanded != TT_OK && strlen(text) >= TT_ACTION_TEXT_MAX && !nparts)
        return tt_fail(err, TT_EPARSE, NULL, "the action text is too long");
    char *copy = malloc(g->state_size);
    if (!copy)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    memcpy(copy, s, g->state_size);
    int n0 = ev ? ev->n : 0;
    applier ap = {g, (tt_state *)copy, ev, canon, n, 0, 0, player, 0, 0};
    if (canon && n)
        canon[0] = 0;
    /* "OPS_CENTRE unit=X zone=AF": a head that is not an action by itself
     * takes the value of its first key=value as its argument */
    tt_action probe;
    int first = 0;
    if (nparts && tt_action_parse(g, s, head, &probe, NULL) != TT_OK) {
        char joined[2 * TT_ACTION_TEXT_MAX];
        snprintf(joined, sizeof joined, "%s %s", head, strchr(parts[0], ' ') + 1);
        size_t len = strlen(joined);
        if (len < TT_ACTION_TEXT_MAX && tt_action_parse(g, s, joined, &probe, NULL) == TT_OK) {
            memcpy(head, joined, len + 1);
            first = 1;
        }
    }
    if (expanded == TT_OK) {
        rc = apply_lines(&ap, atoms, err);
    } else {
        rc = apply_one(&ap, head, err);
        if (rc == TT_OK && ap.offturn && nparts > first)
            rc = tt_fail(err, TT_EPARSE, NULL, "'%s' takes no key=value parts", head);
        if (rc == TT_OK)
            rc = apply_parts(&ap, parts + first, nparts - first, err);
    }
    if (rc == TT_OK && offturn)
        *offturn = ap.offturn;
    if (rc == TT_OK && ap.overflow)
        rc = tt_fail(err, TT_EARG, NULL, "no room for the canonical text");
    if (rc == TT_OK)
        memcpy(s, copy, g->state_size);
    else if (ev)
        ev->n = n0;
    free(copy);
    return rc;
}

int tt_apply_text_canon(const tt_game *g, tt_state *s, const char *text, char *canon, size_t n,
                        tt_events *ev, tt_error *err)
{
    return tt_apply_text_as(g, s, -1, text, canon, n, NULL, ev, err);
}

int tt_apply_text(const tt_game *g, tt_state *s, const char *text, tt_events *ev, tt_error *err)
{
    return tt_apply_text_as(g, s, -1, text, NULL, 0, NULL, ev, err);
}

int tt_validate_file(const char *game, const char *path, char **report, tt_error *err)
{
    return tt_validate_file_with(game, path, NULL, report, err);
}

int tt_validate_file_with(const char *game, const char *path, const char *options, char **report,
                          tt_error *err)
{
    *report = NULL;
    const tt_rules *r = tt_rules_find(game ? game : "");
    int opts = options && *options;
    if (!r)
        return tt_fail(err, TT_EARG, NULL, "unknown game '%s'", game ? game : "");
    if (!r->validate_file)
        return tt_fail(err, TT_EARG, NULL, "%s has no content files to validate", game);
    if (opts && (!r->extra || !r->extra->validate_with))
        return tt_fail(err, TT_EARG, NULL, "deck validate %s takes no options", game);
    int frc = tt_file_check(path, TT_FILE_MAX_CONTENT, err); /* says why, before reading */
    if (frc)
        return frc;
    tt_diags *d = calloc(1, sizeof *d);
    if (!d)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    int rc = opts ? r->extra->validate_with(path, options, d) : r->validate_file(path, d);
    if (rc == TT_EARG) {
        free(d);
        return tt_fail(err, TT_EARG, NULL, "deck validate %s: options '%s' not taken", game,
                       options);
    }
    if (rc == TT_EIO) {
        free(d);
        return tt_fail(err, TT_EIO, NULL, "cannot read %s", path);
    }
    if (d->n == 0) {
        free(d);
        return TT_OK;
    }
    size_t cap = (size_t)(d->n + 1) * 512, at = 0;
    char *out = malloc(cap);
    if (!out) {
        free(d);
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    }
    for (int i = 0; i < d->n; i++) {
        char line[512];
        at +=
            (size_t)snprintf(out + at, cap - at, "%s\n", tt_diag_text(&d->d[i], line, sizeof line));
    }
    if (d->dropped)
        snprintf(out + at, cap - at, "%s: %d more problems not shown\n", path, d->dropped);
    free(d);
    *report = out;
    return TT_ECONTENT;
}

int tt_stats(const tt_game *g, const tt_state *s, tt_stat *out, int max)
{
    const tt_rules_extra *x = g->rules->extra;
    return x && x->stats && max > 0 ? x->stats(g, s, out, max) : 0;
}

static const tt_rules_extra *deck_tools(const char *game, tt_error *err)
{
    const tt_rules *r = tt_rules_find(game ? game : "");
    if (!r) {
        tt_fail(err, TT_EARG, NULL, "unknown game '%s'", game ? game : "");
        return NULL;
    }
    if (!r->extra || !r->extra->deck_new || !r->extra->deck_list) {
        tt_fail(err, TT_EARG, NULL, "%s has no deck declarations", game);
        return NULL;
    }
    return r->extra;
}

int tt_deck_new(const char *game, const char *options, char **out, tt_error *err)
{
    *out = NULL;
    const tt_rules_extra *x = deck_tools(game, err);
    return x ? x->deck_new(options ? options : "", out, err) : TT_EARG;
}

int tt_deck_list(const char *game, const char *path, const char *options, char **out, tt_error *err)
{
    *out = NULL;
    const tt_rules_extra *x = deck_tools(game, err);
    return x ? x->deck_list(path, options ? options : "", out, err) : TT_EARG;
}

const char *tt_describe_id(const tt_game *g, int i)
{
    const tt_rules *r = g->rules;
    return r->describe_id && i >= 0 ? r->describe_id(g, i) : NULL;
}

/* The index of the describable thing whose id or display name is `name`, case
 * aside, or -1. Ids are tried first, over every thing, so a display name never
 * shadows an id. */
static int describe_find(const tt_game *g, const char *name)
{
    const char *id;
    for (int i = 0; (id = tt_describe_id(g, i)); i++)
        if (strcasecmp(id, name) == 0)
            return i;
    char display[128];
    for (int i = 0; tt_describe_id(g, i); i++)
        if (g->rules->describe(g, i, TT_DESCRIBE_NAME, display, sizeof display) == TT_OK &&
            strcasecmp(display, name) == 0)
            return i;
    return -1;
}

/* Columns of a full description: it reads at a terminal, in the protocol and
 * in a Markdown code block alike. */
#define DESCRIBE_COLUMNS 96

/* Rewraps the lines of text (n bytes of storage) longer than `width` columns
 * at spaces, each continuation indented two past its line's own indent. 0, or
 * -1 when the wrapped text would not fit in n bytes, nor in the 8 KB a
 * description may take (text then unchanged). */
static int wrap_lines(char *text, size_t n, int width)
{
    char out[8192];
    size_t o = 0;
    const char *p = text;
    if (n > sizeof out)
        n = sizeof out;
    while (*p) {
        size_t len = strcspn(p, "\n");
        int indent = (int)strspn(p, " ");
        const char *end = p + len;
        int first = 1;
        while (p < end) {
            /* the longest piece that fits, cut at a space; a word longer than
             * the line stands alone */
            size_t pad = first ? 0 : (size_t)indent + 2;
            int room = width - (int)pad, cols = 0;
            const char *q = p, *cut = NULL;
            for (; q < end; q++) {
                if (*q == ' ' && q > p && cols <= room)
                    cut = q;
                if ((*q & 0xC0) != 0x80 && ++cols > room)
                    break;
            }
            if (q == end)
                cut = end;
            else if (!cut)
                for (cut = q; cut < end && *cut != ' ';)
                    cut++;
            size_t piece = (size_t)(cut - p);
            if (o + pad + piece + 2 > n)
                return -1;
            memset(out + o, ' ', pad);
            memcpy(out + o + pad, p, piece);
            o += pad + piece;
            out[o++] = '\n';
            p = cut;
            while (p < end && *p == ' ')
                p++;
            first = 0;
        }
        if (len == 0) {
            if (o + 2 > n)
                return -1;
            out[o++] = '\n';
        }
        p = *end ? end + 1 : end;
    }
    /* a text without a final newline keeps none */
    if (o && text[strlen(text) - 1] != '\n')
        o--;
    out[o] = '\0';
    memcpy(text, out, o + 1);
    return 0;
}

int tt_describe(const tt_game *g, const char *name, int what, char *buf, size_t n, tt_error *err)
{
    if (n)
        buf[0] = '\0';
    if (what < TT_DESCRIBE_FULL || what > TT_DESCRIBE_KIND)
        return tt_fail(err, TT_EARG, NULL, "no such description kind %d", what);
    if (n == 0)
        return tt_fail(err, TT_EARG, NULL, "no room for a description (a buffer of 0 bytes)");
    int i = describe_find(g, name ? name : "");
    if (i < 0)
        return tt_fail(err, TT_EARG, NULL,
                       "%s has no card, item or token named '%s' (tabletop cards %s lists them)",
                       g->rules->name, name ? name : "", g->rules->name);
    if (g->rules->describe(g, i, what, buf, n) != TT_OK ||
        (what == TT_DESCRIBE_FULL && wrap_lines(buf, n, DESCRIBE_COLUMNS) != 0)) {
        buf[0] = '\0';
        return tt_fail(err, TT_EARG, NULL, "the description of '%s' needs more than %zu bytes",
                       tt_describe_id(g, i), n);
    }
    return TT_OK;
}
