/* Tannhäuser action texts: format, parse and shortcuts (TAN-5.20.1).
 *
 * Texts follow the rules file's vocabulary: `move n3`, `attack leg_sapper
 * kessel_maul`, `task O2 STEALTH buy`. Characters are named by character id,
 * circles by circle id, skills and packs by their names (any case on input).
 * Equipment is named by its definition id; several instances of one
 * definition are told apart as `kestrel#2` (the copy number, in the order
 * instances were made). A bare id means the first instance for which the
 * action is legal, so format writes the bare id exactly when that is the
 * instance meant, and parse(format(a)) == a for every action.
 *
 * Shortcuts (tan_expand): `goto <circle>` becomes the `move` steps of the
 * cheapest route when exactly one route is cheapest; `pack <char> custom <eq>…` and
 * `reinforce <char> custom <eq>…` become the pack choice, one `custom` per
 * token and `done`. The core applies the expanded atomic texts one by one and
 * records those. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "core/verbs.h"
#include "games/tannhauser/tannhauser.h"

static const char *const skill_names[] = {"ARCHAEOLOGY", "DEXTERITY", "ENGINEERING",
                                          "MECHANICS",   "STEALTH",   "WEAPONRY"};
static const char *const stat_names[] = {"COMBAT", "STAMINA", "MOVEMENT", "PSYCHE"};
static const char *const pack_names[] = {"COMBAT", "STAMINA", "MENTAL", "custom"};
const char *const tan_reasons[] = {
    [R_NONE] = "NONE",
    [R_STORY] = "OBJECTIVES_COMPLETED",      /* TAN-8.1 */
    [R_ELIMINATION] = "ELIMINATION",         /* TAN-8.2 */
    [R_FLAGS] = "FLAGS_CAPTURED",            /* TAN-8.3 */
    [R_DOMINATION] = "DOMINATION",           /* TAN-8.4 */
    [R_TURN_LIMIT] = "TURN_LIMIT",           /* TAN-8.7 */
    [R_CONCEDED] = "CONCEDED",               /* TAN-8.6 */
    [R_AGREED] = "DRAW_AGREED",              /* TAN-8.6 */
    [R_BOTH_ELIMINATED] = "BOTH_ELIMINATED", /* TAN-8.2 */
};

const char *const tan_reason_texts[] = {
    [R_NONE] = NULL,
    [R_STORY] = "a team completed its objectives, and the one with more VP wins (TAN-8.1)",
    [R_ELIMINATION] = "a team had no living character and no way back (TAN-8.2)",
    [R_FLAGS] = "a team captured both enemy flags (TAN-8.3)",
    [R_DOMINATION] = "a team had four flags on objective circles (TAN-8.4)",
    [R_TURN_LIMIT] = "the last turn ended, and the mode's count decides (TAN-8.7)",
    [R_CONCEDED] = "the other team conceded (TAN-8.6)",
    [R_AGREED] = "both players agreed to a draw (TAN-8.6)",
    [R_BOTH_ELIMINATED] = "both teams were eliminated by the same event (TAN-8.2)",
};

const char *tan_skill_name(int skill)
{
    return skill < SK_COUNT ? skill_names[skill] : "?";
}
const char *tan_stat_name(int stat)
{
    return stat < STAT_COUNT ? stat_names[stat] : "?";
}
const char *tan_pack_name(int pack)
{
    return pack <= PACK_CUSTOM ? pack_names[pack] : "?";
}
const char *tan_reason_name(int reason)
{
    return reason <= R_BOTH_ELIMINATED ? tan_reasons[reason] : "?";
}

/* Every verb, in the order of enum tan_op from A_RECRUIT (verb_name
 * relies on it), with the words that may follow it (core/verbs.h). */
