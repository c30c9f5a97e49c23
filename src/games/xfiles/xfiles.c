/* The X-Files CCG: the rules module's descriptor and its loading (see
 * xfiles.h).
 *
 * Loading reads the game options (XF-3.1), refusing KILLER cards at
 * creation (XF-9.11); then the content (the embedded sample, or content=FILE) and one
 * deck declaration per seat, each checked by XF-3.2 and 3.3 against those
 * options; then sizes the flat state for the number of players. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "core/json.h"
#include "games/xfiles/xfiles.h"

#define DECK_PARAM(seat, def)                                                                      \
    {                                                                                              \
        seat, TT_PARAM_TEXT, def, "deck_a, deck_b or a deck file",                                 \
            "the seat's deck declaration: starting team and Bureau Deck (XF-3.2.1)"                \
    }

static const tt_param_spec params[] = {
    {"players", TT_PARAM_INT, "2", "2..4", "the number of players (XF-1.2)"},
    DECK_PARAM("p0", "deck_a"),
    DECK_PARAM("p1", "deck_b"),
    DECK_PARAM("p2", "deck_a"),
    DECK_PARAM("p3", "deck_b"),
    {"heal", TT_PARAM_CHOICE, "seed", "seed|published",
     "healing: an Agent may decline it and then sits out the checks (seed), or it is automatic "
     "(published) (XF-5.2.3)"},
    {"content", TT_PARAM_FILE, "the sample set", "a content file (docs/content/xfiles.md)",
     "the X-Files and cards (XF-2)"},
    {"mode", TT_PARAM_CHOICE, "ADVANCED", "ADVANCED|BASIC",
     "the game: the Advanced Game, or the introductory Basic one (XF-9.12.1)"},
    {"opt_xfile_powers", TT_PARAM_CHOICE, "0", "0|1",
     "the optional X-File Powers: each revealed value of a player's X-File grants a power "
     "(XF-9.13)"},
    {"opt_killer", TT_PARAM_CHOICE, "0", "0|1", "KILLER cards, not supported (XF-9.11)"},
    {"opt_question_or_guess", TT_PARAM_CHOICE, "0", "0|1",
     "after a success, a question or a guess, not both (XF-8.6.1)"},
    {"opt_single_guess", TT_PARAM_CHOICE, "0", "0|1",
     "one guess per player and game; a wrong one loses (XF-8.6.2)"},
    {"max_turns", TT_PARAM_INT, "300", "1..1000", "the game is drawn after this turn (XF-8.5.1)"},
    {"team_cost_limit", TT_PARAM_INT, "20", "0..200", "the starting team's cost (XF-3.3.1)"},
    {"team_min_agents", TT_PARAM_INT, "3", "1..8", "the starting team's size (XF-3.3.1)"},
    {"deck_min", TT_PARAM_INT, "60", "1..120", "the Bureau Deck's size (XF-3.2.1)"},
    {"copy_limit", TT_PARAM_INT, "2", "1..8", "copies of one name in a deck (XF-3.2.2)"},
    {"start_hand", TT_PARAM_INT, "7", "0..50", "cards drawn at setup (XF-3.4.1)"},
    {"start_pool", TT_PARAM_INT, "5", "0..99", "RP and CP at setup (XF-3.4.1)"},
    {"hand_limit", TT_PARAM_INT, "7", "0..50", "the hand at the end of a turn (XF-5.9.3)"},
    {NULL, 0, NULL, NULL, NULL},
};

/* The generic suite's runs: 2, 3 and 4 players, both healing rules, and
 * Basic mode. */
/* Every player count, both healing rules and Basic mode, each at least once:
 * a configuration of long games costs some 25 s of the suite's time. */
static const tt_config configs[] = {
    {"2p", ""},
    {"2p_published", "heal=published"},
    {"3p", "players=3"},
    {"4p_published", "players=4 heal=published"},
    {"3p_basic", "players=3 mode=BASIC"},
    {"2p_powers", "opt_xfile_powers=1"},
    {"3p_powers", "players=3 opt_xfile_powers=1"},
    {NULL, NULL},
};

static const char *const reasons[] = {
    "", "XFILE_NAMED", "PENALTY_GUESS", "SINGLE_GUESS_WRONG", "CONCEDED", "DRAW_MAX_TURNS"};
static const char *const reason_texts[] = {
    NULL,
    "a guess after a successful Site named the X-File (XF-8.3.3)",
    "a penalty guess named the X-File of the player who guessed wrong (XF-8.4.2)",
    "a wrong guess with opt_single_guess (XF-8.6.2)",
    "a player conceded (XF-8.5.2, 8.5.3)",
    "the last turn ended without a winner (XF-8.5.1)"};

static int param_int(const tt_params *p, const char *key, int def)
{
    const char *v = tt_params_get(p, key);
    return v ? atoi(v) : def; /* the core checked it against the declared range */
}

