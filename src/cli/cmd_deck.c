/* `tabletop deck`: checks, writes and lists deck and content files of a game.
 *
 * validate: tt_validate_file reports every problem at once, one "file:line:
 * message (RULE)" line each; they go to stdout (they are the command's answer,
 * and tests compare them). new and list hand the game's own options
 * ("--faction germans" becomes "faction=germans") to tt_deck_new and
 * tt_deck_list and print what they write. Exit status: 0 done (valid), 1
 * invalid or unreadable, 2 a usage error (unknown game, missing arguments,
 * bad options). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char deck_help[] =
    "Usage: tabletop deck validate <game> FILE [--option value ...]\n"
    "       tabletop deck new <game> [--option value ...]\n"
    "       tabletop deck list <game> FILE [--option value ...]\n"
    "\n"
    "validate  checks a deck or content file against the game's rules and prints\n"
    "          every problem, one per line (file:line: message (RULE)), or\n"
    "          \"FILE: valid\"\n"
    "new       writes a new, legal deck declaration (JSON) to stdout\n"
    "list      prints the canonical contents of a valid deck, one line each\n"
    "\n"
    "Options belong to the game (docs/games/<game>.md); X-Files:\n"
    "  validate FILE --mode BASIC   (the deck rules of Basic mode, XF-9.12.1)\n"
    "Braunau:\n"
    "  new --faction germans|austrians|locals --mode standardized|random|customized\n"
    "      [--seed S]   (random: the ABIL split drawn as BRA-3.8 draws it, from S)\n"
    "  list FILE [--seed S]   (the seed a RANDOM_STANDARDIZED deck is drawn from)\n"
    "\n"
    "Exit status: 0 valid (or done), 1 invalid or unreadable, 2 usage error.\n";

static int validate(const char *game, const char *path, const char *options)
{
    if (cli_game_check("deck", game))
        return CLI_USAGE;
    char *report = NULL;
    tt_error err;
    tt_error_clear(&err);
    int rc = tt_validate_file_with(game, path, options, &report, &err);
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

/* Prints what new or list wrote, or says why they could not. */
static int written(int rc, char *text, const tt_error *err)
{
    if (rc == TT_OK) {
        fputs(text, stdout);
        if (*text && text[strlen(text) - 1] != '\n')
            putchar('\n');
        free(text);
        return CLI_OK;
    }
    free(text);
    char buf[400];
    tt_error_text(err, buf, sizeof buf);
    return rc == TT_EARG ? cli_usage("deck", "%s", buf) : cli_error(CLI_REFUSED, "%s", buf);
}

int cmd_deck(int argc, char **argv)
{
    const char *pos[3] = {NULL, NULL, NULL};
    int npos = 0;
    cli_params opts;
    memset(&opts, 0, sizeof opts);
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(deck_help, stdout);
            return CLI_OK;
        }
        if (argv[i][0] == '-' && argv[i][1] == '-' && argv[i][2]) {
            /* "--key value" or "--key=value": a game option of new and list */
            char kv[256];
            const char *eq = strchr(argv[i], '=');
            if (eq)
                snprintf(kv, sizeof kv, "%s", argv[i] + 2);
            else if (i + 1 < argc)
                snprintf(kv, sizeof kv, "%s=%s", argv[i] + 2, argv[i + 1]), i++;
            else
                return cli_usage("deck", "option '%s' needs a value", argv[i]);
            if (cli_params_add("deck", &opts, kv))
                return CLI_USAGE;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1])
            return cli_usage("deck", "unknown option '%s'", argv[i]);
        if (npos == 3)
            return cli_usage("deck", "unexpected argument '%s'", argv[i]);
        pos[npos++] = argv[i];
    }
    if (npos == 0)
        return cli_usage("deck", "what to do? (deck validate|new|list <game> …)");
    int is_new = strcmp(pos[0], "new") == 0, is_list = strcmp(pos[0], "list") == 0;
    if (!is_new && !is_list && strcmp(pos[0], "validate") != 0)
        return cli_usage("deck", "unknown deck command '%s' (validate, new, list)", pos[0]);
    if (npos < 2 || (!is_new && npos < 3))
        return cli_usage("deck", "%s needs a game%s", pos[0], is_new ? "" : " and a file");
    if (is_new && npos > 2)
        return cli_usage("deck", "unexpected argument '%s'", pos[2]);
    if (cli_game_check("deck", pos[1]))
        return CLI_USAGE;
    if (!is_new && !is_list)
        return validate(pos[1], pos[2], opts.text);
    char *text = NULL;
    tt_error err;
    tt_error_clear(&err);
    int rc = is_new ? tt_deck_new(pos[1], opts.text, &text, &err)
                    : tt_deck_list(pos[1], pos[2], opts.text, &text, &err);
    return written(rc, text, &err);
}
