/* The reports of `tabletop sim`: a table for people, one JSON object for tools.
 *
 * Both print the same figures from a sim_tally: wins per player with a 95%
 * Wilson interval, games without a winner, game length (mean and median, in
 * turns and in actions), end reasons by count, the first-player edge and the
 * speed. Rates are proportions in JSON and percentages in the table. The
 * seat-0 edge is player 0's share of the points minus an even share (1/n for
 * n players), where a win is a point (a shared first place a point for each)
 * and a game without a winner gives each player 1/n, so draws do not count
 * against seat 0; its interval is the Wilson interval of that share, shifted
 * the same way. The first-mover edge is the same figure for whoever was to
 * move when each game began (tt_to_move of the new state: the same seat in
 * every game of Invaders, decided per game where the rules decide it). A
 * game's own figures (tt_stats, named "table|row|column") follow as tables of
 * means over the games each figure applies to ("-", or null, where none). Two configurations compare by player name: the difference
 * of win rates with Newcombe's paired interval (game i of both shares its
 * seed), significant when it excludes 0. */
#include <stdlib.h>
#include <string.h>

#include "cli/sim.h"
#include "cli/stats.h"

static int reason_cmp(const void *a, const void *b)
{
    const sim_reason *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return strcmp(x->code, y->code);
}

/* The reasons, most frequent first (ties by name). */
static void reasons_sorted(const sim_tally *t, sim_reason *out)
{
    memcpy(out, t->reason, (size_t)t->nreasons * sizeof *out);
    qsort(out, (size_t)t->nreasons, sizeof *out, reason_cmp);
}

/* Player 0's win rate in an even game: 1/n (50% for two players). */
static double even_share(const sim_tally *t)
{
    return 1.0 / (double)t->seats->n;
}

static double games_per_s(const sim_tally *t)
{
    return t->seconds > 0 ? (double)t->games / t->seconds : 0.0;
}

/* --- table -------------------------------------------------------------------- */

static void table_wins(FILE *out, const sim_tally *t)
{
    int w = 10; /* the AI column fits its longest name ("ismcts:ms=20") */
    for (int p = 0; p < t->seats->n; p++)
        if ((int)strlen(t->seats->name[p]) > w)
            w = (int)strlen(t->seats->name[p]);
    fprintf(out, "  %-12s %-*s %8s %8s   %s\n", "player", w, "AI", "wins", "rate", "95% interval");
    for (int p = 0; p < t->seats->n; p++) {
        cli_interval ci = cli_wilson(t->wins[p], t->games, CLI_Z95);
        fprintf(out, "  %-12s %-*s %8ld %7.1f%%   %.1f%% - %.1f%%\n", tt_player_name(t->game, p), w,
                t->seats->name[p], t->wins[p], 100.0 * (double)t->wins[p] / (double)t->games,
                100 * ci.lo, 100 * ci.hi);
    }
    if (t->no_winner) {
        cli_interval ci = cli_wilson(t->no_winner, t->games, CLI_Z95);
        fprintf(out, "  %-*s %8ld %7.1f%%   %.1f%% - %.1f%%\n", w + 13, "no winner", t->no_winner,
                100.0 * (double)t->no_winner / (double)t->games, 100 * ci.lo, 100 * ci.hi);
    }
    if (t->shared)
        fprintf(out, "  %-*s %8ld %7.1f%%   (counted in the wins of each)\n", w + 13,
                "shared first place", t->shared, 100.0 * (double)t->shared / (double)t->games);
}

/* The share of the points won by `wins` (and the games without a winner)
 * minus an even share, and its 95% interval (see the file comment). */
static double edge_of(const sim_tally *t, long wins, cli_interval *ci)
{
    double np = t->seats->n;
    double points = (double)wins + (double)t->no_winner / np;
    *ci = cli_wilson((long)(points + 0.5), t->games, CLI_Z95);
    ci->lo -= 1 / np;
    ci->hi -= 1 / np;
    return points / (double)t->games - 1 / np;
}

