/* Invaders views: what one viewer may know (INV-2.26, INV-6), as JSON and as a
 * terminal picture.
 *
 * A view is built from public state plus the viewer's own hand and nothing
 * else: decks and the opponent's hand appear as counts, the hero deck as a
 * count (its top only while a replacement hero awaits placement, when it has
 * been revealed). The leak test checks this: determinizing for the viewer
 * must not change the view by a byte. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sbuf.h"
#include "games/invaders/invaders.h"

static const char *const step_names[] = {"SETUP",  "START", "DRAW",     "MAIN",
                                         "ATTACK", "END",   "GAME_OVER"};

static int sees_hand(int viewer, int side)
{
    return viewer == TT_VIEW_ALL || viewer == side;
}

/* --- the JSON view ------------------------------------------------------------------
 *
 * Written straight into one growing buffer rather than built as a jansson
 * tree and dumped: the server writes a view for every viewer after every
 * action, and the tree was most of a view's cost. The bytes are those of
 * jansson's compact dump (members in the order written, strings escaped by
 * tt_sbuf_json_str), so clients and recorded views read them as before.
 * Every string is a constant or comes from the content file, which jansson
 * read: it is UTF-8, which jansson would not have refused. */

/* JSON the writer spells out itself: keys and punctuation. */
#define LIT(b, lit) tt_sbuf_putn((b), "" lit, sizeof(lit) - 1)

static void put_int(tt_sbuf *b, long long v)
{
    char digits[24], *p = digits + sizeof digits;
    unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--p = '-';
    tt_sbuf_putn(b, p, (size_t)(digits + sizeof digits - p));
}

static void put_bool(tt_sbuf *b, int v)
{
    if (v)
        LIT(b, "true");
    else
        LIT(b, "false");
}

static void put_inst(tt_sbuf *b, const inv_content *c, int inst)
{
    char name[64];
    inv_inst_name(c, inst, name, sizeof name);
    tt_sbuf_json_str(b, name);
}

/* A comma before every element of a list but the first. */
static void put_sep(tt_sbuf *b, int i)
{
    if (i)
        LIT(b, ",");
}

static void put_unit(tt_sbuf *b, const inv_content *c, const inv_state *s, int u)
{
    LIT(b, "{\"card\":");
    put_inst(b, c, u);
    LIT(b, ",\"name\":");
    tt_sbuf_json_str(b, inv_def(c, u)->name);
    LIT(b, ",\"power\":");
    put_int(b, inv_power(c, s, u));
    LIT(b, ",\"counters\":");
    put_int(b, s->counters[u]);
    LIT(b, ",\"rotated\":");
    put_bool(b, s->iflags[u] & IF_ROTATED);
    LIT(b, ",\"used\":");
    put_bool(b, s->iflags[u] & IF_USED);
    LIT(b, "}");
}

static void put_zone(tt_sbuf *b, const inv_content *c, const inv_state *s, int z)
{
    LIT(b, "{\"id\":");
    tt_sbuf_json_str(b, c->zone_id[z]);
    LIT(b, ",\"name\":");
    tt_sbuf_json_str(b, c->zone_name[z]);
    LIT(b, ",\"tokens\":");
    put_int(b, s->tokens[z]);
    LIT(b, ",\"power\":");
    put_int(b, inv_zone_power(c, s, z));
    LIT(b, ",\"shielded\":");
    put_bool(b, s->shielded >> z & 1);
    LIT(b, ",\"attack\":");
    put_int(b, inv_side_total(c, s, INV_INVADER, z));
    LIT(b, ",\"defence\":");
    put_int(b, inv_zone_power(c, s, z) + inv_side_total(c, s, INV_MANKIND, z));
    for (int side = 0; side < 2; side++) {
        LIT(b, ",");
        tt_sbuf_json_str(b, inv_side_name(side));
        LIT(b, ":[");
        for (int i = 0; i < s->ncol[side][z]; i++) {
            put_sep(b, i);
            put_unit(b, c, s, s->col[side][z][i]);
        }
        LIT(b, "]");
    }
    LIT(b, "}");
}

