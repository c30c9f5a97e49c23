/* tabletop-loadgen: a load generator for `tabletop serve` (docs/server.md).
 *
 * It starts a server of its own (the binary it is given, on a loopback port,
 * with a fresh database in a temporary directory), opens N WebSocket
 * connections to it on N/2 tables of a cheap game, two people each, and has
 * every person play random legal actions, paced to a target rate of actions
 * a second overall. It measures, per action, the time from sending it to
 * receiving the view that follows it, and reports the median and the 99th
 * percentile, the actions a second sustained, and the server's CPU and peak
 * memory (from /proc). Loopback only; bounded in connections and in time.
 *
 * One libwebsockets context serves every connection on this one thread. It
 * shares the machine with the server it measures, so it keeps its own work
 * small: a view frame, nearly all it receives, is not parsed into a tree; a
 * light scan finds what it needs (whether the game is over, the legal
 * actions' texts, kept as the JSON strings they came as and sent back so). */
#include <errno.h>
#include <jansson.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#define CONN_MAX 20000
#define RX_MAX (256 << 10) /* a frame's bytes at most; the buffer grows to it */
#define SAMPLES_MAX (4 << 20)
#define CONNECTING_MAX 256 /* handshakes in flight at once */

typedef struct opts {
    const char *server; /* the tabletop binary */
    const char *game;
    int conns;        /* connections, two a table */
    int seconds;      /* of measured play */
    int rate;         /* actions a second, all tables together */
    int setup;        /* seconds allowed to connect and seat everyone */
    const char *dir;  /* where the server's database goes (a temporary directory in it) */
    const char *sync; /* the server's --sync */
} opts;

enum { C_NEW, C_CONNECTING, C_OPEN, C_SEATED, C_CLOSED };

typedef struct conn {
    struct lws *wsi;
    int i, state;
    char *rx;
    size_t nrx, caprx;
    char out[256]; /* the frame to send, "" none */
    size_t nout;
    unsigned char *wbuf;
    long long sent_ns; /* when its action went, 0 when none is out */
    int to_move, over, queued;
    char *legal; /* the actions it may take now: their JSON strings, as a list "[…]" */
    size_t nlegal_text, caplegal;
    int nlegal;
} conn;

typedef struct run {
    opts o;
    uv_loop_t loop; /* the service loop, libuv's, which the context joins */
    struct lws_context *ctx;
    int port;
    pid_t server;
    char dir[64];
    conn *c;
    int opened, seated, closed, errors, connecting, next_connect;
    int *ready, nready, ready_head; /* a ring of connections to move */
    long long *lat;                 /* ns, one per action measured */
    long nlat, sent;
    int measuring;
    unsigned rng;
} run;

static run R;

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void queue_send(conn *c, const char *text)
{
    c->nout = (size_t)snprintf(c->out, sizeof c->out, "%s", text);
    lws_callback_on_writable(c->wsi);
}

/* A connection to move joins the ring of those waiting for the pacer. */
static void ready(conn *c)
{
    if (c->queued || c->over)
        return;
    c->queued = 1;
    R.ready[(R.ready_head + R.nready++) % R.o.conns] = c->i;
}

/* Where the last `key` (a top-level one: the game's own view, which may use
 * the same names, comes before it in a view frame) ends in p[0..n-1]; NULL
 * when it is not there. */
static const char *last_key(const char *p, size_t n, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = n >= k ? n - k + 1 : 0; i-- > 0;)
        if (p[i] == key[0] && memcmp(p + i, key, k) == 0)
            return p + i + k;
    return NULL;
}

/* The JSON string starting at p (at its quote): where it ends, past its
 * closing quote (never beyond end). */
static const char *string_end(const char *p, const char *end)
{
    for (p++; p < end && *p != '"'; p++)
        if (*p == '\\')
            p++;
    return p < end ? p + 1 : end;
}

/* The list of strings at p (at its '['): its length in bytes, and how many
 * strings it holds in *count; 0 when it is cut short. */
static size_t list_scan(const char *p, const char *end, int *count)
{
    const char *q = p + 1;
    *count = 0;
    while (q < end && *q != ']') {
        if (*q == '"') {
            q = string_end(q, end);
            (*count)++;
        } else {
            q++;
        }
    }
    return q < end ? (size_t)(q + 1 - p) : 0;
}

