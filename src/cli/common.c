/* Games, seats and narration shared by play, sim and replay.
 *
 * A seat is "human" or the name of an AI (tt_ai_list). AIs get seeds derived
 * from the game's state seed (cli_ai_seed), never from a clock, so one number
 * repeats a whole game: `sim` prints or writes the state seed of each game and
 * `play --seed` with the same players replays it. Narration goes through
 * tt_event_text with the viewer the caller chooses, so a person never reads
 * what their seat may not know. */
#include <ctype.h>
#include <string.h>

#include "cli/cli.h"
#include "core/rng.h"

/* Joins the names list(0), list(1), … with ", " into buf. */
static const char *names_join(const char *(*list)(int), char *buf, size_t n)
{
    buf[0] = '\0';
    for (int i = 0; list(i); i++) {
        size_t at = strlen(buf);
        snprintf(buf + at, n - at, "%s%s", i ? ", " : "", list(i));
    }
    return buf;
}

int cli_game_check(const char *cmd, const char *name)
{
    char known[256];
    if (!name)
        return cli_usage(cmd, "which game? (known: %s)",
                         names_join(tt_game_list, known, sizeof known));
    if (!tt_game_summary(name))
        return cli_usage(cmd, "unknown game '%s' (known: %s)", name,
                         names_join(tt_game_list, known, sizeof known));
    return CLI_OK;
}

void cli_game_describe(FILE *out, const char *name)
{
    static const char *const kinds[] = {"one of ", "a number ", "", ""};
    int lo = 0, hi = 0;
    tt_game_player_range(name, &lo, &hi);
    fprintf(out, "%s: %s\n", name, tt_game_summary(name));
    if (lo == hi)
        fprintf(out, "Players: %d\n", lo);
    else
        fprintf(out, "Players: %d to %d (the parameters choose how many)\n", lo, hi);
    if (!tt_game_param(name, 0)) {
        fprintf(out, "Parameters: none\n");
        return;
    }
    fprintf(out, "Parameters (--param key=value):\n");
    for (int i = 0; tt_game_param(name, i); i++) {
        const tt_param_spec *sp = tt_game_param(name, i);
        int kind = sp->kind >= 0 && sp->kind <= TT_PARAM_TEXT ? sp->kind : TT_PARAM_TEXT;
        fprintf(out, "  %-14s %s\n", sp->key, sp->help);
        fprintf(out, "  %-14s %s%s; default %s\n", "", kinds[kind], sp->allowed, sp->def);
    }
}

void cli_help(const char *help, int argc, char **argv)
{
    fputs(help, stdout);
    for (int i = 1; i < argc; i++)
        if (argv[i][0] != '-' && tt_game_summary(argv[i])) {
            printf("\n");
            cli_game_describe(stdout, argv[i]);
            return;
        }
}

int cli_game_load(const char *cmd, const char *name, const char *params, tt_game **out)
{
    *out = NULL;
    if (cli_game_check(cmd, name))
        return CLI_USAGE;
    tt_error err;
    tt_error_clear(&err);
    int rc = tt_game_new(name, params, out, &err);
    if (rc == TT_OK)
        return CLI_OK;
    char buf[400];
    tt_error_text(&err, buf, sizeof buf);
    if (rc == TT_EARG)
        return cli_usage(cmd, "%s", buf);
    return cli_error(CLI_REFUSED, "%s", buf);
}

int cli_game_load_seated(const char *cmd, const char *name, const char *params, const char *players,
                         tt_game **out)
{
    int rc = cli_game_load(cmd, name, params, out);
    if (rc || !players || strstr(params, "players="))
        return rc;
    int seats = 1;
    for (const char *c = players; *c; c++)
        seats += *c == ',';
    if (seats == tt_game_players(*out))
        return rc;
    char with[1100];
    snprintf(with, sizeof with, "%s%splayers=%d", params, *params ? " " : "", seats);
    tt_game *seated;
    tt_error err;
    tt_error_clear(&err);
    if (tt_game_new(name, with, &seated, &err) != TT_OK)
        return rc; /* no such player count: the seats' check says what the game has */
    tt_game_free(*out);
    *out = seated;
    return rc;
}

