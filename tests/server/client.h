/* A small blocking WebSocket client for the server's tests: connect to the
 * server on loopback, send a frame, wait for a frame of a given type. Every
 * wait has a deadline, so a test that goes wrong fails instead of hanging.
 *
 * Also starts and kills the server as a child process (`tabletop serve
 * --port 0`), reading the port it chose from its first line. */
#ifndef TT_TESTS_SERVER_CLIENT_H
#define TT_TESTS_SERVER_CLIENT_H

#include <jansson.h>
#include <sys/types.h>

typedef struct tc_server {
    pid_t pid;
    int port;
    int lease;     /* set before starting it: --lease lease (0: the default) */
    char log[256]; /* its stderr */
} tc_server;

/* Starts `tabletop serve --port 0 --db db --rate rate --unload unload` (0:
 * its default) and s->lease, its stderr to log; 0 or -1. */
int tc_server_start(tc_server *s, const char *db, const char *log, int rate, int unload);
/* Kills it with sig (SIGKILL: as a crash; SIGTERM: a clean stop) and waits. */
void tc_server_stop(tc_server *s, int sig);

/* GETs path from the server over plain HTTP/1.0: the status code (-1 when
 * there is no answer), and up to n - 1 bytes of the answer, headers first,
 * in out. */
int tc_http_get(int port, const char *path, char *out, size_t n);
/* The same for a request written out whole (its headers and the blank line
 * that ends them): what the server answers until it closes, or for 5 s. */
int tc_http_request(int port, const char *req, char *out, size_t n);

typedef struct tc_client tc_client;

/* Connects to 127.0.0.1:port as a page the server served would (Origin
 * http://127.0.0.1:port); NULL when it cannot within a few seconds. */
tc_client *tc_connect(int port);
/* The same from a page of origin (NULL: no Origin header, as a client that
 * is not a browser); NULL when the server refuses it. */
tc_client *tc_connect_from(int port, const char *origin);
void tc_close(tc_client *c);

/* Sends text as one frame (len bytes); 0 once written, -1 on failure. */
int tc_send(tc_client *c, const char *text, size_t len);
/* Packs and sends a frame as json_pack would ("{s:s}", "cmd", "tables"). */
int tc_sendf(tc_client *c, const char *fmt, ...);

/* The next frame whose "type" is `type` (NULL: any), frames before it
 * dropped; NULL after timeout_ms or when the connection closed. The caller
 * owns the frame (json_decref). */
json_t *tc_wait(tc_client *c, const char *type, int timeout_ms);

/* How many frames have arrived and not been taken by tc_wait. */
int tc_pending(tc_client *c, int wait_ms);

#endif
