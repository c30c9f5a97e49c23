/* `tabletop cards`: the catalogue of a game's content, and `info` at the
 * play prompt.
 *
 * Both only print what tt_describe writes from the loaded content, so a user's
 * own set (--param content=FILE) is described as the sample is. The catalogue
 * is Markdown: a heading per kind in the game's catalogue order, then per
 * thing its name, id, one-line summary and full text; docs/cards/<game>.md is
 * this output for the sample sets, and a test regenerates it byte for byte.
 * Exit status: 0 done, 1 content that does not load or a name nothing has,
 * 2 a usage error. */
#include <ctype.h>
#include <string.h>

#include "cli/cli.h"

#define DESCRIPTION_MAX 4096

static const char cards_help[] =
    "Usage: tabletop cards <game> [NAME] [--param key=value ...] [--mode M]\n"
    "\n"
    "Prints every card, strategy, item, token, agent and objective of the game's\n"
    "content as a Markdown catalogue, each described from its content: cost,\n"
    "power or stats, keywords, every effect in words with its numbers, and the\n"
    "rule IDs that govern it. With NAME (an id or a display name, case aside)\n"
    "prints that one thing's description only.\n"
    "\n"
    "Options:\n"
    "  --param key=value  a game parameter (repeatable): content=FILE describes your\n"
    "                     own set; see docs/content/<game>.md\n"
    "  --mode M, --difficulty D  short for --param mode=M, --param difficulty=D\n"
    "\n"
    "Exit status: 0 done, 1 content that does not load or an unknown NAME, 2 usage.\n";

/* Prints the whole catalogue of g as Markdown. */
static int catalogue(const tt_game *g, const char *params)
{
    char kind[128] = "", k[128], name[128], summary[512], full[DESCRIPTION_MAX];
    const char *id;
    tt_error err;
    tt_error_clear(&err);
    printf("# %s: card texts\n\n", tt_game_name(g));
    printf("Every card, strategy, item, token, agent and objective of this content set,\n"
           "described from its content by `tabletop cards %s%s%s` (content hash %s).\n"
           "Rule IDs refer to docs/rules/%s.md.\n",
           tt_game_name(g), params[0] ? " " : "", params, tt_game_content_hash(g), tt_game_name(g));
    for (int i = 0; (id = tt_describe_id(g, i)); i++) {
        if (tt_describe(g, id, TT_DESCRIBE_KIND, k, sizeof k, &err) != TT_OK ||
            tt_describe(g, id, TT_DESCRIBE_NAME, name, sizeof name, &err) != TT_OK ||
            tt_describe(g, id, TT_DESCRIBE_SUMMARY, summary, sizeof summary, &err) != TT_OK ||
            tt_describe(g, id, TT_DESCRIBE_FULL, full, sizeof full, &err) != TT_OK) {
            char buf[400];
            return cli_error(CLI_REFUSED, "%s", tt_error_text(&err, buf, sizeof buf));
        }
        if (strcmp(k, kind) != 0) {
            printf("\n## %s\n", k);
            snprintf(kind, sizeof kind, "%s", k);
        }
        size_t n = strlen(full);
        printf("\n### %s (`%s`)\n\n%s\n\n```text\n%s%s```\n", name, id, summary, full,
               n && full[n - 1] == '\n' ? "" : "\n");
    }
    return CLI_OK;
}

int cmd_cards(int argc, char **argv)
{
    const char *game = NULL, *what = NULL;
    cli_params params;
    memset(&params, 0, sizeof params);
    for (int i = 1; i < argc; i++) {
        const char *v;
        int m = 0;
        if (cli_is_help(argv[i])) {
            cli_help(cards_help, argc, argv);
            return CLI_OK;
        } else if ((m = cli_option("cards", "--param", argc, argv, &i, &v)) != 0) {
            if (m > 0 && cli_params_add("cards", &params, v))
                return CLI_USAGE;
        } else if ((m = cli_param_option("cards", argc, argv, &i, &params)) != 0) {
            /* --mode, --difficulty: added to params, or a usage error (m < 0) */
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage("cards", "unknown option '%s'", argv[i]);
        } else if (!game) {
            game = argv[i];
        } else if (!what) {
            what = argv[i];
        } else {
            return cli_usage("cards", "unexpected argument '%s'", argv[i]);
        }
        if (m < 0)
            return CLI_USAGE;
    }
    if (cli_game_check("cards", game))
        return CLI_USAGE;
    tt_game *g;
    int rc = cli_game_load("cards", game, params.text, &g);
    if (rc != CLI_OK)
        return rc;
    if (!tt_describe_id(g, 0)) {
        tt_game_free(g);
        return cli_error(CLI_REFUSED, "%s describes no content", game);
    }
    if (what) {
        char full[DESCRIPTION_MAX], buf[400];
        tt_error err;
        tt_error_clear(&err);
        if (tt_describe(g, what, TT_DESCRIBE_FULL, full, sizeof full, &err) == TT_OK)
            fputs(full, stdout);
        else
            rc = cli_error(CLI_REFUSED, "%s", tt_error_text(&err, buf, sizeof buf));
    } else {
        rc = catalogue(g, params.text);
    }
    tt_game_free(g);
    return rc;
}

/* --- info at the play prompt ------------------------------------------------------ */

/* The thing a word of an action text may name: "zone=EU" → "EU",
 * "man:militia_cadre#2" → "militia_cadre", "kestrel#3" → "kestrel". */
static void word_name(const char *word, char *out, size_t n)
{
    const char *eq = strchr(word, '=');
    if (eq)
        word = eq + 1;
    const char *colon = strchr(word, ':');
    if (colon)
        word = colon + 1;
    snprintf(out, n, "%.*s", (int)strcspn(word, "#"), word);
}

/* Describes what action text names: the first of its words that names a
 * describable thing. TT_OK, or TT_EARG when none does. */
static int describe_action(const tt_game *g, const char *text, char *buf, size_t n)
{
    char copy[TT_ACTION_TEXT_MAX], name[TT_ACTION_TEXT_MAX];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *save, *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        word_name(w, name, sizeof name);
        tt_error e;
        tt_error_clear(&e);
        if (name[0] && tt_describe(g, name, TT_DESCRIBE_FULL, buf, n, &e) == TT_OK)
            return TT_OK;
    }
    return TT_EARG;
}

void cli_info(const tt_game *g, const tt_state *s, const tt_action *legal, int nlegal,
              const char *what)
{
    char full[DESCRIPTION_MAX], text[TT_ACTION_TEXT_MAX], buf[400];
    tt_error err;
    tt_error_clear(&err);
    while (isspace((unsigned char)*what))
        what++;
    long k;
    int rc;
    if (!*what) {
        printf("info: name a card, item or token, or the number of an action (info 2)\n");
        return;
    }
    if (cli_parse_long(what, 0, 1000000, &k) == 0) {
        if (k < 1 || k > nlegal) {
            printf("info: there is no action %ld (choose 1-%d)\n", k, nlegal);
            return;
        }
        if (tt_action_format(g, s, legal[k - 1], text, sizeof text) != TT_OK)
            snprintf(text, sizeof text, "(action %ld)", k);
        if (describe_action(g, text, full, sizeof full) != TT_OK) {
            printf("info: action %ld (%s) names no card, item or token\n", k, text);
            return;
        }
        rc = TT_OK;
    } else {
        rc = tt_describe(g, what, TT_DESCRIBE_FULL, full, sizeof full, &err);
    }
    if (rc != TT_OK) {
        printf("info: %s\n", tt_error_text(&err, buf, sizeof buf));
        return;
    }
    fputs(full, stdout);
}
