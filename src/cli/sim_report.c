/* The reports of `tabletop sim`: a table for people, one JSON object for tools.
 *
 * Both print the same figures from a sim_tally: wins per player with a 95%
 * Wilson interval, games without a winner, game length (mean and median, in
 * turns and in actions), end reasons by count, the first-player edge and the
 * speed. Rates are proportions in JSON and percentages in the table. The edge
 * is player 0's win rate minus 50%, its interval the Wilson interval of that
 * rate shifted by the same 50%. */
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

static double games_per_s(const sim_tally *t)
{
    return t->seconds > 0 ? (double)t->games / t->seconds : 0.0;
}

/* --- table -------------------------------------------------------------------- */

static void table_wins(FILE *out, const sim_tally *t)
{
    fprintf(out, "  %-12s %-10s %8s %8s   %s\n", "player", "AI", "wins", "rate", "95% interval");
    for (int p = 0; p < t->seats->n; p++) {
        cli_interval ci = cli_wilson(t->wins[p], t->games, CLI_Z95);
        fprintf(out, "  %-12s %-10s %8ld %7.1f%%   %.1f%% - %.1f%%\n",
                tt_player_name(t->game, p), t->seats->name[p], t->wins[p],
                100.0 * (double)t->wins[p] / (double)t->games, 100 * ci.lo, 100 * ci.hi);
    }
    if (t->no_winner) {
        cli_interval ci = cli_wilson(t->no_winner, t->games, CLI_Z95);
        fprintf(out, "  %-23s %8ld %7.1f%%   %.1f%% - %.1f%%\n", "no winner", t->no_winner,
                100.0 * (double)t->no_winner / (double)t->games, 100 * ci.lo, 100 * ci.hi);
    }
    if (t->shared)
        fprintf(out, "  %-23s %8ld %7.1f%%   (counted in the wins of each)\n", "shared first place",
                t->shared, 100.0 * (double)t->shared / (double)t->games);
}

static void table_length(FILE *out, sim_tally *t)
{
    size_t n = (size_t)t->games;
    fprintf(out, "  %-12s %10s %8s\n", "game length", "mean", "median");
    fprintf(out, "  %-12s %10.1f %8.1f\n", "turns", cli_mean(t->turns, n),
            cli_median(t->turns, n));
    fprintf(out, "  %-12s %10.1f %8.1f\n", "actions", cli_mean(t->actions, n),
            cli_median(t->actions, n));
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

void sim_report_table(FILE *out, sim_tally *t)
{
    fprintf(out, "%s: %ld games,", tt_game_name(t->game), t->games);
    for (int p = 0; p < t->seats->n; p++)
        fprintf(out, "%s %s (%s)", p ? " vs" : "", tt_player_name(t->game, p),
                t->seats->name[p]);
    fprintf(out, ", seed %llu", (unsigned long long)t->seed);
    if (tt_game_params(t->game)[0])
        fprintf(out, ", %s", tt_game_params(t->game));
    fprintf(out, "\n\n");
    table_wins(out, t);
    fputc('\n', out);
    table_length(out, t);
    fputc('\n', out);
    table_reasons(out, t);
    fputc('\n', out);
    cli_interval ci = cli_wilson(t->wins[0], t->games, CLI_Z95);
    double edge = (double)t->wins[0] / (double)t->games - 0.5;
    fprintf(out, "  first-player edge (%s, player 0): %+.1f points, 95%% interval %+.1f to %+.1f\n",
            tt_player_name(t->game, 0), 100 * edge, 100 * (ci.lo - 0.5), 100 * (ci.hi - 0.5));
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

void sim_report_json(FILE *out, sim_tally *t)
{
    fprintf(out, "{\"game\":");
    cli_json_string(out, tt_game_name(t->game));
    fprintf(out, ",\"params\":");
    cli_json_string(out, tt_game_params(t->game));
    fprintf(out, ",\"seed\":%llu,\"games\":%ld,", (unsigned long long)t->seed, t->games);
    json_players(out, t);
    fprintf(out, "\"no_winner\":%ld,\"shared_wins\":%ld,", t->no_winner, t->shared);
    json_lengths(out, t);
    json_reasons(out, t);
    cli_interval ci = cli_wilson(t->wins[0], t->games, CLI_Z95);
    fprintf(out, "\"first_player_edge\":{\"player\":");
    cli_json_string(out, tt_player_name(t->game, 0));
    fprintf(out, ",\"edge\":%.6f,\"ci95\":[%.6f,%.6f]},",
            (double)t->wins[0] / (double)t->games - 0.5, ci.lo - 0.5, ci.hi - 0.5);
    fprintf(out, "\"seconds\":%.4f,\"games_per_s\":%.1f}\n", t->seconds, games_per_s(t));
}
