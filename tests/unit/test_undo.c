/* Fair undo (src/core/undo.c, tabletop/undo.h): a player may take back his
 * last decision only when since it no other player decided, no random outcome
 * was drawn and nothing hidden was shown to anyone. Each game gets positions
 * from a fixed seed where an undo is allowed and where it is refused, with the
 * exact one-line reason; the policy itself is the same code for all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tabletop/tt.h"

#define MAX_DECISIONS 8

/* A game at a table, and the decisions taken since `before`. */
typedef struct table {
    tt_game *g;
    tt_state *s, *before, *copy;
    tt_decision d[MAX_DECISIONS];
    char text[MAX_DECISIONS][1024];
    int n;
} table;

static void start(table *t, const char *game, uint64_t seed)
{
    memset(t, 0, sizeof *t);
    assert_int_equal(tt_game_new(game, NULL, &t->g, NULL), TT_OK);
    size_t sz = tt_state_size(t->g);
    t->s = malloc(sz);
    t->before = malloc(sz);
    t->copy = malloc(sz);
    assert_non_null(t->s);
    assert_non_null(t->before);
    assert_non_null(t->copy);
    tt_state_init(t->g, t->s, seed);
}

static void finish(table *t)
{
    free(t->s);
    free(t->before);
    free(t->copy);
    tt_game_free(t->g);
}

/* Plays texts (one action each, for whoever is to move), taking no decision. */
static void play(table *t, const char *const *texts)
{
    for (; *texts; texts++) {
        tt_error err;
        int rc = tt_apply_text(t->g, t->s, *texts, NULL, &err);
        if (rc != TT_OK)
            fail_msg("'%s' does not apply: %s", *texts, err.msg);
    }
    t->n = 0;
}

/* Takes the decision `text` (a compound too) for the player to move. */
static void decide(table *t, const char *text)
{
    assert_true(t->n < MAX_DECISIONS);
    if (t->n == 0)
        memcpy(t->before, t->s, tt_state_size(t->g));
    tt_decision *d = &t->d[t->n];
    d->player = tt_to_move(t->g, t->s);
    d->offturn = 0;
    tt_error err;
    int rc = tt_apply_text_canon(t->g, t->s, text, t->text[t->n], sizeof t->text[t->n], NULL, &err);
    if (rc != TT_OK)
        fail_msg("'%s' does not apply: %s", text, err.msg);
    d->text = t->text[t->n++];
}

/* Asks whether `player` may take back the decisions taken; want NULL: yes. */
static void expect_undo(table *t, const char *player, const char *want)
{
    size_t sz = tt_state_size(t->g);
    memcpy(t->copy, t->before, sz);
    tt_error why;
    int rc = tt_undo_check(t->g, t->before, t->d, t->n, tt_player_parse(t->g, player), &why);
    assert_memory_equal(t->copy, t->before, sz); /* the state before is untouched */
    if (!want) {
        if (rc != TT_OK)
            fail_msg("undo refused: %s", why.msg);
        return;
    }
    assert_int_equal(rc, TT_EILLEGAL);
    assert_string_equal(why.msg, want);
}

/* --- what every game shares ---------------------------------------------------------- */

static const char *const inv_placed[] = {"place AF", NULL};

static void test_undo_of_another_players_decision_is_no_undo(void **unused)
{
    (void)unused;
    table t;
    start(&t, "invaders", 1);
    play(&t, inv_placed);
    decide(&t, "pass"); /* the invader's */
    tt_error why;
    assert_int_equal(tt_undo_check(t.g, t.before, t.d, t.n, 1, &why), TT_EARG);
    assert_string_equal(why.msg, "you have no decision to take back");
    assert_int_equal(tt_undo_check(t.g, t.before, t.d, 0, 0, &why), TT_EARG);
    finish(&t);
}

static void test_undo_refused_once_another_player_decided(void **unused)
{
    (void)unused;
    table t;
    start(&t, "invaders", 1);
    play(&t, inv_placed);
    decide(&t, "pass");    /* invader: nothing hidden, no chance */
    decide(&t, "decline"); /* mankind answers */
    expect_undo(&t, "invader", "Mankind has decided since");
    finish(&t);
}