/* The player to move first in every game, or -1 when it changed. */
static int first_mover(const sim_tally *t)
{
    for (int p = 0; p < TT_MAX_PLAYERS; p++)
        if (t->first_counts[p] == t->games)
            return p;
    return -1;
}

static void table_length(FILE *out, sim_tally *t)
{
    size_t n = (size_t)t->games;
    fprintf(out, "  %-12s %10s %8s\n", "game length", "mean", "median");
    fprintf(out, "  %-12s %10.1f %8.1f\n", "turns", cli_mean(t->turns, n), cli_median(t->turns, n));
    fprintf(out, "  %-12s %10.1f %8.1f\n", "actions", cli_mean(t->actions, n),
            cli_median(t->actions, n));
}

/* The spread of player p's scores over the games, or of the margins (p < 0),
 * and, when hist is not NULL, how many games gave each value (hist[v - min],
 * nhist entries, malloc'd for the caller). */
static cli_spread score_spread(const sim_tally *t, int p, int **hist, int *nhist)
{
    size_t n = (size_t)t->games;
    int *v = malloc((n ? n : 1) * sizeof *v);
    cli_spread sp = {0};
    if (hist)
        *hist = NULL, *nhist = 0;
    if (!v)
        return sp;
    for (size_t i = 0; i < n; i++)
        v[i] = p < 0 ? t->margins[i] : t->scores[i * TT_MAX_PLAYERS + (size_t)p];
    sp = cli_spread_of(v, n);
    if (hist && n && (*hist = calloc((size_t)(v[n - 1] - v[0] + 1), sizeof **hist))) {
        *nhist = v[n - 1] - v[0] + 1;
        for (size_t i = 0; i < n; i++)
            (*hist)[v[i] - v[0]]++;
    }
    free(v);
    return sp;
}

static void table_score_row(FILE *out, const char *name, cli_spread sp)
{
    fprintf(out, "  %-12s %8.2f %6.0f %6.1f %7.1f %6.1f %6.0f\n", name, sp.mean, sp.min, sp.q1,
            sp.median, sp.q3, sp.max);
}

/* For a game with scores: each player's, and the margin of the best over the next best. */
static void table_scores(FILE *out, const sim_tally *t)
{
    const char *unit = tt_game_score_name(t->game);
    fprintf(out, "  %-12s %8s %6s %6s %7s %6s %6s\n", unit, "mean", "min", "25%", "median", "75%",
            "max");
    for (int p = 0; p < t->seats->n; p++)
        table_score_row(out, tt_player_name(t->game, p), score_spread(t, p, NULL, NULL));
    table_score_row(out, "margin", score_spread(t, -1, NULL, NULL));
    fprintf(out, "  (margin: the best %s less the next best, per game)\n", unit);
}

static void table_reasons(FILE *out, const sim_tally *t)
{
    sim_reason sorted[SIM_MAX_REASONS];
    reasons_sorted(t, sorted);
    fprintf(out, "  %-22s %8s %8s\n", "ended by", "games", "share");
    for (int i = 0; i < t->nreasons; i++)
        fprintf(out, "  %-22s %8ld %7.1f%%\n", sorted[i].code, sorted[i].n,
                100.0 * (double)sorted[i].n / (double)t->games);
    if (t->other_reasons)
        fprintf(out, "  %-22s %8ld %7.1f%%\n", "(other)", t->other_reasons,
                100.0 * (double)t->other_reasons / (double)t->games);
}

/* --- the game's own figures ------------------------------------------------------ */

/* The part k (0 table, 1 row, 2 column) of a figure's name, into buf. */
static const char *name_part(const char *name, int k, char *buf, size_t n)
{
    for (; k > 0 && name; k--) {
        name = strchr(name, '|');
        name = name ? name + 1 : NULL;
    }
    if (!name)
        name = "";
    size_t len = strcspn(name, "|");
    snprintf(buf, n, "%.*s", (int)(len < n ? len : n - 1), name);
    return buf;
}

