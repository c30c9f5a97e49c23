/* Status codes and error records (see tabletop/error.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/errors.h"

const char *tt_strerror(int code)
{
    switch (code) {
    case TT_OK: return "ok";
    case TT_EILLEGAL: return "illegal";
    case TT_EPARSE: return "parse";
    case TT_ECONTENT: return "content";
    case TT_EARG: return "argument";
    case TT_EIO: return "io";
    case TT_ENOMEM: return "memory";
    case TT_ESTATE: return "state";
    case TT_EREPLAY: return "replay";
    default: return "unknown";
    }
}

void tt_error_clear(tt_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
}

const char *tt_error_text(const tt_error *err, char *buf, size_t n)
{
    if (err->rule[0])
        snprintf(buf, n, "%s (%s)", err->msg, err->rule);
    else
        snprintf(buf, n, "%s", err->msg);
    return buf;
}

int tt_fail(tt_error *err, int code, const char *rule, const char *fmt, ...)
{
    if (!err)
        return code;
    err->code = code;
    snprintf(err->rule, sizeof err->rule, "%s", rule ? rule : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return code;
}