static void put_player_json(tt_sbuf *b, const inv_content *c, const inv_state *s, int side,
                            int viewer)
{
    LIT(b, "{\"deck\":");
    put_int(b, s->npile[side][L_DECK]);
    LIT(b, ",\"hand\":");
    put_int(b, s->npile[side][L_HAND]);
    if (sees_hand(viewer, side)) {
        LIT(b, ",\"hand_cards\":[");
        for (int i = 0; i < s->npile[side][L_HAND]; i++) {
            put_sep(b, i);
            tt_sbuf_json_str(b, inv_def(c, inv_pile(s, side, L_HAND)[i])->id);
        }
        LIT(b, "]");
    }
    LIT(b, ",\"discard\":[");
    for (int i = 0; i < s->npile[side][L_DISCARD]; i++) { /* INV-6.3: public, in order */
        put_sep(b, i);
        put_inst(b, c, inv_pile(s, side, L_DISCARD)[i]);
    }
    LIT(b, "],\"draw_count\":");
    put_int(b, s->draw_count[side]);
    LIT(b, ",\"strategies\":[");
    for (int i = 0, n = 0; i < c->nstrats; i++)
        if (c->strat[i].side == side) {
            put_sep(b, n++);
            LIT(b, "{\"id\":");
            tt_sbuf_json_str(b, c->strat[i].id);
            LIT(b, ",\"enabled\":");
            put_bool(b, s->strat_enabled[i]);
            LIT(b, "}");
        }
    LIT(b, "]}");
}

/* What a declaration asks, by enum inv_need: the decision kinds, and the
 * kinds of declared choices. */
static const char *const needs[] = {"none",   "reduce",      "zone",        "sacrifice",
                                    "target", "effect_zone", "destination", "effect_sacrifice"};

static const char *decision_name(const inv_content *c, const inv_state *s, const tt_frame *f)
{
    switch (f->kind) {
    case F_PLACE_HERO: return "place_hero";
    case F_DECLARE:
        return f->a ? "reduce" : needs[inv_next_choice(c, (inv_state *)s, 0, NULL, NULL)];
    case F_PAY_DISCARD: return "pay_discard";
    case F_WINDOW: return "cancel_window";
    case F_ATTACK_WINDOW: return "attack_window";
    case F_SHIELD: return "shield";
    case F_SHIELD_TAKE: return "shield_source";
    case F_DISCARD_HAND: return "discard";
    case F_SPLIT_REPAIR: return "repair_zone";
    case F_TRIGGER_ORDER: return "trigger_order";
    default: return "main";
    }
}

/* The card a cancel window's answer would cancel: the chain's last card, or
 * the played card itself (INV-5.10 step 2). */
static int window_target(const inv_state *s)
{
    return s->nchain ? s->chain[s->nchain - 1].card : s->decl.source;
}

static void put_decision_json(tt_sbuf *b, const inv_content *c, const inv_state *s)
{
    if (s->step == S_GAME_OVER) {
        LIT(b, "null");
        return;
    }
    const tt_frame *f = tt_stack_peek(&s->stack);
    LIT(b, "{\"player\":");
    tt_sbuf_json_str(b, inv_side_name(f ? f->player : s->active));
    LIT(b, ",\"kind\":");
    tt_sbuf_json_str(b, f ? decision_name(c, s, f) : "main");
    if (f && f->kind == F_PLACE_HERO && s->nhero_deck) { /* revealed (INV-3.7, 5.22) */
        LIT(b, ",\"hero\":");
        put_inst(b, c, s->hero_deck[s->nhero_deck - 1]);
    }
    if (f && f->kind == F_WINDOW) { /* INV-5.10: the card a cancel would cancel */
        LIT(b, ",\"against\":");
        put_inst(b, c, window_target(s));
    }
    if (f && (f->kind == F_SHIELD || f->kind == F_SHIELD_TAKE || f->kind == F_DISCARD_HAND ||
              f->kind == F_SPLIT_REPAIR)) {
        LIT(b, ",\"count\":");
        put_int(b, f->kind == F_SHIELD ? f->b : f->a);
    }
    LIT(b, "}");
}

