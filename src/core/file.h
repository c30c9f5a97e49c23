/* Reading the files that users and other programs name: content files, decks,
 * records. Every read is bounded and checked, and a path may be confined to
 * given directories (a protocol session driven by someone else, a server).
 *
 * A file must be a regular file no larger than its kind's limit; anything else
 * (a directory, /dev/zero, a FIFO with no writer) is refused at once, without
 * reading or blocking. Loading only: never on the playout path. */
#ifndef TT_CORE_FILE_H
#define TT_CORE_FILE_H

#include <stddef.h>

#include "tabletop/error.h"
#include "tabletop/files.h"

/* The largest file of each kind the engine reads (docs/testing.md lists them). */
#define TT_FILE_MAX_CONTENT ((size_t)16 << 20) /* a content file or a deck: 16 MiB */
#define TT_FILE_MAX_RECORD ((size_t)64 << 20)  /* a game record: 64 MiB */

/* Reads the regular file at path, at most max bytes, into a malloc'd
 * NUL-terminated buffer (*text, *len bytes before the NUL; the caller frees).
 * On failure *text is NULL, err says why in one line naming the path, and the
 * status is TT_EIO (or TT_ENOMEM). */
int tt_file_read(const char *path, size_t max, char **text, size_t *len, tt_error *err);

/* Whether path names a regular file within max bytes: TT_OK, or TT_EIO with
 * err saying why. Reads nothing and never blocks. */
int tt_file_check(const char *path, size_t max, tt_error *err);

/* TT_OK when the policy allows reading or writing path: always with a NULL
 * policy or one without directories; else the path, resolved (symbolic links
 * and "..", as realpath does; for a file not yet there, its directory), must
 * lie inside one of the policy's directories. TT_EARG with err naming the path
 * otherwise. */
int tt_files_check(const tt_files *policy, const char *path, tt_error *err);

#endif
