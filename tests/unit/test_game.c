/* The public game calls of src/core/game.c and error.c: loading a game and its
 * parameters, the errors every caller sees, and compound action texts.
 *
 * Parameters are "key=value" words; unknown keys, repeats and bad shapes are
 * refused with a message that names them (DESIGN.md: errors are specific).
 * A compound text "head k=v …" applies the head and then each part "k v" in
 * whatever order the rules ask for them; if any step fails, nothing changed
 * (DESIGN.md, The game interface). Invaders is the game used. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tabletop/tt.h"

/* --- loading ------------------------------------------------------------------------ */

static void expect_new_error(const char *name, const char *params, int code, const char *msg)
{
    tt_game *g = (tt_game *)1;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_game_new(name, params, &g, &err), code);
    assert_null(g);
    assert_int_equal(err.code, code);
    assert_string_equal(err.msg, msg);
    assert_string_equal(err.rule, "");
    /* and without an error record, the same code */
    g = (tt_game *)1;
    assert_int_equal(tt_game_new(name, params, &g, NULL), code);
    assert_null(g);
}

static void test_unknown_game(void **state)
{
    (void)state;
    expect_new_error("chess", NULL, TT_EARG, "unknown game 'chess'");
    expect_new_error("", NULL, TT_EARG, "unknown game ''");
    expect_new_error(NULL, NULL, TT_EARG, "unknown game ''");
    expect_new_error("Invaders", NULL, TT_EARG, "unknown game 'Invaders'"); /* names are exact */
    assert_null(tt_game_summary("chess"));
    assert_non_null(tt_game_summary("invaders"));
    char *report = (char *)1;
    tt_error err;
    assert_int_equal(tt_validate_file("chess", "x.json", &report, &err), TT_EARG);
    assert_string_equal(err.msg, "unknown game 'chess'");
    assert_null(report);
}

static void test_params_errors(void **state)
{
    (void)state;
    expect_new_error("invaders", "x=1", TT_EARG,
                     "unknown parameter 'x' for invaders (known: content, auto_decline)");
    expect_new_error("invaders", "auto_decline=1 x=1", TT_EARG,
                     "unknown parameter 'x' for invaders (known: content, auto_decline)");
    expect_new_error("invaders", "auto_decline=1 auto_decline=0", TT_EARG,
                     "parameter 'auto_decline' given twice");
    expect_new_error("invaders", "foo", TT_EARG, "parameter 'foo' is not key=value");
    expect_new_error("invaders", "auto_decline=1 foo", TT_EARG, "parameter 'foo' is not key=value");
    expect_new_error("invaders", "=1", TT_EARG, "parameter '=1' is not key=value");
    expect_new_error("invaders", "auto_decline=", TT_EARG,
                     "parameter 'auto_decline=' is not key=value");
    expect_new_error("invaders", "auto_decline = 1", TT_EARG,
                     "parameter 'auto_decline' is not key=value");
    expect_new_error("invaders", "auto_decline=2", TT_EARG, "auto_decline is 0 or 1, not '2'");
    expect_new_error("invaders", "auto_decline=yes", TT_EARG, "auto_decline is 0 or 1, not 'yes'");
    expect_new_error("invaders", "content=/nonexistent/content.json", TT_EIO,
                     "cannot read /nonexistent/content.json: No such file or directory");
    char longp[1200];
    snprintf(longp, sizeof longp, "content=/%01030d", 0); /* values hold up to 1,023 bytes */
    expect_new_error("invaders", longp, TT_EARG,
                     "parameter 'content=/00000000000…' is too long (at most 1023 bytes)");
    expect_new_error("invaders", "a_key_of_more_than_thirty_two_chars=1", TT_EARG,
                     "parameter 'a_key_of_more_than_t…' is too long (at most 1023 bytes)");
    /* each value fits, but not all of them together: refused, never cut */
    char many[1500];
    snprintf(many, sizeof many, "content=/%0400d germans=/%0400d austrians=/%0400d", 0, 0, 0);
    expect_new_error("braunau", many, TT_EARG,
                     "the parameters are too long to store (at most 1023 bytes)");
    /* a value outside the declared ones: the same message in every game */
    expect_new_error("tannhauser", "mode=chess", TT_EARG,
                     "mode is story, deathmatch, ctf or domination, not 'chess'");
    expect_new_error("tannhauser", "max_turns=1001", TT_EARG, "max_turns is 0..1000, not '1001'");
}

