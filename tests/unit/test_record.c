/* Game records (src/core/record.c): save, load, replay, and every way a record
 * is refused (DESIGN.md, Replays and saves).
 *
 * A record is JSON: game, params, content_hash, seed, the actions as texts,
 * rigs and a concession with the number of actions before them, and the hash
 * of the final state. Loading checks the shape; replaying must reproduce the
 * game exactly, and a record that does not is refused naming the first entry
 * that fails, or the final-state mismatch of a record tampered with so that it
 * still replays. Invaders is the game used; nothing here depends on its rules
 * beyond a few action texts. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "tabletop/tt.h"

/* The first nine Invader cards, drawn in this order (seven to the hand, two
 * in the first draw step), so the actions below are legal. */
#define RIG_INVADER                                                                                \
    "siege_colossus gorehound_swarm carapace_strider spore_mortar blight_seeder hive_overseer "    \
    "tunnel_wyrm nerve_pulse orbital_lance"

static char *temp_path(void)
{
    char *path = malloc(512);
    assert_non_null(path);
    snprintf(path, 512, "%s/tests/record_XXXXXX", TT_BINARY_DIR);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    return path;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static const char *sample_hash(void)
{
    static char hash[17];
    tt_game *g = NULL;
    assert_int_equal(tt_game_new("invaders", NULL, &g, NULL), TT_OK);
    snprintf(hash, sizeof hash, "%s", tt_game_content_hash(g));
    tt_game_free(g);
    return hash;
}

/* Writes a record file whose fields after "seed" are `rest` (JSON members). */
static char *record_file(const char *rest)
{
    char *path = temp_path();
    char text[4096];
    snprintf(text, sizeof text,
             "{\"version\": 2, \"game\": \"invaders\", \"params\": \"\", "
             "\"content_hash\": \"%s\", \"seed\": \"7\"%s%s}",
             sample_hash(), *rest ? ", " : "", rest);
    write_text(path, text);
    return path;
}

/* --- save and load ----------------------------------------------------------------- */

typedef struct steps {
    int n;
    char texts[64][TT_ACTION_TEXT_MAX];
    uint64_t hash[64];
} steps;

static void on_step(void *ctx, int index, const char *text, const tt_game *g, const tt_state *s,
                    const tt_events *ev)
{
    steps *st = ctx;
    assert_int_equal(index, st->n);
    assert_true(ev->n >= 0);
    snprintf(st->texts[st->n], TT_ACTION_TEXT_MAX, "%s", text);
    st->hash[st->n++] = tt_state_hash(g, s);
}

static void test_saved_record_has_every_field(void **state)
{
    (void)state;
    tt_game *g = NULL;
    assert_int_equal(tt_game_new("invaders", "auto_decline=1", &g, NULL), TT_OK);
    tt_state *s = malloc(tt_state_size(g));
    tt_state_init(g, s, 7);
    tt_record *rec = tt_record_new(g, 7);
    assert_int_equal(tt_rig(g, s, "invader_deck", RIG_INVADER, NULL), TT_OK);
    assert_int_equal(tt_record_add_rig(rec, "invader_deck", RIG_INVADER), TT_OK);
    assert_int_equal(tt_apply_text(g, s, "place EU", NULL, NULL), TT_OK);
    assert_int_equal(tt_record_add_action(rec, "place EU"), TT_OK);
    /* a compound, stored as the atomic actions it expands into */
    char canon[512];
    assert_int_equal(tt_apply_text_canon(g, s,
                                         "play carapace_strider zone=PR reduce=none "
                                         "discard=spore_mortar",
                                         canon, sizeof canon, NULL, NULL),
                     TT_OK);
    assert_string_equal(canon, "play carapace_strider\nzone PR\nreduce none\n"
                               "discard spore_mortar");
    assert_int_equal(tt_record_add_action(rec, canon), TT_OK);
    assert_int_equal(tt_offturn_apply(g, s, 0, TT_CONCEDE, NULL, NULL), TT_OK);
    assert_int_equal(tt_record_add_offturn(rec, g, 0, "concede"), TT_OK);
    assert_int_equal(tt_record_length(rec), 4);
    assert_string_equal(tt_record_params(rec), "auto_decline=1");

    char *path = temp_path();
    assert_int_equal(tt_record_save(rec, g, s, path, NULL), TT_OK);
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    assert_non_null(root);
    assert_string_equal(json_string_value(json_object_get(root, "game")), "invaders");
    assert_string_equal(json_string_value(json_object_get(root, "params")), "auto_decline=1");
    assert_string_equal(json_string_value(json_object_get(root, "content_hash")),
                        tt_game_content_hash(g));
    assert_string_equal(json_string_value(json_object_get(root, "seed")), "7");
    json_t *actions = json_object_get(root, "actions");
    static const char *const want[] = {"place EU", "play carapace_strider", "zone PR",
                                       "reduce none", "discard spore_mortar"};
    assert_int_equal(json_integer_value(json_object_get(root, "version")), 2);
    assert_int_equal(json_array_size(actions), 6);
    for (size_t i = 0; i < 5; i++)
        assert_string_equal(json_string_value(json_array_get(actions, i)), want[i]);
    json_t *rig = json_array_get(json_object_get(root, "rigs"), 0);
    assert_int_equal(json_integer_value(json_object_get(rig, "at")), 0);
    assert_string_equal(json_string_value(json_object_get(rig, "what")), "invader_deck");
    assert_string_equal(json_string_value(json_object_get(rig, "values")), RIG_INVADER);
    /* outside the turn order: an ordinary entry, with its player */
    json_t *conceded = json_array_get(actions, 5);
    assert_int_equal(json_object_size(conceded), 2);
    assert_string_equal(json_string_value(json_object_get(conceded, "player")), "invader");
    assert_string_equal(json_string_value(json_object_get(conceded, "action")), "concede");
    char hash[17];
    snprintf(hash, sizeof hash, "%016" PRIx64, tt_state_hash(g, s));
    assert_string_equal(json_string_value(json_object_get(root, "final_hash")), hash);
    json_decref(root);

    /* loaded, one entry per action; replayed, the same state */
    tt_record *back = NULL;
    assert_int_equal(tt_record_load(path, &back, NULL), TT_OK);
    assert_int_equal(tt_record_length(back), 7); /* rig, 5 actions, concession */
    assert_true(tt_record_seed(back) == 7);
    assert_string_equal(tt_record_game(back), "invaders");
    assert_string_equal(tt_record_params(back), "auto_decline=1");
    tt_game *g2;
    tt_state *s2;
    steps *st = calloc(1, sizeof *st);
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_record_replay(back, &g2, &s2, on_step, st, &err), TT_OK);
    assert_int_equal(st->n, 7);
    assert_string_equal(st->texts[0], ""); /* a rig has no action text */
    assert_string_equal(st->texts[1], "place EU");
    assert_string_equal(st->texts[5], "discard spore_mortar");
    assert_string_equal(st->texts[6], "concede");
    assert_true(st->hash[6] == tt_state_hash(g, s));
    assert_memory_equal(s2, s, tt_state_size(g));
    assert_string_equal(tt_game_params(g2), "auto_decline=1");
    /* the rig was replayed before the hands were dealt: the hand is the rigged
     * cards in order, less the one played and the one discarded */
    char *view = tt_view_json(g2, s2, 0);
    assert_non_null(strstr(view, "\"hand_cards\":[\"siege_colossus\",\"gorehound_swarm\","
                                 "\"blight_seeder\",\"hive_overseer\",\"tunnel_wyrm\","
                                 "\"nerve_pulse\",\"orbital_lance\"]"));
    free(view);
    free(st);
    free(s2);
    tt_game_free(g2);
    tt_record_free(back);
    unlink(path);
    free(path);
    tt_record_free(rec);
    free(s);
    tt_game_free(g);
}

