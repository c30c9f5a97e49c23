/* INWO's action texts (INWO-5.0.3, 5.0.5): format writes the canonical
 * text of an atomic action, parse reads it back (and the shorter forms a
 * person may type: a card by its card_id). The core expands compound
 * shortcuts (`buy pay=A:I01#1`) into these atoms. Not on the playout path.
 *
 * A card typed by card_id alone names the first such instance of the
 * player's hand, then of his structure, then of his Resources, then (at the
 * lead point) of his Group deck: copies in one hand are interchangeable (INWO-5.0.3). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/errors.h"
#include "games/inwo/inwo.h"

/* clang-format off */
static const char *const heads[INWO_NHEADS] = {
    "",         "lead",      "pass",     "buy",        "pay",      "draw",    "done",
    "takeover", "arrow",     "end_main", "draw_group", "resource", "discard", "return",
    "attack",   "kind",      "target",   "aid",        "oppose",   "defend",  "call_off",
    "declare",  "nodeclare", "play",     "for",        "move",     "link",    "to",
    "unlink",   "benefit",   "agents",   "side",       "agent",    "reassign",
    "privilege", "value", "helper", "relief", "commit",
    "use",      "ability",   "choose",   "mode",       "take",     "substitute", "forfeit",
    "zap_clear", "record"};
/* clang-format on */
static const char sides[] = "NESW";

const char *inwo_head_name(int head)
{
    if (head == INWO_D_REORGANIZE)
        return "reorganize";
    return head > H_NONE && head < INWO_NHEADS ? heads[head] : NULL;
}
static const char *const goal_names[] = {"basic", "special", "card"};

/* A head whose argument is a card, with an arrow's side or a third word. */
static int format_card(const tt_game *g, int head, int arg, char *buf, size_t n)
{
    char id[32];
    if ((arg & INWO_CARD_BITS) >= g->nplayers * INWO_DECK_CARDS)
        return TT_EARG;
    inwo_instance_text(g->content, arg & INWO_CARD_BITS, id, sizeof id);
    if (head == H_ARROW)
        snprintf(buf, n, "arrow %s/%c", id, sides[arg >> 9 & 3]);
    else if (head == H_RETURN)
        snprintf(buf, n, "return %s %s", id, arg >> 9 & 1 ? "bottom" : "top");
    else if (head == H_REASSIGN && (arg >> 9) == INWO_REASSIGN_NONE)
        snprintf(buf, n, "reassign %s none", id);
    else if (head == H_REASSIGN)
        snprintf(buf, n, "reassign %s %c", id, sides[arg >> 9 & 3]);
    else if (head == H_BENEFIT)
        snprintf(buf, n, "benefit %s %s", id, arg >> 9 & 1 ? "decline" : "take");
    else
        snprintf(buf, n, "%s %s", heads[head], id);
    return TT_OK;
}

