/* The AI seats' thinking, on worker threads, so the service thread never
 * waits for a search.
 *
 * A job holds a copy of the table's state, the seat's AI and the table's
 * version when it was asked; a worker searches (tt_ai_choose reads the shared
 * game, which is immutable, and its own AI, which only this job uses: a table
 * has at most one job out) and puts the answer on the done list, then wakes
 * the service thread with lws_cancel_service. The service thread applies each
 * answer through the same path as a person's action (srv_table_act), unless
 * the table moved on meanwhile. Both lists are guarded by one mutex. */
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/errors.h"
#include "server/server_int.h"

typedef struct job {
    struct job *next;
    srv_table *table;
    tt_ai *ai;
    unsigned version;
    int seat;
    int rc;
    tt_action action;
    tt_state *state;
} job;

#define MAX_WORKERS 16

struct srv_workers {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    job *queue, *queue_tail; /* AI moves to think about, oldest first */
    job *done;               /* moves chosen, for the network thread */
    int stop;
    int n;
    pthread_t th[MAX_WORKERS];
    struct lws_context *ctx;
};

static void *worker(void *arg)
{
    srv_workers *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->queue && !w->stop)
            pthread_cond_wait(&w->cv, &w->mu);
        if (w->stop)
            break;
        job *j = w->queue;
        w->queue = j->next;
        if (!w->queue)
            w->queue_tail = NULL;
        pthread_mutex_unlock(&w->mu);
        tt_error err;
        j->rc = tt_ai_choose(j->ai, j->state, &j->action, &err);
        pthread_mutex_lock(&w->mu);
        j->next = w->done;
        w->done = j;
        lws_cancel_service(w->ctx);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

int srv_workers_start(srv *s, int n, tt_error *err)
{
    srv_workers *w = calloc(1, sizeof *w);
    if (!w)
        return tt_fail(err, TT_ENOMEM, NULL, "out of memory");
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    w->ctx = s->ctx;
    s->workers = w;
    n = n < 1 ? 1 : n > MAX_WORKERS ? MAX_WORKERS : n;
    for (; w->n < n; w->n++)
        if (pthread_create(&w->th[w->n], NULL, worker, w) != 0)
            return tt_fail(err, TT_ENOMEM, NULL, "cannot start an AI worker thread");
    return TT_OK;
}

static void jobs_free(job *j)
{
    while (j) {
        job *next = j->next;
        free(j->state);
        free(j);
        j = next;
    }
}

void srv_workers_stop(srv *s)
{
    srv_workers *w = s->workers;
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->stop = 1;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    for (int i = 0; i < w->n; i++)
        pthread_join(w->th[i], NULL);
    jobs_free(w->queue);
    jobs_free(w->done);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
    s->workers = NULL;
}

int srv_workers_submit(srv *s, srv_table *t, tt_ai *ai)
{
    srv_workers *w = s->workers;
    job *j = calloc(1, sizeof *j);
    if (j)
        j->state = malloc(tt_state_size(t->game));
    if (!j || !j->state) {
        free(j);
        return TT_ENOMEM;
    }
    tt_state_copy(t->game, j->state, t->state);
    j->table = t;
    j->ai = ai;
    j->version = t->version;
    j->seat = tt_to_move(t->game, t->state);
    pthread_mutex_lock(&w->mu);
    if (w->queue_tail)
        w->queue_tail->next = j;
    else
        w->queue = j;
    w->queue_tail = j;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    return TT_OK;
}

static void answer(srv *s, job *j)
{
    srv_table *t = j->table;
    char text[TT_ACTION_TEXT_MAX];
    tt_error err;
    t->thinking = 0;
    if (j->version != t->version || j->rc != TT_OK) {
        srv_table_think(s, t);
        return;
    }
    int rc = tt_action_format(t->game, t->state, j->action, text, sizeof text);
    if (rc == TT_OK)
        rc = srv_table_act(s, t, j->seat, text, &err);
    else
        tt_fail(&err, rc, NULL, "action %u cannot be written", (unsigned)j->action);
    if (rc != TT_OK)
        fprintf(stderr, "table %lld: the AI's action failed: %s\n", (long long)t->meta.id, err.msg);
}

void srv_workers_collect(srv *s)
{
    srv_workers *w = s->workers;
    pthread_mutex_lock(&w->mu);
    job *done = w->done;
    w->done = NULL;
    pthread_mutex_unlock(&w->mu);
    for (job *j = done; j; j = j->next)
        answer(s, j);
    jobs_free(done);
}
