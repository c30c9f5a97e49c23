/* Diagnostics: every problem found in a content or deck file, each with file,
 * line and the rule it breaks, so validation reports them all at once. */
#ifndef TT_CORE_DIAG_H
#define TT_CORE_DIAG_H

#include <stddef.h>

#define TT_DIAG_MAX 64

typedef struct tt_diag {
    char file[160];
    int line; /* 0 when the problem has no line (a missing file) */
    char rule[24];
    char msg[256];
} tt_diag;

typedef struct tt_diags {
    int n;       /* kept */
    int dropped; /* found past TT_DIAG_MAX */
    tt_diag d[TT_DIAG_MAX];
} tt_diags;

void tt_diag_add(tt_diags *d, const char *file, int line, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* "file:line: msg (RULE)" into buf. */
const char *tt_diag_text(const tt_diag *d, char *buf, size_t n);

struct tt_error;
/* Loading refused: the first problem as err's one line, saying when there
 * are more (see 'tabletop deck validate'); returns TT_ECONTENT. d holds at
 * least one problem. */
int tt_diags_fail(const tt_diags *d, struct tt_error *err);

#endif