static const tt_verb verbs[] = {
    {"recruit", A_RECRUIT, 1, 1, 0},
    {"pack", A_PACK, 2, 2, 0},
    {"custom", A_CUSTOM, 1, 1, 0},
    {"done", A_DONE, 0, 0, 0},
    {"entry", A_ENTRY, 1, 1, 0},
    {"discard", A_DISCARD, 1, 1, 0},
    {"place", A_PLACE, 2, 2, 0},
    {"flag", A_FLAG, 1, 1, 0},
    {"skip", A_SKIP, 0, 0, 0},
    {"reinforce", A_REINFORCE, 2, 2, 0},
    {"noreinforce", A_NOREINFORCE, 0, 0, 0},
    {"first", A_FIRST, 1, 1, 0},
    {"activate", A_ACTIVATE, 1, 1, 0},
    {"move", A_MOVE, 1, 1, 0},
    {"buymp", A_BUYMP, 1, 1, 0},
    {"end", A_END, 0, 0, 0},
    {"bullrush", A_BULLRUSH, 1, 1, 0},
    {"attack", A_ATTACK, 2, 2, 0},
    {"throw", A_THROW, 2, 2, 0},
    {"use", A_USE, 1, 2, 0},
    {"exchange", A_EXCHANGE, 0, 0, 0},
    {"drop", A_DROP, 2, 2, 0},
    {"pass", A_PASS, 2, 2, 0},
    {"pick", A_PICK, 1, 1, 0},
    {"search", A_SEARCH, 1, 1, 0},
    {"take", A_TAKE, 1, 1, 0},
    {"task", A_TASK, 2, 3, 0},
    {"takeflag", A_TAKEFLAG, 1, 1, 0},
    {"plant", A_PLANT, 0, 0, 0},
    {"placeflag", A_PLACEFLAG, 1, 1, 0},
    {"shrug", A_SHRUG, 1, 1, 0},
    {"counter", A_COUNTER, 1, 1, 0},
    {"nocounter", A_NOCOUNTER, 0, 0, 0},
    {NULL, 0, 0, 0, 0},
};

static const char *verb_name(int op)
{
    assert(verbs[op - 1].op == op);
    return verbs[op - 1].name;
}

/* --- instances -------------------------------------------------------------------- */

int tan_item_name(const tan_content *c, const tan_state *s, int i, char *buf, size_t n)
{
    return snprintf(buf, n, "%s#%d", c->equip[s->item[i].def].id, tan_item_copy(s, i));
}

/* Where an instance named by a bare id is looked for first when no instance
 * makes the action legal, so the refusal speaks of the likely one. */
static int natural_place(const tan_state *s, int op, int i, int holder)
{
    const tan_item *it = &s->item[i];
    if (op == A_PICK)
        return it->where == W_CIRCLE;
    if (op == A_TAKE)
        return it->where == W_CRATE;
    return it->where == W_UNIT && it->at == holder;
}

/* The instance slot of each action (0: a, 1: b), -1 when it names none. */
static int item_arg(int op)
{
    switch (op) {
    case A_ATTACK:
    case A_THROW: return 1;
    case A_USE:
    case A_PICK:
    case A_TAKE:
    case A_COUNTER: return 0;
    case A_DROP:
    case A_PASS: return 0;
    default: return -1;
    }
}

static tt_action with_item(tt_action a, int slot, int i)
{
    int x = TAN_A(a), y = TAN_B(a);
    if (slot == 0)
        x = i;
    else
        y = i;
    return TAN_ACTION(TAN_OP(a), x, y, TAN_C(a));
}

/* The instance a bare definition id stands for in action a. */
static int bare_choice(const tan_content *c, const tan_state *s, tt_action a, int def)
{
    int slot = item_arg(TAN_OP(a)), natural = -1, any = -1;
    const tt_frame *f = tt_stack_peek(&s->stack);
    int holder = TAN_OP(a) == A_COUNTER && f ? f->a : s->active;
    for (int i = 0; i < s->ninst; i++) {
        if (s->item[i].def != def)
            continue;
        if (tan_check(c, s, with_item(a, slot, i), NULL) == TT_OK)
            return i;
        if (natural < 0 && holder != TAN_NONE && natural_place(s, TAN_OP(a), i, holder))
            natural = i;
        if (any < 0)
            any = i;
    }
    return natural >= 0 ? natural : any;
}

static int put_item(const tan_content *c, const tan_state *s, tt_action a, int i, char *buf,
                    size_t n)
{
    if (i == TAN_NONE)
        return snprintf(buf, n, "unarmed");
    if (i >= s->ninst)
        return snprintf(buf, n, "?");
    const char *id = c->equip[s->item[i].def].id;
    if (bare_choice(c, s, a, s->item[i].def) == i)
        return snprintf(buf, n, "%s", id);
    return tan_item_name(c, s, i, buf, n);
}

/* --- format --------------------------------------------------------------------------- */

static const char *unit_id(const tan_content *c, const tan_state *s, int u)
{
    return u < TAN_UNITS && s->unit[u].def != TAN_NONE ? c->chr[s->unit[u].def].id : "?";
}

static const char *circle_id(const tan_content *c, int x)
{
    return x < c->ncircles ? c->circle[x].id : "?";
}

