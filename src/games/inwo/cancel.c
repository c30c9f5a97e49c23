/* INWO cancels (INWO-10.3): a CANCEL Plot played as an item attached to the
 * root item whose round is polling (an attack before its roll, a Plot or
 * ability, an Illuminati-token action), naming it or one of its pending
 * items by its text i<k> (INWO-4.6.2, 5.0.3). Nothing happens on
 * announcement: the chain is evaluated when the root's round closes
 * (INWO-10.3.8), since until then every cancel may itself be canceled.
 * A CANCEL ability (`use <card>`) is the same item, its card in play; the
 * tokens paying a cancel, Plot or ability, are actions attached to the root
 * right after it (INWO-4.6.2), which a cancel may name in turn. plays.c
 * declares both, with the other plays' timing and cost checks. */
#include "core/errors.h"
#include "core/events.h"
#include "games/inwo/inwo.h"

/* Whether item j was announced in an after-roll round: an after-roll play,
 * a cancel of one or a token paying either (a cancel names a lower item,
 * a token follows what it pays for, so this ends). */
static int after_roll(const inwo_state *s, int j)
{
    while (s->item[j].kind == INWO_K_CANCEL || (s->item[j].kind == H_PAY && j > 0))
        j = s->item[j].kind == H_PAY ? j - 1 : s->item[j].target;
    return s->item[j].kind == INWO_K_AFTER;
}

/* A CANCEL Plot's effect, played while an item is pending (INWO-2.10.4). */
static const inwo_op *cancel_op(const inwo_content *c, int card)
{
    const inwo_def *d = inwo_def_of(c, card);
    return d->kind == INWO_PLOT && d->nability && d->ability[0].op == OP_CANCEL &&
                   (d->timing == TM_ANY || d->timing == TM_ATTACK)
               ? &d->ability[0]
               : NULL;
}

int inwo_cancel_plot(const tt_game *g, int card)
{
    return card < g->nplayers * INWO_DECK_CARDS && cancel_op(g->content, card) != NULL;
}

/* The kind of cancel that can name item j (INWO-2.10.7): every token spend
 * and root action is an action, a Plot played, an after-roll Plot and a
 * cancel Plot are Plots, a used ability and a cancel made by an ability
 * (its card in play, not on the table) abilities, an Instant Attack an
 * instant. After the roll only the after-roll Plots and the cancels of them
 * are pending (INWO-5.9.9, 5.19.4). Privilege and un-privilege act when
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
    if (kind == H_USE || (kind == INWO_K_CANCEL && s->card[s->item[j].card].zone != Z_TABLE))
        return CAN_ABILITY;
    return kind == H_PLAY || kind == INWO_K_CANCEL || kind == INWO_K_AFTER || kind == H_AGENT
               ? CAN_PLOT /* an Illuminati agent is canceled like a Plot (INWO-10.2.6) */
               : CAN_ACTION;
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

int inwo_cancel_open(const inwo_state *s, const inwo_op *op, int ncost, tt_error *err)
{
    int k = inwo_cancel_root(s);
    if (k < 0)
        return TT_REFUSE("INWO-10.3", NULL,
                         "a cancel is played on a pending item, before its roll or resolution");
    if (inwo_privilege_bars(s, s->to_move))
        return TT_REFUSE("INWO-5.14.2", NULL, "only the attacker and the defender play here");
    if (s->nitems + 1 + ncost > INWO_ITEMS_MAX)
        return TT_REFUSE("INWO-2.15.2", NULL, "too many items pending");
    for (int j = k; j < s->nitems; j++)
        if ((j == k || s->item[j].parent == k) && s->item[j].num &&
            (op->mask & inwo_cancel_kind(s, j)))
            return TT_OK;
    return TT_REFUSE("INWO-10.3", NULL, "no pending item of a kind this card cancels");
}

static const char *kind_name(int kind)
{
    return kind == CAN_PLOT      ? "a Plot"
           : kind == CAN_ABILITY ? "an ability"
           : kind == CAN_INSTANT ? "an Instant Attack"
                                 : "a group action";
}