static int ai_known(const char *name)
{
    for (int i = 0; tt_ai_list(i); i++)
        if (strcmp(tt_ai_list(i), name) == 0)
            return 1;
    return 0;
}

int cli_ai_split(const char *text, size_t len, char *kind, size_t nkind, char *params,
                 size_t nparams)
{
    size_t klen = strcspn(text, ":");
    if (klen > len)
        klen = len;
    if (klen >= nkind || len - klen >= nparams)
        return -1;
    memcpy(kind, text, klen);
    kind[klen] = '\0';
    size_t n = 0;
    for (size_t i = klen + (klen < len); i < len; i++)
        params[n++] = text[i] == ':' ? ' ' : text[i];
    params[n] = '\0';
    return 0;
}

static int seat_set(const char *cmd, const tt_game *game, cli_seats *s, int p, const char *name,
                    size_t len, int allow_human)
{
    if (len == 0 || len >= sizeof s->name[p] ||
        cli_ai_split(name, len, s->kind[p], sizeof s->kind[p], s->params[p], sizeof s->params[p]))
        return cli_usage(cmd, "--players: bad entry for seat %d", p + 1);
    memcpy(s->name[p], name, len);
    s->name[p][len] = '\0';
    s->human[p] = strcmp(s->name[p], "human") == 0;
    if (s->human[p] && !allow_human)
        return cli_usage(cmd, "--players: only AIs play here, not 'human'");
    if (!s->human[p] && !ai_known(s->kind[p])) {
        char known[256];
        return cli_usage(cmd, "--players: unknown player '%s' (known: %s%s)", s->kind[p],
                         allow_human ? "human, " : "", names_join(tt_ai_list, known, sizeof known));
    }
    if (!s->human[p]) { /* its parameters are refused now, not in the middle of a run */
        tt_ai *ai;
        tt_error err;
        tt_error_clear(&err);
        if (tt_ai_new(s->kind[p], game, s->params[p], 0, &ai, &err) != TT_OK) {
            char buf[400];
            return cli_usage(cmd, "%s", tt_error_text(&err, buf, sizeof buf));
        }
        tt_ai_free(ai);
    }
    s->nhumans += s->human[p];
    return 0;
}

int cli_seats_parse(const char *cmd, const tt_game *game, const char *spec,
                    const char *default_first, const char *default_others, int allow_human,
                    cli_seats *out)
{
    memset(out, 0, sizeof *out);
    out->n = tt_game_players(game);
    if (!spec) {
        for (int p = 0; p < out->n; p++) {
            const char *name = p == 0 ? default_first : default_others;
            int rc = seat_set(cmd, game, out, p, name, strlen(name), allow_human);
            if (rc)
                return rc;
        }
        return 0;
    }
    int p = 0;
    const char *s = spec;
    for (;;) {
        size_t len = strcspn(s, ",");
        if (p == out->n)
            return cli_usage(cmd, "--players: %s has %d players, not more", tt_game_name(game),
                             out->n);
        int rc = seat_set(cmd, game, out, p++, s, len, allow_human);
        if (rc)
            return rc;
        if (!s[len])
            break;
        s += len + 1;
    }
    if (p != out->n)
        return cli_usage(cmd, "--players: %s needs %d players, one per seat (e.g. %s%s)",
                         tt_game_name(game), out->n, default_first,
                         out->n == 2 ? ",random" : ",random,…");
    return 0;
}

uint64_t cli_ai_seed(uint64_t state_seed, int player)
{
    return tt_mix64(tt_mix64(state_seed) + (uint64_t)player + 1);
}

