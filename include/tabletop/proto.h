/* tabletop — the text protocol (GTP framing): one request per line,
 * "[id] command args…", answered "=[id] result" or "?[id] error" and an empty
 * line. The commands are documented in docs/protocol.md. */
#ifndef TABLETOP_PROTO_H
#define TABLETOP_PROTO_H

#include <stdio.h>

typedef struct tt_proto tt_proto;

tt_proto *tt_proto_new(void);
void tt_proto_free(tt_proto *p);

/* Answers one request line. Returns a malloc'd response (the caller frees it),
 * framed and ending with the empty line; or NULL for a blank or comment line.
 * *quit becomes 1 after `quit`. */
char *tt_proto_handle(tt_proto *p, const char *line, int *quit);

/* Serves requests from in to out until `quit` or end of input. */
int tt_proto_serve(tt_proto *p, FILE *in, FILE *out);

#endif
