/* `tabletop`: the command-line front end — dispatch to the subcommands.
 *
 * Each subcommand lives in its own cmd_*.c and returns the exit status
 * (cli.h: 0 ok, 1 refused input, 2 usage). This file holds only the dispatch,
 * the top-level help, `--version`, `list` and `protocol` (which is one call
 * into src/proto). */
#include <string.h>

#include "cli/cli.h"

#ifndef TT_VERSION
#define TT_VERSION "unknown"
#endif

static const char usage_text[] =
    "Usage: tabletop <command> [options]\n"
    "\n"
    "A rules engine for hidden-information tabletop games.\n"
    "\n"
    "Commands:\n"
    "  play <game>                  play at the terminal, against an AI or hot-seat\n"
    "  sim <game> --games N         N AI-vs-AI games and their statistics\n"
    "  bench <game>                 random playouts (or an AI's search) per second, state size\n"
    "  ladder <game>                a round robin between AIs: win rates and ratings\n"
    "  replay FILE                  narrate a saved game record\n"
    "  deck validate <game> FILE    check a deck or content file\n"
    "  deck new <game> [options]    write a new, legal deck declaration\n"
    "  deck list <game> FILE        a valid deck's contents, one line each\n"
    "  cards <game> [NAME]          what every card, item and token does (Markdown)\n"
    "  protocol                     the text protocol on stdin/stdout (docs/protocol.md)\n"
    "  serve                        the game server: play in a browser, with others\n"
    "                               (docs/server.md)\n"
    "  list [<game>]                the games and AI players; a game's parameters\n"
    "  help [<command>]             this help, or a command's (as <command> --help)\n"
    "\n"
    "On many machines, `mpirun … tabletop-mpi sim|ladder …` plays sim and ladder over the\n"
    "ranks of an MPI job, with the same options and report (docs/simulation.md).\n"
    "\n"
    "Options:\n"
    "  --help, -h                   this help; `tabletop <command> --help` for a command\n"
    "  --version                    the version\n"
    "\n"
    "Exit status: 0 ok; 1 refused input: a content file, deck or record that cannot\n"
    "be read or breaks a rule; 2 a usage error (an unknown command, option, game,\n"
    "AI or parameter, or a value a parameter does not take).\n";

static int cmd_list(int argc, char **argv)
{
    if (argc > 1 && cli_is_help(argv[1])) {
        printf("Usage: tabletop list [<game>]\n\n"
               "Lists the games and the AI players this build knows; with a game, its\n"
               "players and every parameter it takes, with allowed values and defaults.\n");
        return CLI_OK;
    }
    if (argc > 2)
        return cli_usage("list", "unexpected argument '%s'", argv[2]);
    if (argc == 2) {
        if (cli_game_check("list", argv[1]))
            return CLI_USAGE;
        cli_game_describe(stdout, argv[1]);
        return CLI_OK;
    }
    printf("Games (`tabletop list <game>` for its parameters):\n");
    for (int i = 0; tt_game_list(i); i++)
        printf("  %-12s %s\n", tt_game_list(i), tt_game_summary(tt_game_list(i)));
    printf("AI players (for --players and --ai; docs/ai.md):\n ");
    for (int i = 0; tt_ai_list(i); i++)
        printf(" %s", tt_ai_list(i));
    printf("\n");
    return CLI_OK;
}

static int cmd_protocol(int argc, char **argv)
{
    if (argc > 1 && cli_is_help(argv[1])) {
        printf("Usage: tabletop protocol [--allow-dir DIR]...\n\n"
               "Speaks the line protocol (GTP framing) on stdin/stdout until `quit` or the\n"
               "end of input: `[id] command args` is answered `=[id] result` or\n"
               "`?[id] error`, then an empty line. `list_commands` lists the commands;\n"
               "docs/protocol.md documents them.\n\n"
               "  --allow-dir DIR  the files requests name (content, decks, records) must\n"
               "                   be inside DIR; repeat for several; default: anywhere\n");
        return CLI_OK;
    }
    tt_proto *p = tt_proto_new();
    if (!p)
        return cli_error(CLI_REFUSED, "out of memory");
    for (int i = 1; i < argc; i++) {
        tt_error err;
        tt_error_clear(&err);
        if (strcmp(argv[i], "--allow-dir") != 0) {
            tt_proto_free(p);
            return cli_usage("protocol", "unexpected argument '%s'", argv[i]);
        }
        if (i + 1 == argc) {
            tt_proto_free(p);
            return cli_usage("protocol", "--allow-dir needs a directory");
        }
        if (tt_proto_allow_dir(p, argv[++i], &err) != TT_OK) {
            tt_proto_free(p);
            return cli_usage("protocol", "--allow-dir: %s", err.msg);
        }
    }
    int rc = tt_proto_serve(p, stdin, stdout);
    tt_proto_free(p);
    return rc == TT_OK ? CLI_OK : CLI_REFUSED;
}

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"play", cmd_play},     {"sim", cmd_sim},
    {"ladder", cmd_ladder}, {"bench", cmd_bench},
    {"replay", cmd_replay}, {"deck", cmd_deck},
    {"cards", cmd_cards},   {"protocol", cmd_protocol},
    {"list", cmd_list},     {"serve", cmd_serve},
    {NULL, NULL},
};

static const command *command_find(const char *name)
{
    for (int i = 0; commands[i].name; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (cli_is_help(name)) {
        fputs(usage_text, stdout);
        return CLI_OK;
    }
    if (strcmp(name, "--version") == 0) {
        printf("tabletop %s\n", TT_VERSION);
        return CLI_OK;
    }
    if (strcmp(name, "help") == 0 && argc == 2) {
        fputs(usage_text, stdout);
        return CLI_OK;
    }
    if (strcmp(name, "help") == 0 && command_find(argv[2])) {
        char help[] = "--help";
        char *args[] = {argv[2], help, NULL};
        return command_find(argv[2])->run(2, args);
    }
    const command *c = command_find(name);
    if (!c) {
        cli_error(CLI_USAGE, "unknown command '%s'", name);
        fputs(usage_text, stderr);
        return CLI_USAGE;
    }
    return c->run(argc - 1, argv + 1);
}
