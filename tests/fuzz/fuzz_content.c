/* libFuzzer harness for every game's content and deck loaders.
 *
 * The first byte picks a registered game and one of its parameters that take
 * a file (a content file, a board, a deck written as a path: every FILE
 * parameter, and TEXT ones given a ".json" path); the rest is the file. It is
 * validated as `tabletop deck validate` does, then loaded as that parameter:
 * either is refused with a message, or the game loads, and then a few random
 * moves keep the state sane. Nothing may crash, leak or hang. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The i-th parameter of game `name` that may name a file, or NULL. */
static const tt_param_spec *file_param(const char *name, int i)
{
    for (int k = 0; tt_game_param(name, k); k++) {
        const tt_param_spec *sp = tt_game_param(name, k);
        if ((sp->kind == TT_PARAM_FILE || sp->kind == TT_PARAM_TEXT) && i-- == 0)
            return sp;
    }
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *name = tt_game_list(data[0] % fuzz_ngames());
    int nparams = 0;
    while (file_param(name, nparams))
        nparams++;
    const char *path = fuzz_write("input.json", data + 1, size - 1);
    char *report = NULL;
    tt_error err;
    int rc = tt_validate_file(name, path, &report, &err);
    FUZZ_CHECK(rc == TT_OK || rc == TT_ECONTENT || rc == TT_EARG || rc == TT_EIO);
    FUZZ_CHECK(rc != TT_ECONTENT || (report && report[0]));
    free(report);
    if (!nparams)
        return 0;
    const tt_param_spec *sp = file_param(name, (data[0] / fuzz_ngames()) % nparams);
    char params[800];
    snprintf(params, sizeof params, "%s=%s", sp->key, path);
    tt_game *g = NULL;
    rc = tt_game_new(name, params, &g, &err);
    if (rc != TT_OK) {
        FUZZ_CHECK(g == NULL && err.msg[0] && !strchr(err.msg, '\n'));
        return 0;
    }
    tt_state *s = malloc(tt_state_size(g));
    FUZZ_CHECK(s != NULL);
    tt_state_init(g, s, size);
    FUZZ_CHECK(tt_sanity(g, s, &err) == TT_OK);
    fuzz_play(g, s, size, 40);
    free(s);
    tt_game_free(g);
    return 0;
}
