/* Illuminati: New World Order: the rules module's descriptor and its loading
 * (see inwo.h).
 *
 * Loading reads the game options (INWO-3.2), the content (the embedded
 * sample, or content=FILE) and one deck declaration per seat, each checked
 * by every deck rule, then sizes the flat state for the number of players.
 * The descriptor's other entries hand each part of the game to its file:
 * setup.c, turn.c, attack.c, plays.c and the rest, listed in inwo.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/json.h"
#include "core/sbuf.h"
#include "games/inwo/describe.h"
#include "games/inwo/inwo.h"

#define DECK_PARAM(seat, def)                                                                      \
    {                                                                                              \
        seat, TT_PARAM_TEXT, def, "deck_a, deck_b, deck_c, deck_d or a deck file",                 \
            "the seat's deck: its Illuminati, Group deck and Plot deck (INWO-3.1)"                 \
    }

static const tt_param_spec params[] = {
    {"players", TT_PARAM_INT, "4", "2..6", "the number of players (INWO-3.2)"},
    DECK_PARAM("p0", "deck_a"),
    DECK_PARAM("p1", "deck_b"),
    DECK_PARAM("p2", "deck_c"),
    DECK_PARAM("p3", "deck_d"),
    DECK_PARAM("p4", "deck_a"),
    DECK_PARAM("p5", "deck_b"),
    {"basic_goal", TT_PARAM_INT, "0", "0..40",
     "groups to control for the Basic Goal; 0: 12, 11 or 10 by players (INWO-3.10)"},
    {"two_player_rules", TT_PARAM_CHOICE, "auto", "auto|0|1",
     "the two-player rules; auto: on with 2 players (INWO-4.8.3)"},
    {"max_rounds", TT_PARAM_INT, "80", "1..1000",
     "the game is drawn after this round (INWO-9.5.2)"},
    {"content", TT_PARAM_FILE, "the sample set", "a content file (docs/content/inwo.md)",
     "the cards (INWO-2)"},
    {NULL, 0, NULL, NULL, NULL},
};

/* The generic suite's games (tests/generic), the sample decks: two, three
 * and four players, and six, where Illuminati repeat as rival factions. */
static const tt_config configs[] = {
    {"2p", "players=2"}, {"3p", "players=3"}, {"4p", "players=4"},
    {"6p", "players=6"}, {NULL, NULL},
};

static const char *const reasons[] = {"",          "BASIC_GOAL",     "SPECIAL_GOAL",
                                      "GOAL_CARD", "SHARED_WIN",     "ELIMINATION",
                                      "CONCEDED",  "DRAW_MAX_ROUNDS"};
static const char *const reason_texts[] = {
    NULL,
    "a single player won at a knock with the Basic Goal (INWO-9.5.3)",
    "a single player won at a knock with his Special Goal (INWO-9.5.3)",
    "a single player won at a knock with his Goal card (INWO-9.5.3)",
    "several players won at the same knock (INWO-9.4.5)",
    "every rival was eliminated (INWO-9.1.1)",
    "the last rival conceded (INWO-9.2.4)",
    "the round cap was reached (INWO-9.5.2)"};

static int param_int(const tt_params *p, const char *key, int def)
{
    const char *v = tt_params_get(p, key);
    return v ? atoi(v) : def; /* the core checked it against the declared range */
}

/* INWO-3.2 and 3.10. */
static void read_options(const tt_params *p, inwo_options *o)
{
    const char *two = tt_params_get(p, "two_player_rules");
    o->nplayers = (uint8_t)param_int(p, "players", 4);
    o->two_player_rules =
        two && strcmp(two, "auto") != 0 ? (uint8_t)atoi(two) : (uint8_t)(o->nplayers == 2);
    int goal = param_int(p, "basic_goal", 0);
    if (!goal)
        goal = o->nplayers <= 3 ? 12 : o->nplayers == 4 ? 11 : 10;
    if (o->two_player_rules && goal < 12) /* INWO-4.8.3 (a) */
        goal = 12;
    o->basic_goal = (uint8_t)goal;
    o->max_rounds = (uint16_t)param_int(p, "max_rounds", 80);
}