static void test_params_canonical_form(void **state)
{
    (void)state;
    tt_game *g;
    assert_int_equal(tt_game_new("invaders", NULL, &g, NULL), TT_OK);
    assert_string_equal(tt_game_params(g), "");
    assert_string_equal(tt_game_name(g), "invaders");
    assert_int_equal(tt_game_players(g), 2);
    tt_game_free(g);
    assert_int_equal(tt_game_new("invaders", "  auto_decline=1\t ", &g, NULL), TT_OK);
    assert_string_equal(tt_game_params(g), "auto_decline=1");
    tt_game_free(g);
    tt_game_free(NULL); /* like free(NULL) */
}

static uint64_t ref_fnv1a(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return h;
}

/* The built-in sample is data/invaders/sample.json, byte for byte: loading the
 * file gives the same content hash, FNV-1a of its bytes. */
static void test_content_hash_is_the_files_hash(void **state)
{
    (void)state;
    const char *path = TT_SOURCE_DIR "/data/invaders/sample.json";
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    assert_true(n > 0 && n < sizeof text);
    char want[17];
    snprintf(want, sizeof want, "%016llx", (unsigned long long)ref_fnv1a(text, n));
    tt_game *builtin, *fromfile;
    char params[600];
    snprintf(params, sizeof params, "content=%s", path);
    assert_int_equal(tt_game_new("invaders", NULL, &builtin, NULL), TT_OK);
    assert_int_equal(tt_game_new("invaders", params, &fromfile, NULL), TT_OK);
    assert_string_equal(tt_game_content_hash(builtin), want);
    assert_string_equal(tt_game_content_hash(fromfile), want);
    assert_string_equal(tt_game_params(fromfile), params);
    tt_game_free(builtin);
    tt_game_free(fromfile);
    char *report = (char *)1;
    assert_int_equal(tt_validate_file("invaders", path, &report, NULL), TT_OK);
    assert_null(report);
}

/* The sample is parsed once per process and shared (core/registry.c): a game
 * loaded from it, the first time or any later one, is the game loaded from the
 * same files on disk: the same content (Braunau's hash is its loaded content's),
 * the same states along a random game, the same descriptions. */
static void expect_sample_is_its_files(const char *name, const char *files)
{
    tt_game *disk, *sample;
    assert_int_equal(tt_game_new(name, files, &disk, NULL), TT_OK);
    for (int round = 0; round < 2; round++) {
        assert_int_equal(tt_game_new(name, NULL, &sample, NULL), TT_OK);
        assert_string_equal(tt_game_content_hash(sample), tt_game_content_hash(disk));
        size_t sz = tt_state_size(disk);
        tt_state *a = malloc(sz), *b = malloc(sz);
        tt_action *acts = malloc((size_t)tt_max_actions(disk) * sizeof *acts);
        tt_state_init(disk, a, 17);
        tt_state_init(sample, b, 17);
        uint64_t x = 5;
        for (int i = 0; i < 200 && tt_to_move(disk, a) != TT_TERMINAL; i++) {
            assert_memory_equal(a, b, sz);
            int n = tt_legal(disk, a, acts);
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            tt_action act = acts[(x >> 33) % (uint64_t)n];
            assert_int_equal(tt_apply(disk, a, act, NULL, NULL), TT_OK);
            assert_int_equal(tt_apply(sample, b, act, NULL, NULL), TT_OK);
        }
        assert_memory_equal(a, b, sz);
        char da[4096], sa[4096];
        for (int i = 0; tt_describe_id(disk, i); i++) {
            assert_string_equal(tt_describe_id(sample, i), tt_describe_id(disk, i));
            assert_int_equal(
                tt_describe(disk, tt_describe_id(disk, i), TT_DESCRIBE_FULL, da, sizeof da, NULL),
                TT_OK);
            assert_int_equal(
                tt_describe(sample, tt_describe_id(disk, i), TT_DESCRIBE_FULL, sa, sizeof sa, NULL),
                TT_OK);
            assert_string_equal(sa, da);
        }
        free(acts);
        free(a);
        free(b);
        tt_game_free(sample);
    }
    tt_game_free(disk);
}

