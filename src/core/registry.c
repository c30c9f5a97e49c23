/* The games this build knows, as OpenSpiel registers its games: one tt_rules
 * descriptor per game, found by name. The list itself, tt_registry, is
 * generated from the game folders at build time (scripts/games.cmake). */
#include <string.h>

#include "core/rules.h"

const tt_rules *tt_rules_find(const char *name)
{
    for (int i = 0; tt_registry[i]; i++)
        if (strcmp(tt_registry[i]->name, name) == 0)
            return tt_registry[i];
    return NULL;
}

struct tt_embedded_file {
    const char *path;
    const char *text;
    size_t size;
};
extern const struct tt_embedded_file tt_embedded[];

const char *tt_embedded_find(const char *path, size_t *size)
{
    for (int i = 0; tt_embedded[i].path; i++)
        if (strcmp(tt_embedded[i].path, path) == 0) {
            if (size)
                *size = tt_embedded[i].size;
            return tt_embedded[i].text;
        }
    return NULL;
}