static void test_pop_takes_back_one_entry(void **state)
{
    (void)state;
    tt_game *g = NULL;
    assert_int_equal(tt_game_new("invaders", NULL, &g, NULL), TT_OK);
    tt_record *rec = tt_record_new(g, 1);
    assert_int_equal(tt_record_pop(rec), 0); /* nothing to pop */
    tt_record_add_action(rec, "place EU");
    tt_record_add_action(rec, "play carapace_strider\nreduce none\nzone PR"); /* one request */
    tt_record_add_rig(rec, "mankind_deck", "militia_cadre");
    assert_int_equal(tt_record_length(rec), 3);
    assert_int_equal(tt_record_pop(rec), 1);
    assert_int_equal(tt_record_pop(rec), 1); /* the whole compound at once */
    assert_int_equal(tt_record_length(rec), 1);
    tt_record_free(rec);
    tt_game_free(g);
}

/* A person's compound form may be longer than one atomic action's text (here
 * spaced out past TT_ACTION_TEXT_MAX); a hand-written record holding one must
 * replay as the same compound typed at the protocol does. */
static void test_handwritten_record_with_a_long_compound_replays(void **state)
{
    (void)state;
    const char *compound = "play siege_colossus reduce=none zone=EU discard=carapace_strider"
                           "            discard=gorehound_swarm";
    assert_true(strlen(compound) >= TT_ACTION_TEXT_MAX);
    char rest[1024];
    snprintf(rest, sizeof rest,
             "\"actions\": [\"place EU\", \"%s\"], \"rigs\": [{\"at\": 0, \"what\": "
             "\"invader_deck\", \"values\": \"" RIG_INVADER "\"}]",
             compound);
    char *path = record_file(rest);
    tt_record *rec = NULL;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_record_load(path, &rec, &err), TT_OK);
    tt_game *g;
    tt_state *s;
    int rc = tt_record_replay(rec, &g, &s, NULL, NULL, &err);
    if (rc != TT_OK)
        fail_msg("%s", err.msg);
    /* the same as typing it */
    tt_state *t = malloc(tt_state_size(g));
    tt_state_init(g, t, 7);
    assert_int_equal(tt_rig(g, t, "invader_deck", RIG_INVADER, NULL), TT_OK);
    assert_int_equal(tt_apply_text(g, t, "place EU", NULL, NULL), TT_OK);
    assert_int_equal(tt_apply_text(g, t, compound, NULL, &err), TT_OK);
    assert_memory_equal(s, t, tt_state_size(g));
    free(t);
    free(s);
    tt_game_free(g);
    tt_record_free(rec);
    unlink(path);
    free(path);
}

