/* `tabletop serve`: the game server (src/server/, docs/server.md).
 *
 * Reads the options and hands over to srv_run, which serves until SIGINT or
 * SIGTERM; everything about tables, frames and storage lives in src/server/. */
#include <string.h>

#include "cli/cli.h"
#include "server/server.h"
#include "server/store.h"

static const char serve_help[] =
    "Usage: tabletop serve [--port N] [--db FILE] [--bind ADDR] [--workers N] [--rate N]\n"
    "                      [--unload SECONDS] [--lease SECONDS] [--sync normal|full]\n"
    "\n"
    "Serves the web client over HTTP and the games over WebSockets on one port, every\n"
    "table kept in a SQLite database (or a PostgreSQL one that several servers share);\n"
    "tables left unfinished are resumed at start.\n"
    "Open http://ADDR:PORT/ in a browser to create a table and share its join links.\n"
    "\n"
    "Options:\n"
    "  --port N      the port (default 8080; 0: any free port, printed at start)\n"
    "  --db FILE     the database (default tabletop.db, created when missing), or\n"
    "                postgres://USER@HOST/DB (libpq's URI) to share one PostgreSQL\n"
    "                database between server processes (one plays each table)\n"
    "  --bind ADDR   the address to listen on (default 127.0.0.1: this machine only;\n"
    "                0.0.0.0 for every interface, behind a TLS proxy: docs/server.md)\n"
    "  --workers N   threads the AI seats think on (default 2)\n"
    "  --rate N      frames a second one connection may send, twice that at once\n"
    "                (default 20; beyond it each frame is answered with an error)\n"
    "  --unload SECONDS  how long a finished table no one is at stays in memory\n"
    "                (default 600; it is rebuilt from the database when asked for)\n"
    "  --lease SECONDS  with PostgreSQL: how long the tables of a server that stopped\n"
    "                renewing its claim (it crashed) wait before another takes them\n"
    "                (default 30; renewed each second)\n"
    "  --sync normal|full  how far a commit goes before anyone is told of it: normal\n"
    "                (the default) to the operating system, so a crash or kill of\n"
    "                the server loses nothing and a power cut may lose the last\n"
    "                moves; full to the disk, one sync of it per commit (slower)\n"
    "\n"
    "Stops on Ctrl-C or SIGTERM; every accepted action is already in the database.\n";

/* A number option of `serve` between lo and hi: as cli_option, with *out set. */
static int number_option(const char *name, long lo, long hi, int argc, char **argv, int *i,
                         int *out)
{
    const char *v;
    long n;
    int m = cli_option("serve", name, argc, argv, i, &v);
    if (m <= 0)
        return m;
    if (cli_parse_long(v, lo, hi, &n))
        return cli_usage("serve", "%s wants %ld to %ld, not '%s'", name, lo, hi, v), -1;
    *out = (int)n;
    return 1;
}

static int parse_args(int argc, char **argv, srv_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *v;
        int m;
        if (cli_is_help(argv[i])) {
            fputs(serve_help, stdout);
            return -1;
        } else if ((m = number_option("--port", 0, 65535, argc, argv, &i, &o->port)) ||
                   (m = number_option("--workers", 1, 16, argc, argv, &i, &o->workers)) ||
                   (m = number_option("--rate", 1, 100000, argc, argv, &i, &o->rate)) ||
                   (m = number_option("--unload", 1, 86400, argc, argv, &i, &o->unload)) ||
                   (m = number_option("--lease", 2, 3600, argc, argv, &i, &o->lease))) {
            if (m < 0)
                return CLI_USAGE;
        } else if ((m = cli_option("serve", "--db", argc, argv, &i, &v)) != 0) {
            if (m < 0)
                return CLI_USAGE;
            o->db = v;
        } else if ((m = cli_option("serve", "--sync", argc, argv, &i, &v)) != 0) {
            if (m < 0)
                return CLI_USAGE;
            if (strcmp(v, "normal") != 0 && strcmp(v, "full") != 0)
                return cli_usage("serve", "--sync wants normal or full, not '%s'", v);
            o->sync = strcmp(v, "full") == 0 ? STORE_SYNC_FULL : STORE_SYNC_NORMAL;
        } else if ((m = cli_option("serve", "--bind", argc, argv, &i, &v)) != 0) {
            if (m < 0)
                return CLI_USAGE;
            o->bind = v;
        } else {
            return cli_usage("serve", "unexpected argument '%s'", argv[i]);
        }
    }
    return CLI_OK;
}

int cmd_serve(int argc, char **argv)
{
    srv_opts o = {"127.0.0.1", 8080, "tabletop.db", 2, 20, 600, 30, STORE_SYNC_NORMAL};
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? CLI_OK : rc;
    tt_error err;
    tt_error_clear(&err);
    if (srv_run(&o, &err) != TT_OK)
        return cli_error(CLI_REFUSED, "serve: %s", err.msg);
    return CLI_OK;
}