#define DATA TT_SOURCE_DIR "/data/"

static void test_sample_loads_as_its_files(void **state)
{
    (void)state;
    expect_sample_is_its_files("invaders", "content=" DATA "invaders/sample.json");
    expect_sample_is_its_files("braunau", "content=" DATA "braunau/content.json");
    expect_sample_is_its_files(
        "tannhauser", "board=" DATA "tannhauser/board.json equipment=" DATA
                      "tannhauser/equipment.json teams=" DATA "tannhauser/teams.json crates=" DATA
                      "tannhauser/crates.json objectives=" DATA "tannhauser/objectives.json");
}

static void test_bad_content_parameter_names_the_first_problem(void **state)
{
    (void)state;
    char params[600], msg[800];
    const char *one = TT_SOURCE_DIR "/tests/data/bad/invaders/duplicate_card_id.json";
    snprintf(params, sizeof params, "content=%s", one);
    snprintf(msg, sizeof msg, "%s:62: card id 'nerve_pulse' is not unique (INV-2.8)", one);
    expect_new_error("invaders", params, TT_ECONTENT, msg);
    const char *many = TT_SOURCE_DIR "/tests/data/bad/invaders/several_defects.json";
    snprintf(params, sizeof params, "content=%s", many);
    snprintf(msg, sizeof msg,
             "%s:11: field 'slots_per_side' must be an integer (INV-2.4) (and more: see "
             "'tabletop deck validate')",
             many);
    expect_new_error("invaders", params, TT_ECONTENT, msg);
    char *report = (char *)1;
    tt_error err;
    assert_int_equal(tt_validate_file("invaders", "/nonexistent.json", &report, &err), TT_EIO);
    assert_string_equal(err.msg, "cannot read /nonexistent.json: No such file or directory");
    assert_null(report);
}

/* --- errors --------------------------------------------------------------------------- */

static void test_error_names_and_texts(void **state)
{
    (void)state;
    assert_string_equal(tt_strerror(TT_OK), "ok");
    assert_string_equal(tt_strerror(TT_EILLEGAL), "illegal");
    assert_string_equal(tt_strerror(TT_EPARSE), "parse");
    assert_string_equal(tt_strerror(TT_ECONTENT), "content");
    assert_string_equal(tt_strerror(TT_EARG), "argument");
    assert_string_equal(tt_strerror(TT_EIO), "io");
    assert_string_equal(tt_strerror(TT_ENOMEM), "memory");
    assert_string_equal(tt_strerror(TT_ESTATE), "state");
    assert_string_equal(tt_strerror(TT_EREPLAY), "replay");
    assert_string_equal(tt_strerror(-99), "unknown");
    tt_error e;
    tt_error_clear(&e);
    assert_int_equal(e.code, 0);
    snprintf(e.msg, sizeof e.msg, "Pacific Rim is not adjacent to Africa");
    snprintf(e.rule, sizeof e.rule, "INV-2.3");
    char buf[400];
    assert_string_equal(tt_error_text(&e, buf, sizeof buf),
                        "Pacific Rim is not adjacent to Africa (INV-2.3)");
    e.rule[0] = 0;
    assert_string_equal(tt_error_text(&e, buf, sizeof buf),
                        "Pacific Rim is not adjacent to Africa");
    tt_error_clear(NULL);
}

