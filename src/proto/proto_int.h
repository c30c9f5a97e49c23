/* What the files of the text protocol share: the answer buffer and its framing
 * (answer.c), and the game session a protocol drives (session.c). proto.c holds
 * the commands and reads the requests. Nothing outside src/proto includes this. */
#ifndef TT_PROTO_PROTO_INT_H
#define TT_PROTO_PROTO_INT_H

#include <stddef.h>
#include <stdint.h>

#include "core/sbuf.h"
#include "tabletop/tt.h"

/* --- answers (answer.c) ------------------------------------------------------- */

/* A growable answer text: the core's text buffer (b.p NUL-terminated once
 * anything was added, may be NULL; b.oom when an append failed, and the
 * answer becomes "out of memory"). Zero-initialise; free(b.p) when done. */
typedef tt_sbuf proto_buf;

/* What a command returns: done, failed (the buffer holds the one-line error),
 * or called wrongly (the dispatcher answers with the command's usage). */
enum { PROTO_OK = 0, PROTO_FAIL = -1, PROTO_USAGE = -2 };

void proto_putn(proto_buf *b, const char *s, size_t n);
void proto_puts(proto_buf *b, const char *s);
void proto_printf(proto_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Replace the answer by an error message and return PROTO_FAIL. fail_err
 * writes "<tt_strerror(rc)>: <message> (<rule>)". */
int proto_fail(proto_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int proto_fail_err(proto_buf *b, int rc, const tt_error *err);
int proto_fail_nomem(proto_buf *b);

/* The framed response: "=id" or "?id", the text (first line after a space,
 * further lines below, blank lines dropped; an error keeps its first line
 * only), then the empty line. A text starting with a newline starts on the
 * line below "=id". Returns a malloc'd string, NULL when out of memory. */
char *proto_frame(int ok, const char *id, const char *text);

/* --- requests (proto.c) ------------------------------------------------------------ */

/* Answers one request of n bytes, which may hold any byte (NULs too): as
 * tt_proto_handle, and *silent says whether the line gets no answer (blank,
 * a comment) when the result is NULL, which is otherwise out of memory. */
char *proto_handle_bytes(tt_proto *p, const char *line, size_t n, int *quit, int *silent);

/* --- the session (session.c) ---------------------------------------------------- */

/* States saved for undo, sz bytes each, oldest first. */
typedef struct proto_history {
    unsigned char *s;
    int n, cap;
    size_t sz;
} proto_history;

#define PROTO_MAX_EVENTS 1024 /* events narrated for one change; more are counted */
#define PROTO_CACHE 8         /* games kept loaded, for `new` and `load` without files */

struct tt_proto {
    uint64_t next_seed; /* the seed of the next `new` without seed=N */
    tt_game *game;      /* NULL until `new` or `load` */
    tt_state *state;
    uint64_t seed;      /* the current game's seed */
    tt_record *rec;     /* every entry since `new` or `load` */
    proto_history hist; /* the state before each entry: hist.n == record length */
    tt_event *ev;       /* PROTO_MAX_EVENTS, for narrating one change */
    tt_files *files;    /* the directories files may be named in (none: any) */
    /* Games whose parameters name no file depend on the name and parameters
     * alone, so the last PROTO_CACHE used are kept loaded here (the session's
     * game may be one of them: then it is borrowed, not owned). */
    tt_game *cache[PROTO_CACHE];
    char *cache_key[PROTO_CACHE];     /* "name canonical-params", malloc'd */
    uint64_t cache_used[PROTO_CACHE]; /* when each was last asked for (a tick) */
    uint64_t tick;
    int ncache;
};

/* The game `name` with params (as `new` or a record gives them): the kept one
 * when they name no file, else loaded with the session's file policy (and
 * kept when they name none, the least recently used other than the
 * session's game making room). On TT_OK *out is the game, which the session owns or
 * keeps either way once proto_session_start or _load has it; the caller
 * releases it with proto_game_release if it goes unused. */
int proto_game(tt_proto *p, const char *name, const char *params, tt_game **out, tt_error *err);
/* Frees g unless it is kept. */
void proto_game_release(tt_proto *p, tt_game *g);
/* Frees every kept game. */
void proto_cache_clear(tt_proto *p);

void proto_session_clear(tt_proto *p);

/* Starts game g from seed, replacing the session's game. Takes ownership of g
 * (unless the cache holds it) whatever happens; on failure (out of memory)
 * the old game stays. */
int proto_session_start(tt_proto *p, tt_game *g, uint64_t seed, tt_error *err);

/* Loads and replays the record at path, replacing the session's game, with
 * the states before each entry saved for undo. On failure nothing changed. */
int proto_session_load(tt_proto *p, const char *path, tt_error *err);

/* Every change (action, rig, concession) goes: add its record entry, then
 * change_open(status of the add) which saves the state for undo, then the
 * game's call, then change_close(status of the call), which takes the entry
 * and the saved state back if the game refused (leaving the state untouched).
 * Both return their status; on failure nothing is left behind. */
int proto_change_open(tt_proto *p, int add_rc, tt_error *err);
int proto_change_close(tt_proto *p, int rc);

/* Restores the state before the last entry and pops it; 0 when none. */
int proto_undo(tt_proto *p);

/* An empty event list over the session's buffer. */
tt_events proto_events(tt_proto *p);
/* One line per event as a spectator sees it; silent events are skipped. */
void proto_narrate(const tt_proto *p, const tt_events *ev, proto_buf *out);

#endif
