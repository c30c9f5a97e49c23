/* `tabletop sim`: the tallies a simulation collects and the reports on them. */
#ifndef TT_CLI_SIM_H
#define TT_CLI_SIM_H

#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"

#define SIM_MAX_REASONS 32

typedef struct sim_reason {
    char code[32]; /* tt_result.reason */
    long n;        /* games that ended so */
} sim_reason;

typedef struct sim_tally {
    const tt_game *game;
    const cli_seats *seats;
    uint64_t seed;       /* --seed; game i starts from tt_mix64(seed + i) */
    long games;          /* games played */
    long wins[TT_MAX_PLAYERS];
    long no_winner;      /* nobody won: draws, aborted games */
    long shared;         /* games whose first place was shared (in wins of each) */
    int *turns;          /* per game: turns played (tt_result.turn) */
    int *actions;        /* per game: actions applied */
    sim_reason reason[SIM_MAX_REASONS];
    int nreasons;
    long other_reasons;  /* games whose reason did not fit in reason[] */
    double seconds;      /* wall time of the games */
} sim_tally;

/* The reports (sim_report.c). They sort turns and actions in place. */
void sim_report_table(FILE *out, sim_tally *t);
void sim_report_json(FILE *out, sim_tally *t);

#endif