/* INV-5.26a: every choice declared so far, for every viewer. */
static void put_choices_json(tt_sbuf *b, const inv_content *c, const inv_state *s)
{
    inv_choice ch[INV_MAX_DECL_CHOICES];
    int n = inv_decl_choices(c, s, ch);
    LIT(b, "[");
    for (int i = 0; i < n; i++) {
        int card = ch[i].need == N_SACRIFICE || ch[i].need == N_TARGET || ch[i].need == N_ESAC;
        put_sep(b, i);
        LIT(b, "{\"kind\":");
        tt_sbuf_json_str(b, needs[ch[i].need]);
        if (ch[i].op < OP_COUNT) {
            LIT(b, ",\"effect\":");
            tt_sbuf_json_str(b, inv_op_names[ch[i].op]);
        }
        if (card)
            LIT(b, ",\"card\":");
        else
            LIT(b, ",\"zone\":");
        if (ch[i].value == INV_NONE)
            LIT(b, "null");
        else if (card)
            put_inst(b, c, ch[i].value);
        else
            tt_sbuf_json_str(b, c->zone_id[ch[i].value]);
        LIT(b, "}");
    }
    LIT(b, "]");
}

static const char *const reduce_words[] = {"none", "discard", "drain"};

static void put_declaring_json(tt_sbuf *b, const inv_content *c, const inv_state *s)
{
    const inv_decl *d = &s->decl;
    if (d->kind == ACT_NONE || s->step == S_GAME_OVER) {
        LIT(b, "null");
        return;
    }
    static const char *const kinds[] = {"none",    "play", "use",      "strategy",
                                        "trigger", "ops",  "move_hero"};
    LIT(b, "{\"kind\":");
    tt_sbuf_json_str(b, kinds[d->kind]);
    LIT(b, ",\"player\":");
    tt_sbuf_json_str(b, inv_side_name(d->player));
    LIT(b, ",\"source\":");
    if (d->kind == ACT_STRATEGY)
        tt_sbuf_json_str(b, c->strat[d->source].id);
    else
        put_inst(b, c, d->source);
    LIT(b, ",\"zone\":");
    if (d->zone < INV_NZ)
        tt_sbuf_json_str(b, c->zone_id[d->zone]);
    else
        LIT(b, "null");
    LIT(b, ",\"sacrifice\":");
    if (d->sacrifice < c->ninst)
        put_inst(b, c, d->sacrifice);
    else
        LIT(b, "null");
    LIT(b, ",\"choices\":");
    put_choices_json(b, c, s);
    LIT(b, ",\"reduce\":");
    if (d->kind == ACT_PLAY && d->reduce < 3)
        tt_sbuf_json_str(b, reduce_words[d->reduce]);
    else
        LIT(b, "null");
    LIT(b, ",\"cancel_chain\":[");
    for (int i = 0; i < s->nchain; i++) {
        put_sep(b, i);
        put_inst(b, c, s->chain[i].card);
    }
    LIT(b, "]}");
}

static void put_result_json(tt_sbuf *b, const inv_state *s)
{
    if (s->step != S_GAME_OVER) {
        LIT(b, "null");
        return;
    }
    LIT(b, "{\"winner\":");
    tt_sbuf_json_str(b, inv_side_name(inv_winner(s)));
    LIT(b, ",\"reason\":");
    tt_sbuf_json_str(b, inv_reason_name(s->head.reason));
    LIT(b, ",\"turn\":");
    put_int(b, s->head.turn);
    LIT(b, ",\"step\":");
    tt_sbuf_json_str(b, step_names[s->end_step]);
    LIT(b, "}");
}

static const char *viewer_name(int viewer)
{
    return viewer == TT_VIEW_ALL         ? "all"
           : viewer == TT_VIEW_SPECTATOR ? "spectator"
                                         : inv_side_name(viewer);
}

static void put_flags_json(tt_sbuf *b, const inv_state *s)
{
    LIT(b, "{\"plot_action_used\":");
    put_bool(b, s->plot_used);
    LIT(b, ",\"ops_centre_uses\":");
    put_int(b, s->ops_uses);
    LIT(b, ",\"mankind_drained\":");
    put_bool(b, s->mankind_drained);
    LIT(b, ",\"hero_moved\":");
    put_bool(b, s->hero_moved);
    LIT(b, "}");
}