/* Is the part k of figure i seen for the first time (in its table)? */
static int first_of(const sim_tally *t, int i, int k)
{
    char a[48], b[48], ta[48], tb[48];
    name_part(t->stat_name[i], k, a, sizeof a);
    name_part(t->stat_name[i], 0, ta, sizeof ta);
    for (int j = 0; j < i; j++)
        if (strcmp(name_part(t->stat_name[j], k, b, sizeof b), a) == 0 &&
            (k == 0 || strcmp(name_part(t->stat_name[j], 0, tb, sizeof tb), ta) == 0))
            return 0;
    return 1;
}

/* The mean of figure "table|row|col" over the games it applied to, or -1 when
 * it applied to none. */
static double stat_mean(const sim_tally *t, const char *table, const char *row, const char *col)
{
    char want[160];
    snprintf(want, sizeof want, "%s|%s|%s", table, row, col);
    for (int i = 0; i < t->nstats; i++)
        if (strcmp(t->stat_name[i], want) == 0)
            return t->stat_n[i] ? t->stat_sum[i] / (double)t->stat_n[i] : -1;
    return -1;
}

static void table_stats(FILE *out, const sim_tally *t)
{
    char table[48], row[48], col[48];
    for (int i = 0; i < t->nstats; i++) {
        if (!first_of(t, i, 0))
            continue;
        name_part(t->stat_name[i], 0, table, sizeof table);
        fprintf(out, "\n  %-24s", table);
        for (int j = i; j < t->nstats; j++)
            if (strcmp(name_part(t->stat_name[j], 0, row, sizeof row), table) == 0 &&
                first_of(t, j, 2))
                fprintf(out, " %*s",
                        (int)strlen(name_part(t->stat_name[j], 2, col, sizeof col)) > 9
                            ? (int)strlen(col)
                            : 9,
                        col);
        fputc('\n', out);
        for (int j = i; j < t->nstats; j++) {
            if (strcmp(name_part(t->stat_name[j], 0, row, sizeof row), table) != 0 ||
                !first_of(t, j, 1))
                continue;
            name_part(t->stat_name[j], 1, row, sizeof row);
            fprintf(out, "  %-24s", row);
            for (int k = i; k < t->nstats; k++)
                if (strcmp(name_part(t->stat_name[k], 0, col, sizeof col), table) == 0 &&
                    first_of(t, k, 2)) {
                    name_part(t->stat_name[k], 2, col, sizeof col);
                    int w = (int)strlen(col) > 9 ? (int)strlen(col) : 9;
                    double v = stat_mean(t, table, row, col);
                    if (v < 0)
                        fprintf(out, " %*s", w, "-");
                    else
                        fprintf(out, " %*.2f", w, v);
                }
            fputc('\n', out);
        }
    }
}

void sim_report_table(FILE *out, sim_tally *t)
{
    if (t->label)
        fprintf(out, "configuration %s: ", t->label);
    fprintf(out, "%s: %ld games,", tt_game_name(t->game), t->games);
    for (int p = 0; p < t->seats->n; p++)
        fprintf(out, "%s %s (%s)", p ? " vs" : "", tt_player_name(t->game, p), t->seats->name[p]);
    fprintf(out, ", seed %llu", (unsigned long long)t->seed);
    if (tt_game_params(t->game)[0])
        fprintf(out, ", %s", tt_game_params(t->game));
    fprintf(out, "\n\n");
    table_wins(out, t);
    fputc('\n', out);
    table_length(out, t);
    fputc('\n', out);
    if (tt_game_score_name(t->game)) {
        table_scores(out, t);
        fputc('\n', out);
    }
    table_reasons(out, t);
    fputc('\n', out);
    cli_interval ci;
    double even = even_share(t), edge = edge_of(t, t->wins[0], &ci);
    fprintf(out,
            "  seat-0 edge (%s) over an even %.1f%%: %+.1f points, 95%% interval %+.1f to %+.1f\n",
            tt_player_name(t->game, 0), 100 * even, 100 * edge, 100 * ci.lo, 100 * ci.hi);
    int first = first_mover(t);
    edge = edge_of(t, t->first_wins, &ci);
    char who[64];
    if (first >= 0)
        snprintf(who, sizeof who, "%s, first in every game", tt_player_name(t->game, first));
    else
        snprintf(who, sizeof who, "whoever moved first");
    fprintf(out, "  first-mover edge (%s): %+.1f points, 95%% interval %+.1f to %+.1f\n", who,
            100 * edge, 100 * ci.lo, 100 * ci.hi);
    if (t->nstats) {
        fprintf(out, "\n  the game's figures, means over the games each applies to:\n");
        table_stats(out, t);
        fputc('\n', out);
    }
    fprintf(out, "  speed: %.0f games/s (%.2f s)\n", games_per_s(t), t->seconds);
}