/* The k-th string of c's legal list, as JSON (quotes and escapes kept), in
 * *len bytes. */
static const char *legal_nth(const conn *c, int k, size_t *len)
{
    const char *q = c->legal + 1, *end = c->legal + c->nlegal_text;
    while (q < end) {
        if (*q != '"') {
            q++;
            continue;
        }
        const char *e = string_end(q, end);
        if (k-- == 0) {
            *len = (size_t)(e - q);
            return q;
        }
        q = e;
    }
    *len = 0;
    return NULL;
}

static void on_view(conn *c)
{
    if (c->sent_ns) {
        if (R.measuring && R.nlat < SAMPLES_MAX)
            R.lat[R.nlat++] = now_ns() - c->sent_ns;
        c->sent_ns = 0;
    }
    const char *end = c->rx + c->nrx, *over = last_key(c->rx, c->nrx, ",\"over\":");
    const char *legal = last_key(c->rx, c->nrx, ",\"legal\":");
    c->over = over && end - over >= 4 && memcmp(over, "true", 4) == 0;
    c->nlegal = 0;
    size_t n = legal && legal < end && *legal == '[' ? list_scan(legal, end, &c->nlegal) : 0;
    if (n > c->caplegal) {
        char *grown = realloc(c->legal, n);
        if (!grown)
            n = 0;
        else {
            c->legal = grown;
            c->caplegal = n;
        }
    }
    if (n == 0)
        c->nlegal = 0;
    else
        memcpy(c->legal, legal, n);
    c->nlegal_text = n;
    if (c->nlegal > 0)
        ready(c);
}

/* The seat-0 connection of each pair creates its table and hands the other
 * seat's token to its partner; both join. */
static void on_created(conn *c, json_t *j)
{
    json_int_t table = json_integer_value(json_object_get(j, "table"));
    json_t *seats = json_object_get(j, "seats");
    char f[256];
    for (int s = 0; s < 2; s++) {
        conn *p = &R.c[c->i + s];
        snprintf(f, sizeof f, "{\"cmd\":\"join\",\"table\":%lld,\"token\":\"%s\"}",
                 (long long)table,
                 json_string_value(json_object_get(json_array_get(seats, (size_t)s), "token")));
        queue_send(p, f);
    }
}

static void on_frame(conn *c)
{
    static const char view[] = "{\"type\":\"view\",";
    if (c->nrx >= sizeof view - 1 && memcmp(c->rx, view, sizeof view - 1) == 0) {
        on_view(c);
        c->nrx = 0;
        return;
    }
    /* the rest come while seating everyone, or are errors: a tree will do */
    json_t *j = json_loadb(c->rx, c->nrx, 0, NULL);
    c->nrx = 0;
    const char *type = json_string_value(json_object_get(j, "type"));
    if (!type)
        ;
    else if (strcmp(type, "created") == 0)
        on_created(c, j);
    else if (strcmp(type, "joined") == 0 && c->state == C_OPEN) {
        c->state = C_SEATED;
        R.seated++;
    } else if (strcmp(type, "error") == 0) {
        if (R.errors++ < 5)
            fprintf(stderr, "loadgen: connection %d: %s\n", c->i,
                    json_string_value(json_object_get(j, "msg")));
        c->sent_ns = 0;
        if (c->nlegal > 0)
            ready(c); /* try another */
    }
    json_decref(j);
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->state = C_OPEN;
        R.opened++;
        R.connecting--;
        if (c->i % 2 == 0) {
            char f[160];
            snprintf(f, sizeof f,
                     "{\"cmd\":\"create\",\"game\":\"%s\",\"seed\":%d,"
                     "\"seats\":[{\"kind\":\"human\"},{\"kind\":\"human\"}]}",
                     R.o.game, c->i / 2 + 1);
            queue_send(c, f);
        }
        break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        R.connecting--;
        /* fall through */
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c && c->state != C_CLOSED) {
            c->state = C_CLOSED;
            R.closed++;
        }
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (c->nrx + len > c->caprx && c->nrx + len <= RX_MAX) {
            size_t cap = c->caprx ? c->caprx : 4096;
            while (cap < c->nrx + len)
                cap *= 2;
            char *grown = realloc(c->rx, cap);
            if (!grown)
                return -1;
            c->rx = grown;
            c->caprx = cap;
        }
        if (c->nrx + len <= c->caprx) {
            memcpy(c->rx + c->nrx, in, len);
            c->nrx += len;
        }
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi))
            on_frame(c);
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (c->nout) {
            memcpy(c->wbuf + LWS_PRE, c->out, c->nout);
            if (lws_write(wsi, c->wbuf + LWS_PRE, c->nout, LWS_WRITE_TEXT) < (int)c->nout)
                return -1;
            c->nout = 0;
        }
        break;
    default: break;
    }
    return 0;
}

