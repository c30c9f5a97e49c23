/* Messages, options and numbers for the `tabletop` subcommands.
 *
 * Options are parsed by hand (getopt_long is not POSIX): every subcommand walks
 * its argv and asks cli_option about each word. Numbers are parsed strictly —
 * "12x", "", "-1" for an unsigned value are refused, never read as 0 — so a
 * typo in a script fails loudly with exit status 2. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/rng.h"

int cli_error(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("tabletop: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return status;
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "tabletop: %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see 'tabletop %s --help')\n", cmd);
    va_end(ap);
    return CLI_USAGE;
}

int cli_is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int cli_option(const char *cmd, const char *name, int argc, char **argv, int *i, const char **value)
{
    const char *arg = argv[*i];
    size_t len = strlen(name);
    if (strncmp(arg, name, len) != 0)
        return 0;
    if (arg[len] == '=') {
        *value = arg + len + 1;
        return 1;
    }
    if (arg[len] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        cli_usage(cmd, "%s needs a value", name);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

int cli_parse_u64(const char *text, uint64_t *out)
{
    return tt_seed_parse(text, out) == TT_OK ? 0 : -1;
}

int cli_parse_long(const char *text, long min, long max, long *out)
{
    if (!text[0] || text[0] == ' ')
        return -1;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (*end || errno || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

int cli_parse_double(const char *text, double min, double max, double *out)
{
    if (!text[0] || text[0] == ' ')
        return -1;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (*end || errno || !isfinite(v) || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

int cli_params_add(const char *cmd, cli_params *p, const char *kv)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv) {
        cli_usage(cmd, "--param wants key=value, not '%s'", kv);
        return -1;
    }
    size_t at = strlen(p->text), len = strlen(kv);
    if (at + len + 2 > sizeof p->text) {
        cli_usage(cmd, "too many parameters");
        return -1;
    }
    if (at)
        p->text[at++] = ' ';
    memcpy(p->text + at, kv, len + 1);
    return 0;
}

/* Options that name a game parameter directly: `--mode story` is
 * `--param mode=story` (the game refuses a parameter it does not have). */
static const char *const param_options[] = {"mode", "difficulty", NULL};

int cli_param_option(const char *cmd, int argc, char **argv, int *i, cli_params *p)
{
    for (int k = 0; param_options[k]; k++) {
        char name[32], kv[256];
        const char *v;
        snprintf(name, sizeof name, "--%s", param_options[k]);
        int m = cli_option(cmd, name, argc, argv, i, &v);
        if (m == 0)
            continue;
        if (m < 0)
            return -1;
        snprintf(kv, sizeof kv, "%s=%s", param_options[k], v);
        return cli_params_add(cmd, p, kv) ? -1 : 1;
    }
    return 0;
}

uint64_t cli_fresh_seed(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t x = (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
    /* short enough to retype: the seed is printed so a game can be repeated */
    return tt_mix64(x ^ ((uint64_t)getpid() << 32)) % 1000000000u;
}

void cli_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if (*s < 0x20)
            fprintf(out, "\\u%04x", *s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}