/* --- JSON --------------------------------------------------------------------- */

static void json_players(FILE *out, const sim_tally *t)
{
    fprintf(out, "\"players\":[");
    for (int p = 0; p < t->seats->n; p++) {
        cli_interval ci = cli_wilson(t->wins[p], t->games, CLI_Z95);
        fprintf(out, "%s{\"player\":", p ? "," : "");
        cli_json_string(out, tt_player_name(t->game, p));
        fprintf(out, ",\"ai\":");
        cli_json_string(out, t->seats->name[p]);
        fprintf(out, ",\"wins\":%ld,\"win_rate\":%.6f,\"ci95\":[%.6f,%.6f]}", t->wins[p],
                (double)t->wins[p] / (double)t->games, ci.lo, ci.hi);
    }
    fprintf(out, "],");
}

static void json_lengths(FILE *out, sim_tally *t)
{
    size_t n = (size_t)t->games;
    fprintf(out, "\"turns\":{\"mean\":%.4f,\"median\":%.1f},", cli_mean(t->turns, n),
            cli_median(t->turns, n));
    fprintf(out, "\"actions\":{\"mean\":%.4f,\"median\":%.1f},", cli_mean(t->actions, n),
            cli_median(t->actions, n));
}

static void json_spread(FILE *out, const sim_tally *t, int p)
{
    int *hist, nhist;
    cli_spread sp = score_spread(t, p, &hist, &nhist);
    fprintf(out,
            "\"mean\":%.4f,\"min\":%.0f,\"q1\":%.1f,\"median\":%.1f,\"q3\":%.1f,\"max\":%.0f,"
            "\"histogram\":[",
            sp.mean, sp.min, sp.q1, sp.median, sp.q3, sp.max);
    for (int i = 0, first = 1; i < nhist; i++)
        if (hist[i]) {
            fprintf(out, "%s[%d,%d]", first ? "" : ",", (int)sp.min + i, hist[i]);
            first = 0;
        }
    fprintf(out, "]");
    free(hist);
}

/* "scores":{"name":"VP","players":[{player, mean, min, q1, median, q3, max,
 * histogram: [[value, games], …]}, …],"margin":{…}}, for a game with scores. */
static void json_scores(FILE *out, const sim_tally *t)
{
    if (!tt_game_score_name(t->game))
        return;
    fprintf(out, "\"scores\":{\"name\":");
    cli_json_string(out, tt_game_score_name(t->game));
    fprintf(out, ",\"players\":[");
    for (int p = 0; p < t->seats->n; p++) {
        fprintf(out, "%s{\"player\":", p ? "," : "");
        cli_json_string(out, tt_player_name(t->game, p));
        fputc(',', out);
        json_spread(out, t, p);
        fputc('}', out);
    }
    fprintf(out, "],\"margin\":{");
    json_spread(out, t, -1);
    fprintf(out, "}},");
}

