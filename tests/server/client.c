/* The server tests' WebSocket client and server launcher (client.h).
 *
 * Each client has its own libwebsockets context, serviced only while the
 * test waits on that client: frames for it queue in its socket meanwhile, so
 * a test reads (or closes) every client it keeps open. Frames received are
 * kept in arrival order until tc_wait takes them. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <libwebsockets.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "client.h"

#define RX_MAX (1 << 20)

typedef struct frame {
    struct frame *next;
    json_t *json;
} frame;

struct tc_client {
    struct lws_context *ctx;
    struct lws *wsi;
    int up, closed;
    char *rx;
    size_t nrx;
    frame *in, *in_tail;
    unsigned char *out; /* LWS_PRE + the frame being sent */
    size_t nout;
    lws_sorted_usec_list_t wake; /* ends a wait for network events at its deadline */
};

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* The deadline of a wait: wakes the service loop. Wherever lws runs this
 * timer, before its poll (when the deadline is a moment away, the timer is
 * due by then and lws runs it first, then sleeps until its own next timer)
 * or during it, the cancel makes that poll return at once. */
static void woken(lws_sorted_usec_list_t *sul)
{
    tc_client *c = lws_container_of(sul, tc_client, wake);
    lws_cancel_service(c->ctx);
}

/* Services c's connection once, waiting for an event no later than end (ms).
 * lws_service ignores its timeout (since libwebsockets 3.2 it sleeps until
 * its own next timer, up to half a minute away), so a wait that must end by
 * a deadline schedules a timer for it. */
static void service(tc_client *c, long end)
{
    long left = end - now_ms();
    lws_sul_schedule(c->ctx, 0, &c->wake, woken, left > 0 ? left * LWS_US_PER_MS : 0);
    lws_service(c->ctx, 0);
    lws_sul_cancel(&c->wake);
}

static void received(tc_client *c)
{
    frame *f = calloc(1, sizeof *f);
    f->json = json_loadb(c->rx, c->nrx, 0, NULL);
    c->nrx = 0;
    if (!f->json) {
        free(f);
        return;
    }
    if (c->in_tail)
        c->in_tail->next = f;
    else
        c->in = f;
    c->in_tail = f;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    tc_client *c = user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED: c->up = 1; break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
    case LWS_CALLBACK_CLIENT_CLOSED: c->closed = 1; break;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (c->nrx + len <= RX_MAX) {
            memcpy(c->rx + c->nrx, in, len);
            c->nrx += len;
        }
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi))
            received(c);
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (c->out) {
            int w = lws_write(wsi, c->out + LWS_PRE, c->nout, LWS_WRITE_TEXT);
            free(c->out);
            c->out = NULL;
            if (w < 0)
                return -1;
        }
        break;
    default: break;
    }
    return 0;
}

static const struct lws_protocols protocols[] = {{"tabletop", callback, 0, 65536, 0, NULL, 0},
                                                 {NULL, NULL, 0, 0, 0, NULL, 0}};

tc_client *tc_connect(int port)
{
    char origin[64];
    snprintf(origin, sizeof origin, "http://127.0.0.1:%d", port);
    return tc_connect_from(port, origin);
}

tc_client *tc_connect_from(int port, const char *origin)
{
    char host[32];
    snprintf(host, sizeof host, "127.0.0.1:%d", port);
    tc_client *c = calloc(1, sizeof *c);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.options = LWS_SERVER_OPTION_JUST_USE_RAW_ORIGIN; /* Origin as given, not http:// + it */
    info.gid = -1;
    info.uid = -1;
    lws_set_log_level(LLL_ERR, NULL);
    c->ctx = lws_create_context(&info);
    c->rx = malloc(RX_MAX);
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = c->ctx;
    ci.address = "127.0.0.1";
    ci.port = port;
    ci.path = "/";
    ci.host = host; /* as a browser says it: with the port */
    ci.origin = origin;
    ci.protocol = "tabletop";
    ci.userdata = c;
    c->wsi = lws_client_connect_via_info(&ci);
    long end = now_ms() + 5000;
    while (c->wsi && !c->up && !c->closed && now_ms() < end)
        service(c, end);
    if (!c->up) {
        tc_close(c);
        return NULL;
    }
    return c;
}

