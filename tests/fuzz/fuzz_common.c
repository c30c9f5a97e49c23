/* Helpers of the fuzz harnesses; see fuzz_common.h. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_common.h"

static char dir[512];

/* At exit: the files the harness and its sessions wrote, and the directory. */
static void dir_remove(void)
{
    DIR *d = opendir(dir);
    char path[1024];
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

const char *fuzz_dir(void)
{
    if (!dir[0]) {
        /* memory, where there is a tmpfs: an input written is then no disk write */
        struct stat st;
        const char *tmp = getenv("TMPDIR");
        if (!tmp || !*tmp)
            tmp = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm" : "/tmp";
        snprintf(dir, sizeof dir, "%s/tt-fuzz-XXXXXX", tmp);
        if (!mkdtemp(dir))
            fuzz_fail("mkdtemp", __FILE__, __LINE__);
        atexit(dir_remove);
    }
    return dir;
}

const char *fuzz_write(const char *name, const uint8_t *data, size_t n)
{
    static char path[600];
    snprintf(path, sizeof path, "%s/%s", fuzz_dir(), name);
    /* a new file each time: on a disk, truncating one that has data makes the
     * file system write it out on close (ext4's auto_da_alloc) */
    unlink(path);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0)
        fuzz_fail("cannot write the input", __FILE__, __LINE__);
    return path;
}

int fuzz_ngames(void)
{
    int n = 0;
    while (tt_game_list(n))
        n++;
    return n;
}

void fuzz_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "%s:%d: property failed: %s\n", file, line, what);
    abort();
}

void fuzz_play(const tt_game *g, tt_state *s, uint64_t seed, int n)
{
    tt_action *a = malloc((size_t)tt_max_actions(g) * sizeof *a);
    FUZZ_CHECK(a != NULL);
    tt_error err;
    for (int i = 0; i < n && tt_to_move(g, s) != TT_TERMINAL; i++) {
        int k = tt_legal(g, s, a);
        FUZZ_CHECK(k > 0);
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        FUZZ_CHECK(tt_apply(g, s, a[(seed >> 33) % (uint64_t)k], NULL, &err) == TT_OK);
        FUZZ_CHECK(tt_sanity(g, s, &err) == TT_OK);
    }
    free(a);
}
