/* Bounded, checked reads of named files, and the directories a path may be in
 * (see core/file.h and tabletop/files.h).
 *
 * A file is opened non-blocking (so a FIFO with no writer cannot hang the
 * open), checked with fstat to be a regular file within the limit, then read
 * to at most limit + 1 bytes, so a file that grows while read is refused too.
 * A policy holds the real paths (realpath) of its directories; a path is
 * allowed when its own real path, or for a file not yet written the real path
 * of its directory, starts with one of them followed by '/'. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errors.h"
#include "core/file.h"

#define FILES_MAX_DIRS 16

struct tt_files {
    int n;
    char *dir[FILES_MAX_DIRS]; /* real paths, malloc'd, without a trailing '/' (but "/") */
};

/* Opens path for reading and checks it; the descriptor, or -1 with err set. */
static int open_checked(const char *path, size_t max, struct stat *st, tt_error *err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return tt_fail(err, TT_EIO, NULL, "cannot read %s: %s", path, strerror(errno)), -1;
    const char *why = NULL;
    if (fstat(fd, st) != 0)
        why = strerror(errno);
    else if (!S_ISREG(st->st_mode))
        why = S_ISDIR(st->st_mode) ? "it is a directory" : "not a regular file";
    else if ((unsigned long long)st->st_size > max)
        why = "larger than the limit";
    if (why) {
        if (S_ISREG(st->st_mode) && (unsigned long long)st->st_size > max)
            tt_fail(err, TT_EIO, NULL, "cannot read %s: larger than %zu MiB", path, max >> 20);
        else
            tt_fail(err, TT_EIO, NULL, "cannot read %s: %s", path, why);
        close(fd);
        return -1;
    }
    return fd;
}

int tt_file_check(const char *path, size_t max, tt_error *err)
{
    struct stat st;
    int fd = open_checked(path, max, &st, err);
    if (fd < 0)
        return TT_EIO;
    close(fd);
    return TT_OK;
}

int tt_file_read(const char *path, size_t max, char **text, size_t *len, tt_error *err)
{
    *text = NULL;
    if (len)
        *len = 0;
    struct stat st;
    int fd = open_checked(path, max, &st, err);
    if (fd < 0)
        return TT_EIO;
    /* a regular file never blocks; the descriptor stays non-blocking */
    size_t cap = (size_t)st.st_size + 1, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        close(fd);
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory reading %s", path);
    }
    for (;;) {
        if (n == cap) { /* the file grew since fstat */
            if (cap > max)
                break;
            size_t more = cap * 2 > max + 1 ? max + 1 : cap * 2;
            char *b = realloc(buf, more + 1);
            if (!b) {
                free(buf);
                close(fd);
                return tt_fail(err, TT_ENOMEM, NULL, "out of memory reading %s", path);
            }
            buf = b;
            cap = more;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            free(buf);
            close(fd);
            return tt_fail(err, TT_EIO, NULL, "cannot read %s: %s", path, strerror(e));
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (n > max) {
        free(buf);
        return tt_fail(err, TT_EIO, NULL, "cannot read %s: larger than %zu MiB", path, max >> 20);
    }
    buf[n] = 0;
    *text = buf;
    if (len)
        *len = n;
    return TT_OK;
}

/* --- policies ------------------------------------------------------------------- */

tt_files *tt_files_new(void)
{
    return calloc(1, sizeof(tt_files));
}

void tt_files_free(tt_files *f)
{
    if (!f)
        return;
    for (int i = 0; i < f->n; i++)
        free(f->dir[i]);
    free(f);
}

int tt_files_count(const tt_files *f)
{
    return f ? f->n : 0;
}

int tt_files_allow(tt_files *f, const char *dir, tt_error *err)
{
    if (f->n == FILES_MAX_DIRS)
        return tt_fail(err, TT_EARG, NULL, "at most %d allowed directories", FILES_MAX_DIRS);
    char *real = realpath(dir, NULL);
    struct stat st;
    if (!real || stat(real, &st) != 0 || !S_ISDIR(st.st_mode)) {
        free(real);
        return tt_fail(err, TT_EARG, NULL, "'%s' is not a directory", dir);
    }
    size_t n = strlen(real);
    if (n > 1 && real[n - 1] == '/')
        real[n - 1] = 0;
    f->dir[f->n++] = real;
    return TT_OK;
}

/* Whether real (a resolved path) lies inside dir (a resolved directory). */
static int inside(const char *dir, const char *real)
{
    size_t n = strlen(dir);
    if (strcmp(dir, "/") == 0)
        return 1;
    return strncmp(real, dir, n) == 0 && real[n] == '/';
}

/* The real path of path, or of its directory joined with its last part when
 * the file itself does not exist yet (a record about to be saved). */
static char *resolve(const char *path)
{
    char *real = realpath(path, NULL);
    if (real || errno != ENOENT)
        return real;
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
        return NULL;
    char *dir = slash ? strndup(path, (size_t)(slash - path) + (slash == path)) : strdup(".");
    char *rdir = dir ? realpath(dir, NULL) : NULL;
    free(dir);
    if (!rdir)
        return NULL;
    size_t n = strlen(rdir) + strlen(base) + 2;
    real = malloc(n);
    if (real) {
        strcpy(real, rdir);
        if (strcmp(rdir, "/") != 0)
            strcat(real, "/");
        strcat(real, base);
    }
    free(rdir);
    return real;
}

int tt_files_check(const tt_files *policy, const char *path, tt_error *err)
{
    if (!policy || !policy->n)
        return TT_OK;
    char *real = resolve(path);
    int ok = 0;
    for (int i = 0; real && i < policy->n && !ok; i++)
        ok = inside(policy->dir[i], real);
    free(real);
    if (ok)
        return TT_OK;
    return tt_fail(err, TT_EARG, NULL, "'%.200s' is outside the allowed directories", path);
}