char *inv_view_json(const tt_game *g, const void *st, int viewer)
{
    const inv_content *c = inv_content_of(g);
    const inv_state *s = st;
    tt_sbuf b = {0};
    LIT(&b, "{\"game\":\"invaders\",\"viewer\":");
    tt_sbuf_json_str(&b, viewer_name(viewer));
    LIT(&b, ",\"turn\":");
    put_int(&b, s->head.turn);
    LIT(&b, ",\"active\":");
    tt_sbuf_json_str(&b, inv_side_name(s->active));
    LIT(&b, ",\"step\":");
    tt_sbuf_json_str(&b, step_names[s->step]);
    LIT(&b, ",\"decision\":");
    put_decision_json(&b, c, s);
    LIT(&b, ",\"plot\":");
    put_int(&b, s->plot);
    LIT(&b, ",\"token_supply\":");
    put_int(&b, s->supply);
    LIT(&b, ",\"zones\":[");
    for (int z = 0; z < INV_NZ; z++) {
        put_sep(&b, z);
        put_zone(&b, c, s, z);
    }
    LIT(&b, "],\"hero\":");
    if (s->hero != INV_NONE)
        put_inst(&b, c, s->hero);
    else
        LIT(&b, "null");
    LIT(&b, ",\"hero_deck\":");
    put_int(&b, s->nhero_deck);
    LIT(&b, ",\"players\":{");
    for (int side = 0; side < 2; side++) {
        put_sep(&b, side);
        tt_sbuf_json_str(&b, inv_side_name(side));
        LIT(&b, ":");
        put_player_json(&b, c, s, side, viewer);
    }
    LIT(&b, "},\"flags\":");
    put_flags_json(&b, s);
    LIT(&b, ",\"declaring\":");
    put_declaring_json(&b, c, s);
    LIT(&b, ",\"result\":");
    put_result_json(&b, s);
    LIT(&b, "}");
    return tt_sbuf_take(&b);
}

/* --- the terminal picture ---------------------------------------------------------- */

/* One side's units in zone z, on a line of their own; nothing for no unit. */
static void put_column(tt_sbuf *b, const inv_content *c, const inv_state *s, int side, int z)
{
    if (!s->ncol[side][z])
        return;
    tt_sbuf_printf(b, "    %-8s", side == INV_INVADER ? "Invader" : "Mankind");
    for (int i = 0; i < s->ncol[side][z]; i++) {
        int u = s->col[side][z][i];
        char name[64];
        inv_inst_name(c, u, name, sizeof name);
        tt_sbuf_printf(b, "%s %s [%d", i ? "," : "", name, inv_power(c, s, u));
        if (s->counters[u])
            tt_sbuf_printf(b, ", %d counters", s->counters[u]);
        if (s->iflags[u] & IF_ROTATED)
            tt_sbuf_printf(b, ", rotated");
        if (s->iflags[u] & IF_USED)
            tt_sbuf_printf(b, ", used");
        tt_sbuf_printf(b, "]");
    }
    tt_sbuf_printf(b, "\n");
}

/* One hand card: id (with "x2" for two copies), name, power (or one-shot /
 * cancel), cost, and what its abilities do in a few words (describe.c), cut
 * to keep the line within VIEW_COLUMNS. */
