/* Illuminati: New World Order — the card texts (describe.c): tt_describe
 * for `tabletop cards inwo` and `info` at the prompt. */
#ifndef TT_GAMES_INWO_DESCRIBE_H
#define TT_GAMES_INWO_DESCRIBE_H

#include <stddef.h>

#include "core/rules.h"

const char *inwo_describe_id(const tt_game *g, int i);
int inwo_describe(const tt_game *g, int i, int what, char *buf, size_t n);

#endif