/* A game with parameters longer than 255 bytes (a 190-character content path
 * and three decks) is saved with them whole and loads as the same game: they
 * are never cut, so the record replays. */
static void test_long_parameters_survive_save_and_load(void **state)
{
    (void)state;
    char dir[400], content[520], params[1024];
    int k = snprintf(dir, sizeof dir, "%s/tests/", TT_BINARY_DIR);
    assert_true(k > 0 && k < 300);
    memset(dir + k, 'd', 170); /* a folder name of 170 characters */
    dir[k + 170] = 0;
    mkdir(dir, 0700);
    snprintf(content, sizeof content, "%s/c.json", dir);
    assert_true(strlen(content) >= 187);
    FILE *in = fopen(TT_SOURCE_DIR "/data/braunau/content.json", "rb");
    FILE *out = fopen(content, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, in)) > 0;)
        fwrite(buf, 1, n, out);
    fclose(in);
    fclose(out);
    snprintf(params, sizeof params,
             "content=%s germans=standardized austrians=standardized locals=standardized", content);
    assert_true(strlen(params) > 255);
    tt_game *g = NULL;
    tt_error err;
    assert_int_equal(tt_game_new("braunau", params, &g, &err), TT_OK);
    assert_string_equal(tt_game_params(g), params);
    tt_state *s = malloc(tt_state_size(g));
    tt_state_init(g, s, 3);
    tt_record *rec = tt_record_new(g, 3);
    tt_action *acts = malloc((size_t)tt_max_actions(g) * sizeof *acts);
    for (int i = 0; i < 5; i++) {
        assert_true(tt_legal(g, s, acts) > 0);
        char text[TT_ACTION_TEXT_MAX];
        assert_int_equal(tt_action_format(g, s, acts[0], text, sizeof text), TT_OK);
        assert_int_equal(tt_apply(g, s, acts[0], NULL, NULL), TT_OK);
        assert_int_equal(tt_record_add_action(rec, text), TT_OK);
    }
    char *path = temp_path();
    assert_int_equal(tt_record_save(rec, g, s, path, &err), TT_OK);
    tt_record *back = NULL;
    assert_int_equal(tt_record_load(path, &back, &err), TT_OK);
    assert_string_equal(tt_record_params(back), params);
    tt_game *g2;
    tt_state *s2;
    if (tt_record_replay(back, &g2, &s2, NULL, NULL, &err) != TT_OK)
        fail_msg("%s", err.msg);
    assert_memory_equal(s2, s, tt_state_size(g));
    free(s2);
    tt_game_free(g2);
    tt_record_free(back);
    tt_record_free(rec);
    free(acts);
    free(s);
    tt_game_free(g);
    unlink(path);
    free(path);
    unlink(content);
    rmdir(dir);
}