#define VIEW_COLUMNS 100
static void put_hand_card(tt_sbuf *b, const inv_content *c, int def, int copies)
{
    const inv_card *k = &c->card[def];
    char what[16], line[160], effects[512], id[48];
    if (k->is_unit)
        snprintf(what, sizeof what, "power %d", k->power);
    else
        snprintf(what, sizeof what, "%s", k->cancel ? "cancel" : "one-shot");
    snprintf(id, sizeof id, copies > 1 ? "%s x%d" : "%s", k->id, copies);
    int n = snprintf(line, sizeof line, "    %-20s %-22s %-9s", id, k->name, what);
    char cost[32] = "free";
    if (k->cost.discard || k->cost.drain)
        snprintf(cost, sizeof cost, "cost%s%.0d%s%.0d", k->cost.discard ? " discard " : "",
                 k->cost.discard, k->cost.drain ? " drain " : "", k->cost.drain);
    int cut = inv_card_effects_short(c, def, effects, sizeof effects) != TT_OK;
    if (!effects[0]) {
        tt_sbuf_printf(b, "%s %s\n", line, cost);
        return;
    }
    /* the summaries line up after a cost column as wide as the usual costs */
    n += snprintf(line + n, sizeof line - (size_t)n, " %-14s", cost);
    int room = VIEW_COLUMNS - n - 1;
    if (cut || (int)strlen(effects) > room)
        snprintf(effects + (room > 3 ? room - 3 : 0), 4, "...");
    tt_sbuf_printf(b, "%s %s\n", line, effects);
}

/* One dormant strategy: id, name and its summary (describe.c), cut to keep
 * the line within VIEW_COLUMNS. */
static void put_strategy(tt_sbuf *b, const inv_content *c, int i)
{
    char line[160], summary[512];
    int n = snprintf(line, sizeof line, "    %-20s %-22s %-9s", c->strat[i].id, c->strat[i].name,
                     "dormant");
    int cut = inv_strategy_summary(c, i, summary, sizeof summary) != TT_OK;
    int room = VIEW_COLUMNS - n - 1;
    if (cut || (int)strlen(summary) > room)
        snprintf(summary + room - 3, 4, "...");
    tt_sbuf_printf(b, "%s %s\n", line, summary);
}

/* A hand, one line per card, copies of a card together where the first
 * stands. */
static void put_hand(tt_sbuf *b, const inv_content *c, const inv_state *s, int side)
{
    const uint16_t *hand = inv_pile(s, side, L_HAND);
    int n = s->npile[side][L_HAND];
    tt_sbuf_printf(b, "  hand:\n");
    for (int i = 0; i < n; i++) {
        int def = c->inst_def[hand[i]], copies = 0, before = 0;
        for (int j = 0; j < n; j++) {
            copies += c->inst_def[hand[j]] == def;
            before += j < i && c->inst_def[hand[j]] == def;
        }
        if (!before)
            put_hand_card(b, c, def, copies);
    }
}

/* The strategies of a side the viewer does not play, on one line: their ids
 * (`info <id>` describes them) and which were used. */
static void put_strategy_ids(tt_sbuf *b, const inv_content *c, const inv_state *s, int side)
{
    tt_sbuf_printf(b, "  strategies:");
    for (int i = 0, n = 0; i < c->nstrats; i++)
        if (c->strat[i].side == side)
            tt_sbuf_printf(b, "%s %s%s", n++ ? "," : "", c->strat[i].id,
                           s->strat_enabled[i] ? " (used)" : "");
    tt_sbuf_printf(b, "\n");
}

/* The newest cards of side's discard pile, newest first, as many as fit in
 * VIEW_COLUMNS (INV-6.3: public, in order; the JSON view lists the whole
 * pile). */
static void put_discard(tt_sbuf *b, const inv_content *c, const inv_state *s, int side)
{
    int n = s->npile[side][L_DISCARD];
    if (!n)
        return;
    const uint16_t *pile = inv_pile(s, side, L_DISCARD);
    char line[VIEW_COLUMNS + 1];
    int len = snprintf(line, sizeof line, "  discard pile, newest first:"), i = n - 1;
    for (; i >= 0; i--) {
        const char *name = inv_def(c, pile[i])->name;
        int room = VIEW_COLUMNS - (i ? (int)sizeof " (and 100 older)" : 0);
        if (len + 2 + (int)strlen(name) > room)
            break;
        len +=
            snprintf(line + len, sizeof line - (size_t)len, "%s %s", i == n - 1 ? "" : ",", name);
    }
    tt_sbuf_printf(b, "%s", line);
    if (i >= 0)
        tt_sbuf_printf(b, " (and %d older)", i + 1);
    tt_sbuf_printf(b, "\n");
}

