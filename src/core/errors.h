/* Filling a tt_error: the one helper every module uses to refuse. */
#ifndef TT_CORE_ERRORS_H
#define TT_CORE_ERRORS_H

#include "tabletop/error.h"

/* Sets err (if not NULL) and returns code. rule may be NULL or "". */
int tt_fail(tt_error *err, int code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