/* --- load errors -------------------------------------------------------------------- */

/* Loading `path` fails with code and exactly msg ("%s" stands for the path). */
static void expect_load_error(const char *path, int code, const char *msg_fmt)
{
    tt_record *rec = (tt_record *)1;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_record_load(path, &rec, &err), code);
    assert_null(rec);
    assert_int_equal(err.code, code);
    char want[1024];
    snprintf(want, sizeof want, msg_fmt, path);
    assert_string_equal(err.msg, want);
}

static void expect_bad_record(const char *rest, const char *what)
{
    char *path = record_file(rest);
    char fmt[512];
    snprintf(fmt, sizeof fmt, "%%s: not a game record: %s", what);
    expect_load_error(path, TT_EREPLAY, fmt);
    unlink(path);
    free(path);
}

static void test_load_of_a_missing_file(void **state)
{
    (void)state;
    expect_load_error("/nonexistent/record.json", TT_EIO,
                      "cannot read %s: No such file or directory");
}

static void test_load_of_bad_json(void **state)
{
    (void)state;
    char *path = temp_path();
    write_text(path, "{\"game\": \"invaders\",\n \"actions\": [\"pass\",]\n}\n");
    expect_load_error(path, TT_EREPLAY, "%s:2: malformed JSON: unexpected token (column 21)");
    unlink(path);
    free(path);
}

/* Records of another version are refused, naming it. */
static void test_load_of_another_record_version(void **state)
{
    (void)state;
    char *path = temp_path();
    write_text(path, "{\"game\": \"invaders\", \"params\": \"\", \"content_hash\": \"0\", "
                     "\"seed\": \"1\", \"actions\": [], \"draws\": []}");
    expect_load_error(path, TT_EREPLAY,
                      "%s: record version 1 is no longer read: this build reads version 2");
    write_text(path, "{\"version\": 3, \"game\": \"invaders\"}");
    expect_load_error(path, TT_EREPLAY,
                      "%s: record version 3 is not read by this build (it reads version 2)");
    write_text(path, "{\"version\": \"2\", \"game\": \"invaders\"}");
    expect_load_error(path, TT_EREPLAY, "%s: not a game record: version is not a number");
    unlink(path);
    free(path);
}

