/* Diagnostics collected during validation; see diag.h. */
#include <stdarg.h>
#include <stdio.h>

#include "core/diag.h"
#include "core/errors.h"

void tt_diag_add(tt_diags *d, const char *file, int line, const char *rule, const char *fmt, ...)
{
    if (d->n >= TT_DIAG_MAX) {
        d->dropped++;
        return;
    }
    tt_diag *x = &d->d[d->n++];
    snprintf(x->file, sizeof x->file, "%s", file ? file : "");
    x->line = line;
    snprintf(x->rule, sizeof x->rule, "%s", rule ? rule : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->msg, sizeof x->msg, fmt, ap);
    va_end(ap);
    tt_one_line(x->file, sizeof x->file); /* a report is a line a problem */
    tt_one_line(x->msg, sizeof x->msg);
}

const char *tt_diag_text(const tt_diag *d, char *buf, size_t n)
{
    char where[200];
    if (d->line > 0)
        snprintf(where, sizeof where, "%s:%d", d->file, d->line);
    else
        snprintf(where, sizeof where, "%s", d->file);
    if (d->rule[0])
        snprintf(buf, n, "%s: %s (%s)", where, d->msg, d->rule);
    else
        snprintf(buf, n, "%s: %s", where, d->msg);
    return buf;
}

int tt_diags_fail(const tt_diags *d, tt_error *err)
{
    char line[512];
    tt_diag_text(&d->d[0], line, sizeof line);
    int more = d->n + d->dropped - 1;
    return tt_fail(err, TT_ECONTENT, NULL, "%s%s", line,
                   more > 0 ? " (and more: see 'tabletop deck validate')" : "");
}