static void test_player_and_viewer_names(void **state)
{
    (void)state;
    tt_game *g;
    assert_int_equal(tt_game_new("invaders", NULL, &g, NULL), TT_OK);
    assert_string_equal(tt_player_name(g, 0), "invader");
    assert_string_equal(tt_player_name(g, 1), "mankind");
    assert_string_equal(tt_player_name(g, 2), "none");
    assert_string_equal(tt_player_name(g, -1), "none");
    assert_int_equal(tt_player_parse(g, "mankind"), 1);
    assert_int_equal(tt_player_parse(g, "0"), 0);
    assert_int_equal(tt_player_parse(g, "1"), 1);
    assert_int_equal(tt_player_parse(g, "2"), -1);
    assert_int_equal(tt_player_parse(g, "-1"), -1);
    assert_int_equal(tt_player_parse(g, "1x"), -1);
    assert_int_equal(tt_player_parse(g, ""), -1);
    assert_int_equal(tt_viewer_parse(g, "spectator"), TT_VIEW_SPECTATOR);
    assert_int_equal(tt_viewer_parse(g, "all"), TT_VIEW_ALL);
    assert_int_equal(tt_viewer_parse(g, "invader"), 0);
    assert_int_equal(tt_viewer_parse(g, "nobody"), -100);
    tt_game_free(g);
}

/* --- a game to act in ---------------------------------------------------------------- */

/* The Invader's first main step, with these nine cards in hand (seven dealt, two
 * drawn), the Mankind hero placed in Eurasia. */
#define RIG_INVADER                                                                                \
    "skitter_drone carapace_strider gorehound_swarm siege_colossus spore_mortar blight_seeder "    \
    "hive_overseer tunnel_wyrm nerve_pulse"

typedef struct table {
    tt_game *g;
    tt_state *s, *before;
    size_t sz;
    tt_event buf[64];
    tt_events ev;
} table;

static table *table_open(void)
{
    table *t = calloc(1, sizeof *t);
    assert_non_null(t);
    assert_int_equal(tt_game_new("invaders", NULL, &t->g, NULL), TT_OK);
    t->sz = tt_state_size(t->g);
    t->s = malloc(t->sz);
    t->before = malloc(t->sz);
    tt_state_init(t->g, t->s, 7);
    assert_int_equal(tt_rig(t->g, t->s, "invader_deck", RIG_INVADER, NULL), TT_OK);
    assert_int_equal(tt_apply_text(t->g, t->s, "place EU", NULL, NULL), TT_OK);
    assert_int_equal(tt_to_move(t->g, t->s), 0);
    t->ev = (tt_events){t->buf, 0, 64, 0};
    return t;
}

static void table_close(table *t)
{
    free(t->s);
    free(t->before);
    tt_game_free(t->g);
    free(t);
}

/* tt_apply_text(text) fails with code, msg and rule, and changes nothing: not a
 * byte of the state, not an event (two events were there before). */
static void expect_refused(table *t, const char *text, int code, const char *msg, const char *rule)
{
    memcpy(t->before, t->s, t->sz);
    t->ev.n = 2;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_apply_text(t->g, t->s, text, &t->ev, &err), code);
    assert_int_equal(err.code, code);
    assert_string_equal(err.msg, msg);
    assert_string_equal(err.rule, rule);
    assert_memory_equal(t->s, t->before, t->sz);
    assert_int_equal(t->ev.n, 2);
}