static void json_reasons(FILE *out, const sim_tally *t)
{
    sim_reason sorted[SIM_MAX_REASONS];
    reasons_sorted(t, sorted);
    fprintf(out, "\"reasons\":{");
    for (int i = 0; i < t->nreasons; i++) {
        fprintf(out, "%s", i ? "," : "");
        cli_json_string(out, sorted[i].code);
        fprintf(out, ":%ld", sorted[i].n);
    }
    if (t->other_reasons)
        fprintf(out, "%s\"(other)\":%ld", t->nreasons ? "," : "", t->other_reasons);
    fprintf(out, "},");
}

/* {"table":{"row":{"col":mean,…},…},…} */
static void json_stats(FILE *out, const sim_tally *t)
{
    char table[48], row[48], col[48], x[48];
    fprintf(out, "\"stats\":{");
    for (int i = 0, nt = 0; i < t->nstats; i++) {
        if (!first_of(t, i, 0))
            continue;
        fprintf(out, "%s", nt++ ? "," : "");
        cli_json_string(out, name_part(t->stat_name[i], 0, table, sizeof table));
        fprintf(out, ":{");
        for (int j = i, nr = 0; j < t->nstats; j++) {
            if (strcmp(name_part(t->stat_name[j], 0, x, sizeof x), table) != 0 ||
                !first_of(t, j, 1))
                continue;
            fprintf(out, "%s", nr++ ? "," : "");
            cli_json_string(out, name_part(t->stat_name[j], 1, row, sizeof row));
            fprintf(out, ":{");
            for (int k = j, nc = 0; k < t->nstats; k++) {
                if (strcmp(name_part(t->stat_name[k], 0, x, sizeof x), table) != 0 ||
                    strcmp(name_part(t->stat_name[k], 1, x, sizeof x), row) != 0)
                    continue;
                fprintf(out, "%s", nc++ ? "," : "");
                cli_json_string(out, name_part(t->stat_name[k], 2, col, sizeof col));
                double v = stat_mean(t, table, row, col);
                if (v < 0)
                    fprintf(out, ":null");
                else
                    fprintf(out, ":%.4f", v);
            }
            fprintf(out, "}");
        }
        fprintf(out, "}");
    }
    fprintf(out, "},");
}

/* The report as one JSON object, without the final newline. */
static void json_object_of(FILE *out, sim_tally *t)
{
    fprintf(out, "{\"game\":");
    cli_json_string(out, tt_game_name(t->game));
    fprintf(out, ",\"params\":");
    cli_json_string(out, tt_game_params(t->game));
    fprintf(out, ",\"seed\":%llu,\"games\":%ld,", (unsigned long long)t->seed, t->games);
    json_players(out, t);
    fprintf(out, "\"no_winner\":%ld,\"shared_wins\":%ld,", t->no_winner, t->shared);
    json_lengths(out, t);
    json_scores(out, t);
    json_reasons(out, t);
    cli_interval ci;
    double edge = edge_of(t, t->wins[0], &ci);
    fprintf(out, "\"seat0_edge\":{\"player\":");
    cli_json_string(out, tt_player_name(t->game, 0));
    fprintf(out, ",\"edge\":%.6f,\"ci95\":[%.6f,%.6f]},", edge, ci.lo, ci.hi);
    int first = first_mover(t);
    edge = edge_of(t, t->first_wins, &ci);
    fprintf(out, "\"first_mover_edge\":{\"player\":");
    if (first >= 0)
        cli_json_string(out, tt_player_name(t->game, first));
    else
        fprintf(out, "null");
    fprintf(out, ",\"edge\":%.6f,\"ci95\":[%.6f,%.6f]},", edge, ci.lo, ci.hi);
    if (t->nstats)
        json_stats(out, t);
    fprintf(out, "\"seconds\":%.4f,\"games_per_s\":%.1f}", t->seconds, games_per_s(t));
}

void sim_report_json(FILE *out, sim_tally *t)
{
    json_object_of(out, t);
    fputc('\n', out);
}

