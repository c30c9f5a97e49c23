/* A throwaway PostgreSQL cluster for the storage and server tests: initdb
 * and pg_ctl from Debian's postgresql package (/usr/lib/postgresql/N/bin)
 * into a temporary directory, listening on a Unix socket in that directory
 * only (no TCP), on a free port number, stopped and removed at the end.
 * Every step is bounded in time. Run as root, the cluster runs as the
 * `postgres` user (initdb refuses root). */
#ifndef TT_TESTS_SERVER_PG_H
#define TT_TESTS_SERVER_PG_H

typedef struct tc_pg {
    char bin[128]; /* the package's binaries */
    char dir[64];  /* the cluster, its socket and its logs */
    char uri[256]; /* libpq's URI of its database, for --db and store_open */
    int running;
} tc_pg;

enum { TC_PG_ABSENT = 77 }; /* ctest's SKIP_RETURN_CODE: no PostgreSQL here */

/* Starts a cluster: 0; TC_PG_ABSENT (saying so on stderr) when the
 * package's binaries are not installed; -1 when it cannot start (its log on
 * stderr). */
int tc_pg_start(tc_pg *pg);
/* Empties its database (every table dropped), for a test of its own. */
int tc_pg_reset(const tc_pg *pg);
void tc_pg_stop(tc_pg *pg);

#endif