int inwo_format(const tt_game *g, const void *st, tt_action a, char *buf, size_t n)
{
    if (a & TT_OFFTURN)
        return inwo_talk_format(g, st, a, buf, n);
    int head = INWO_HEAD(a), arg = INWO_ARG(a);
    if (head <= H_NONE || head >= INWO_NHEADS || (a & 0x80000000u))
        return TT_EARG;
    switch (head) {
    case H_PASS:
    case H_BUY:
    case H_DONE:
    case H_END_MAIN:
    case H_DRAW_GROUP:
    case H_DEFEND:
    case H_CALL_OFF:
    case H_FORFEIT:
    case H_NODECLARE: snprintf(buf, n, "%s", heads[head]); return TT_OK;
    case H_CHOOSE:
        if (arg >= INWO_NALIGN)
            return TT_EARG;
        snprintf(buf, n, "choose %s", inwo_align_name(arg));
        return TT_OK;
    case H_MODE:
        if (arg > 1)
            return TT_EARG;
        snprintf(buf, n, "mode %s", arg ? "cancel" : "freeze");
        return TT_OK;
    case H_ZAP_CLEAR:
        if (arg >= g->nplayers)
            return TT_EARG;
        snprintf(buf, n, "zap_clear %c", 'A' + arg);
        return TT_OK;
    case H_ABILITY:
        if (arg < 1 || arg > INWO_MAX_ABILITIES)
            return TT_EARG;
        snprintf(buf, n, "ability %d", arg);
        return TT_OK;
    case H_RECORD:
        if (arg < 1 || arg > INWO_CARD_RECORDS_MAX)
            return TT_EARG;
        snprintf(buf, n, "record %d", arg);
        return TT_OK;
    case H_DECLARE: {
        if (arg < 1 || arg > 7)
            return TT_EARG;
        size_t at = (size_t)snprintf(buf, n, "declare ");
        for (int k = 0; k < 3 && at < n; k++)
            if (arg >> k & 1)
                at += (size_t)snprintf(buf + at, n - at, "%s%s", at > 8 ? "," : "", goal_names[k]);
        return TT_OK;
    }
    case H_FOR:
        if (arg != USE_ACTION && arg != USE_DEFENSE && arg != USE_OWN_ATTACK)
            return TT_EARG;
        snprintf(buf, n, "for %s",
                 arg == USE_ACTION    ? "action"
                 : arg == USE_DEFENSE ? "defense"
                                      : "own_attack");
        return TT_OK;
    case H_SIDE:
        if (arg > 1)
            return TT_EARG;
        snprintf(buf, n, "side %s", arg ? "oppose" : "aid");
        return TT_OK;
    case H_KIND:
        if (arg > ATK_DESTROY)
            return TT_EARG;
        snprintf(buf, n, "kind %s", arg == ATK_CONTROL ? "control" : "destroy");
        return TT_OK;
    case H_TARGET:
        if (arg & INWO_ITEM_ARG) { /* an item, INWO-5.0.3 */
            snprintf(buf, n, "target i%d", arg & ~(int)INWO_ITEM_ARG);
            return TT_OK;
        }
        if (arg & INWO_PLAYER_ARG) { /* a player, INWO-5.0.3 */
            if ((arg & ~(int)INWO_PLAYER_ARG) >= g->nplayers)
                return TT_EARG;
            snprintf(buf, n, "target %c", 'A' + (arg & 7));
            return TT_OK;
        }
        break;
    case H_DRAW:
        if (arg == INWO_NONE) {
            snprintf(buf, n, "draw");
            return TT_OK;
        }
        break;
    case H_PRIVILEGE:
        if (arg == INWO_NONE) {
            snprintf(buf, n, "privilege none");
            return TT_OK;
        }
        break;
    case H_VALUE: /* ROLL_MOD's choice (INWO-5.0.6) */
        snprintf(buf, n, "value %d", arg - INWO_VALUE_BIAS);
        return TT_OK;
    default: break;
    }
    return format_card(g, head, arg, buf, n);
}

/* The first instance of card_id `def` the player holds in zone. */
static int held(const inwo_state *s, const inwo_content *c, int def, int seat, int zone)
{
    for (int i = 0; i < s->nplayers * INWO_DECK_CARDS; i++)
        if (s->card[i].zone == zone && s->card[i].holder == seat &&
            c->deck[inwo_owner(i)].def[i % INWO_DECK_CARDS] == def)
            return i;
    return -1;
}

static int card_arg(const tt_game *g, const inwo_state *s, const char *text, tt_error *err)
{
    const inwo_content *c = g->content;
    int card = inwo_instance_parse(c, text);
    int def = card < 0 ? inwo_find_def(c, text) : -1, p = s->to_move;
    if (def >= 0)
        card = held(s, c, def, p, s->point == PT_LEAD ? Z_GROUP_DECK : Z_HAND);
    if (def >= 0 && card < 0)
        card = held(s, c, def, p, Z_STRUCTURE);
    if (def >= 0 && card < 0)
        card = held(s, c, def, p, Z_RESOURCE);
    if (card < 0)
        return tt_fail(err, TT_EPARSE, "INWO-5.0.3", "no card '%s' (write A:G01#1)", text);
    return card;
}

