/* Filling a tt_error: the one helper every module uses to refuse. */
#ifndef TT_CORE_ERRORS_H
#define TT_CORE_ERRORS_H

#include "tabletop/error.h"

/* Sets err (if not NULL) and returns code. rule may be NULL or "". */
int tt_fail(tt_error *err, int code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Refuses an action: TT_EILLEGAL, with the rules' error code (NULL or "" when
 * the rules name none) and the rule's ID. */
int tt_refuse(tt_error *err, const char *ecode, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The one refusal every game writes, inside functions with a tt_error *err:
 * return TT_REFUSE("TAN-5.4.1", "E_NO_MP", "%s has 0 MP", name); */
#define TT_REFUSE(rule, ecode, ...) tt_refuse(err, ecode, rule, __VA_ARGS__)

#endif