static void test_compound_that_fails_midway_changes_nothing(void **state)
{
    (void)state;
    table *t = table_open();
    /* the head, the reduction and the zone apply; the discard is no card */
    expect_refused(t, "play carapace_strider reduce=none zone=PR discard=zzz", TT_EPARSE,
                   "'zzz' is not a card id", "");
    /* ... or a card not in hand */
    expect_refused(t, "play carapace_strider reduce=none zone=PR discard=signal_jamming",
                   TT_EILLEGAL, "discard a card from your hand", "INV-5.5");
    /* ... or the zone is no zone */
    expect_refused(t, "play carapace_strider zone=ZZ", TT_EPARSE, "'ZZ' is not a zone", "");
    /* ... or a part answers a question not asked yet (the reduction comes after
     * the zone, INV-5.3) */
    expect_refused(t, "play carapace_strider zone=PR discard=skitter_drone", TT_EILLEGAL,
                   "Carapace Strider is declaring; the question now is the plot-action "
                   "reduction: reduce none|discard|drain",
                   "INV-5.26a");
    /* the head itself refused */
    expect_refused(t, "play dread_broadcast reduce=none", TT_EILLEGAL,
                   "you hold no dread_broadcast", "INV-5.3");
    expect_refused(t, "play dread_broadcast", TT_EILLEGAL, "you hold no dread_broadcast",
                   "INV-5.3");
    /* shapes that are no compound */
    expect_refused(t, "play carapace_strider zone=PR extra", TT_EPARSE,
                   "'extra' after key=value parts in 'play carapace_strider zone=PR extra'", "");
    expect_refused(t,
                   "play carapace_strider a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 j=10 k=11 "
                   "l=12 m=13 n=14 o=15 p=16 q=17",
                   TT_EPARSE,
                   "too many key=value parts in 'play carapace_strider a=1 b=2 c=3 d=4 e=5 "
                   "f=6 g=7 h=8 i=9 j=10 k=11 l=12 m=13 n=14 o=15 p=16 q=17'",
                   "");
    /* the head passes the turn; Mankind's attack window has no zone to answer */
    expect_refused(t, "pass zone=PR", TT_EILLEGAL, "enable a strategy or decline", "INV-4.7.1");
    table_close(t);
}

/* A text holding a control byte (an arrow key's escape, typed at a prompt) is
 * refused as such, never read as an unknown action of no name. */
static void test_text_with_a_control_byte_is_refused_as_such(void **state)
{
    (void)state;
    table *t = table_open();
    expect_refused(t, "\033[A", TT_EPARSE,
                   "control character 0x1B at byte 1 (as an arrow key sends): an action is "
                   "plain text",
                   "");
    expect_refused(t, "pass\001", TT_EPARSE,
                   "control character 0x01 at byte 5 (as an arrow key sends): an action is "
                   "plain text",
                   "");
    expect_refused(t, "play carapace_strider zone=PR\r", TT_EPARSE,
                   "control character 0x0D at byte 30 (as an arrow key sends): an action is "
                   "plain text",
                   "");
    table_close(t);
}

static void test_compound_equals_its_atomic_actions(void **state)
{
    (void)state;
    table *t = table_open(), *u = table_open();
    /* parts in any order: the rules ask for the zone, then the reduction (INV-5.3) */
    t->ev.n = 0;
    char canon[256];
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_apply_text_canon(t->g, t->s,
                                         "play carapace_strider zone=PR discard=skitter_drone "
                                         "reduce=none",
                                         canon, sizeof canon, &t->ev, &err),
                     TT_OK);
    assert_string_equal(canon, "play carapace_strider\nzone PR\nreduce none\n"
                               "discard skitter_drone");
    static const char *const steps[] = {"play carapace_strider", "zone PR", "reduce none",
                                        "discard skitter_drone"};
    int nev = 0;
    for (int i = 0; i < 4; i++) {
        u->ev.n = 0;
        assert_int_equal(tt_apply_text(u->g, u->s, steps[i], &u->ev, NULL), TT_OK);
        assert_memory_equal(t->ev.ev + nev, u->ev.ev, (size_t)u->ev.n * sizeof *u->ev.ev);
        nev += u->ev.n;
    }
    assert_int_equal(t->ev.n, nev);
    assert_memory_equal(t->s, u->s, t->sz);
    table_close(t);
    table_close(u);
}