/* "i<k>": an item's text number, 1 … 0x7FFF (INWO-5.0.3). */
static int item_arg(const char *digits, tt_action *out)
{
    char *end;
    long k = strtol(digits, &end, 10);
    if (digits[0] < '0' || digits[0] > '9' || *end || k < 1 || k > 0x7FFF)
        return 0;
    *out = INWO_A(H_TARGET, INWO_ITEM_ARG | (unsigned)k);
    return 1;
}

/* `declare` and a comma list in the order basic, special, card (INWO-9.4.2). */
static int parse_declare(char *arg, int nw, tt_action *out, tt_error *err)
{
    int goals = 0, last = -1;
    for (char *save, *w = strtok_r(arg, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        int k = 0;
        while (k < 3 && strcasecmp(w, goal_names[k]))
            k++;
        if (k == 3 || k <= last)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5",
                           "declare basic,special,card (in that order)");
        goals |= 1 << k;
        last = k;
    }
    if (nw != 2 || !goals)
        return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "declare <goals>");
    *out = INWO_A(H_DECLARE, goals);
    return TT_OK;
}

/* The heads whose argument is a word or a number: 1 when head is not one. */
static int parse_word(const tt_game *g, int head, char *arg, int nw, tt_action *out, tt_error *err)
{
    if (head == H_DECLARE)
        return parse_declare(arg, nw, out, err);
    if (head == H_FOR) {
        int u = !strcasecmp(arg, "action")       ? USE_ACTION
                : !strcasecmp(arg, "defense")    ? USE_DEFENSE
                : !strcasecmp(arg, "own_attack") ? USE_OWN_ATTACK
                                                 : 0;
        if (!u || nw != 2)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "for action|defense|own_attack");
        *out = INWO_A(H_FOR, u);
        return TT_OK;
    }
    if (head == H_SIDE) {
        int k = strcasecmp(arg, "aid") == 0 ? 0 : strcasecmp(arg, "oppose") == 0 ? 1 : -1;
        if (k < 0 || nw != 2)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "side aid|oppose");
        *out = INWO_A(H_SIDE, k);
        return TT_OK;
    }
    if (head == H_VALUE || (head == H_PRIVILEGE && strcasecmp(arg, "none") == 0)) {
        char *end;
        long v = head == H_VALUE ? strtol(arg, &end, 10) : 0;
        if (nw != 2 || (head == H_VALUE &&
                        (*end || end == arg || v < -INWO_VALUE_BIAS || v >= INWO_VALUE_BIAS)))
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "%s",
                           head == H_VALUE ? "value <n>" : "privilege <card>|none");
        *out = INWO_A(head, head == H_VALUE ? (unsigned)(v + INWO_VALUE_BIAS) : INWO_NONE);
        return TT_OK;
    }
    if (head == H_RECORD) {
        char *end;
        long k = strtol(arg, &end, 10);
        if (nw != 2 || *end || k < 1 || k > INWO_CARD_RECORDS_MAX)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.3", "record <k>, from 1 (oldest first)");
        *out = INWO_A(H_RECORD, (unsigned)k);
        return TT_OK;
    }
    if (head == H_ZAP_CLEAR) {
        if (nw != 2 || arg[0] < 'A' || arg[0] >= 'A' + g->nplayers || arg[1])
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "zap_clear <player> (zap_clear B)");
        *out = INWO_A(H_ZAP_CLEAR, arg[0] - 'A');
        return TT_OK;
    }
    if (head == H_CHOOSE || head == H_MODE || head == H_ABILITY) {
        int k = -1;
        for (int a = 0; head == H_CHOOSE && a < INWO_NALIGN; a++)
            if (strcasecmp(arg, inwo_align_name(a)) == 0)
                k = a;
        if (head == H_MODE)
            k = !strcasecmp(arg, "freeze") ? 0 : !strcasecmp(arg, "cancel") ? 1 : -1;
        if (head == H_ABILITY && arg[0] >= '1' && arg[0] <= '4' && !arg[1])
            k = arg[0] - '0';
        if (k < 0 || nw != 2)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5",
                           head == H_CHOOSE ? "choose <alignment> (GOV, CORP, …)"
                           : head == H_MODE ? "mode freeze|cancel"
                                            : "ability <k>, from 1");
        *out = INWO_A(head, k);
        return TT_OK;
    }
    if (head == H_KIND) {
        int k = strcasecmp(arg, "control") == 0   ? ATK_CONTROL
                : strcasecmp(arg, "destroy") == 0 ? ATK_DESTROY
                                                  : -1;
        if (k < 0 || nw != 2)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "kind control|destroy");
        *out = INWO_A(H_KIND, k);
        return TT_OK;
    }
    return 1;
}

