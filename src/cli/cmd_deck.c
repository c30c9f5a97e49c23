/* `tabletop deck validate`: checks a deck or content file of a game.
 *
 * tt_validate_file reports every problem at once, one "file:line: message
 * (RULE)" line each; they go to stdout (they are the command's answer, and
 * tests compare them). Exit status: 0 valid, 1 invalid or unreadable, 2 a usage
 * error (unknown game, missing arguments). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char deck_help[] =
    "Usage: tabletop deck validate <game> FILE\n"
    "\n"
    "Checks a deck or content file against the game's rules and prints every problem,\n"
    "one per line (file:line: message (RULE)), or \"FILE: valid\".\n"
    "\n"
    "Exit status: 0 valid, 1 invalid or unreadable, 2 usage error (unknown game).\n";

static int validate(const char *game, const char *path)
{
    if (cli_game_check("deck", game))
        return CLI_USAGE;
    char *report = NULL;
    tt_error err;
    tt_error_clear(&err);
    int rc = tt_validate_file(game, path, &report, &err);
    if (rc == TT_OK) {
        printf("%s: valid\n", path);
        return CLI_OK;
    }
    if (rc == TT_ECONTENT && report) {
        fputs(report, stdout);
        free(report);
        return CLI_REFUSED;
    }
    free(report);
    char buf[400];
    tt_error_text(&err, buf, sizeof buf);
    if (rc == TT_EARG)
        return cli_usage("deck", "%s", buf);
    return cli_error(CLI_REFUSED, "%s", buf);
}

int cmd_deck(int argc, char **argv)
{
    const char *pos[3] = {NULL, NULL, NULL};
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(deck_help, stdout);
            return CLI_OK;
        }
        if (argv[i][0] == '-' && argv[i][1])
            return cli_usage("deck", "unknown option '%s'", argv[i]);
        if (npos == 3)
            return cli_usage("deck", "unexpected argument '%s'", argv[i]);
        pos[npos++] = argv[i];
    }
    if (npos == 0)
        return cli_usage("deck", "what to do? (deck validate <game> FILE)");
    if (strcmp(pos[0], "validate") != 0)
        return cli_usage("deck", "unknown deck command '%s' (validate)", pos[0]);
    if (npos < 3)
        return cli_usage("deck", "validate needs a game and a file");
    return validate(pos[1], pos[2]);
}