static void test_canonical_text_that_does_not_fit_changes_nothing(void **state)
{
    (void)state;
    table *t = table_open();
    memcpy(t->before, t->s, t->sz);
    char canon[30];
    tt_error err;
    assert_int_equal(tt_apply_text_canon(t->g, t->s, "play carapace_strider reduce=none zone=PR",
                                         canon, sizeof canon, NULL, &err),
                     TT_EARG);
    assert_string_equal(err.msg, "no room for the canonical text");
    assert_memory_equal(t->s, t->before, t->sz);
    table_close(t);
}

static void test_finished_game_refuses_everything(void **state)
{
    (void)state;
    table *t = table_open();
    tt_error err;
    double ret[2] = {9, 9};
    tt_returns(t->g, t->s, ret);
    assert_true(ret[0] == 0 && ret[1] == 0); /* zeros while playing */
    assert_int_equal(tt_offturn_apply(t->g, t->s, 2, TT_CONCEDE, NULL, &err), TT_EARG);
    assert_string_equal(err.msg, "no player 2 in this game");
    assert_int_equal(tt_offturn_apply(t->g, t->s, 1, TT_CONCEDE, NULL, NULL), TT_OK);
    tt_result r;
    tt_result_get(t->g, t->s, &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.winner, 0);
    assert_string_equal(r.reason, "CONCEDED");
    tt_returns(t->g, t->s, ret);
    assert_true(ret[0] == 1.0 && ret[1] == -1.0);
    expect_refused(t, "pass", TT_ESTATE, "the game is over", ""); /* the core, every game */
    expect_refused(t, "concede", TT_ESTATE, "the game is over", "");
    memcpy(t->before, t->s, t->sz);
    assert_int_equal(tt_offturn_apply(t->g, t->s, 0, TT_CONCEDE, NULL, &err), TT_ESTATE);
    assert_int_equal(tt_rig(t->g, t->s, "invader_deck", "skitter_drone", &err), TT_ESTATE);
    assert_memory_equal(t->s, t->before, t->sz);
    table_close(t);
}

/* Actions outside the turn order go through the text path of every action:
 * for a named player, alone, and listed per player (concede in every game). */
static void test_offturn_texts_and_players(void **state)
{
    (void)state;
    table *t = table_open();
    tt_action a[8];
    assert_int_equal(tt_offturn_legal(t->g, t->s, 1, a), 1);
    assert_true(a[0] == TT_CONCEDE);
    char text[32];
    assert_int_equal(tt_action_format(t->g, t->s, a[0], text, sizeof text), TT_OK);
    assert_string_equal(text, "concede");
    tt_error err;
    int offturn = 9;
    memcpy(t->before, t->s, t->sz);
    /* a turn action for the player not to move, and a concession with parts */
    assert_int_equal(tt_apply_text_as(t->g, t->s, 1, "pass", NULL, 0, &offturn, NULL, &err),
                     TT_EILLEGAL);
    assert_string_equal(err.msg, "invader is to decide, not mankind");
    assert_int_equal(offturn, 0);
    assert_int_equal(tt_apply_text(t->g, t->s, "concede zone=EU", NULL, &err), TT_EPARSE);
    assert_string_equal(err.msg, "'concede' takes no key=value parts");
    assert_int_equal(tt_apply(t->g, t->s, TT_CONCEDE, NULL, &err), TT_EARG);
    assert_memory_equal(t->s, t->before, t->sz);
    /* mankind concedes while the Invader is to move */
    assert_int_equal(tt_apply_text_as(t->g, t->s, 1, "concede", NULL, 0, &offturn, NULL, &err),
                     TT_OK);
    assert_int_equal(offturn, 1);
    tt_result r;
    tt_result_get(t->g, t->s, &r);
    assert_int_equal(r.winner, 0);
    assert_int_equal(r.player[1].eliminated, 1);
    assert_int_equal(r.player[1].rank, 2);
    table_close(t);
}