/* The heads whose argument is a card (an arrow, an item or a player for
 * some), with a third word for return, reassign and benefit. */
static int parse_card(const tt_game *g, const inwo_state *s, int head, const char *verb, char *arg,
                      const char *more, int nw, tt_action *out, tt_error *err)
{
    int side = 0, bottom = 0;
    if (head == H_ARROW) {
        char *slash = strchr(arg, '/');
        const char *at = slash ? strchr(sides, slash[1] & ~0x20) : NULL;
        if (!slash || !at || !slash[1] || slash[2])
            return tt_fail(err, TT_EPARSE, "INWO-5.0.3", "an arrow is written A:G01#1/N");
        *slash = 0;
        side = (int)(at - sides);
    }
    if (head == H_RETURN) {
        if (nw != 3 || (strcasecmp(more, "top") && strcasecmp(more, "bottom")))
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "return <plot> top|bottom");
        bottom = strcasecmp(more, "bottom") == 0;
    } else if (head == H_REASSIGN) {
        const char *at = strlen(more) == 1 ? strchr(sides, more[0] & ~0x20) : NULL;
        if (nw != 3 || (!at && strcasecmp(more, "none")))
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "reassign <card> N|E|S|W|none");
        side = at ? (int)(at - sides) : INWO_REASSIGN_NONE;
    } else if (head == H_BENEFIT) {
        if (nw != 3 || (strcasecmp(more, "take") && strcasecmp(more, "decline")))
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "benefit <card> take|decline");
        bottom = strcasecmp(more, "decline") == 0;
    } else if (nw == 3) {
        return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "'%s' takes one argument", verb);
    }
    if (head == H_TARGET && (arg[0] == 'i' || arg[0] == 'I') && item_arg(arg + 1, out))
        return TT_OK;
    if (head == H_TARGET && arg[0] >= 'A' && arg[0] < 'A' + g->nplayers && !arg[1]) {
        *out = INWO_A(H_TARGET, INWO_PLAYER_ARG | (unsigned)(arg[0] - 'A'));
        return TT_OK;
    }
    int card = card_arg(g, s, arg, err);
    if (card < 0)
        return card;
    *out = INWO_A(head, card | side << 9 | bottom << 9);
    return TT_OK;
}