void tc_close(tc_client *c)
{
    if (!c)
        return;
    lws_context_destroy(c->ctx);
    while (c->in) {
        frame *f = c->in;
        c->in = f->next;
        json_decref(f->json);
        free(f);
    }
    free(c->out);
    free(c->rx);
    free(c);
}

int tc_send(tc_client *c, const char *text, size_t len)
{
    if (c->closed || c->out)
        return -1;
    c->out = malloc(LWS_PRE + len);
    memcpy(c->out + LWS_PRE, text, len);
    c->nout = len;
    lws_callback_on_writable(c->wsi);
    long end = now_ms() + 5000;
    while (c->out && !c->closed && now_ms() < end)
        service(c, end);
    return c->out ? -1 : 0;
}

int tc_sendf(tc_client *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    json_t *j = json_vpack_ex(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = json_dumps(j, JSON_COMPACT);
    int rc = text ? tc_send(c, text, strlen(text)) : -1;
    free(text);
    json_decref(j);
    return rc;
}

/* Takes the first queued frame of `type`, dropping the frames before it. */
static json_t *take(tc_client *c, const char *type)
{
    while (c->in) {
        frame *f = c->in;
        c->in = f->next;
        if (!c->in)
            c->in_tail = NULL;
        json_t *j = f->json;
        free(f);
        const char *t = json_string_value(json_object_get(j, "type"));
        if (!type || (t && strcmp(t, type) == 0))
            return j;
        json_decref(j);
    }
    return NULL;
}

json_t *tc_wait(tc_client *c, const char *type, int timeout_ms)
{
    long end = now_ms() + timeout_ms;
    json_t *j;
    while (!(j = take(c, type)) && !c->closed && now_ms() < end)
        service(c, end);
    return j;
}

int tc_pending(tc_client *c, int wait_ms)
{
    long end = now_ms() + wait_ms;
    while (!c->closed && now_ms() < end)
        service(c, end);
    int n = 0;
    for (frame *f = c->in; f; f = f->next)
        n++;
    return n;
}

int tc_server_start(tc_server *s, const char *db, const char *log, int rate, int unload)
{
    char rate_text[16], unload_text[16], lease_text[16];
    snprintf(rate_text, sizeof rate_text, "%d", rate);
    snprintf(unload_text, sizeof unload_text, "%d", unload ? unload : 600);
    snprintf(lease_text, sizeof lease_text, "%d", s->lease ? s->lease : 30);
    int fds[2];
    if (pipe(fds))
        return -1;
    snprintf(s->log, sizeof s->log, "%s", log);
    s->pid = fork();
    if (s->pid == 0) {
        dup2(fds[1], 1);
        int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        dup2(fd, 2);
        close(fds[0]);
        execl(TT_BINARY_DIR "/tabletop", "tabletop", "serve", "--port", "0", "--db", db, "--rate",
              rate_text, "--unload", unload_text, "--lease", lease_text, (char *)0);
        _exit(127);
    }
    close(fds[1]);
    FILE *out = fdopen(fds[0], "r");
    char line[256] = "";
    s->port = 0;
    /* the server prints its address once it accepts connections */
    if (fgets(line, sizeof line, out))
        sscanf(line, "listening on http://127.0.0.1:%d/", &s->port);
    fclose(out);
    return s->port > 0 ? 0 : -1;
}

void tc_server_stop(tc_server *s, int sig)
{
    if (s->pid <= 0)
        return;
    kill(s->pid, sig);
    waitpid(s->pid, NULL, 0);
    s->pid = 0;
}

int tc_http_get(int port, const char *path, char *out, size_t n)
{
    char req[512];
    snprintf(req, sizeof req, "GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n", path);
    return tc_http_request(port, req, out, n);
}

int tc_http_request(int port, const char *req, char *out, size_t n)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct timeval tv = {5, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    size_t got = 0, len = strlen(req);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0 && write(fd, req, len) == (ssize_t)len) {
        ssize_t r;
        while (got + 1 < n && (r = read(fd, out + got, n - 1 - got)) > 0)
            got += (size_t)r;
    }
    close(fd);
    out[got] = '\0';
    int status = -1;
    if (sscanf(out, "HTTP/1.%*d %d", &status) != 1)
        status = -1;
    return status;
}
