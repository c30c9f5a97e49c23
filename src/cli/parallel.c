/* Games on every core: a small pool of POSIX threads for sim, ladder, bench.
 *
 * cli_parallel hands out the indices of [lo, hi) one at a time, under a
 * mutex, to `threads` workers; each worker owns its own context (states,
 * AIs), so the only shared writes are the ones the job makes to its own slot
 * of a result array. A result depends on its index alone, never on the
 * thread that made it, so reports gathered in index order are byte-identical
 * for any thread count. One thread runs in the caller, without a pthread. */
#include <pthread.h>
#include <unistd.h>

#include "cli/cli.h"

#define CLI_MAX_THREADS 256

int cli_threads(long n)
{
    if (n > 0)
        return n > CLI_MAX_THREADS ? CLI_MAX_THREADS : (int)n;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > CLI_MAX_THREADS ? CLI_MAX_THREADS : (int)cores;
}

typedef struct pool {
    pthread_mutex_t lock;
    long next, hi;
    int status; /* the first failure, or 0 */
    void *shared;
    cli_job fn;
} pool;

typedef struct pool_worker {
    pool *p;
    void *ctx;
} pool_worker;

static void *worker_run(void *arg)
{
    pool_worker *w = arg;
    pool *p = w->p;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        long i = p->status ? p->hi : p->next;
        if (i < p->hi)
            p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->hi)
            return NULL;
        int rc = p->fn(p->shared, w->ctx, i);
        if (rc) {
            pthread_mutex_lock(&p->lock);
            if (!p->status)
                p->status = rc;
            pthread_mutex_unlock(&p->lock);
        }
    }
}

int cli_parallel(int threads, long lo, long hi, void *shared, void **workers, cli_job fn)
{
    if (threads < 1)
        threads = 1;
    if (threads > CLI_MAX_THREADS)
        threads = CLI_MAX_THREADS;
    pool p = {PTHREAD_MUTEX_INITIALIZER, lo, hi, 0, shared, fn};
    pool_worker w[CLI_MAX_THREADS];
    pthread_t tid[CLI_MAX_THREADS];
    int started = 0;
    for (int t = 1; t < threads; t++) {
        w[t].p = &p;
        w[t].ctx = workers[t];
        if (pthread_create(&tid[t], NULL, worker_run, &w[t]) != 0)
            break; /* fewer threads: the same results, later */
        started = t;
    }
    w[0].p = &p;
    w[0].ctx = workers[0];
    worker_run(&w[0]);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&p.lock);
    return p.status;
}
