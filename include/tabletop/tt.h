/* tabletop — a rules engine for hidden-information tabletop games.
 * The umbrella header: include this one. */
#ifndef TABLETOP_TT_H
#define TABLETOP_TT_H

#include "tabletop/action.h"
#include "tabletop/ai.h"
#include "tabletop/error.h"
#include "tabletop/event.h"
#include "tabletop/files.h"
#include "tabletop/game.h"
#include "tabletop/proto.h"
#include "tabletop/replay.h"
#include "tabletop/undo.h"
#include "tabletop/view.h"

#endif
