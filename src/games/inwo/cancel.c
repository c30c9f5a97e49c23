/* INWO cancels (INWO-10.3): a CANCEL Plot played as an item attached to the
 * root item whose round is polling (an attack before its roll, a Plot or
 * ability, an Illuminati-token action), naming it or one of its pending
 * items by its text i<k> (INWO-4.6.2, 5.0.3). Nothing happens on
 * announcement: the chain is evaluated when the root's round closes
 * (INWO-10.3.8), since until then every cancel may itself be canceled.
 * Cancel abilities are not written yet. */
#include <string.h>

#include "core/errors.h"
#include "core/events.h"
#include "games/inwo/inwo.h"

/* Whether item j was announced in an after-roll round: an after-roll Plot
 * or a cancel of one (a cancel names a lower item, so this ends). */
static int after_roll(const inwo_state *s, int j)
{
    while (s->item[j].kind == INWO_K_CANCEL)
        j = s->item[j].target;
    return s->item[j].kind == INWO_K_AFTER;
}

static const inwo_op *cancel_op(const inwo_content *c, int card)
{
    const inwo_def *d = inwo_def_of(c, card);
    return d->kind == INWO_PLOT && d->nability && d->ability[0].op == OP_CANCEL &&
                   !d->ability[0].ncost && (d->timing == TM_ANY || d->timing == TM_ATTACK)
               ? &d->ability[0]
               : NULL;
}

int inwo_cancel_plot(const tt_game *g, int card)
{
    return card < g->nplayers * INWO_DECK_CARDS && cancel_op(g->content, card) != NULL;
}

/* The kind of cancel that can name item j (INWO-2.10.7): every token spend
 * and root action is an action, a Plot played, an after-roll Plot and a
 * cancel are Plots, a used ability an ability, an Instant Attack an instant.
 * After the roll only the after-roll Plots and the cancels of them are
 * pending (INWO-5.9.9, 5.19.4). Privilege and un-privilege act when
 * announced: nothing to cancel (0). */
int inwo_cancel_kind(const inwo_state *s, int j)
{
    int kind = s->item[j].kind;
    if (kind == H_AGENTS)
        return 0; /* neither a Plot nor an action (INWO-5.13.1) */
    if (s->roll && !after_roll(s, j))
        return 0;
    if (kind == INWO_K_PRIV || kind == INWO_K_UNPRIV)
        return 0;
    if (kind == INWO_K_INSTANT)
        return CAN_INSTANT;
    if (kind == H_USE)
        return CAN_ABILITY;
    return kind == H_PLAY || kind == INWO_K_CANCEL || kind == INWO_K_AFTER ? CAN_PLOT : CAN_ACTION;
}

int inwo_cancel_root(const inwo_state *s)
{
    if (s->roll) /* the after-roll round: its Plots only */
        return inwo_after_roll_item(s);
    if (!s->nrounds)
        return -1;
    int k = s->rounds[s->nrounds - 1].id;
    return k >= OR_UPKEEP ? -1 : k;
}

int inwo_cancel_item(const inwo_state *s, int k, int num)
{
    for (int j = k; j < s->nitems; j++)
        if (s->item[j].num == num && num && (j == k || s->item[j].parent == k))
            return j;
    return -1;
}

