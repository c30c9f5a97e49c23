/* The tests' throwaway PostgreSQL cluster (pg.h). */
#include <arpa/inet.h>
#include <fcntl.h>
#include <glob.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pg.h"

/* Runs argv (as `postgres` when root), its output to dir/setup.log, for at
 * most `seconds`: 0 when it exited 0. */
static int run(const tc_pg *pg, const char *const argv[], int seconds)
{
    struct passwd *pw = geteuid() == 0 ? getpwnam("postgres") : NULL;
    if (geteuid() == 0 && !pw) {
        fprintf(stderr, "running as root and there is no postgres user to run PostgreSQL as\n");
        return -1;
    }
    char log[96];
    snprintf(log, sizeof log, "%s/setup.log", pg->dir);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        dup2(fd, 1);
        dup2(fd, 2);
        if (pw && (setgid(pw->pw_gid) || setuid(pw->pw_uid)))
            _exit(126);
        execv(argv[0], (char *const *)argv); /* execv does not change them */
        _exit(127);
    }
    int status = -1;
    for (long waited = 0; waited < seconds * 1000L; waited += 20) {
        if (waitpid(pid, &status, WNOHANG) == pid)
            return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
        nanosleep(&(struct timespec){0, 20000000}, NULL);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    fprintf(stderr, "%s took more than %d s\n", argv[0], seconds);
    return -1;
}

/* A port number no one listens on now. */
static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {0};
    socklen_t len = sizeof a;
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int port = -1;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
        getsockname(fd, (struct sockaddr *)&a, &len) == 0)
        port = ntohs(a.sin_port);
    close(fd);
    return port;
}

static void show_log(const tc_pg *pg, const char *name)
{
    char path[96], line[256];
    snprintf(path, sizeof path, "%s/%s", pg->dir, name);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        fprintf(stderr, "  %s", line);
    if (f)
        fclose(f);
}

int tc_pg_start(tc_pg *pg)
{
    glob_t g;
    memset(pg, 0, sizeof *pg);
    if (glob("/usr/lib/postgresql/*/bin/initdb", 0, NULL, &g) != 0) {
        fprintf(stderr, "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
                        "its tests are skipped; scripts/install-deps.sh installs it\n");
        return TC_PG_ABSENT;
    }
    char initdb[160], pg_ctl[160], data[96], opts[256], port[12];
    snprintf(pg->bin, sizeof pg->bin, "%.*s", (int)(strlen(g.gl_pathv[g.gl_pathc - 1]) - 7),
             g.gl_pathv[g.gl_pathc - 1]); /* the newest, less "/initdb" */
    globfree(&g);
    snprintf(initdb, sizeof initdb, "%s/initdb", pg->bin);
    snprintf(pg_ctl, sizeof pg_ctl, "%s/pg_ctl", pg->bin);
    /* mkdtemp replaces the six X with a unique name */
    snprintf(pg->dir, sizeof pg->dir, "/tmp/tt_pg_XXXXXX");
    if (!mkdtemp(pg->dir))
        return -1;
    struct passwd *pw = geteuid() == 0 ? getpwnam("postgres") : NULL;
    if (pw && chown(pg->dir, pw->pw_uid, pw->pw_gid))
        return -1;
    int p = free_port();
    snprintf(port, sizeof port, "%d", p);
    snprintf(data, sizeof data, "%s/data", pg->dir);
    snprintf(opts, sizeof opts,
             "-k %s -p %d -c listen_addresses= -c fsync=off -c full_page_writes=off", pg->dir, p);
    char log[96];
    snprintf(log, sizeof log, "%s/server.log", pg->dir);
    const char *const init_argv[] = {initdb,     "-D", data,   "-A",        "trust", "-U",
                                     "tabletop", "-E", "UTF8", "--no-sync", NULL};
    const char *const start_argv[] = {pg_ctl, "-D", data, "-l", log,     "-o",
                                      opts,   "-w", "-t", "30", "start", NULL};
    if (run(pg, init_argv, 60) || run(pg, start_argv, 40)) {
        fprintf(stderr, "the PostgreSQL test cluster did not start:\n");
        show_log(pg, "setup.log");
        show_log(pg, "server.log");
        tc_pg_stop(pg);
        return -1;
    }
    pg->running = 1;
    snprintf(pg->uri, sizeof pg->uri, "postgresql:///postgres?host=%s&port=%d&user=tabletop",
             pg->dir, p);
    return 0;
}

int tc_pg_reset(const tc_pg *pg)
{
    PGconn *db = PQconnectdb(pg->uri);
    PGresult *r = PQexec(db, "SET client_min_messages = warning;"
                             "DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok)
        fprintf(stderr, "cannot empty the test database: %s", PQerrorMessage(db));
    PQclear(r);
    PQfinish(db);
    return ok ? 0 : -1;
}

void tc_pg_stop(tc_pg *pg)
{
    if (!pg->dir[0])
        return;
    if (pg->running) {
        char pg_ctl[160], data[96];
        snprintf(pg_ctl, sizeof pg_ctl, "%s/pg_ctl", pg->bin);
        snprintf(data, sizeof data, "%s/data", pg->dir);
        const char *const argv[] = {pg_ctl, "-D", data, "-m",   "immediate",
                                    "-w",   "-t", "20", "stop", NULL};
        run(pg, argv, 30);
        pg->running = 0;
    }
    const char *const rm[] = {"/bin/rm", "-rf", pg->dir, NULL};
    pid_t pid = fork();
    if (pid == 0) {
        execv(rm[0], (char *const *)rm);
        _exit(127);
    }
    waitpid(pid, NULL, 0);
    pg->dir[0] = '\0';
}