static void test_load_of_missing_fields(void **state)
{
    (void)state;
    static const char *const shapes[] = {
        "{\"version\": 2, \"params\": \"\", \"content_hash\": \"0\", \"seed\": \"1\", \"actions\": []}",
        "{\"version\": 2, \"game\": \"invaders\", \"content_hash\": \"0\", \"seed\": \"1\", \"actions\": []}",
        "{\"version\": 2, \"game\": \"invaders\", \"params\": \"\", \"seed\": \"1\", \"actions\": []}",
        "{\"version\": 2, \"game\": \"invaders\", \"params\": \"\", \"content_hash\": \"0\", \"actions\": []}",
        ("{\"version\": 2, \"game\": \"invaders\", \"params\": \"\", \"content_hash\": \"0\", \"seed\": 1, "
         "\"actions\": []}"), /* a string: 64-bit seeds do not fit JSON integers */
        "[\"invaders\"]",
    };
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        char *path = temp_path();
        write_text(path, shapes[i]);
        expect_load_error(path, TT_EREPLAY,
                          "%s: not a game record: game, params, content_hash "
                          "and seed are required strings");
        unlink(path);
        free(path);
    }
}

/* A seed is refused in a record as on the command line (--seed -5): digits
 * only, within 64 bits, never wrapped round ("-5" is not 2^64 - 5) or clamped. */
static void test_load_of_bad_seed(void **state)
{
    (void)state;
    static const char *const seeds[] = {
        "-5", "+5", " 5", "12abc", "", "18446744073709551616", "99999999999999999999999"};
    char *path = temp_path();
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
        char text[256];
        snprintf(text, sizeof text,
                 "{\"version\": 2, \"game\": \"invaders\", \"params\": \"\", "
                 "\"content_hash\": \"0\", \"seed\": \"%s\", \"actions\": []}",
                 seeds[i]);
        write_text(path, text);
        expect_load_error(path, TT_EREPLAY,
                          "%s: not a game record: seed is not a whole number from 0 to "
                          "18446744073709551615");
    }
    write_text(path, "{\"version\": 2, \"game\": \"invaders\", \"params\": \"\", "
                     "\"content_hash\": \"0\", \"seed\": \"18446744073709551615\", "
                     "\"actions\": []}");
    tt_record *rec = NULL;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_record_load(path, &rec, &err), TT_OK);
    assert_true(tt_record_seed(rec) == UINT64_MAX);
    tt_record_free(rec);
    unlink(path);
    free(path);
}

static void test_load_of_bad_entries(void **state)
{
    (void)state;
    expect_bad_record("", "actions and rigs must be arrays");
    expect_bad_record("\"actions\": \"place EU\"", "actions and rigs must be arrays");
    expect_bad_record("\"actions\": [], \"rigs\": {}", "actions and rigs must be arrays");
    static const char why[] =
        "an action is a text, or {\"player\", \"action\"} outside the turn order";
    expect_bad_record("\"actions\": [\"place EU\", 3]", why);
    expect_bad_record("\"actions\": [{\"player\": \"mankind\"}]", why);
    expect_bad_record("\"actions\": [{\"player\": \"mankind\", \"action\": \"concede\", "
                      "\"at\": 0}]",
                      why);
    expect_bad_record("\"actions\": [], \"rigs\": [{\"at\": 0, \"what\": \"invader_deck\"}]",
                      "a rig needs at (in order), what and values");
    expect_bad_record("\"actions\": [], \"rigs\": [{\"at\": 1, \"what\": \"invader_deck\", "
                      "\"values\": \"skitter_drone\"}]",
                      "a rig needs at (in order), what and values"); /* past the actions */
    expect_bad_record("\"actions\": [\"place EU\"], \"rigs\": [{\"at\": 1, \"what\": \"a\", "
                      "\"values\": \"b\"}, {\"at\": 0, \"what\": \"a\", \"values\": \"b\"}]",
                      "a rig needs at (in order), what and values");
    expect_bad_record(
        "\"actions\": [], \"rigs\": [{\"at\": -1, \"what\": \"a\", \"values\": \"b\"}]",
        "a rig needs at (in order), what and values");
}