int inwo_parse(const tt_game *g, const void *st, const char *text, tt_action *out, tt_error *err)
{
    const inwo_state *s = st;
    int talk = inwo_talk_parse(g, st, text, out, err);
    if (talk != 1)
        return talk;
    char verb[16] = "", arg[40] = "", more[16] = "";
    int nw = sscanf(text, "%15s %39s %15s", verb, arg, more);
    int head = H_NONE;
    for (int h = 1; h < INWO_NHEADS; h++)
        if (strcasecmp(verb, heads[h]) == 0)
            head = h;
    if (head == H_NONE)
        return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "unknown command '%s'", text);
    int bare = head == H_PASS || head == H_BUY || head == H_DONE || head == H_END_MAIN ||
               head == H_DRAW_GROUP || head == H_DEFEND || head == H_CALL_OFF ||
               head == H_NODECLARE || head == H_FORFEIT || (head == H_DRAW && nw == 1);
    if (bare) {
        if (nw != 1)
            return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "'%s' takes no argument", verb);
        *out = INWO_A(head, head == H_DRAW ? INWO_NONE : 0);
        return TT_OK;
    }
    if (nw < 2)
        return tt_fail(err, TT_EPARSE, "INWO-5.0.5", "'%s' needs a card", verb);
    int rc = parse_word(g, head, arg, nw, out, err);
    return rc != 1 ? rc : parse_card(g, s, head, verb, arg, more, nw, out, err);
}

/* --- the compound shortcut (INWO-5.0.2) ------------------------------------------------------ */

/* Applies text to the copy; 0 when it applied. */
static int try_part(const tt_game *g, void *copy, const char *text)
{
    tt_action a;
    return inwo_parse(g, copy, text, &a, NULL) || g->rules->apply(g, copy, a, NULL, NULL);
}

/* Whether part repeats an answer the engine gave by itself in the copy. */
static int repeats_forced(const tt_game *g, const inwo_state *s, const char *part)
{
    tt_action a;
    if (inwo_parse(g, s, part, &a, NULL))
        return 0;
    for (int i = 0; i < s->nforced; i++)
        if (s->forced[i] == a)
            return 1;
    return 0;
}

/* INWO-5.0.2: a part that answers, differently, a question the engine
 * answered by itself when `step` was applied to `before` (giving `after`),
 * and answers none still open: the refusal that answer gets where the
 * question stood, worked out on scratch. 0 when part is no such answer. */
static int wrong_forced(const tt_game *g, const void *before, const inwo_state *after,
                        const char *step, const char *part, void *scratch, tt_error *err)
{
    tt_action t, a;
    if (inwo_parse(g, after, part, &t, NULL))
        return 0;
    int m = 0;
    while (m < after->nforced && INWO_HEAD(after->forced[m]) != INWO_HEAD(t))
        m++;
    if (m == after->nforced || after->forced[m] == t)
        return 0;
    inwo_state *s = scratch;
    memcpy(s, after, g->state_size);
    if (g->rules->apply(g, s, t, NULL, NULL) == TT_OK)
        return 0; /* it answers a later question of that kind */
    memcpy(s, before, g->state_size);
    s->forced[2] = INWO_UNFORCED;
    if (inwo_parse(g, s, step, &a, NULL) || g->rules->apply(g, s, a, NULL, NULL))
        return 0;
    for (int i = 0; i < m; i++) /* the answers forced before that question */
        if (g->rules->apply(g, s, after->forced[i], NULL, NULL))
            return 0;
    int rc = g->rules->apply(g, s, t, NULL, err);
    return rc < 0 ? rc : 0;
}

/* `key=v1,v2,…` of a repeated question: part i keeps v1, the rest becomes
 * a part of its own, split in turn when the caller reaches it. */
static void repeat_split(char parts[16][64], int *np, int i, const char *key)
{
    char *comma = strchr(parts[i], ',');
    if (!comma || *np >= 16 || strncmp(parts[i], key, strlen(key)) != 0)
        return;
    snprintf(parts[(*np)++], sizeof parts[0], "%s%s", key, comma + 1);
    *comma = 0;
}

/* `head key=value …`: the parts in the order the engine asks, found on a
 * copy of the state; a part repeating an answer the engine applied by itself
 * is dropped (INWO-5.0.2), so the atoms that remain are exactly the ones
 * the record stores. Parts that fit nowhere stay, in order, for the core to
 * refuse with the question then pending. */