static void put_player(tt_sbuf *b, const inv_content *c, const inv_state *s, int side, int viewer)
{
    tt_sbuf_printf(b, "%s: deck %d, hand %d, discard %d",
                   side == INV_INVADER ? "Invader" : "Mankind", s->npile[side][L_DECK],
                   s->npile[side][L_HAND], s->npile[side][L_DISCARD]);
    if (side == INV_MANKIND)
        tt_sbuf_printf(b, ", hero deck %d", s->nhero_deck);
    tt_sbuf_printf(b, ", draws %d a turn\n", s->draw_count[side]);
    put_discard(b, c, s, side);
    if (!sees_hand(viewer, side)) {
        put_strategy_ids(b, c, s, side);
        return;
    }
    tt_sbuf_printf(b, "  strategies:\n");
    int used = 0;
    for (int i = 0; i < c->nstrats; i++)
        if (c->strat[i].side == side && !s->strat_enabled[i])
            put_strategy(b, c, i);
    for (int i = 0; i < c->nstrats; i++) /* spent: their ids are enough */
        if (c->strat[i].side == side && s->strat_enabled[i])
            tt_sbuf_printf(b, "%s %s", used++ ? "," : "    used:", c->strat[i].id);
    if (used)
        tt_sbuf_printf(b, "\n");
    put_hand(b, c, s, side);
}

/* The per-turn flags that matter in this turn (INV-6.5): the plot action and
 * whether Mankind was drained (INV-4.7.3) in the Invader's, the Ops Centre and
 * the hero move in Mankind's. */
static void put_turn_flags(tt_sbuf *b, const inv_content *c, const inv_state *s)
{
    if (s->active == INV_INVADER)
        tt_sbuf_printf(b, "This turn: plot action %s; Mankind %s.\n",
                       s->plot_used ? "used" : "unused",
                       s->mankind_drained ? "was drained" : "not drained yet");
    else
        tt_sbuf_printf(b, "This turn: Ops Centre used %d of %d; hero %s.\n", s->ops_uses,
                       c->ops_per_turn, s->hero_moved ? "moved" : "not moved");
}

/* "Precision Strike (man:precision_strike#4)" */
static void put_card(tt_sbuf *b, const inv_content *c, int inst)
{
    char id[64];
    inv_inst_name(c, inst, id, sizeof id);
    tt_sbuf_printf(b, "%s (%s)", inv_def(c, inst)->name, id);
}

/* What is being declared, then a line for every choice made so far
 * (INV-5.26a) and the cancel chain (INV-5.10): both players see all of it. */
static void put_declaring(tt_sbuf *b, const inv_content *c, const inv_state *s)
{
    static const char *const verbs[] = {
        "", "plays", "uses", "enables", "resolves", "uses the Ops Centre on", "moves hero"};
    const inv_decl *d = &s->decl;
    tt_sbuf_printf(b, "Declaring: %s %s ", d->player == INV_INVADER ? "Invader" : "Mankind",
                   verbs[d->kind]);
    if (d->kind == ACT_STRATEGY)
        tt_sbuf_printf(b, "strategy %s (%s)", c->strat[d->source].name, c->strat[d->source].id);
    else
        put_card(b, c, d->source);
    inv_choice ch[INV_MAX_DECL_CHOICES];
    int n = inv_decl_choices(c, s, ch);
    for (int i = 0; i < n; i++) {
        char text[160];
        int card = ch[i].need == N_SACRIFICE || ch[i].need == N_TARGET || ch[i].need == N_ESAC;
        int zone = card && ch[i].value < c->ninst && inv_loc(s, ch[i].value) == L_SLOT
                       ? inv_zone_of(s, ch[i].value)
                       : INV_NONE;
        inv_choice_text(c, ch[i].need, ch[i].value, zone, text, sizeof text);
        tt_sbuf_printf(b, "\n  %s", text);
    }
    if (d->kind == ACT_PLAY && (d->reduce == 1 || d->reduce == 2))
        tt_sbuf_printf(b, "\n  plot action: %s cost -1", reduce_words[d->reduce]);
    for (int i = 0; i < s->nchain; i++) {
        tt_sbuf_printf(b, "%s", i ? ", then " : "\n  cancel chain: ");
        put_card(b, c, s->chain[i].card);
    }
    tt_sbuf_printf(b, "\n");
}