/* A final_hash that is there but is no hash cannot vouch for the record. */
static void test_load_of_a_malformed_final_hash(void **state)
{
    (void)state;
    expect_bad_record("\"actions\": [\"place EU\"], \"final_hash\": \"not a hash\"",
                      "final_hash is not 16 hex digits");
    expect_bad_record("\"actions\": [\"place EU\"], \"final_hash\": \"\"",
                      "final_hash is not 16 hex digits");
    expect_bad_record("\"actions\": [\"place EU\"], \"final_hash\": \"-000000000000001\"",
                      "final_hash is not 16 hex digits"); /* strtoull would take the sign */
    expect_bad_record("\"actions\": [\"place EU\"], \"final_hash\": \" 000000000000001\"",
                      "final_hash is not 16 hex digits");
}

/* --- replay errors ------------------------------------------------------------------- */

/* Replaying the record (JSON members after "seed") fails with code, msg and rule. */
static void expect_replay_error(const char *rest, int code, const char *msg, const char *rule)
{
    char *path = record_file(rest);
    tt_record *rec = NULL;
    tt_error err;
    tt_error_clear(&err);
    assert_int_equal(tt_record_load(path, &rec, &err), TT_OK);
    tt_game *g = (tt_game *)1;
    tt_state *s = (tt_state *)1;
    assert_int_equal(tt_record_replay(rec, &g, &s, NULL, NULL, &err), code);
    assert_null(g);
    assert_null(s);
    assert_int_equal(err.code, code);
    assert_string_equal(err.msg, msg);
    assert_string_equal(err.rule, rule);
    tt_record_free(rec);
    unlink(path);
    free(path);
}

static void test_replay_names_the_entry_that_fails(void **state)
{
    (void)state;
    /* a text that is no action */
    expect_replay_error("\"actions\": [\"place EU\", \"play no_such_card\"]", TT_EREPLAY,
                        "entry 2 'play no_such_card' fails: 'no_such_card' is not a card id", "");
    /* an action the rules refuse: its rule comes along */
    expect_replay_error("\"actions\": [\"place EU\", \"place EU\"]", TT_EREPLAY,
                        "entry 2 'place EU' fails: that is not a main-step action", "INV-4.6");
    expect_replay_error("\"actions\": [\"place EU\", \"pass\", \"pass\"]", TT_EREPLAY,
                        "entry 3 'pass' fails: enable a strategy or decline", "INV-4.7.1");
    /* a rig the game cannot do */
    expect_replay_error("\"actions\": [], \"rigs\": [{\"at\": 0, \"what\": \"moon_deck\", "
                        "\"values\": \"x\"}]",
                        TT_EREPLAY,
                        "entry 1 'rig' fails: cannot rig 'moon_deck' (invader_deck, mankind_deck "
                        "or hero_deck)",
                        "");
    /* a concession by nobody, and a turn action given a player */
    expect_replay_error("\"actions\": [\"place EU\", {\"player\": \"martian\", \"action\": "
                        "\"concede\"}]",
                        TT_EREPLAY, "entry 2 'concede' fails: no player 'martian' in this game",
                        "");
    expect_replay_error("\"actions\": [{\"player\": \"mankind\", \"action\": \"place EU\"}]",
                        TT_EREPLAY,
                        "entry 1 'place EU' fails: 'place EU' is an action in the turn order", "");
}

