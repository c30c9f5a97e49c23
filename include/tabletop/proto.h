/* tabletop — the text protocol (GTP framing): one request per line,
 * "[id] command args…", answered "=[id] result" or "?[id] error" and an empty
 * line. The commands are documented in docs/protocol.md. */
#ifndef TABLETOP_PROTO_H
#define TABLETOP_PROTO_H

#include <stdio.h>

#include "tabletop/error.h"

typedef struct tt_proto tt_proto;

tt_proto *tt_proto_new(void);
void tt_proto_free(tt_proto *p);

/* Confines the files a session's requests name (content and deck files in
 * `new`, records in `load` and `save`, and the files a loaded record names)
 * to dir and the other directories allowed so far (tabletop/files.h). Before
 * the first call every path is allowed. TT_OK, or TT_EARG when dir is not a
 * directory (err says so; nothing changed). */
int tt_proto_allow_dir(tt_proto *p, const char *dir, tt_error *err);

/* Answers one request line. Returns a malloc'd response (the caller frees it),
 * framed and ending with the empty line; or NULL for a blank or comment line.
 * *quit becomes 1 after `quit`. */
char *tt_proto_handle(tt_proto *p, const char *line, int *quit);

/* Serves requests from in to out until `quit` or end of input. */
int tt_proto_serve(tt_proto *p, FILE *in, FILE *out);

#endif
