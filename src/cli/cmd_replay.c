/* `tabletop replay`: narrates a saved game record, as one viewer saw it.
 *
 * tt_record_replay does the work and refuses a record that does not reproduce
 * its game (exit 1, the first failing entry named). Its step callback prints
 * each entry's events through tt_event_text for the chosen viewer, so
 * `--view mankind` shows only what Mankind could know. The viewer is parsed
 * with the record's own game, which exists only once replay has loaded it:
 * hence it is resolved at the first step (the public API has no call for a
 * record's parameters, so the game cannot be loaded beforehand as replay will). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char replay_help[] =
    "Usage: tabletop replay FILE [--view all|spectator|<player>]\n"
    "\n"
    "Replays a game record (saved by the protocol's `save`) and narrates each entry\n"
    "as the viewer sees it, then the result. A record that does not replay exactly is\n"
    "refused (exit status 1) with the first entry that fails.\n"
    "\n"
    "Options:\n"
    "  --view V   all (default: everything, hidden cards included), spectator, or a\n"
    "             player by name or number (only what that player could know)\n";

typedef struct replay_ctx {
    const char *path;
    const char *view; /* --view as typed */
    const tt_record *rec;
    int viewer;
    int resolved; /* viewer parsed (and the header printed) */
    int bad;      /* the view names no viewer of this game */
} replay_ctx;

static void resolve_view(replay_ctx *c, const tt_game *game)
{
    if (c->resolved)
        return;
    c->resolved = 1;
    c->viewer = tt_viewer_parse(game, c->view);
    if (c->viewer == -100) {
        c->bad = 1;
        return;
    }
    int n = tt_record_length(c->rec);
    printf("%s: %s, seed %llu, %d entr%s, viewed by %s\n", c->path, tt_game_name(game),
           (unsigned long long)tt_record_seed(c->rec), n, n == 1 ? "y" : "ies",
           c->viewer == TT_VIEW_ALL         ? "all (omniscient)"
           : c->viewer == TT_VIEW_SPECTATOR ? "a spectator"
                                            : tt_player_name(game, c->viewer));
}

static void on_step(void *ctx, int index, const char *text, const tt_game *game,
                    const tt_state *state, const tt_events *events)
{
    replay_ctx *c = ctx;
    (void)index;
    (void)text;
    (void)state;
    resolve_view(c, game);
    if (!c->bad)
        cli_narrate(stdout, game, events, c->viewer);
}

static int parse_args(int argc, char **argv, replay_ctx *c)
{
    memset(c, 0, sizeof *c);
    c->view = "all";
    for (int i = 1; i < argc; i++) {
        const char *v;
        int m;
        if (cli_is_help(argv[i])) {
            fputs(replay_help, stdout);
            return -1;
        } else if ((m = cli_option("replay", "--view", argc, argv, &i, &v)) != 0) {
            if (m < 0)
                return CLI_USAGE;
            c->view = v;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage("replay", "unknown option '%s'", argv[i]);
        } else if (!c->path) {
            c->path = argv[i];
        } else {
            return cli_usage("replay", "unexpected argument '%s'", argv[i]);
        }
    }
    if (!c->path)
        return cli_usage("replay", "which record file?");
    return 0;
}

int cmd_replay(int argc, char **argv)
{
    replay_ctx c;
    int rc = parse_args(argc, argv, &c);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    tt_error err;
    tt_error_clear(&err);
    char buf[400];
    tt_record *rec;
    if (tt_record_load(c.path, &rec, &err) != TT_OK)
        return cli_error(CLI_REFUSED, "%s", tt_error_text(&err, buf, sizeof buf));
    c.rec = rec;
    tt_game *game;
    tt_state *state;
    rc = tt_record_replay(rec, &game, &state, on_step, &c, &err);
    tt_record_free(rec);
    if (rc != TT_OK)
        return cli_error(CLI_REFUSED, "%s", tt_error_text(&err, buf, sizeof buf));
    resolve_view(&c, game);
    if (c.bad)
        rc = cli_usage("replay", "--view: '%s' is not all, spectator or a player of %s", c.view,
                       tt_game_name(game));
    else
        cli_result_print(stdout, game, state);
    free(state);
    tt_game_free(game);
    return rc == TT_OK ? CLI_OK : rc;
}
