/* `tabletop-mpi`: tabletop's `sim` and `ladder` on every rank of an MPI job.
 *
 * A companion program rather than MPI inside `tabletop`: a program linked
 * with libmpi needs Open MPI installed to build and to start, and starts its
 * runtime on every run, which is a burden for the many who play or simulate
 * on one machine. So `tabletop` has no MPI in it, and this program, built
 * only where CMake finds MPI, is the very same sim and ladder code
 * (src/cli/) linked with src/mpi/ranks.c instead of src/cli/one_process.c:
 * the games are dealt to the ranks by index, and rank 0 prints the report a
 * single process prints for the same options.
 *
 * Every rank runs the command; the others' stdout goes to /dev/null. What a
 * rank writes on stderr is held in a temporary file until the command is
 * over; then rank 0 prints its own, and each other rank's that differs from
 * rank 0's and from the one printed last, naming the rank and its host. A
 * bad argument, which every rank sees alike, gives its one line once; a
 * fault on one host (a content file missing there) is still told. The exit
 * status is the worst of all the ranks', on every rank. */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

#ifndef TT_VERSION
#define TT_VERSION "unknown"
#endif

#define HELD_MAX 4096 /* bytes of a rank's stderr that reach rank 0 */
#define HELD_TAG 2

static const char usage_text[] =
    "Usage: mpirun [-np K] [--hostfile FILE] tabletop-mpi <command> [options]\n"
    "\n"
    "tabletop's simulations on every rank of an MPI job: the games are dealt to\n"
    "the ranks by index, each rank plays its share on its own threads, and rank 0\n"
    "prints the report `tabletop <command>` prints with the same options (timings\n"
    "aside). Every host needs the same tabletop-mpi and the same content files.\n"
    "\n"
    "Commands:\n"
    "  sim <game> --games N         N AI-vs-AI games and their statistics\n"
    "  ladder <game>                a round robin between AIs: win rates and ratings\n"
    "\n"
    "Options:\n"
    "  --help, -h                   this help; `tabletop-mpi <command> --help` for a command\n"
    "  --version                    the version\n"
    "\n"
    "--threads N sets the threads of each rank (default: its host's cores shared\n"
    "among the ranks there, within the cores mpirun bound it to). Exit status: as\n"
    "tabletop's (0 ok, 1 refused input, 2 a usage error), the worst of all the\n"
    "ranks, on every rank. docs/simulation.md shows a run over several machines.\n";

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return CLI_USAGE;
    }
    if (cli_is_help(argv[1])) {
        fputs(usage_text, stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("tabletop-mpi %s\n", TT_VERSION);
        return CLI_OK;
    }
    if (strcmp(argv[1], "sim") == 0)
        return cmd_sim(argc - 1, argv + 1);
    if (strcmp(argv[1], "ladder") == 0)
        return cmd_ladder(argc - 1, argv + 1);
    cli_error(CLI_USAGE, "unknown command '%s' (tabletop-mpi runs sim and ladder)", argv[1]);
    return CLI_USAGE;
}

/* A rank's stderr, held in a file while the command runs. */
typedef struct held {
    FILE *file;    /* NULL: not held, written as it came */
    int stderr_fd; /* the real stderr */
} held;

static void hold_begin(held *h, int rank)
{
    int null = rank > 0 ? open("/dev/null", O_WRONLY) : -1;
    if (null >= 0) {
        dup2(null, STDOUT_FILENO);
        close(null);
    }
    fflush(stderr);
    h->file = tmpfile();
    h->stderr_fd = h->file ? dup(STDERR_FILENO) : -1;
    if (h->stderr_fd < 0 || dup2(fileno(h->file), STDERR_FILENO) < 0) {
        if (h->file)
            fclose(h->file);
        h->file = NULL;
    }
}

/* Puts the real stderr back; text gets what was held ("" when nothing). */
static void hold_end(held *h, char *text)
{
    text[0] = '\0';
    fflush(stderr);
    if (!h->file)
        return;
    dup2(h->stderr_fd, STDERR_FILENO);
    close(h->stderr_fd);
    rewind(h->file);
    size_t n = fread(text, 1, HELD_MAX - 1, h->file);
    text[n] = '\0';
    fclose(h->file);
}

/* A rank's held text, as it travels to rank 0. */
typedef struct told {
    char host[MPI_MAX_PROCESSOR_NAME];
    char text[HELD_MAX];
} told;

/* Prints another rank's text, each line naming the rank and its host. */
static void tell_from(int rank, const told *t)
{
    const char *line = t->text, *me = "tabletop: ";
    while (*line) {
        size_t len = strcspn(line, "\n");
        int ours = strncmp(line, me, strlen(me)) == 0;
        const char *rest = ours ? line + strlen(me) : line;
        fprintf(stderr, "%srank %d (%s): %.*s\n", ours ? me : "", rank, t->host,
                (int)(len - (size_t)(rest - line)), rest);
        line += len + (line[len] == '\n');
    }
}

/* Collective: rank 0 prints its own text, then every other rank's that
 * says something new (see the file comment). */
static void tell(int rank, int ranks, const told *mine)
{
    if (rank > 0) {
        MPI_Send(mine, (int)sizeof *mine, MPI_BYTE, 0, HELD_TAG, MPI_COMM_WORLD);
        return;
    }
    fputs(mine->text, stderr);
    told other;
    char last[HELD_MAX];
    snprintf(last, sizeof last, "%s", mine->text);
    for (int r = 1; r < ranks; r++) {
        MPI_Recv(&other, (int)sizeof other, MPI_BYTE, r, HELD_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (!other.text[0] || strcmp(other.text, mine->text) == 0 || strcmp(other.text, last) == 0)
            continue;
        tell_from(r, &other);
        snprintf(last, sizeof last, "%s", other.text);
    }
    fflush(stderr);
}

int main(int argc, char **argv)
{
    int provided, rank, ranks, len;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    held h;
    hold_begin(&h, rank);
    int rc = dispatch(argc, argv);
    fflush(stdout);
    told mine;
    memset(&mine, 0, sizeof mine);
    MPI_Get_processor_name(mine.host, &len);
    hold_end(&h, mine.text);
    tell(rank, ranks, &mine);
    int worst;
    MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return worst;
}