static int chk_play(const tt_game *g, const inwo_state *s, int plot, int k, tt_error *err)
{
    if (s->decl.head || k < 0)
        return TT_REFUSE("INWO-10.3", NULL,
                         "a cancel is played on a pending item, before its roll or resolution");
    if (inwo_privilege_bars(s, s->to_move))
        return TT_REFUSE("INWO-5.14.2", NULL, "only the attacker and the defender play here");
    if (s->card[plot].zone != Z_HAND || s->card[plot].holder != s->to_move)
        return TT_REFUSE("INWO-5.7.1", NULL, "play a Plot of your hand");
    if (s->nitems >= INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    const inwo_op *op = cancel_op(g->content, plot);
    for (int j = k; j < s->nitems; j++)
        if ((j == k || s->item[j].parent == k) && s->item[j].num &&
            (op->mask & inwo_cancel_kind(s, j)))
            return TT_OK;
    return TT_REFUSE("INWO-10.3", NULL, "no pending item of a kind this Plot cancels");
}

static int chk_target(const tt_game *g, const inwo_state *s, int arg, tt_error *err)
{
    int k = s->decl.ans[INWO_DECL_ROOT], j = inwo_cancel_item(s, k, arg & ~(int)INWO_ITEM_ARG);
    if (!(arg & INWO_ITEM_ARG) || j < 0)
        return TT_REFUSE("INWO-10.3", NULL, "a cancel names a pending item of this round (i<k>)");
    if (!inwo_cancel_kind(s, j))
        return TT_REFUSE("INWO-5.19.4", NULL, "that item can no longer be canceled");
    int rc = inwo_look_guard(g, s, s->decl.ans[0], j, err); /* INWO-7.4 */
    if (rc)
        return rc;
    if (!(cancel_op(g->content, s->decl.ans[0])->mask & inwo_cancel_kind(s, j)))
        return TT_REFUSE("INWO-2.10.7", NULL,
                         inwo_cancel_kind(s, j) == CAN_PLOT
                             ? "this Plot does not cancel a Plot"
                             : "this Plot does not cancel a group action");
    return TT_OK;
}

int inwo_cancel_check(const tt_game *g, const inwo_state *s, tt_action a, tt_error *err)
{
    if (INWO_HEAD(a) == H_PLAY)
        return chk_play(g, s, INWO_ARG(a), inwo_cancel_root(s), err);
    if (s->decl.head != H_PLAY || s->decl.nans != 1)
        return TT_REFUSE("INWO-5.0.4", NULL, "no cancel is being played");
    return chk_target(g, s, INWO_ARG(a), err);
}

static int add(const tt_game *g, const inwo_state *s, tt_action a, tt_action *out, int n)
{
    if (inwo_cancel_check(g, s, a, NULL) != TT_OK)
        return n;
    if (out)
        out[n] = a;
    return n + 1;
}

int inwo_cancel_legal(const tt_game *g, const inwo_state *s, tt_action *out, int n)
{
    int k = s->decl.ans[INWO_DECL_ROOT];
    for (int j = k; j < s->nitems; j++)
        if ((j == k || s->item[j].parent == k) && s->item[j].num)
            n = add(g, s, INWO_A(H_TARGET, INWO_ITEM_ARG | s->item[j].num), out, n);
    return n;
}

void inwo_cancel_announce(const tt_game *g, inwo_state *s, tt_events *ev)
{
    (void)g;
    int plot = s->decl.ans[0], k = s->decl.ans[INWO_DECL_ROOT], p = s->decl.player;
    int j = inwo_cancel_item(s, k, s->decl.ans[1] & ~INWO_ITEM_ARG);
    memset(&s->decl, 0, sizeof s->decl);
    int exposed = inwo_plot_to_attack(s, plot, p, k);
    int n = s->nitems++;
    s->item[n] = (inwo_item){INWO_K_CANCEL, (uint8_t)p,       (uint16_t)plot, (uint16_t)j,
                             (uint8_t)k,    (uint8_t)exposed, ++s->announced};
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[n].num, plot, H_PLAY, s->item[j].num);
    tt_round_play(&s->rounds[s->nrounds - 1]); /* INWO-4.6.3: polling restarts */
}

/* A cancel can only name an earlier item, so walking down from the newest
 * settles every cancel before the item it targets is looked at: an item is
 * canceled iff a cancel of it stands (INWO-10.3.8). */
void inwo_cancels_settle(inwo_state *s, int k)
{
    for (int j = s->nitems - 1; j > k; j--) {
        const inwo_item *it = &s->item[j];
        if (it->kind == INWO_K_CANCEL && it->parent == k && !(it->who & INWO_I_CANCELED))
            s->item[it->target].who |= INWO_I_CANCELED;
    }
}