int inwo_cancel_target(const tt_game *g, const inwo_state *s, const inwo_op *op, int is_plot,
                       int arg, tt_error *err)
{
    int k = inwo_cancel_root(s);
    int j = k < 0 ? -1 : inwo_cancel_item(s, k, arg & ~(int)INWO_ITEM_ARG);
    if (!(arg & INWO_ITEM_ARG) || j < 0)
        return TT_REFUSE("INWO-10.3", NULL, "a cancel names a pending item of this round (i<k>)");
    int kind = inwo_cancel_kind(s, j);
    if (!kind)
        return TT_REFUSE("INWO-5.19.4", NULL, "that item can no longer be canceled");
    if (is_plot) { /* a held Plot may be played only to cancel the look itself (INWO-7.4) */
        int rc = inwo_look_guard(g, s, s->decl.ans[0], j, err);
        if (rc)
            return rc;
    }
    if (!(op->mask & kind))
        return TT_REFUSE("INWO-2.10.7", NULL, "this %s does not cancel %s",
                         is_plot ? "Plot" : "ability", kind_name(kind));
    return TT_OK;
}

int inwo_cancel_announce(inwo_state *s, int p, int card, int abil, int num, tt_events *ev)
{
    int k = inwo_cancel_root(s), j = inwo_cancel_item(s, k, num);
    int arg = s->card[card].zone == Z_HAND ? inwo_plot_to_attack(s, card, p, k) : abil << 6;
    int n = s->nitems++;
    s->item[n] = (inwo_item){INWO_K_CANCEL, (uint8_t)p,   (uint16_t)card, (uint16_t)j,
                             (uint8_t)k,    (uint8_t)arg, ++s->announced};
    tt_emit(ev, INWO_EV_ANNOUNCE, p, TT_SEEN_ALL, s->item[n].num, card,
            s->card[card].zone == Z_TABLE ? H_PLAY : H_USE, s->item[j].num);
    tt_round_play(&s->rounds[s->nrounds - 1]); /* INWO-4.6.3: polling restarts */
    return n;
}

/* Whether a token paying cancel or after-roll play j (the actions announced right after it,
 * attached to its root k) was itself canceled: then the cancel fizzles
 * (INWO-10.3.2). */
static int payment_lost(const inwo_state *s, int k, int j)
{
    for (int i = j + 1; i < s->nitems && s->item[i].kind == H_PAY && s->item[i].parent == k; i++)
        if (s->item[i].who & INWO_I_CANCELED)
            return 1;
    return 0;
}

/* A cancel can only name an earlier item, so walking down from the newest
 * settles every cancel before the item it targets is looked at: an item is
 * canceled iff a cancel of it stands (INWO-10.3.8). */
void inwo_cancels_settle(inwo_state *s, int k)
{
    for (int j = s->nitems - 1; j > k; j--) {
        const inwo_item *it = &s->item[j];
        if ((it->kind != INWO_K_CANCEL && it->kind != INWO_K_AFTER) || it->parent != k ||
            (it->who & INWO_I_CANCELED))
            continue;
        if (payment_lost(s, k, j))
            s->item[j].who |= INWO_I_CANCELED; /* fizzled: it cancels nothing */
        else if (it->kind == INWO_K_CANCEL)
            s->item[it->target].who |= INWO_I_CANCELED;
    }
    for (int j = k + 1; j < s->nitems; j++) { /* INWO-10.3.1: canceled uses do not count */
        const inwo_item *it = &s->item[j];
        int zone = s->card[it->card].zone;
        if ((it->kind != INWO_K_CANCEL && it->kind != H_USE) || it->parent != k ||
            !(it->who & INWO_I_CANCELED) || (zone != Z_STRUCTURE && zone != Z_RESOURCE))
            continue;
        /* a BOOST ability is its card's first (content.c); a cancel's arg keeps its index */
        int abil = it->kind == H_USE ? 0 : it->arg >> 6;
        s->card[it->card].u.p.used &= (uint8_t) ~(17u << abil);
    }
}
