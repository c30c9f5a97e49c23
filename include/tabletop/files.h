/* tabletop — the files a game may read, when someone else names them.
 *
 * A record and the protocol's `new`, `load` and `save` name files: content
 * files, decks, records. A program that lets another party choose those names
 * (a protocol session on a socket, the server) confines them to directories it
 * trusts with a tt_files policy: every path is resolved (symbolic links, "..")
 * and must lie inside one of the directories, or the request is refused with a
 * one-line error and nothing changes. A NULL policy, or one with no
 * directories, allows every path (the command line's own use). */
#ifndef TABLETOP_FILES_H
#define TABLETOP_FILES_H

#include "tabletop/error.h"

typedef struct tt_files tt_files;

/* An empty policy (allows everything until a directory is added); NULL when
 * out of memory. Free with tt_files_free. */
tt_files *tt_files_new(void);
void tt_files_free(tt_files *f);

/* Adds dir (which must exist and be a directory) to the allowed ones; from
 * then on only paths inside the allowed directories pass. TT_OK, or TT_EARG /
 * TT_ENOMEM with err set and f unchanged. */
int tt_files_allow(tt_files *f, const char *dir, tt_error *err);

/* How many directories f allows (0: every path). */
int tt_files_count(const tt_files *f);

#endif
