/* A run on every rank of an MPI job: `tabletop-mpi`'s side of cli_deal.
 *
 * The same sim and ladder code as `tabletop`'s (src/cli/one_process.c is the
 * other side). Rank r of K plays the indices lo + r, lo + r + K, … of each
 * cli_deal on its own threads (cli_parallel), into its own copy of the
 * result slots; then every rank agrees on the status (MPI_Allreduce), and
 * the ranks but 0 each send rank 0 their slots in one message, every slot as
 * a 4-byte length and its first len(slot) bytes. Rank 0 copies them into
 * place, and from there the report is the one a single process writes.
 *
 * Only the thread that called MPI_Init_thread calls MPI (the rank's game
 * threads never do), so MPI_THREAD_FUNNELED is enough. The ranks run one
 * binary on machines of one architecture: a slot's bytes mean the same on
 * every rank. The buffers are allocated before the games are played, so a
 * rank short of memory says so and joins the agreement like any other. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <limits.h>
#include <mpi.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define SLOTS_TAG 1

int cli_processes(void)
{
    int n;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}

static int rank_of_this(void)
{
    int r;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

int cli_reports(void)
{
    return rank_of_this() == 0;
}

uint64_t cli_run_seed(void)
{
    uint64_t seed = cli_fresh_seed();
    MPI_Bcast(&seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    return seed;
}

int cli_agree(int status)
{
    int worst;
    MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return worst;
}

/* The ranks on this host, and the cores this rank may run on: mpirun binds a
 * rank to a core or a socket unless told --bind-to none. */
int cli_deal_threads(long n)
{
    if (n > 0)
        return cli_threads(n);
    MPI_Comm host;
    int here = 1;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host) ==
        MPI_SUCCESS) {
        MPI_Comm_size(host, &here);
        MPI_Comm_free(&host);
    }
    int share = cli_threads(0) / here;
    cpu_set_t cpus;
    if (sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) < share)
        share = CPU_COUNT(&cpus);
    return share < 1 ? 1 : share;
}

/* This rank's indices of [lo, hi): lo + rank + j * ranks for j < count. */
typedef struct stride {
    void *shared;
    cli_job fn;
    long first, step, count;
} stride;

static stride stride_of(long lo, long hi, void *shared, cli_job fn, int rank, int ranks)
{
    stride s = {shared, fn, lo + rank, ranks, 0};
    if (hi - lo > rank)
        s.count = (hi - lo - rank + ranks - 1) / ranks;
    return s;
}

static int stride_job(void *shared, void *worker, long j)
{
    stride *s = shared;
    return s->fn(s->shared, worker, s->first + j * s->step);
}

/* The most bytes a rank sends of the slots of [lo, hi) (a count of an MPI
 * message is an int): 0, or -1 when that is too many. */
static int message_size(long lo, long hi, int ranks, size_t size, size_t *bytes)
{
    long most = (hi - lo + ranks - 1) / ranks;
    *bytes = (size_t)most * (size + sizeof(uint32_t));
    return *bytes > (size_t)INT_MAX ? -1 : 0;
}

static size_t slot_len(const void *slot, size_t size, cli_slot_len len)
{
    size_t n = len ? len(slot) : size;
    return n < size ? n : size;
}

/* Rank r (> 0): its slots, each as a length and that many bytes. */
static void send_slots(const stride *s, long lo, const unsigned char *slots, size_t size,
                       cli_slot_len len, unsigned char *buf)
{
    size_t at = 0;
    for (long j = 0; j < s->count; j++) {
        const unsigned char *slot = slots + (size_t)(s->first + j * s->step - lo) * size;
        uint32_t n = (uint32_t)slot_len(slot, size, len);
        memcpy(buf + at, &n, sizeof n);
        memcpy(buf + at + sizeof n, slot, n);
        at += sizeof n + n;
    }
    MPI_Send(buf, (int)at, MPI_BYTE, 0, SLOTS_TAG, MPI_COMM_WORLD);
}

/* Rank 0: every other rank's slots, copied into place. */
static void receive_slots(long lo, long hi, int ranks, unsigned char *slots, size_t size,
                          unsigned char *buf, size_t nbuf)
{
    for (int r = 1; r < ranks; r++) {
        stride s = stride_of(lo, hi, NULL, NULL, r, ranks);
        MPI_Recv(buf, (int)nbuf, MPI_BYTE, r, SLOTS_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        size_t at = 0;
        for (long j = 0; j < s.count; j++) {
            uint32_t n;
            memcpy(&n, buf + at, sizeof n);
            memcpy(slots + (size_t)(s.first + j * s.step - lo) * size, buf + at + sizeof n, n);
            at += sizeof n + n;
        }
    }
}

int cli_deal(int threads, long lo, long hi, void *shared, void **workers, cli_job fn, void *slots,
             size_t size, cli_slot_len len)
{
    int rank = rank_of_this(), ranks = cli_processes(), rc = CLI_OK;
    stride s = stride_of(lo, hi, shared, fn, rank, ranks);
    size_t nbuf = 0;
    unsigned char *buf = NULL;
    if (ranks > 1 && message_size(lo, hi, ranks, size, &nbuf))
        rc = cli_error(CLI_REFUSED, "%ld results are too many to gather at once", hi - lo);
    else if (ranks > 1 && !(buf = malloc(nbuf + 1)))
        rc = cli_error(CLI_REFUSED, "out of memory");
    if (rc == CLI_OK)
        rc = cli_parallel(threads, 0, s.count, &s, workers, stride_job);
    rc = cli_agree(rc);
    if (rc == CLI_OK && rank > 0)
        send_slots(&s, lo, slots, size, len, buf);
    else if (rc == CLI_OK && ranks > 1)
        receive_slots(lo, hi, ranks, slots, size, buf, nbuf);
    free(buf);
    return rc;
}
