/* tabletop — status codes and the error record every call fills on failure.
 *
 * Functions return TT_OK (0) or a negative TT_E… code. When they fail they fill
 * a caller-provided tt_error (which may be NULL) with a one-line message and,
 * when a rule refused the request, the rule's ID (e.g. "INV-5.7") and the
 * rules' own error code where they define one ("E_NO_MP"), for front ends and
 * tests to match on. */
#ifndef TABLETOP_ERROR_H
#define TABLETOP_ERROR_H

#include <stddef.h>

enum {
    TT_OK = 0,
    TT_EILLEGAL = -1, /* a rule forbids the action; rule holds its ID */
    TT_EPARSE = -2,   /* text that is not an action, command or number */
    TT_ECONTENT = -3, /* a content or deck file is malformed or breaks a rule */
    TT_EARG = -4,     /* a bad argument: unknown game, parameter, player */
    TT_EIO = -5,      /* a file could not be read or written */
    TT_ENOMEM = -6,   /* out of memory */
    TT_ESTATE = -7,   /* the request does not fit the state (game over, …) */
    TT_EREPLAY = -8   /* a record that does not replay */
};

typedef struct tt_error {
    int code;       /* one of the codes above */
    char ecode[32]; /* the rules' own error code ("E_NO_MP"), or "" */
    char rule[24];  /* rule ID, or "" when no rule is involved */
    char msg[320];  /* one line, no trailing newline, no error code, no rule ID */
} tt_error;

/* A short name for a status code: "illegal", "parse", … */
const char *tt_strerror(int code);

/* Clears err (no-op on NULL). */
void tt_error_clear(tt_error *err);

/* Writes "ECODE: msg (RULE)", leaving out the parts that are empty, into
 * buf; returns buf. */
const char *tt_error_text(const tt_error *err, char *buf, size_t n);

#endif