static const struct lws_protocols protocols[] = {{"tabletop", callback, 0, 65536, 0, NULL, 0},
                                                 {NULL, NULL, 0, 0, 0, NULL, 0}};

static void connect_one(conn *c)
{
    char host[32];
    snprintf(host, sizeof host, "127.0.0.1:%d", R.port);
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = R.ctx;
    ci.address = "127.0.0.1";
    ci.port = R.port;
    ci.path = "/";
    ci.host = host;
    ci.protocol = "tabletop";
    ci.userdata = c;
    c->state = C_CONNECTING;
    R.connecting++;
    c->wsi = lws_client_connect_via_info(&ci);
    if (!c->wsi) {
        R.connecting--;
        c->state = C_CLOSED;
        R.closed++;
    }
}

/* Sends the actions the pacer allows now: a random legal one each. */
static void pace(long long start, long long *allowed)
{
    long long due = (now_ns() - start) * R.o.rate / 1000000000LL;
    while (*allowed < due && R.nready > 0) {
        conn *c = &R.c[R.ready[R.ready_head]];
        R.ready_head = (R.ready_head + 1) % R.o.conns;
        R.nready--;
        c->queued = 0;
        if (!c->nlegal || c->over || c->state != C_SEATED || c->sent_ns)
            continue;
        R.rng = R.rng * 1103515245u + 12345u;
        size_t len;
        const char *a = legal_nth(c, (int)((R.rng >> 8) % (unsigned)c->nlegal), &len);
        char f[256];
        if (!a || len > sizeof f - 32)
            continue;
        snprintf(f, sizeof f, "{\"cmd\":\"act\",\"text\":%.*s}", (int)len, a);
        c->sent_ns = now_ns();
        queue_send(c, f);
        (*allowed)++;
        R.sent += R.measuring;
    }
    if (*allowed < due && R.nready == 0)
        *allowed = due; /* no one to move: the pace does not bank actions */
}

/* --- the server: started here, measured from /proc ------------------------------------ */

static int server_start(void)
{
    int fds[2];
    char db[96];
    /* mkdtemp replaces the six X with a unique name */
    snprintf(R.dir, sizeof R.dir, "%.40s/tt_loadgen_XXXXXX", R.o.dir);
    if (!mkdtemp(R.dir) || pipe(fds))
        return -1;
    snprintf(db, sizeof db, "%s/load.db", R.dir);
    R.server = fork();
    if (R.server == 0) {
        char log[96];
        snprintf(log, sizeof log, "%s/server.log", R.dir);
        dup2(fds[1], 1);
        if (!freopen(log, "w", stderr))
            _exit(126);
        execl(R.o.server, "tabletop", "serve", "--port", "0", "--db", db, "--rate", "100000",
              "--sync", R.o.sync, (char *)0);
        _exit(127);
    }
    close(fds[1]);
    FILE *out = fdopen(fds[0], "r");
    char line[256] = "";
    if (fgets(line, sizeof line, out))
        sscanf(line, "listening on http://127.0.0.1:%d/", &R.port);
    fclose(out);
    return R.port > 0 ? 0 : -1;
}

/* The server's CPU time so far, in seconds (user + system). */
static double server_cpu(void)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)R.server);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')');
    unsigned long ut = 0, st = 0;
    /* after ")": state, then fields 4.. ; utime and stime are fields 14 and 15 */
    if (p)
        sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st);
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

/* This process's CPU time so far, in seconds. */
static double own_cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* A line of /proc/PID/status, e.g. "VmHWM", in kB. */
static long server_kb(const char *key)
{
    char path[64], line[256];
    long kb = -1;
    snprintf(path, sizeof path, "/proc/%d/status", (int)R.server);
    FILE *f = fopen(path, "r");
    size_t klen = strlen(key);
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, klen) == 0 && line[klen] == ':')
            kb = atol(line + klen + 1);
    if (f)
        fclose(f);
    return kb;
}