uint64_t cli_game_seed(uint64_t run_seed, uint64_t i)
{
    return tt_mix64(tt_mix64(run_seed) + i);
}

int cli_ais_new(const tt_game *game, const cli_seats *seats, uint64_t state_seed, tt_ai **ais)
{
    for (int p = 0; p < seats->n; p++)
        ais[p] = NULL;
    for (int p = 0; p < seats->n; p++) {
        if (seats->human[p])
            continue;
        tt_error err;
        tt_error_clear(&err);
        if (tt_ai_new(seats->kind[p], game, seats->params[p], cli_ai_seed(state_seed, p), &ais[p],
                      &err)) {
            char buf[400];
            cli_ais_free(ais, seats->n);
            return cli_error(CLI_REFUSED, "%s", tt_error_text(&err, buf, sizeof buf));
        }
    }
    return CLI_OK;
}

void cli_ais_free(tt_ai **ais, int n)
{
    for (int p = 0; p < n; p++) {
        tt_ai_free(ais[p]);
        ais[p] = NULL;
    }
}

void cli_narrate(FILE *out, const tt_game *game, const tt_events *ev, int viewer)
{
    char line[512];
    for (int i = 0; i < ev->n; i++) {
        int len = tt_event_text(game, &ev->ev[i], viewer, line, sizeof line);
        if (len > 0)
            fprintf(out, "%s\n", line);
    }
    if (ev->dropped)
        fprintf(out, "(%d more events not shown)\n", ev->dropped);
}

/* "the Invader wins", "the Germans and the Locals share the win", "a draw". */
static void outcome_words(const tt_game *g, const tt_result *r, char *buf, size_t n)
{
    int plural = 0, nwin = 0;
    size_t at = 0;
    buf[0] = '\0';
    for (int p = 0; p < r->nplayers; p++) {
        if (!(r->winners >> p & 1))
            continue;
        int more = 0;
        for (int q = p + 1; q < r->nplayers; q++)
            more += r->winners >> q & 1;
        const char *sep = !nwin++ ? "" : more ? ", " : " and ";
        char title[64];
        at += (size_t)snprintf(buf + at, at < n ? n - at : 0, "%s%s", sep,
                               tt_player_title(g, p, title, sizeof title, &plural));
    }
    if (!nwin)
        snprintf(buf, n, "a draw");
    else if (nwin > 1)
        snprintf(buf + at, at < n ? n - at : 0, " share the win");
    else
        snprintf(buf + at, at < n ? n - at : 0, " win%s", plural ? "" : "s");
}

/* The game's figures that explain a final table, "<table>|<player>|<part>":
 * the score by source (the table named as the score, "VP|germans|rallies",
 * but its total) and what ranks equal scores ("standing|germans|support").
 * Writes the tables and parts in order into out (up to max) and returns
 * how many. */
#define SOURCES_MAX 10
typedef struct source {
    char table[24], part[24];
} source;
static int score_sources(const tt_game *g, const tt_stat *st, int nst, source *out, int max)
{
    const char *tables[] = {tt_game_score_name(g), "standing"};
    int n = 0;
    for (int t = 0; t < 2; t++) {
        size_t len = tables[t] ? strlen(tables[t]) : 0;
        for (int i = 0; tables[t] && i < nst; i++) {
            const char *name = st[i].name, *part = strrchr(name, '|');
            if (strncmp(name, tables[t], len) != 0 || name[len] != '|' || !part ||
                part == name + len || strcmp(part + 1, "total") == 0)
                continue;
            int k = 0;
            while (k < n && (strcmp(out[k].part, part + 1) != 0 || strcmp(out[k].table, tables[t])))
                k++;
            if (k == n && n < max) {
                snprintf(out[n].table, sizeof out[n].table, "%s", tables[t]);
                snprintf(out[n].part, sizeof out[n].part, "%s", part + 1);
                n++;
            }
        }
    }
    return n;
}