static void test_replay_of_an_unknown_game_or_parameter(void **state)
{
    (void)state;
    char *path = temp_path();
    tt_record *rec;
    tt_game *g;
    tt_state *s;
    tt_error err;
    write_text(path,
               "{\"version\": 2, \"game\": \"chess\", \"params\": \"\", \"content_hash\": \"0\", "
               "\"seed\": \"1\", \"actions\": []}");
    assert_int_equal(tt_record_load(path, &rec, &err), TT_OK);
    assert_int_equal(tt_record_replay(rec, &g, &s, NULL, NULL, &err), TT_EARG);
    assert_string_equal(err.msg, "unknown game 'chess'");
    assert_null(g);
    assert_null(s);
    tt_record_free(rec);
    write_text(
        path,
        "{\"version\": 2, \"game\": \"invaders\", \"params\": \"speed=11\", \"content_hash\": \"0\", "
        "\"seed\": \"1\", \"actions\": []}");
    assert_int_equal(tt_record_load(path, &rec, &err), TT_OK);
    assert_int_equal(tt_record_replay(rec, &g, &s, NULL, NULL, &err), TT_EARG);
    assert_string_equal(err.msg,
                        "unknown parameter 'speed' for invaders (known: content, auto_decline)");
    tt_record_free(rec);
    unlink(path);
    free(path);
}

static void test_replay_of_other_content_is_refused(void **state)
{
    (void)state;
    char *path = temp_path();
    write_text(path, "{\"version\": 2, \"game\": \"invaders\", \"params\": \"\", \"content_hash\": "
                     "\"0123456789abcdef\", \"seed\": \"1\", \"actions\": []}");
    tt_record *rec;
    tt_error err;
    assert_int_equal(tt_record_load(path, &rec, &err), TT_OK);
    tt_game *g;
    tt_state *s;
    assert_int_equal(tt_record_replay(rec, &g, &s, NULL, NULL, &err), TT_EREPLAY);
    char want[200];
    snprintf(want, sizeof want,
             "content hash 0123456789abcdef does not match the loaded content (%s)", sample_hash());
    assert_string_equal(err.msg, want);
    tt_record_free(rec);
    unlink(path);
    free(path);
}

/* A game kept loaded replays any number of records of it; one loaded with
 * other parameters, or another game, is refused naming the difference. */
static void test_replay_on_a_loaded_game(void **state)
{
    (void)state;
    char *path = record_file("\"actions\": [\"place EU\"]");
    tt_record *rec;
    tt_error err;
    assert_int_equal(tt_record_load(path, &rec, &err), TT_OK);
    tt_game *g, *g2, *other, *tan;
    tt_state *s, *s2;
    assert_int_equal(tt_record_replay(rec, &g2, &s2, NULL, NULL, &err), TT_OK);
    assert_int_equal(tt_game_new("invaders", " ", &g, &err), TT_OK);
    for (int i = 0; i < 2; i++) {
        s = (tt_state *)1;
        assert_int_equal(tt_record_replay_on(rec, g, &s, NULL, NULL, &err), TT_OK);
        assert_memory_equal(s, s2, tt_state_size(g));
        free(s);
    }
    assert_int_equal(tt_game_new("invaders", "auto_decline=1", &other, &err), TT_OK);
    s = (tt_state *)1;
    assert_int_equal(tt_record_replay_on(rec, other, &s, NULL, NULL, &err), TT_EREPLAY);
    assert_null(s);
    assert_string_equal(err.msg,
                        "the record's parameters '' are not the game's ('auto_decline=1')");
    assert_int_equal(tt_game_new("tannhauser", NULL, &tan, &err), TT_OK);
    assert_int_equal(tt_record_replay_on(rec, tan, &s, NULL, NULL, &err), TT_EREPLAY);
    assert_string_equal(err.msg, "the record is a game of invaders, not tannhauser");
    tt_game_free(tan);
    tt_game_free(other);
    tt_game_free(g);
    free(s2);
    tt_game_free(g2);
    tt_record_free(rec);
    unlink(path);
    free(path);
}

/* A record edited so that it still replays, legally, to another position: the
 * final hash gives it away. */