static void server_stop(void)
{
    if (R.server > 0) {
        kill(R.server, SIGTERM);
        waitpid(R.server, NULL, 0);
    }
    char path[96];
    snprintf(path, sizeof path, "%s/load.db", R.dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/load.db-wal", R.dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/load.db-shm", R.dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/server.log", R.dir);
    unlink(path);
    rmdir(R.dir);
}

/* --- the run ----------------------------------------------------------------------------- */

/* Room for every connection's socket, and the server's (it inherits it). */
static void raise_fd_limit(int need)
{
    struct rlimit rl;
    getrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur >= (rlim_t)need)
        return;
    rl.rlim_cur = rl.rlim_max < (rlim_t)need ? rl.rlim_max : (rlim_t)need;
    setrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur < (rlim_t)need)
        fprintf(stderr,
                "loadgen: the hard limit of open files is %lu, fewer than the %d sockets asked"
                " for: raise it (ulimit -Hn, limits.conf) or ask for fewer --connections\n",
                (unsigned long)rl.rlim_max, need);
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static double pct_ms(double p)
{
    if (!R.nlat)
        return 0;
    long k = (long)(p * (double)(R.nlat - 1) + 0.5);
    return (double)R.lat[k] / 1e6;
}

/* Connects and seats everyone, a bounded number of handshakes at a time;
 * 0 once all are seated within o.setup seconds. */
static int seat_everyone(void)
{
    long long end = now_ns() + R.o.setup * 1000000000LL;
    while (R.seated + R.closed < R.o.conns && now_ns() < end) {
        while (R.next_connect < R.o.conns && R.connecting < CONNECTING_MAX)
            connect_one(&R.c[R.next_connect++]);
        uv_run(&R.loop, UV_RUN_ONCE);
    }
    return R.seated == R.o.conns ? 0 : -1;
}

static void play(void)
{
    long long start = now_ns(), allowed = 0, end = start + R.o.seconds * 1000000000LL;
    double cpu0 = server_cpu(), own0 = own_cpu();
    R.measuring = 1;
    while (now_ns() < end && R.closed == 0) {
        pace(start, &allowed);
        uv_run(&R.loop, UV_RUN_ONCE);
    }
    R.measuring = 0;
    double secs = (double)(now_ns() - start) / 1e9, cpu = server_cpu() - cpu0;
    double own = own_cpu() - own0;
    qsort(R.lat, (size_t)R.nlat, sizeof *R.lat, cmp_ll);
    printf("connections %d on %d tables of %s, %d closed, %d errors\n", R.seated, R.seated / 2,
           R.o.game, R.closed, R.errors);
    printf("actions %ld in %.1f s: %.0f a second (asked %d)\n", R.nlat, secs, (double)R.nlat / secs,
           R.o.rate);
    printf("latency, action sent to its view received: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
           pct_ms(0.5), pct_ms(0.99), R.nlat ? (double)R.lat[R.nlat - 1] / 1e6 : 0.0);
    printf("server: CPU %.0f%% of one core, memory now %ld kB, peak %ld kB\n", 100 * cpu / secs,
           server_kb("VmRSS"), server_kb("VmHWM"));
    printf("load generator: CPU %.0f%% of one core (the machine has %ld)\n", 100 * own / secs,
           sysconf(_SC_NPROCESSORS_ONLN));
}

/* A wake-up for the service loop, so that the pacer runs every millisecond
 * even when no socket has anything to say. */
static lws_sorted_usec_list_t tick;
static void on_tick(lws_sorted_usec_list_t *sul)
{
    lws_sul_schedule(R.ctx, 0, sul, on_tick, LWS_US_PER_MS);
}