int inwo_expand(const tt_game *g, const void *st, const char *text, char *atoms, size_t n,
                tt_error *err)
{
    (void)err;
    char parts[16][64], head[64];
    int np = 0;
    if (!strchr(text, '='))
        return TT_EXPAND_GENERIC;
    tt_action talk;
    if (inwo_talk_expand(text, atoms, n) == TT_OK)
        return TT_OK;
    if (inwo_talk_parse(g, st, text, &talk, NULL) != 1) /* table talk is applied whole (5.0.7) */
        return snprintf(atoms, n, "%s\n", text) < (int)n ? TT_OK : TT_EXPAND_GENERIC;
    /* the head: every word before the first key=value */
    const char *p = text, *first = text;
    while (*first && !memchr(first, '=', strcspn(first, " "))) {
        first += strcspn(first, " ");
        while (*first == ' ')
            first++;
    }
    size_t len = (size_t)(first - text);
    while (len && text[len - 1] == ' ')
        len--;
    if (!len || len >= sizeof head)
        return TT_EXPAND_GENERIC;
    memcpy(head, text, len);
    head[len] = 0;
    for (p = first; *p && np < 16;) {
        while (*p == ' ')
            p++;
        len = strcspn(p, " ");
        if (!len)
            break;
        const char *eq = memchr(p, '=', len);
        if (!eq || len >= sizeof parts[0])
            return TT_EXPAND_GENERIC;
        snprintf(parts[np++], sizeof parts[0], "%.*s %.*s", (int)(eq - p), p,
                 (int)(len - (size_t)(eq - p) - 1), eq + 1);
        p += len;
    }
    /* key=v1,v2: two answers to one repeated question (pay); a declare's
     * goals are one answer */
    for (int i = 0; i < np; i++) {
        char *comma = strchr(parts[i], ',');
        if (comma && np < 16 && strncmp(parts[i], "pay ", 4) == 0) {
            char second[64];
            snprintf(second, sizeof second, "pay %s", comma + 1);
            memcpy(parts[np++], second, sizeof second);
            *comma = 0;
        }
        repeat_split(parts, &np, i, "commit "); /* a Relief's tokens (INWO-5.0.5) */
        repeat_split(parts, &np, i, "helper ");
    }
    size_t stride = (g->state_size + 15) & ~(size_t)15; /* each copy aligned */
    char *copy = malloc(3 * stride), *before = copy + stride;
    if (!copy)
        return TT_EXPAND_GENERIC;
    memcpy(copy, st, g->state_size);
    memcpy(before, st, g->state_size);
    size_t at = (size_t)snprintf(atoms, n, "%s\n", head);
    int used[16] = {0}, rc = 0;
    const char *step = head;
    if (try_part(g, copy, head) == 0)
        for (int progress = 1; progress && !rc;) {
            progress = 0;
            /* a part the last answer made redundant goes first: a later
             * part may answer the next question and clear what was forced */
            for (int i = 0; i < np; i++)
                if (!used[i] && repeats_forced(g, (const inwo_state *)copy, parts[i]))
                    used[i] = progress = 1;
            for (int i = 0; i < np && !rc; i++)
                if (!used[i])
                    rc = wrong_forced(g, before, (const inwo_state *)copy, step, parts[i],
                                      before + stride, err);
            memcpy(before, copy, g->state_size);
            for (int i = 0; i < np && !progress && !rc; i++)
                if (!used[i] && try_part(g, copy, parts[i]) == 0) {
                    used[i] = progress = 1;
                    step = parts[i];
                    at += (size_t)snprintf(atoms + at, at < n ? n - at : 0, "%s\n", parts[i]);
                    break;
                }
        }
    for (int i = 0; i < np; i++)
        if (!used[i])
            at += (size_t)snprintf(atoms + at, at < n ? n - at : 0, "%s\n", parts[i]);
    free(copy);
    if (rc)
        return rc;
    return at < n ? TT_OK : TT_EXPAND_GENERIC;
}