static int inwo_load(tt_game *g, const tt_params *p, tt_error *err)
{
    inwo_options o;
    read_options(p, &o);
    inwo_content *c = inwo_content_new(tt_params_get(p, "content"), err);
    if (!c)
        return err ? err->code : TT_ECONTENT;
    c->opt = o;
    int rc = TT_OK;
    for (int s = 0; s < o.nplayers && rc == TT_OK; s++) {
        char key[16];
        snprintf(key, sizeof key, "p%d", s);
        const char *v = tt_params_get(p, key);
        rc = inwo_load_deck(c, key, v ? v : inwo_sample_deck(s), &c->deck[s], err);
    }
    if (rc) {
        free(c);
        return rc;
    }
    inwo_index_ops(c);
    inwo_index_uses(c);
    snprintf(g->hash, sizeof g->hash, "%016llx",
             tt_fnv64(c, offsetof(inwo_content, opt))); /* the content, not the decks */
    g->content = c;
    g->nplayers = o.nplayers;
    g->state_size = inwo_state_size(o.nplayers);
    g->max_actions = INWO_MAX_ACTIONS;
    return TT_OK;
}

static void inwo_unload(tt_game *g)
{
    free(g->content);
    g->content = NULL;
}

static int inwo_to_move(const tt_game *g, const void *st)
{
    (void)g;
    const inwo_state *s = st;
    return s->point == PT_LEAD ? s->to_move : inwo_turn_to_move(s);
}

static int inwo_legal(const tt_game *g, const void *st, tt_action *out)
{
    const inwo_state *s = st;
    return s->point == PT_LEAD ? inwo_lead_legal(g, s, out) : inwo_turn_legal(g, s, out);
}

static int inwo_apply(const tt_game *g, void *st, tt_action a, tt_events *ev, tt_error *err)
{
    inwo_state *s = st;
    if (s->head.over)
        return tt_fail(err, TT_ESTATE, NULL, "the game is over");
    if (s->point != PT_LEAD) {
        int rc = inwo_turn_apply(g, s, a, ev, err);
        if (rc == TT_OK)
            inwo_talk_lapse(s); /* INWO-5.0.7: an offer lasts until the next listed action */
        return rc;
    }
    if (INWO_HEAD(a) != H_LEAD)
        return TT_REFUSE("INWO-5.0.4", NULL, "at the lead point the only command is lead <card>");
    return inwo_lead_apply(g, s, INWO_ARG(a), ev, err);
}

static char *inwo_view_json(const tt_game *g, const void *st, int viewer)
{
    return inwo_view(g, st, viewer);
}

static const char *zone_name(int zone)
{
    return zone == Z_PLOT_DECK ? "Plot deck" : zone == Z_GROUP_DECK ? "Group deck" : "pile";
}

static const char *point_name(int point)
{
    static const char *const points[] = {"lead",  "upkeep",  "round",   "thwart",  "after_roll",
                                         "step1", "step2",   "step3",   "step4",   "main",
                                         "step6", "declare", "resolve", "dispose", "over"};
    return point >= 0 && point <= PT_OVER ? points[point] : "?";
}

static int card_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n);

static int inwo_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n)
{
    char id[32] = "";
    int seen = tt_seen_by(ev->seen, viewer), p = 'A' + ev->player;
    if (ev->type == INWO_EV_DRAW || ev->type == INWO_EV_CHOSEN || ev->type == INWO_EV_LEAD)
        inwo_instance_text(g->content, ev->type == INWO_EV_DRAW ? ev->b : ev->a, id, sizeof id);
    switch (ev->type) {
    case INWO_EV_SHUFFLE:
        return snprintf(buf, n, "%c shuffles his %s (%d cards)", p, zone_name(ev->a), ev->b);
    case INWO_EV_DRAW:
        return snprintf(buf, n, "%c draws %s from his %s", p, seen ? id : "a card",
                        zone_name(ev->a));
    case INWO_EV_CHOSEN:
        return snprintf(buf, n, "%c chooses his lead%s%s", p, seen ? ": " : "", seen ? id : "");
    case INWO_EV_LEAD:
        return snprintf(buf, n,
                        ev->b ? "%c's lead %s was chosen twice: set aside (INWO-3.6)"
                              : "%c's lead is %s",
                        p, id);
    case INWO_EV_NO_LEAD:
        return snprintf(buf, n, "%c has no eligible Group left: no lead (INWO-3.6)", p);
    case INWO_EV_ROLL:
        return snprintf(buf, n, "%c rolls %d+%d = %d for the first turn (INWO-3.8)", p, ev->a,
                        ev->b, ev->a + ev->b);
    case INWO_EV_FIRST: return snprintf(buf, n, "%c goes first", p);
    case INWO_EV_TURN: return snprintf(buf, n, "round %d: %c's turn", ev->a, p);
    case INWO_EV_STEP: return snprintf(buf, n, "%c: %s", p, point_name(ev->a));
    case INWO_EV_KNOCK: return snprintf(buf, n, "%c knocks (INWO-4.4.3)", p);
    case INWO_EV_PASS: return snprintf(buf, n, "%c passes", p);
    case INWO_EV_END:
        return snprintf(buf, n, "the game ends: %s", reasons[ev->a < 8 && ev->a > 0 ? ev->a : 0]);
    case INWO_EV_RESOLVE:
        return snprintf(buf, n, "i%d %s", ev->a, ev->b ? "takes effect" : "has no effect");
    default: return card_event_text(g, ev, viewer, buf, n);
    }
}