/* --- Invaders --------------------------------------------------------------------------- */

/* INV-5.x: passing the main step shows nothing and draws nothing. */
static void test_undo_invaders_pass_is_taken_back(void **unused)
{
    (void)unused;
    table t;
    start(&t, "invaders", 1);
    play(&t, inv_placed);
    decide(&t, "pass");
    expect_undo(&t, "invader", NULL);
    finish(&t);
}

/* Placing the hero ends the set-up: both players draw their hands (INV-3.7). */
static void test_undo_invaders_refused_after_the_hands_are_dealt(void **unused)
{
    (void)unused;
    table t;
    start(&t, "invaders", 1);
    decide(&t, "place AF");
    expect_undo(&t, "mankind", "it showed the Invader what was hidden: The Invader draws a card");
    finish(&t);
}

/* Declining the attack window ends the turn; Mankind's next turn draws. */
static void test_undo_invaders_refused_after_his_own_draw(void **unused)
{
    (void)unused;
    table t;
    start(&t, "invaders", 1);
    static const char *const setup[] = {"place AF", "pass", NULL};
    play(&t, setup);
    decide(&t, "decline");
    expect_undo(&t, "mankind", "it showed you what was hidden: Mankind draws Deep Vault Complex");
    finish(&t);
}

/* A card played from the hand is shown to the opponent; enabling a strategy
 * (face up from the start) is not. */
static void test_undo_invaders_card_from_the_hand_is_shown(void **unused)
{
    (void)unused;
    table t;
    start(&t, "invaders", 1);
    static const char *const setup[] = {"place AF", "pass", "decline", NULL};
    play(&t, setup);
    decide(&t, "strategy man_reconstruction");
    expect_undo(&t, "mankind", NULL);
    decide(&t, "play deep_vault zone=AF");
    expect_undo(
        &t, "mankind",
        "it showed the Invader what was hidden: Mankind plays Deep Vault Complex (discard 3)");
    finish(&t);
}

/* --- Tannhäuser --------------------------------------------------------------------------- */

static void test_undo_tannhauser_secret_recruit_is_taken_back(void **unused)
{
    (void)unused;
    table t;
    start(&t, "tannhauser", 1);
    decide(&t, "recruit cov_rifleman");
    expect_undo(&t, "covenant", NULL);
    finish(&t);
}

/* TAN-3: the last recruit reveals both teams. */
static void test_undo_tannhauser_refused_once_the_teams_are_revealed(void **unused)
{
    (void)unused;
    table t;
    start(&t, "tannhauser", 1);
    static const char *const setup[] = {"recruit cov_rifleman", "recruit varga",
                                        "recruit rauch",        "recruit cov_grenadier",
                                        "recruit kessel",       "recruit leg_ranger",
                                        "recruit leg_sapper",   "recruit pike",
                                        "recruit sorel",        NULL};
    play(&t, setup);
    decide(&t, "recruit calloway");
    expect_undo(&t, "legion", "it showed you what was hidden: Both teams are revealed");
    finish(&t);
}

static const char *const tan_packs[] = {"recruit cov_rifleman",
                                        "recruit varga",
                                        "recruit rauch",
                                        "recruit cov_grenadier",
                                        "recruit kessel",
                                        "recruit leg_ranger",
                                        "recruit leg_sapper",
                                        "recruit pike",
                                        "recruit sorel",
                                        "recruit calloway",
                                        "pack kessel MENTAL",
                                        "pack rauch custom",
                                        "custom iron_will",
                                        "custom steady_aim",
                                        "done",
                                        "pack varga MENTAL",
                                        "pack cov_grenadier COMBAT",
                                        "pack cov_rifleman custom",
                                        "custom spare_drum",
                                        "custom trench_plate",
                                        "custom marrow",
                                        "custom kestrel",
                                        "done",
                                        "pack pike custom",
                                        "done",
                                        "pack sorel MENTAL",
                                        "pack calloway custom",
                                        "custom kestrel",
                                        "custom thunder_egg",
                                        "custom satchel",
                                        "custom steady_aim",
                                        "done",
                                        "pack leg_ranger COMBAT",
                                        NULL};

