/* Filling a tt_error: the one helper every module uses to refuse. */
#ifndef TT_CORE_ERRORS_H
#define TT_CORE_ERRORS_H

#include "tabletop/error.h"

/* Rewrites the control characters of s (a buffer of n bytes) as escapes
 * (\n, \t, \x01…), cutting what no longer fits: a message quoting a file's
 * text (an unknown key "a\nb") stays one line. */
void tt_one_line(char *s, size_t n);

/* Sets err (if not NULL) and returns code, its message made one line
 * (tt_one_line). rule may be NULL or "". */
int tt_fail(tt_error *err, int code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* As tt_fail, with the rules' own error code (NULL or "" for none). */
int tt_fail_code(tt_error *err, int code, const char *ecode, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Adds the rules' error code and rule ID to an error already filled (a
 * message from a shared helper, given the game's own citation); returns its
 * code. NULL err: returns TT_EPARSE. */
int tt_error_cite(tt_error *err, const char *ecode, const char *rule);

/* Refuses an action: TT_EILLEGAL, with the rules' error code (NULL or "" when
 * the rules name none) and the rule's ID. */
int tt_refuse(tt_error *err, const char *ecode, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The one refusal every game writes, inside functions with a tt_error *err:
 * return TT_REFUSE("TAN-5.4.1", "E_NO_MP", "%s has 0 MP", name);
 * Listing legal actions checks candidates with err NULL, millions of times a
 * second in playouts: then it is no call at all, and no message is written. */
#define TT_REFUSE(rule, ecode, ...) ((err) ? tt_refuse(err, ecode, rule, __VA_ARGS__) : TT_EILLEGAL)

#endif