/* The events naming a card in a face-up place. */
static int card_event_text(const tt_game *g, const tt_event *ev, int viewer, char *buf, size_t n)
{
    char id[32] = "", id2[32] = "";
    int p = 'A' + ev->player;
    int seen = ev->type != INWO_EV_RETURN || tt_seen_by(ev->seen, viewer);
    if (ev->a >= 0 && ev->a < g->nplayers * INWO_DECK_CARDS) /* else `a` names no card */
        inwo_instance_text(g->content, ev->a, id, sizeof id);
    switch (ev->type) {
    case INWO_EV_BUY:
        if (ev->b >= 0)
            inwo_instance_text(g->content, ev->b, id2, sizeof id2);
        return snprintf(buf, n, "%c buys a Plot with %s%s%s", p, id, *id2 ? " and " : "", id2);
    case INWO_EV_TOKENS: return snprintf(buf, n, "%s holds %d token(s)", id, ev->b);
    case INWO_EV_TAKEOVER: return snprintf(buf, n, "%c takes over %s", p, id);
    case INWO_EV_ANNOUNCE:
        inwo_instance_text(g->content, ev->b, id2, sizeof id2);
        return snprintf(buf, n, "%c announces i%d (%s)", p, ev->a, id2);
    case INWO_EV_DISCARD: return snprintf(buf, n, "%c discards %s", p, id);
    case INWO_EV_REVEAL: return snprintf(buf, n, "%c reveals %s (INWO-9.4.6)", p, id);
    case INWO_EV_RETURN:
        return snprintf(buf, n, "%c returns %s to the %s of his Plot deck", p, seen ? id : "a card",
                        ev->b ? "bottom" : "top");
    default: return inwo_talk_event_text(g, ev, viewer, buf, n);
    }
}

static const char *inwo_player_name(const tt_game *g, int player)
{
    static const char *const seats[] = {"A", "B", "C", "D", "E", "F"};
    (void)g;
    return player >= 0 && player < INWO_MAX_PLAYERS ? seats[player] : "?";
}

static const tt_rules_extra inwo_extra = {
    .stats = inwo_stats,
    .deck_new = inwo_deck_new,
    .deck_list = inwo_deck_list,
};

const tt_rules inwo_rules = {
    .name = "inwo",
    .summary = "Illuminati: New World Order, 2 to 6 players",
    .min_players = 2,
    .max_players = 6,
    .params = params,
    .configs = configs,
    .reasons = reasons,
    .reason_texts = reason_texts,
    .turn_name = "round",
    .load = inwo_load,
    .unload = inwo_unload,
    .init = inwo_init,
    .to_move = inwo_to_move,
    .legal = inwo_legal,
    .apply = inwo_apply,
    .offturn_apply = inwo_offturn_apply,
    .format = inwo_format,
    .parse = inwo_parse,
    .determinize = inwo_determinize,
    .sanity = inwo_sanity,
    .rig = inwo_rig,
    .view_json = inwo_view_json,
    .view_text = inwo_view_text,
    .view_part = inwo_view_part,
    .event_text = inwo_event_text,
    .player_name = inwo_player_name,
    .validate_file = inwo_validate_file,
    .expand = inwo_expand,
    .describe_id = inwo_describe_id,
    .describe = inwo_describe,
    .extra = &inwo_extra,
};