int tan_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n)
{
    const tan_content *c = tan_content_of(g);
    const tan_state *s = st;
    int op = TAN_OP(a), x = TAN_A(a), y = TAN_B(a), z = TAN_C(a);
    if (op < 1 || op >= A_OP_COUNT)
        return tt_fail(NULL, TT_EARG, NULL, "no such action");
    char item[48] = "";
    int slot = item_arg(op);
    if (slot >= 0 && !((op == A_DROP || op == A_PASS) && z))
        put_item(c, s, a, slot ? y : x, item, sizeof item);
    const char *v = verb_name(op);
    int k;
    switch (op) {
    case A_RECRUIT: k = snprintf(buf, n, "%s %s", v, x < c->nchars ? c->chr[x].id : "?"); break;
    case A_PACK:
    case A_REINFORCE:
        k = snprintf(buf, n, "%s %s %s", v, unit_id(c, s, x), tan_pack_name(y));
        break;
    case A_CUSTOM: k = snprintf(buf, n, "%s %s", v, x < c->nequip ? c->equip[x].id : "?"); break;
    case A_ENTRY:
    case A_FLAG:
    case A_MOVE:
    case A_SEARCH:
    case A_TAKEFLAG:
    case A_PLACEFLAG: k = snprintf(buf, n, "%s %s", v, circle_id(c, x)); break;
    case A_DISCARD: k = snprintf(buf, n, "%s %s", v, x < c->nobjs ? c->obj[x].id : "?"); break;
    case A_PLACE:
        k = snprintf(buf, n, "%s %s %s", v, x < c->nobjs ? c->obj[x].id : "?", circle_id(c, y));
        break;
    case A_FIRST:
    case A_BUYMP:
    case A_SHRUG: k = snprintf(buf, n, "%s %d", v, x); break;
    case A_ACTIVATE:
    case A_BULLRUSH: k = snprintf(buf, n, "%s %s", v, unit_id(c, s, x)); break;
    case A_ATTACK: k = snprintf(buf, n, "%s %s %s", v, unit_id(c, s, x), item); break;
    case A_THROW: k = snprintf(buf, n, "%s %s %s", v, circle_id(c, x), item); break;
    case A_USE:
        k = y == s->active ? snprintf(buf, n, "%s %s", v, item)
                           : snprintf(buf, n, "%s %s %s", v, item, unit_id(c, s, y));
        break;
    case A_DROP: k = snprintf(buf, n, "%s %s %s", v, z ? "flag" : item, circle_id(c, y)); break;
    case A_PASS: k = snprintf(buf, n, "%s %s %s", v, z ? "flag" : item, unit_id(c, s, y)); break;
    case A_PICK:
    case A_TAKE:
    case A_COUNTER: k = snprintf(buf, n, "%s %s", v, item); break;
    case A_TASK:
        k = snprintf(buf, n, "%s %s %s%s", v, circle_id(c, x), tan_skill_name(y), z ? " buy" : "");
        break;
    default: k = snprintf(buf, n, "%s", v); break;
    }
    return k < 0 || (size_t)k >= n ? TT_EARG : TT_OK;
}

/* --- parse ------------------------------------------------------------------------------ */

#define BAD(...) tt_fail(err, TT_EPARSE, NULL, __VA_ARGS__)

static int find_circle(const tan_content *c, const char *id)
{
    for (int x = 0; x < c->ncircles; x++)
        if (strcmp(c->circle[x].id, id) == 0)
            return x;
    return -1;
}

/* A unit by character id: a recruited one, or (while recruiting) none. */
static int find_unit(const tan_content *c, const tan_state *s, const char *id)
{
    for (int u = 0; u < TAN_UNITS; u++)
        if (s->unit[u].def != TAN_NONE && strcmp(c->chr[s->unit[u].def].id, id) == 0)
            return u;
    return -1;
}

static int find_named(const char *const *names, int n, const char *w)
{
    for (int i = 0; i < n; i++)
        if (strcasecmp(names[i], w) == 0)
            return i;
    return -1;
}

static int find_equip(const tan_content *c, const char *id)
{
    for (int e = 0; e < c->nequip; e++)
        if (strcmp(c->equip[e].id, id) == 0)
            return e;
    return -1;
}

/* "kestrel" or "kestrel#2" in action a (whose item argument is still open). */
static int parse_item(const tan_content *c, const tan_state *s, tt_action a, const char *w,
                      int *out, tt_error *err)
{
    if (strcmp(w, "unarmed") == 0 && (TAN_OP(a) == A_ATTACK || TAN_OP(a) == A_COUNTER)) {
        *out = TAN_NONE;
        return TT_OK;
    }
    char id[48];
    snprintf(id, sizeof id, "%s", w);
    char *hash = strchr(id, '#');
    if (hash)
        *hash = 0;
    int def = find_equip(c, id);
    if (def < 0)
        return BAD("no equipment '%s'", id);
    if (!hash) {
        int i = bare_choice(c, s, a, def);
        if (i < 0)
            return BAD("there is no %s in play", c->equip[def].name);
        *out = i;
        return TT_OK;
    }
    char *end;
    long copy = strtol(hash + 1, &end, 10);
    for (int i = 0; i < s->ninst && !*end; i++)
        if (s->item[i].def == def && tan_item_copy(s, i) == copy) {
            *out = i;
            return TT_OK;
        }
    return BAD("there is no %s", w);
}

