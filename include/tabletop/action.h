/* tabletop — actions: small fixed-size values with a canonical text form.
 *
 * An action is one atomic choice, encoded by its game as an integer. Its text
 * (tt_action_format / tt_action_parse in game.h) round-trips exactly. */
#ifndef TABLETOP_ACTION_H
#define TABLETOP_ACTION_H

#include <stdint.h>

typedef uint32_t tt_action;

#define TT_ACTION_TEXT_MAX 96 /* enough for any action's text */

#endif
