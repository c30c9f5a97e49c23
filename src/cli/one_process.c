/* A run in one process: `tabletop`'s side of cli_deal and its companions.
 *
 * `tabletop-mpi` links src/mpi/ranks.c in this file's place and spreads a
 * run over the ranks of an MPI job. Here there is one process, which plays
 * every game on its threads and reports; so agreement is the status itself
 * and the result slots are already where the report reads them. */
#include "cli/cli.h"

int cli_processes(void)
{
    return 1;
}

int cli_reports(void)
{
    return 1;
}

uint64_t cli_run_seed(void)
{
    return cli_fresh_seed();
}

int cli_agree(int status)
{
    return status;
}

int cli_deal_threads(long n)
{
    return cli_threads(n);
}

int cli_deal(int threads, long lo, long hi, void *shared, void **workers, cli_job fn, void *slots,
             size_t size, cli_slot_len len)
{
    (void)slots, (void)size, (void)len; /* filled by fn, in this process */
    return cli_parallel(threads, lo, hi, shared, workers, fn);
}