/* A command in a game's own syntax is its player's too (Braunau's expansion). */
static void test_game_syntax_only_for_the_player_to_move(void **state)
{
    (void)state;
    tt_game *g;
    assert_int_equal(tt_game_new("braunau", NULL, &g, NULL), TT_OK);
    tt_state *s = malloc(tt_state_size(g)), *before = malloc(tt_state_size(g));
    tt_state_init(g, s, 4);
    memcpy(before, s, tt_state_size(g));
    int mover = tt_to_move(g, s), other = (mover + 1) % tt_game_players(g);
    tt_error err;
    assert_int_equal(tt_apply_text_as(g, s, other, "END", NULL, 0, NULL, NULL, &err), TT_EILLEGAL);
    char want[96];
    snprintf(want, sizeof want, "%s is to decide, not %s", tt_player_name(g, mover),
             tt_player_name(g, other));
    assert_string_equal(err.msg, want);
    assert_memory_equal(s, before, tt_state_size(g));
    assert_int_equal(tt_apply_text_as(g, s, mover, "END", NULL, 0, NULL, NULL, &err), TT_OK);
    free(s);
    free(before);
    tt_game_free(g);
}

/* Tannhäuser's draw by agreement: the offer, then only the other may answer. */
static void test_offturn_draw_offers(void **state)
{
    (void)state;
    tt_game *g;
    assert_int_equal(tt_game_new("tannhauser", NULL, &g, NULL), TT_OK);
    tt_state *s = malloc(tt_state_size(g));
    tt_state_init(g, s, 4);
    tt_action a[8];
    assert_int_equal(tt_offturn_legal(g, s, 0, a), 2);
    assert_true(a[0] == TT_CONCEDE && a[1] == TT_OFFER_DRAW);
    assert_int_equal(tt_apply_text_as(g, s, 0, "offer_draw", NULL, 0, NULL, NULL, NULL), TT_OK);
    assert_int_equal(tt_offturn_legal(g, s, 0, a), 1); /* waits for the answer */
    assert_int_equal(tt_offturn_legal(g, s, 1, a), 3);
    assert_true(a[1] == TT_ACCEPT_DRAW && a[2] == TT_DECLINE_DRAW);
    tt_error err;
    assert_int_equal(tt_offturn_apply(g, s, 0, TT_ACCEPT_DRAW, NULL, &err), TT_EILLEGAL);
    assert_string_equal(err.ecode, "E_WRONG_STEP");
    assert_int_equal(tt_offturn_apply(g, s, 1, TT_ACCEPT_DRAW, NULL, &err), TT_OK);
    tt_result r;
    tt_result_get(g, s, &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.winners, 0);
    assert_string_equal(r.reason, "DRAW_AGREED");
    free(s);
    tt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unknown_game),
        cmocka_unit_test(test_offturn_texts_and_players),
        cmocka_unit_test(test_game_syntax_only_for_the_player_to_move),
        cmocka_unit_test(test_offturn_draw_offers),
        cmocka_unit_test(test_params_errors),
        cmocka_unit_test(test_params_canonical_form),
        cmocka_unit_test(test_content_hash_is_the_files_hash),
        cmocka_unit_test(test_sample_loads_as_its_files),
        cmocka_unit_test(test_bad_content_parameter_names_the_first_problem),
        cmocka_unit_test(test_error_names_and_texts),
        cmocka_unit_test(test_player_and_viewer_names),
        cmocka_unit_test(test_compound_that_fails_midway_changes_nothing),
        cmocka_unit_test(test_text_with_a_control_byte_is_refused_as_such),
        cmocka_unit_test(test_compound_equals_its_atomic_actions),
        cmocka_unit_test(test_canonical_text_that_does_not_fit_changes_nothing),
        cmocka_unit_test(test_finished_game_refuses_everything),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