/* --- two configurations ----------------------------------------------------------- */

/* The paired interval of B's win rate of player p minus A's of player q. */
static cli_interval paired(const sim_tally *a, int q, const sim_tally *b, int p)
{
    long n[4] = {0, 0, 0, 0}; /* n11, n10, n01, n00: B won, A won */
    long games = a->games < b->games ? a->games : b->games;
    for (long i = 0; i < games; i++) {
        int wb = b->winners[i] >> p & 1, wa = a->winners[i] >> q & 1;
        n[(!wb) * 2 + !wa]++;
    }
    return cli_newcombe_paired(n[0], n[1], n[2], n[3], CLI_Z95);
}

/* Player index of `name` in t's game, or -1. */
static int player_of(const sim_tally *t, const char *name)
{
    for (int p = 0; p < t->seats->n; p++)
        if (strcmp(tt_player_name(t->game, p), name) == 0)
            return p;
    return -1;
}

void sim_report_compare_table(FILE *out, sim_tally *a, sim_tally *b)
{
    sim_report_table(out, a);
    fputc('\n', out);
    sim_report_table(out, b);
    fprintf(out,
            "\nwin rates, B against A (%ld and %ld games on the same seeds, paired "
            "intervals):\n",
            a->games, b->games);
    fprintf(out, "  %-12s %8s %8s %11s   %-20s %s\n", "player", "A", "B", "difference",
            "95% interval", "significant");
    for (int p = 0; p < b->seats->n; p++) {
        const char *name = tt_player_name(b->game, p);
        int q = player_of(a, name);
        if (q < 0) {
            fprintf(out, "  %-12s %8s %7.1f%%   (plays only in B)\n", name, "-",
                    100.0 * (double)b->wins[p] / (double)b->games);
            continue;
        }
        cli_interval d = paired(a, q, b, p);
        double diff = (double)b->wins[p] / (double)b->games - (double)a->wins[q] / (double)a->games;
        char ci[40];
        snprintf(ci, sizeof ci, "%+.1f to %+.1f", 100 * d.lo, 100 * d.hi);
        fprintf(out, "  %-12s %7.1f%% %7.1f%% %+10.1f   %-20s %s\n", name,
                100.0 * (double)a->wins[q] / (double)a->games,
                100.0 * (double)b->wins[p] / (double)b->games, 100 * diff, ci,
                d.lo > 0 || d.hi < 0 ? "yes" : "no");
    }
    for (int q = 0; q < a->seats->n; q++)
        if (player_of(b, tt_player_name(a->game, q)) < 0)
            fprintf(out, "  %-12s %7.1f%% %8s   (plays only in A)\n", tt_player_name(a->game, q),
                    100.0 * (double)a->wins[q] / (double)a->games, "-");
}

void sim_report_compare_json(FILE *out, sim_tally *a, sim_tally *b)
{
    fprintf(out, "{\"a\":");
    json_object_of(out, a);
    fprintf(out, ",\"b\":");
    json_object_of(out, b);
    fprintf(out, ",\"comparison\":[");
    for (int p = 0, n = 0; p < b->seats->n; p++) {
        int q = player_of(a, tt_player_name(b->game, p));
        if (q < 0)
            continue;
        cli_interval d = paired(a, q, b, p);
        double ra = (double)a->wins[q] / (double)a->games,
               rb = (double)b->wins[p] / (double)b->games;
        fprintf(out, "%s{\"player\":", n++ ? "," : "");
        cli_json_string(out, tt_player_name(b->game, p));
        fprintf(out,
                ",\"win_rate_a\":%.6f,\"win_rate_b\":%.6f,\"difference\":%.6f,"
                "\"ci95\":[%.6f,%.6f],\"significant\":%s}",
                ra, rb, rb - ra, d.lo, d.hi, d.lo > 0 || d.hi < 0 ? "true" : "false");
    }
    fprintf(out, "]}\n");
}