static void test_tampered_record_is_refused(void **state)
{
    (void)state;
    tt_game *g = NULL;
    assert_int_equal(tt_game_new("invaders", NULL, &g, NULL), TT_OK);
    size_t sz = tt_state_size(g);
    tt_state *s = malloc(sz), *alt = malloc(sz);
    tt_action *acts = malloc((size_t)tt_max_actions(g) * sizeof *acts);
    tt_state_init(g, s, 99);
    tt_record *rec = tt_record_new(g, 99);
    char alt_text[TT_ACTION_TEXT_MAX] = "";
    uint64_t x = 12345;
    /* forty random actions, the last one from a position with a choice: there,
     * remember another legal action and where it leads */
    for (int i = 0;; i++) {
        int n = tt_legal(g, s, acts);
        assert_true(n > 0);
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        int k = (int)((x >> 33) % (uint64_t)n);
        int last = i >= 39 && n > 1;
        if (last) {
            int other = (k + 1) % n;
            tt_state_copy(g, alt, s);
            tt_action_format(g, s, acts[other], alt_text, sizeof alt_text);
            assert_int_equal(tt_apply(g, alt, acts[other], NULL, NULL), TT_OK);
        }
        char text[TT_ACTION_TEXT_MAX];
        tt_action_format(g, s, acts[k], text, sizeof text);
        assert_int_equal(tt_apply(g, s, acts[k], NULL, NULL), TT_OK);
        assert_int_equal(tt_record_add_action(rec, text), TT_OK);
        if (last)
            break;
    }
    assert_true(tt_state_hash(g, alt) != tt_state_hash(g, s));
    char *path = temp_path();
    assert_int_equal(tt_record_save(rec, g, s, path, NULL), TT_OK);

    /* as saved, it replays */
    tt_record *back;
    tt_game *g2;
    tt_state *s2;
    tt_error err;
    assert_int_equal(tt_record_load(path, &back, &err), TT_OK);
    assert_int_equal(tt_record_replay(back, &g2, &s2, NULL, NULL, &err), TT_OK);
    free(s2);
    tt_game_free(g2);
    tt_record_free(back);

    /* the last action swapped for the other legal one */
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    assert_non_null(root);
    json_t *actions = json_object_get(root, "actions");
    json_array_set_new(actions, json_array_size(actions) - 1, json_string(alt_text));
    assert_int_equal(json_dump_file(root, path, JSON_INDENT(1) | JSON_PRESERVE_ORDER), 0);
    json_decref(root);
    assert_int_equal(tt_record_load(path, &back, &err), TT_OK);
    tt_error_clear(&err);
    assert_int_equal(tt_record_replay(back, &g2, &s2, NULL, NULL, &err), TT_EREPLAY);
    char want[300];
    snprintf(want, sizeof want,
             "the record replays to a different final state (hash %016" PRIx64
             ", record says %016" PRIx64 ")",
             tt_state_hash(g, alt), tt_state_hash(g, s));
    assert_string_equal(err.msg, want);
    assert_null(g2);
    assert_null(s2);
    tt_record_free(back);

    unlink(path);
    free(path);
    tt_record_free(rec);
    free(acts);
    free(alt);
    free(s);
    tt_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_saved_record_has_every_field),
        cmocka_unit_test(test_pop_takes_back_one_entry),
        cmocka_unit_test(test_handwritten_record_with_a_long_compound_replays),
        cmocka_unit_test(test_load_of_a_missing_file),
        cmocka_unit_test(test_load_of_bad_json),
        cmocka_unit_test(test_long_parameters_survive_save_and_load),
        cmocka_unit_test(test_load_of_another_record_version),
        cmocka_unit_test(test_load_of_missing_fields),
        cmocka_unit_test(test_load_of_bad_seed),
        cmocka_unit_test(test_load_of_bad_entries),
        cmocka_unit_test(test_load_of_a_malformed_final_hash),
        cmocka_unit_test(test_replay_names_the_entry_that_fails),
        cmocka_unit_test(test_replay_of_an_unknown_game_or_parameter),
        cmocka_unit_test(test_replay_of_other_content_is_refused),
        cmocka_unit_test(test_replay_on_a_loaded_game),
        cmocka_unit_test(test_tampered_record_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