/* Player p's figure "<table>|<player>|<part>", or 0. */
static int source_value(const tt_game *g, const tt_stat *st, int nst, int p, const source *src)
{
    char name[512]; /* longer than any figure's name: a match is exact */
    snprintf(name, sizeof name, "%s|%s|%s", src->table, tt_player_name(g, p), src->part);
    for (int i = 0; i < nst; i++)
        if (strcmp(st[i].name, name) == 0)
            return (int)st[i].value;
    return 0;
}

/* A player's result: win, loss or draw, and why he left early. */
static const char *result_word(const tt_result *r, int p, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s",
             r->winners >> p & 1                     ? "win"
             : !r->winners && r->player[p].rank == 1 ? "draw"
                                                     : "loss",
             !r->player[p].eliminated             ? ""
             : strcmp(r->reason, "CONCEDED") == 0 ? " (conceded)"
                                                  : " (eliminated)");
    return buf;
}

/* One row per player: result, rank, score and the score's sources, each
 * column as wide as its widest entry. */
static void result_table(FILE *out, const tt_game *g, const tt_state *s, const tt_result *r)
{
    tt_stat st[256];
    source src[SOURCES_MAX];
    char word[32];
    int nst = tt_stats(g, s, st, 256);
    nst = nst < 256 ? nst : 256;
    int nsrc = score_sources(g, st, nst, src, SOURCES_MAX);
    const char *score = tt_game_score_name(g);
    int wname = 6, wres = 6;
    for (int p = 0; p < r->nplayers; p++) {
        int len = (int)strlen(tt_player_name(g, p)),
            lres = (int)strlen(result_word(r, p, word, 32));
        wname = len > wname ? len : wname;
        wres = lres > wres ? lres : wres;
    }
    fprintf(out, "  %-*s  %-*s  rank", wname, "player", wres, "result");
    if (score)
        fprintf(out, "  %3s", score);
    for (int k = 0; k < nsrc; k++)
        fprintf(out, "  %s", src[k].part);
    fprintf(out, "\n");
    for (int p = 0; p < r->nplayers; p++) {
        fprintf(out, "  %-*s  %-*s  %4d", wname, tt_player_name(g, p), wres,
                result_word(r, p, word, sizeof word), r->player[p].rank);
        if (score)
            fprintf(out, "  %*d", (int)strlen(score) > 3 ? (int)strlen(score) : 3,
                    r->player[p].score);
        for (int k = 0; k < nsrc; k++)
            fprintf(out, "  %*d", (int)strlen(src[k].part), source_value(g, st, nst, p, &src[k]));
        fprintf(out, "\n");
    }
}

void cli_result_print(FILE *out, const tt_game *game, const tt_state *state)
{
    tt_result r;
    tt_result_get(game, state, &r);
    const char *unit = tt_game_turn_name(game);
    if (!r.over) {
        fprintf(out, "The game is not over (%s %d, %s to move).\n", unit, tt_turn(game, state),
                tt_player_name(game, tt_to_move(game, state)));
        return;
    }
    char words[200];
    outcome_words(game, &r, words, sizeof words);
    fprintf(out, "Game over after %d %s%s: %s (%s).\n", r.turn, unit, r.turn == 1 ? "" : "s", words,
            r.reason);
    const char *why = tt_result_reason_text(game, state);
    if (why)
        fprintf(out, "%c%s.\n", toupper((unsigned char)why[0]), why + 1);
    result_table(out, game, state, &r);
}

const char *cli_winners(const tt_game *game, const tt_result *r, const char *sep, char *buf,
                        size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int p = 0; p < tt_game_players(game) && at < n; p++)
        if (r->winners >> p & 1)
            at +=
                (size_t)snprintf(buf + at, n - at, "%s%s", at ? sep : "", tt_player_name(game, p));
    if (!buf[0])
        snprintf(buf, n, "none");
    return buf;
}