static int parse(int argc, char **argv, opts *o)
{
    *o = (opts){NULL, "invaders", 10000, 30, 2000, 120, "/tmp", "normal"};
    for (int i = 1; i < argc; i += 2) { /* every option takes a value */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            return -1;
        if (strcmp(a, "--server") == 0)
            o->server = v;
        else if (strcmp(a, "--game") == 0)
            o->game = v;
        else if (strcmp(a, "--connections") == 0)
            o->conns = atoi(v);
        else if (strcmp(a, "--seconds") == 0)
            o->seconds = atoi(v);
        else if (strcmp(a, "--rate") == 0)
            o->rate = atoi(v);
        else if (strcmp(a, "--setup") == 0)
            o->setup = atoi(v);
        else if (strcmp(a, "--dir") == 0)
            o->dir = v;
        else if (strcmp(a, "--sync") == 0)
            o->sync = v;
        else
            return -1;
    }
    if (!o->server || o->conns < 2 || o->conns > CONN_MAX || o->conns % 2 || o->seconds < 1 ||
        o->seconds > 600 || o->rate < 1 || o->setup < 1 || o->setup > 600 ||
        (strcmp(o->sync, "normal") != 0 && strcmp(o->sync, "full") != 0) ||
        strspn(o->game, "abcdefghijklmnopqrstuvwxyz_") != strlen(o->game))
        return -1;
    return 0;
}

static const char usage[] =
    "Usage: tabletop-loadgen --server PATH/tabletop [--connections N] [--seconds S]\n"
    "                        [--rate A] [--game NAME] [--setup S] [--dir DIR]\n"
    "                        [--sync normal|full]\n"
    "Starts `tabletop serve` on loopback with a fresh database, opens N connections\n"
    "(default 10000, at most 20000, even) on N/2 tables of the game (default invaders),\n"
    "two people each, seats them within --setup seconds (default 120), then plays random\n"
    "legal actions at A a second in all (default 2000) for S seconds (default 30) and\n"
    "reports the latency from an action sent to its view received (p50, p99), the\n"
    "actions a second sustained, and the server's CPU and peak memory. The database\n"
    "goes in a temporary directory under DIR (default /tmp; a tmpfs such as /dev/shm\n"
    "takes the disk's sync out of the figures); --sync is the server's (default normal).\n"
    "Exits 0 when every connection was seated and stayed open and actions were measured.\n";

int main(int argc, char **argv)
{
    if (parse(argc, argv, &R.o)) {
        fputs(usage, stderr);
        return 2;
    }
    raise_fd_limit(R.o.conns + 64);
    signal(SIGPIPE, SIG_IGN);
    R.c = calloc((size_t)R.o.conns, sizeof *R.c);
    R.ready = calloc((size_t)R.o.conns, sizeof *R.ready);
    R.lat = malloc(sizeof *R.lat * SAMPLES_MAX);
    R.rng = 12345;
    for (int i = 0; i < R.o.conns; i++) {
        R.c[i].i = i;
        R.c[i].wbuf = malloc(LWS_PRE + sizeof R.c[i].out);
    }
    if (server_start()) {
        fprintf(stderr, "loadgen: %s serve did not start\n", R.o.server);
        server_stop();
        return 1;
    }
    /* libuv's loop (epoll), which libwebsockets joins: its own, poll(2), would
     * look at all the connections' sockets every millisecond */
    uv_loop_init(&R.loop);
    void *loops[1] = {&R.loop};
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.options = LWS_SERVER_OPTION_LIBUV;
    info.foreign_loops = loops;
    info.pcontext = &R.ctx;
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.gid = -1;
    info.uid = -1;
    lws_set_log_level(LLL_ERR, NULL);
    R.ctx = lws_create_context(&info);
    lws_sul_schedule(R.ctx, 0, &tick, on_tick, LWS_US_PER_MS);
    long long t0 = now_ns();
    int rc = seat_everyone();
    printf("seated %d of %d connections in %.1f s\n", R.seated, R.o.conns,
           (double)(now_ns() - t0) / 1e9);
    if (rc == 0)
        play();
    int ok = rc == 0 && R.closed == 0 && R.nlat > 0; /* before closing them all */
    lws_sul_cancel(&tick);
    lws_context_destroy(R.ctx); /* begins: its handles close as the loop runs */
    uv_run(&R.loop, UV_RUN_DEFAULT);
    if (R.ctx)
        lws_context_destroy(R.ctx); /* and ends (info.pcontext: NULL once wholly gone) */
    uv_loop_close(&R.loop);
    server_stop();
    for (int i = 0; i < R.o.conns; i++) {
        free(R.c[i].rx);
        free(R.c[i].wbuf);
        free(R.c[i].legal);
    }
    free(R.c);
    free(R.ready);
    free(R.lat);
    return ok ? 0 : 1;
}