static int parse_number(const char *w, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(w, &end, 10);
    if (!*w || *end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static int want_circle(const tan_content *c, const char *w, int *out, tt_error *err)
{
    *out = find_circle(c, w);
    return *out < 0 ? BAD("no circle '%s' on %s", w, c->board_name) : TT_OK;
}

static int want_unit(const tan_content *c, const tan_state *s, const char *w, int *out,
                     tt_error *err)
{
    *out = find_unit(c, s, w);
    return *out < 0 ? BAD("no character '%s' in play", w) : TT_OK;
}

/* A carried flag of the other seat for drop/pass: the first one the active
 * character carries. */
static int carried_flag_index(const tan_state *s)
{
    for (int p = 0; p < TAN_PLAYERS; p++)
        for (int k = 0; k < s->pl[p].nflags; k++)
            if (s->pl[p].flag[k].where == FL_CARRIED && s->pl[p].flag[k].at == s->active)
                return p * TAN_MAX_FLAGS + k;
    return -1;
}

static int parse_args(const tan_content *c, const tan_state *s, int op, const tt_words *W,
                      tt_action *out, tt_error *err)
{
    int x = 0, y = 0, z = 0, rc = TT_OK;
    const char *w1 = W->w[1], *w2 = W->n > 2 ? W->w[2] : "";
    switch (op) {
    case A_RECRUIT:
        for (x = 0; x < c->nchars && strcmp(c->chr[x].id, w1) != 0; x++)
            ;
        if (x == c->nchars)
            return BAD("no character '%s'", w1);
        break;
    case A_PACK:
    case A_REINFORCE:
        rc = want_unit(c, s, w1, &x, err);
        y = find_named(pack_names, 4, w2);
        if (!rc && y < 0)
            rc = BAD("a pack is COMBAT, STAMINA, MENTAL or custom, not '%s'", w2);
        break;
    case A_CUSTOM:
        x = find_equip(c, w1);
        if (x < 0)
            return BAD("no equipment '%s'", w1);
        break;
    case A_ENTRY:
    case A_FLAG:
    case A_MOVE:
    case A_SEARCH:
    case A_TAKEFLAG:
    case A_PLACEFLAG: rc = want_circle(c, w1, &x, err); break;
    case A_DISCARD:
    case A_PLACE:
        for (x = 0; x < c->nobjs && strcmp(c->obj[x].id, w1) != 0; x++)
            ;
        if (x == c->nobjs)
            return BAD("no objective token '%s'", w1);
        if (op == A_PLACE)
            rc = want_circle(c, w2, &y, err);
        break;
    case A_FIRST:
        if (parse_number(w1, 0, 1, &x))
            for (x = 0; x < TAN_PLAYERS && strcasecmp(c->seat_name[x], w1) != 0; x++)
                ;
        if (x == TAN_PLAYERS)
            return BAD("first 0, first 1 or first <player>, not '%s'", w1);
        break;
    case A_BUYMP:
    case A_SHRUG:
        if (parse_number(w1, 0, 99, &x))
            return BAD("'%s' is not a number", w1);
        break;
    case A_ACTIVATE:
    case A_BULLRUSH: rc = want_unit(c, s, w1, &x, err); break;
    case A_ATTACK:
        rc = want_unit(c, s, w1, &x, err);
        if (!rc)
            rc = parse_item(c, s, TAN_ACTION(op, x, 0, 0), w2, &y, err);
        break;
    case A_THROW:
        rc = want_circle(c, w1, &x, err);
        if (!rc)
            rc = parse_item(c, s, TAN_ACTION(op, x, 0, 0), w2, &y, err);
        break;
    case A_USE:
        y = s->active == TAN_NONE ? 0 : s->active;
        if (W->n > 2)
            rc = want_unit(c, s, w2, &y, err);
        if (!rc)
            rc = parse_item(c, s, TAN_ACTION(op, 0, y, 0), w1, &x, err);
        break;
    case A_DROP:
    case A_PASS:
        rc = op == A_DROP ? want_circle(c, w2, &y, err) : want_unit(c, s, w2, &y, err);
        if (!rc && strcmp(w1, "flag") == 0) {
            z = 1, x = carried_flag_index(s);
            if (x < 0)
                rc = BAD("no flag is carried here");
        } else if (!rc) {
            rc = parse_item(c, s, TAN_ACTION(op, 0, y, 0), w1, &x, err);
        }
        break;
    case A_PICK:
    case A_TAKE:
    case A_COUNTER: rc = parse_item(c, s, TAN_ACTION(op, 0, 0, 0), w1, &x, err); break;
    case A_TASK:
        rc = want_circle(c, w1, &x, err);
        y = find_named(skill_names, SK_COUNT, w2);
        if (!rc && y < 0)
            rc = BAD("no skill '%s'", w2);
        if (!rc && W->n > 3 && strcmp(W->w[3], "buy") != 0)
            rc = BAD("task <circle> <skill> [buy], not '%s'", W->w[3]);
        z = W->n > 3;
        break;
    default: break;
    }
    if (rc)
        return rc;
    *out = TAN_ACTION(op, x, y, z);
    return TT_OK;
}

int tan_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err)
{
    const tan_content *c = tan_content_of(g);
    const tan_state *s = st;
    tt_words W;
    const tt_verb *v;
    if (tt_words_split(text, &W, err) || tt_verb_find(verbs, &W, &v, err))
        return TT_EPARSE;
    return parse_args(c, s, v->op, &W, out, err);
}

/* --- shortcuts ------------------------------------------------------------------------- */

static int add_line(char *out, size_t n, size_t *at, const char *fmt, const char *a, const char *b)
{
    int k = snprintf(out + *at, n - *at, fmt, a, b);
    if (k < 0 || (size_t)k >= n - *at)
        return -1;
    *at += (size_t)k;
    return 0;
}

int tan_expand(const tt_game *g, const void *st, const char *text, char *out, size_t n,
               tt_error *err)
{
    const tan_content *c = tan_content_of(g);
    const tan_state *s = st;
    tt_words W;
    if (strchr(text, '=') || tt_words_split(text, &W, NULL) || W.n < 2)
        return TT_EXPAND_GENERIC; /* key=value compounds are the core's */
    size_t at = 0;
    if ((strcmp(W.w[0], "pack") == 0 || strcmp(W.w[0], "reinforce") == 0) && W.n > 3 &&
        strcasecmp(W.w[2], "custom") == 0) {
        if (add_line(out, n, &at, "%s %s custom\n", W.w[0], W.w[1]))
            return tt_fail(err, TT_EARG, NULL, "the pack is too long");
        for (int k = 3; k < W.n; k++)
            if (add_line(out, n, &at, "custom %s\n%s", W.w[k], ""))
                return tt_fail(err, TT_EARG, NULL, "the pack is too long");
        if (add_line(out, n, &at, "done%s%s", "", ""))
            return tt_fail(err, TT_EARG, NULL, "the pack is too long");
        return TT_OK;
    }
    if (strcmp(W.w[0], "goto") != 0)
        return TT_EXPAND_GENERIC;
    if (W.n != 2)
        return tt_fail(err, TT_EPARSE, NULL, "goto <circle>");
    int target = find_circle(c, W.w[1]);
    if (target < 0)
        return tt_fail(err, TT_EPARSE, NULL, "no circle '%s' on %s", W.w[1], c->board_name);
    if (s->phase != PH_CYCLE || s->stack.n || s->seq != SEQ_NONE)
        return tt_refuse(err, "E_WRONG_STEP", "TAN-5.4.2", "no character is moving now");
    const tan_unit *un = &s->unit[s->active];
    if (un->status == ST_BOARD && un->circle == target) /* no step leads to where one stands */
        return tt_refuse(err, "E_NOT_ADJACENT", "TAN-5.4.2", "%s is already on %s",
                         tan_chr(c, s, s->active)->name, c->circle[target].id);
    uint8_t route[64];
    int k = tan_route(c, s, target, route, 64);
    if (k < 0)
        return tt_refuse(err, "E_NOT_ADJACENT", "TAN-5.4.2",
                         "several routes to %s cost the same; give the steps with move",
                         c->circle[target].id);
    if (k == 0)
        return tt_refuse(err, "E_NOT_ADJACENT", "TAN-5.4.2", "no route reaches %s with %d MP",
                         c->circle[target].id, tan_mp(c, s));
    for (int i = 0; i < k; i++)
        if (add_line(out, n, &at, i + 1 < k ? "move %s\n%s" : "move %s%s", c->circle[route[i]].id,
                     ""))
            return tt_fail(err, TT_EARG, NULL, "the route is too long");
    return TT_OK;
}