/* The position: the plot and the supply, this turn's flags, the zones with
 * their units, each side's piles, strategies and (for its own seat) hand;
 * once over, the result record (INV-8.4). */
static void put_status(tt_sbuf *b, const inv_content *c, const inv_state *s, int viewer)
{
    tt_sbuf_printf(b,
                   "Turn %d, %s, %s step. Plot marker %d (Mankind wins at 0). Damage tokens in "
                   "supply: %d.\n",
                   s->head.turn, inv_side_name(s->active), step_names[s->step], s->plot, s->supply);
    if (s->step != S_GAME_OVER)
        put_turn_flags(b, c, s);
    for (int z = 0; z < INV_NZ; z++) {
        tt_sbuf_printf(b, "  %s [%s] zone power %d%s", c->zone_name[z], c->zone_id[z],
                       inv_zone_power(c, s, z), s->shielded >> z & 1 ? ", shielded" : "");
        if (s->tokens[z])
            tt_sbuf_printf(b, " (%d damage)", s->tokens[z]);
        tt_sbuf_printf(b, "   attack %d vs defence %d%s\n", inv_side_total(c, s, INV_INVADER, z),
                       inv_zone_power(c, s, z) + inv_side_total(c, s, INV_MANKIND, z),
                       s->ncol[INV_INVADER][z] + s->ncol[INV_MANKIND][z] ? "" : "   no units");
        put_column(b, c, s, INV_INVADER, z);
        put_column(b, c, s, INV_MANKIND, z);
    }
    for (int side = 0; side < 2; side++)
        put_player(b, c, s, side, viewer);
    if (s->step == S_GAME_OVER) {
        int w = inv_winner(s);
        tt_sbuf_printf(b, "Game over: %s%s (%s), turn %d, %s step.\n",
                       w == INV_NONE ? "no winner" : inv_side_name(w), w == INV_NONE ? "" : " wins",
                       inv_reason_name(s->head.reason), s->head.turn, step_names[s->end_step]);
    }
}

/* What is being declared, a hero to place, and who decides what; nothing
 * once the game is over. */
static void put_decision(tt_sbuf *b, const inv_content *c, const inv_state *s)
{
    if (s->step == S_GAME_OVER)
        return;
    if (s->decl.kind != ACT_NONE)
        put_declaring(b, c, s);
    const tt_frame *f = tt_stack_peek(&s->stack);
    if (f && f->kind == F_PLACE_HERO && s->nhero_deck) {
        char name[64];
        inv_inst_name(c, s->hero_deck[s->nhero_deck - 1], name, sizeof name);
        tt_sbuf_printf(b, "Hero to place: %s, %s (power %d)\n", name,
                       inv_def(c, s->hero_deck[s->nhero_deck - 1])->name,
                       inv_def(c, s->hero_deck[s->nhero_deck - 1])->power);
    }
    tt_sbuf_printf(b, "To decide: %s (%s", inv_side_name(f ? f->player : s->active),
                   f ? decision_name(c, s, f) : "main step");
    if (f && f->kind == F_WINDOW) {
        tt_sbuf_printf(b, ": cancel ");
        put_card(b, c, window_target(s));
        tt_sbuf_printf(b, " or decline");
    }
    tt_sbuf_printf(b, ")\n");
}

char *inv_view_text(const tt_game *g, const void *st, int viewer)
{
    tt_sbuf b = {0};
    put_status(&b, inv_content_of(g), st, viewer);
    put_decision(&b, inv_content_of(g), st);
    return tt_sbuf_take(&b);
}

/* No map: the status is the picture without the decision. */
char *inv_view_part(const tt_game *g, const void *st, int viewer, int part)
{
    tt_sbuf b = {0};
    if (part == TT_TEXT_STATUS)
        put_status(&b, inv_content_of(g), st, viewer);
    else if (part == TT_TEXT_DECISION)
        put_decision(&b, inv_content_of(g), st);
    return tt_sbuf_take(&b);
}