/* The last pack chosen, the game rolls for the first player. */
static void test_undo_tannhauser_refused_after_a_roll(void **unused)
{
    (void)unused;
    table t;
    start(&t, "tannhauser", 1);
    play(&t, tan_packs);
    decide(&t, "pack leg_sapper STAMINA");
    expect_undo(&t, "legion", "a random outcome was drawn since (dice rolled or cards shuffled)");
    finish(&t);
}

/* --- Braunau ------------------------------------------------------------------------------ */

static const char *const bra_opening[] = {
    "agitate LOC_GRUBER", "end", "deploy G51", "denounce GER_WEISS", "target LOC_GRUBER", NULL};

/* A hidden agent's move is seen by its owner alone (BRA-7): taken back. */
static void test_undo_braunau_hidden_move_is_taken_back(void **unused)
{
    (void)unused;
    table t;
    start(&t, "braunau", 1);
    play(&t, bra_opening);
    decide(&t, "move GER_WEISS");
    decide(&t, "path BRAUEREI");
    expect_undo(&t, "germans", NULL);
    finish(&t);
}

/* Deploying a token shows it to every faction. */
static void test_undo_braunau_deployed_token_is_shown(void **unused)
{
    (void)unused;
    table t;
    start(&t, "braunau", 1);
    static const char *const setup[] = {"agitate LOC_GRUBER", "end", NULL};
    play(&t, setup);
    decide(&t, "deploy G51");
    expect_undo(&t, "germans",
                "it showed the Austrians what was hidden: The Germans deploy G51 FA (1 AP)");
    finish(&t);
}

/* Drawing tokens from the faction's own hidden deck. */
static void test_undo_braunau_refused_after_a_draw(void **unused)
{
    (void)unused;
    table t;
    start(&t, "braunau", 1);
    static const char *const setup[] = {"agitate LOC_GRUBER",
                                        "end",
                                        "deploy G51",
                                        "denounce GER_WEISS",
                                        "target LOC_GRUBER",
                                        "move GER_WEISS",
                                        "path BRAUEREI",
                                        "move GER_WEISS",
                                        "path VORSTADT",
                                        "end",
                                        "denounce AUT_PICHLER",
                                        "target LOC_GRUBER",
                                        "discard A47",
                                        "done",
                                        "agitate AUT_PICHLER",
                                        "discard A39",
                                        "done",
                                        "move AUT_PICHLER",
                                        "path PFARRKIRCHE",
                                        "end",
                                        "deploy L39",
                                        NULL};
    play(&t, setup);
    decide(&t, "draw");
    expect_undo(&t, "locals", "it showed you what was hidden: drawn: L01 DROP");
    finish(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_of_another_players_decision_is_no_undo),
        cmocka_unit_test(test_undo_refused_once_another_player_decided),
        cmocka_unit_test(test_undo_invaders_pass_is_taken_back),
        cmocka_unit_test(test_undo_invaders_refused_after_the_hands_are_dealt),
        cmocka_unit_test(test_undo_invaders_refused_after_his_own_draw),
        cmocka_unit_test(test_undo_invaders_card_from_the_hand_is_shown),
        cmocka_unit_test(test_undo_tannhauser_secret_recruit_is_taken_back),
        cmocka_unit_test(test_undo_tannhauser_refused_once_the_teams_are_revealed),
        cmocka_unit_test(test_undo_tannhauser_refused_after_a_roll),
        cmocka_unit_test(test_undo_braunau_hidden_move_is_taken_back),
        cmocka_unit_test(test_undo_braunau_deployed_token_is_shown),
        cmocka_unit_test(test_undo_braunau_refused_after_a_draw),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