/* XF-3.1.1; options not (yet) played are refused here, at creation. */
static int read_options(const tt_params *p, xf_options *o, tt_error *err)
{
    const char *mode = tt_params_get(p, "mode"), *heal = tt_params_get(p, "heal");
    if (param_int(p, "opt_killer", 0))
        return tt_fail(err, TT_EARG, "XF-9.11.1", "KILLER cards are not supported: opt_killer=0");
    xf_options_default(o);
    o->nplayers = (uint8_t)param_int(p, "players", 2);
    o->heal_published = heal && strcmp(heal, "published") == 0;
    o->team_cost_limit = (uint8_t)param_int(p, "team_cost_limit", o->team_cost_limit);
    o->team_min_agents = (uint8_t)param_int(p, "team_min_agents", o->team_min_agents);
    o->deck_min = (uint8_t)param_int(p, "deck_min", o->deck_min);
    o->copy_limit = (uint8_t)param_int(p, "copy_limit", o->copy_limit);
    o->start_hand = (uint8_t)param_int(p, "start_hand", o->start_hand);
    o->start_pool = (uint8_t)param_int(p, "start_pool", o->start_pool);
    o->hand_limit = (uint8_t)param_int(p, "hand_limit", o->hand_limit);
    o->opt_question_or_guess = (uint8_t)param_int(p, "opt_question_or_guess", 0);
    o->opt_single_guess = (uint8_t)param_int(p, "opt_single_guess", 0);
    o->powers = (uint8_t)param_int(p, "opt_xfile_powers", 0);
    o->max_turns = (uint16_t)param_int(p, "max_turns", o->max_turns);
    if (mode && strcmp(mode, "BASIC") == 0)
        xf_options_basic(o);
    return TT_OK;
}

static int xf_load(tt_game *g, const tt_params *p, tt_error *err)
{
    xf_options o;
    int rc = read_options(p, &o, err);
    if (rc)
        return rc;
    xf_content *c = xf_content_new(tt_params_get(p, "content"), err);
    if (!c)
        return err ? err->code : TT_ECONTENT;
    c->opt = o;
    for (int s = 0; s < o.nplayers && rc == TT_OK; s++) {
        char key[16]; /* room for any int, so no build warns of truncation */
        snprintf(key, sizeof key, "p%d", s);
        const char *v = tt_params_get(p, key);
        rc = xf_load_deck(c, key, v ? v : xf_sample_deck(&o, s), &c->deck[s], err);
    }
    if (rc) {
        free(c);
        return rc;
    }
    snprintf(g->hash, sizeof g->hash, "%016llx",
             tt_fnv64(c, offsetof(xf_content, opt))); /* the content, not the decks */
    g->content = c;
    g->nplayers = o.nplayers;
    g->state_size = xf_state_size(o.nplayers);
    g->max_actions = XF_MAX_ACTIONS;
    return TT_OK;
}

static void xf_unload(tt_game *g)
{
    free(g->content);
    g->content = NULL;
}

static const char *xf_player_name(const tt_game *g, int player)
{
    static const char *const seats[] = {"p0", "p1", "p2", "p3"};
    (void)g;
    return player >= 0 && player < XF_MAX_PLAYERS ? seats[player] : "?";
}

static const tt_rules_extra xf_extra = {
    .stats = xf_stats,
    .evaluate = xf_evaluate,
    .horizon = XF_PLAYOUT_HORIZON,
    .deck_new = xf_deck_new,
    .deck_list = xf_deck_list,
    .validate_with = xf_validate_with,
};

static const char xf_play_help[] =
    "The X-Files (docs/rules/xfiles.md), actions one atomic choice each:\n"
    "  xfile <id> | first <seat>                        setup (XF-3.4.1)\n"
    "  pass | play <card> then mode/target/x/to/change/side   windows (XF-4.3, 5.0.8)\n"
    "  freedraw yes|no, ressplit <agent> <n>, buy <n>, sell <card>   Briefing\n"
    "  healdecline <agent>, ability <agent> <agent>      Healing (XF-5.2)\n"
    "  requisition <card> <agent>, exchange <equipment> <agent>   Requisition\n"
    "  move <agent> <section>, playagent <card> <section>, team <section> <agent>\n"
    "  site <card> [<seat>], facedown <card> <site>      Case Assignment\n"
    "  assign <site> <agent>, resolve <site>, skill <skill>, focus yes|no\n"
    "  bluff <card> pay|refuse, keep <agent>, damage <agent>, allocate <adv> <agent> [n]\n"
    "  ask <category> <value>, noask, guess <xfile>, noguess   (XF-8)\n"
    "  discard <card>, done, concede\n";

const tt_rules xfiles_rules = {
    .name = "xfiles",
    .summary = "The X-Files CCG: Agents investigate, hidden X-Files, 2 to 4 players",
    .min_players = 2,
    .max_players = 4,
    .params = params,
    .configs = configs,
    .reasons = reasons,
    .reason_texts = reason_texts,
    .play_help = xf_play_help,
    .load = xf_load,
    .unload = xf_unload,
    .init = xf_init,
    .to_move = xf_to_move,
    .legal = xf_legal,
    .apply = xf_apply,
    .offturn_apply = xf_offturn_apply,
    .format = xf_format,
    .parse = xf_parse,
    .determinize = xf_determinize,
    .sanity = xf_sanity,
    .rig = xf_rig,
    .view_json = xf_view_json,
    .view_text = xf_view_text,
    .view_part = xf_view_part,
    .event_text = xf_event_text,
    .describe_id = xf_describe_id,
    .describe = xf_describe,
    .player_name = xf_player_name,
    .validate_file = xf_validate_file,
    .extra = &xf_extra,
};
