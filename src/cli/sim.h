/* `tabletop sim`: the tallies a simulation collects and the reports on them. */
#ifndef TT_CLI_SIM_H
#define TT_CLI_SIM_H

#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"

#define SIM_MAX_REASONS 32
#define SIM_MAX_STATS 256

typedef struct sim_reason {
    char code[32]; /* tt_result.reason */
    long n;        /* games that ended so */
} sim_reason;

typedef struct sim_tally {
    const tt_game *game;
    const cli_seats *seats;
    uint64_t seed; /* --seed; game i starts from cli_game_seed(seed, i) */
    long games;    /* games played */
    long wins[TT_MAX_PLAYERS];
    long no_winner;         /* nobody won: draws, aborted games */
    long shared;            /* games whose first place was shared (in wins of each) */
    int *turns;             /* per game: turns played (tt_result.turn) */
    int *actions;           /* per game: actions applied */
    unsigned char *winners; /* per game: tt_result.winners (the paired comparison) */
    int *scores;     /* per game, TT_MAX_PLAYERS each: tt_standing.score (games with scores) */
    int *margins;    /* per game: the best score less the next best */
    long first_wins; /* games the player to move first won (a share for each) */
    long first_counts[TT_MAX_PLAYERS]; /* games each player was to move first */
    sim_reason reason[SIM_MAX_REASONS];
    int nreasons;
    long other_reasons; /* games whose reason did not fit in reason[] */
    double seconds;     /* wall time of the games */
    const char *label;  /* "A" or "B" when two configurations are compared */
    /* the game's own figures (tt_stats), summed over the games each applies to */
    int nstats;
    char stat_name[SIM_MAX_STATS][48];
    double stat_sum[SIM_MAX_STATS];
    long stat_n[SIM_MAX_STATS]; /* games where it applied (not NAN) */
} sim_tally;

/* The reports (sim_report.c). They sort turns and actions in place. */
void sim_report_table(FILE *out, sim_tally *t);
void sim_report_json(FILE *out, sim_tally *t);
/* Two configurations of one game played on the same seeds: each one's
 * report, then every player's win rate in both, the difference (B - A) with
 * its 95% paired interval (game i of A and of B share their seed), and
 * whether it is significant. */
void sim_report_compare_table(FILE *out, sim_tally *a, sim_tally *b);
void sim_report_compare_json(FILE *out, sim_tally *a, sim_tally *b);

#endif
