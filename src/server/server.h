/* The game server: `tabletop serve` (docs/server.md).
 *
 * One process, one port: the built-in web client over HTTP, the game over
 * WebSockets (JSON frames), every table and its record in a store. */
#ifndef TT_SERVER_SERVER_H
#define TT_SERVER_SERVER_H

#include "tabletop/error.h"

typedef struct srv_opts {
    const char *bind; /* address to listen on; "127.0.0.1" unless told otherwise */
    int port;         /* 0: any free port (the one chosen is printed) */
    const char *db;   /* the store: a SQLite file, or a postgres:// URI */
    int workers;      /* threads the AI seats think on */
    int rate;         /* frames a second one connection may send (twice that at once) */
    int unload;       /* seconds a finished table no one is at stays in memory */
    int lease;        /* seconds a crashed process's tables stay its own (shared stores) */
    int sync;         /* STORE_SYNC_NORMAL or STORE_SYNC_FULL (store_set_sync) */
} srv_opts;

/* Serves until SIGINT or SIGTERM. Prints "listening on http://ADDR:PORT/"
 * on stdout once it accepts connections, after reloading every unfinished
 * table of the store (one line each on stderr). TT_OK after a clean stop;
 * otherwise err says why it could not start. */
int srv_run(const srv_opts *o, tt_error *err);

#endif
