/* Hostile input (issue 11): each defect a fuzzing campaign found, reproduced
 * from the public calls and made exact. Files that are not regular or too
 * large, a record that would drop its parameters, validation of a file with a
 * hundred thousand problems, JSON errors that must not echo a file's bytes,
 * the directories a session may name files in, control bytes in protocol
 * requests, and action texts with something after or inside their names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tabletop/tt.h"

/* A fresh directory under the build tree; the caller frees the name. */
static char *temp_dir(void)
{
    char *dir = malloc(512);
    assert_non_null(dir);
    snprintf(dir, 512, "%s/tests/hostile_XXXXXX", TT_BINARY_DIR);
    assert_non_null(mkdtemp(dir));
    return dir;
}

static void copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, in)) > 0;)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    fclose(out);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* --- 1. long parameters ----------------------------------------------------------- */

/* The reproducer: a 202-character board path and max_turns=100 came back from
 * save and load as max_turns=10 when parameters were cut at 255 bytes. */
static void test_tannhauser_long_board_path_survives_save_and_load(void **state)
{
    (void)state;
    char *dir = temp_dir(), sub[400], board[600], params[800];
    int k = snprintf(sub, sizeof sub, "%s/", dir);
    memset(sub + k, 'b', 202 - 11 - (size_t)k); /* board = sub + "/board.json": 202 bytes */
    sub[202 - 11] = 0;
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(board, sizeof board, "%s/board.json", sub);
    assert_int_equal(strlen(board), 202);
    copy_file(TT_SOURCE_DIR "/data/tannhauser/board.json", board);
    snprintf(params, sizeof params, "board=%s max_turns=100", board);
    tt_game *g = NULL;
    tt_error err;
    assert_int_equal(tt_game_new("tannhauser", params, &g, &err), TT_OK);
    tt_state *s = malloc(tt_state_size(g));
    tt_state_init(g, s, 5);
    tt_record *rec = tt_record_new(g, 5);
    char path[600];
    snprintf(path, sizeof path, "%s/game.json", dir);
    assert_int_equal(tt_record_save(rec, g, s, path, &err), TT_OK);
    tt_record *back = NULL;
    assert_int_equal(tt_record_load(path, &back, &err), TT_OK);
    assert_string_equal(tt_record_params(back), tt_game_params(g));
    assert_non_null(strstr(tt_record_params(back), "max_turns=100"));
    tt_game *g2 = NULL;
    tt_state *s2 = NULL;
    assert_int_equal(tt_record_replay(back, &g2, &s2, NULL, NULL, &err), TT_OK);
    assert_string_equal(tt_game_params(g2), tt_game_params(g));
    tt_record_free(back);
    tt_record_free(rec);
    free(s2);
    free(s);
    tt_game_free(g2);
    tt_game_free(g);
    free(dir);
}

/* --- 2. parameters that are not UTF-8 ---------------------------------------------------- */

static void test_save_refuses_parameters_that_are_not_utf8(void **state)
{
    (void)state;
    char *dir = temp_dir(), content[600], params[700], path[600];
    snprintf(content, sizeof content, "%s/caf\xe9.json", dir);
    copy_file(TT_SOURCE_DIR "/data/invaders/sample.json", content);
    snprintf(params, sizeof params, "content=%s", content);
    tt_game *g = NULL;
    tt_error err;
    assert_int_equal(tt_game_new("invaders", params, &g, &err), TT_OK);
    tt_state *s = malloc(tt_state_size(g));
    tt_state_init(g, s, 1);
    tt_record *rec = tt_record_new(g, 1);
    snprintf(path, sizeof path, "%s/game.json", dir);
    assert_int_equal(tt_record_save(rec, g, s, path, &err), TT_EARG);
    assert_string_equal(err.msg, "cannot save: the parameters hold bytes that are not UTF-8 (a "
                                 "record is JSON text)");
    assert_int_equal(access(path, F_OK), -1); /* nothing written */
    tt_record_free(rec);
    free(s);
    tt_game_free(g);
    free(dir);
}

/* --- 3. validation time ------------------------------------------------------------------- */

/* 100,000 unknown keys: 64 reported, the rest counted, in well under a
 * second (each problem's line used to be a linear scan: 6 s for 40,000). */
static void test_validation_of_100000_unknown_keys_is_linear(void **state)
{
    (void)state;
    FILE *in = fopen(TT_SOURCE_DIR "/data/invaders/sample.json", "rb");
    assert_non_null(in);
    static char sample[1 << 20];
    size_t n = fread(sample, 1, sizeof sample - 1, in);
    fclose(in);
    sample[n] = 0;
    char *dir = temp_dir(), path[600];
    snprintf(path, sizeof path, "%s/many.json", dir);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    const char *brace = strchr(sample, '{');
    fwrite(sample, 1, (size_t)(brace - sample) + 1, out);
    for (int k = 0; k < 100000; k++)
        fprintf(out, "\n\"junk%d\": 0,", k);
    fputs(brace + 1, out);
    fclose(out);
    char *report = NULL;
    tt_error err;
    clock_t t0 = clock();
    assert_int_equal(tt_validate_file("invaders", path, &report, &err), TT_ECONTENT);
    double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    assert_true(seconds < 1.0);
    char expect[1600];
    snprintf(expect, sizeof expect, "%s:2: unknown field 'junk0' in the content file (INV-11)\n",
             path);
    assert_memory_equal(report, expect, strlen(expect));
    snprintf(expect, sizeof expect,
             "%s:65: unknown field 'junk63' in the content file (INV-11)\n"
             "%s: 99936 more problems not shown\n",
             path, path);
    size_t len = strlen(report);
    assert_true(len > strlen(expect));
    assert_string_equal(report + len - strlen(expect), expect);
    free(report);
    free(dir);
}

/* --- 4. bounded reads ---------------------------------------------------------------------- */

static void expect_record_refused(const char *path, const char *why)
{
    tt_record *r = (tt_record *)1;
    tt_error err;
    char msg[700];
    snprintf(msg, sizeof msg, "cannot read %s: %s", path, why);
    assert_int_equal(tt_record_load(path, &r, &err), TT_EIO);
    assert_null(r);
    assert_string_equal(err.msg, msg);
}

static void test_reads_refuse_what_is_not_a_regular_file(void **state)
{
    (void)state;
    char *dir = temp_dir(), fifo[600], params[700];
    expect_record_refused("/dev/zero", "not a regular file");
    expect_record_refused(dir, "it is a directory");
    /* a FIFO with no writer: refused at once, never waited on */
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    expect_record_refused(fifo, "not a regular file");
    tt_game *g = NULL;
    tt_error err;
    snprintf(params, sizeof params, "content=%s", fifo);
    assert_int_equal(tt_game_new("invaders", params, &g, &err), TT_EIO);
    assert_null(g);
    snprintf(params, sizeof params, "cannot read %s: not a regular file", fifo);
    assert_string_equal(err.msg, params);
    char *report = NULL;
    assert_int_equal(tt_validate_file("braunau", "/dev/zero", &report, &err), TT_EIO);
    assert_null(report);
    assert_string_equal(err.msg, "cannot read /dev/zero: not a regular file");
    assert_int_equal(tt_game_new("tannhauser", "board=/dev/zero", &g, &err), TT_EIO);
    assert_string_equal(err.msg, "cannot read /dev/zero: not a regular file");
    unlink(fifo);
    free(dir);
}

static void test_reads_refuse_files_over_the_limit(void **state)
{
    (void)state;
    char *dir = temp_dir(), path[600], msg[700];
    snprintf(path, sizeof path, "%s/huge.json", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(ftruncate(fileno(f), (64 << 20) + 1), 0); /* sparse: costs no disk */
    fclose(f);
    expect_record_refused(path, "larger than 64 MiB");
    tt_game *g = NULL;
    tt_error err;
    snprintf(msg, sizeof msg, "content=%s", path);
    assert_int_equal(tt_game_new("braunau", msg, &g, &err), TT_EIO);
    snprintf(msg, sizeof msg, "cannot read %s: larger than 16 MiB", path);
    assert_string_equal(err.msg, msg);
    unlink(path);
    free(dir);
}

/* A file that is not content: the error gives line and column, never its bytes. */
static void test_json_errors_do_not_echo_the_file(void **state)
{
    (void)state;
    char *dir = temp_dir(), path[600], params[700], msg[800];
    snprintf(path, sizeof path, "%s/passwd", dir);
    write_text(path, "root:x:0:0:root:/root:/bin/bash\nsecret line\n");
    snprintf(params, sizeof params, "content=%s", path);
    tt_game *g = NULL;
    tt_error err;
    assert_int_equal(tt_game_new("invaders", params, &g, &err), TT_ECONTENT);
    snprintf(msg, sizeof msg, "%s:1: malformed JSON: '[' or '{' expected (column 4)", path);
    assert_string_equal(err.msg, msg);
    tt_record *r = NULL;
    assert_int_equal(tt_record_load(path, &r, &err), TT_EREPLAY);
    assert_string_equal(err.msg, msg);
    free(dir);
}

/* A NUL byte inside a number ("[4<NUL>, 5]"): jansson took it for the end of
 * the token and accepted the file, and the line finder then looped for ever
 * (found by fuzz_content). Every JSON reader refuses it, naming where. */
static void test_nul_bytes_are_refused_at_once(void **state)
{
    (void)state;
    static const char text[] = "{\n  \"factions\": [4\0, 5]\n}\n";
    char *dir = temp_dir(), path[600], params[700], msg[800];
    snprintf(path, sizeof path, "%s/nul.json", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, sizeof text - 1, f), sizeof text - 1);
    fclose(f);
    char *report = NULL;
    tt_error err;
    assert_int_equal(tt_validate_file("tannhauser", path, &report, &err), TT_ECONTENT);
    snprintf(msg, sizeof msg, "%s:2: malformed JSON: a NUL byte (byte 19)\n", path);
    assert_string_equal(report, msg);
    free(report);
    snprintf(params, sizeof params, "board=%s", path);
    tt_game *g = NULL;
    assert_int_equal(tt_game_new("tannhauser", params, &g, &err), TT_ECONTENT);
    msg[strlen(msg) - 1] = 0;
    assert_string_equal(err.msg, msg);
    tt_record *r = NULL;
    assert_int_equal(tt_record_load(path, &r, &err), TT_EREPLAY);
    assert_string_equal(err.msg, msg);
    assert_null(r);
    free(dir);
}

/* A key that holds a newline ("\n") was quoted as it is, and the one-line
 * error took two (found by fuzz_content): messages escape control characters. */
static void test_quoted_control_characters_stay_on_one_line(void **state)
{
    (void)state;
    char *dir = temp_dir(), path[600], params[700], msg[1600];
    snprintf(path, sizeof path, "%s/key.json", dir);
    write_text(path, "{\n  \"\\n\": \"AUZED\",\n  \"a\\u0001b\": 1\n}\n");
    char *report = NULL;
    tt_error err;
    assert_int_equal(tt_validate_file("invaders", path, &report, &err), TT_ECONTENT);
    snprintf(msg, sizeof msg,
             "%s:2: unknown field '\\n' in the content file (INV-11)\n"
             "%s:3: unknown field 'a\\x01b' in the content file (INV-11)\n",
             path, path);
    assert_memory_equal(report, msg, strlen(msg));
    free(report);
    snprintf(params, sizeof params, "content=%s", path);
    tt_game *g = NULL;
    assert_int_equal(tt_game_new("braunau", params, &g, &err), TT_ECONTENT);
    snprintf(msg, sizeof msg,
             "%s:2: E_DATA_FIELD: unknown field '\\n' in the content (BRA-12) (and more: see "
             "'tabletop deck validate')",
             path);
    assert_string_equal(err.msg, msg);
    free(dir);
}

/* --- files named by others ------------------------------------------------------------------ */

/* Sends one request, returns the answer (static storage). */
static const char *ask(tt_proto *p, const char *line)
{
    static char answer[2048];
    int quit;
    char *a = tt_proto_handle(p, line, &quit);
    assert_non_null(a);
    snprintf(answer, sizeof answer, "%s", a);
    free(a);
    return answer;
}

/* Expects the answer "? argument: '<path>' is outside the allowed directories". */
static void expect_outside(tt_proto *p, const char *request, const char *path)
{
    char want[1600];
    snprintf(want, sizeof want, "? argument: '%s' is outside the allowed directories\n\n", path);
    assert_string_equal(ask(p, request), want);
}

static void test_allowed_directories_confine_the_files_a_session_names(void **state)
{
    (void)state;
    char *dir = temp_dir(), *other = temp_dir(), line[1600], path[1400], in[700], out[700];
    snprintf(in, sizeof in, "%s/mine.json", dir);
    copy_file(TT_SOURCE_DIR "/data/invaders/sample.json", in);
    snprintf(out, sizeof out, "%s/theirs.json", other);
    copy_file(TT_SOURCE_DIR "/data/invaders/sample.json", out);
    tt_proto *p = tt_proto_new();
    tt_error err;
    assert_int_equal(tt_proto_allow_dir(p, "/nonexistent/dir", &err), TT_EARG);
    assert_string_equal(err.msg, "'/nonexistent/dir' is not a directory");
    /* a record naming content outside, saved before the restriction */
    snprintf(line, sizeof line, "new invaders content=%s", out);
    assert_string_equal(ask(p, line), "= invaders seed 1\n\n");
    snprintf(line, sizeof line, "save %s/names-theirs.json", dir);
    assert_string_equal(ask(p, line), "= invaders 0 entries\n\n");
    assert_int_equal(tt_proto_allow_dir(p, dir, &err), TT_OK);

    expect_outside(p, "new invaders content=/etc/passwd", "/etc/passwd");
    snprintf(path, sizeof path, "%s/../%s/theirs.json", dir, strrchr(other, '/') + 1);
    snprintf(line, sizeof line, "new invaders content=%s", path);
    expect_outside(p, line, path);
    snprintf(path, sizeof path, "%s/link.json", dir); /* a link inside that leads outside */
    assert_int_equal(symlink(out, path), 0);
    snprintf(line, sizeof line, "new invaders content=%s", path);
    expect_outside(p, line, path);
    snprintf(line, sizeof line, "load %s/names-theirs.json", dir);
    expect_outside(p, line, out);
    expect_outside(p, "load /etc/passwd", "/etc/passwd");
    snprintf(path, sizeof path, "%s/saved.json", other);
    snprintf(line, sizeof line, "save %s", path);
    expect_outside(p, line, path);
    assert_int_equal(access(path, F_OK), -1);
    /* the game is still the one started before, and files inside pass */
    snprintf(line, sizeof line, "new invaders seed=4 content=%s", in);
    assert_string_equal(ask(p, line), "= invaders seed 4\n\n");
    snprintf(line, sizeof line, "save %s/saved.json", dir);
    assert_string_equal(ask(p, line), "= invaders 0 entries\n\n");
    snprintf(line, sizeof line, "load %s/saved.json", dir);
    assert_string_equal(ask(p, line), "= invaders 0 entries\n\n");
    unlink(path);
    free(dir);
    free(other);
    tt_proto_free(p);
}

/* --- 5. protocol framing ------------------------------------------------------------------------ */

static void test_control_bytes_get_one_clear_answer(void **state)
{
    (void)state;
    static const char input[] = "\x01\x02\x03\n"
                                "\0new invaders\n"
                                "new invaders\0 seed=5\n"
                                "7 new\x1b invaders seed=5\n"
                                "# a comment \x01 is ignored\n"
                                "\n"
                                "new invaders seed=5\n";
    FILE *in = fmemopen((void *)input, sizeof input - 1, "r");
    char *outbuf = NULL;
    size_t outlen = 0;
    FILE *out = open_memstream(&outbuf, &outlen);
    tt_proto *p = tt_proto_new();
    assert_int_equal(tt_proto_serve(p, in, out), TT_OK);
    fclose(in);
    fclose(out);
    assert_string_equal(
        outbuf, "? parse: control character 0x01 at byte 1: a request is one line of text\n\n"
                "? parse: control character 0x00 at byte 1: a request is one line of text\n\n"
                "? parse: control character 0x00 at byte 13: a request is one line of text\n\n"
                "?7 parse: control character 0x1B at byte 6: a request is one line of text\n\n"
                "= invaders seed 5\n\n");
    /* the refused lines changed nothing: the first game is the last line's */
    assert_string_equal(ask(p, "to_move"), "= mankind\n\n");
    free(outbuf);
    tt_proto_free(p);
}

/* --- 7. exact action texts ------------------------------------------------------------------------ */

/* Plays random legal actions until one names a unit ("…#1"); returns it. */
static int find_instance_action(const tt_game *g, tt_state *s, char *text)
{
    tt_action a[512];
    for (int step = 0; step < 400; step++) {
        int n = tt_legal(g, s, a);
        if (n == 0)
            return 0;
        for (int i = 0; i < n; i++) {
            assert_int_equal(tt_action_format(g, s, a[i], text, TT_ACTION_TEXT_MAX), TT_OK);
            if (strchr(text, '#'))
                return 1;
        }
        assert_int_equal(tt_apply(g, s, a[(step * 7) % n], NULL, NULL), TT_OK);
    }
    return 0;
}

static void test_invaders_instance_names_are_exact(void **state)
{
    (void)state;
    tt_game *g = NULL;
    assert_int_equal(tt_game_new("invaders", NULL, &g, NULL), TT_OK);
    tt_state *s = malloc(tt_state_size(g));
    tt_state_init(g, s, 3);
    char text[TT_ACTION_TEXT_MAX], bad[TT_ACTION_TEXT_MAX + 8];
    assert_true(find_instance_action(g, s, text));
    tt_action a;
    assert_int_equal(tt_action_parse(g, s, text, &a, NULL), TT_OK);
    /* INV-2.13: the name, then nothing; "#01" is not "#1" */
    char *hash = strchr(text, '#');
    size_t end = (size_t)(hash - text) + 1 + strspn(hash + 1, "0123456789");
    snprintf(bad, sizeof bad, "%.*sjunk!%s", (int)end, text, text + end);
    assert_int_not_equal(tt_action_parse(g, s, bad, &a, NULL), TT_OK);
    snprintf(bad, sizeof bad, "%.*s0%s", (int)(hash - text) + 1, text, hash + 1);
    assert_int_not_equal(tt_action_parse(g, s, bad, &a, NULL), TT_OK);
    free(s);
    tt_game_free(g);
}

static void expect_equals_end_refused(const char *game)
{
    tt_game *g = NULL;
    assert_int_equal(tt_game_new(game, NULL, &g, NULL), TT_OK);
    tt_state *s = malloc(tt_state_size(g)), *before = malloc(tt_state_size(g));
    tt_state_init(g, s, 1);
    memcpy(before, s, tt_state_size(g));
    tt_error err;
    assert_int_equal(tt_apply_text(g, s, "=end", NULL, &err), TT_EPARSE);
    assert_string_equal(err.msg, "'=end' is not key=value: both sides are needed");
    assert_int_equal(tt_apply_text(g, s, "end=", NULL, &err), TT_EPARSE);
    assert_string_equal(err.msg, "'end=' is not key=value: both sides are needed");
    assert_memory_equal(s, before, tt_state_size(g));
    free(s);
    free(before);
    tt_game_free(g);
}

static void test_equals_end_is_not_end(void **state)
{
    (void)state;
    expect_equals_end_refused("tannhauser");
    expect_equals_end_refused("braunau");
}

/* --- 8. control characters in a record or in parameters ----------------------------------- */

/* Loads the record text written to a scratch file: it must be refused with
 * "<path>: not a game record: <what> holds a control character". */
static void expect_control_refused(const char *text, const char *what)
{
    char *dir = temp_dir(), path[600], want[800];
    snprintf(path, sizeof path, "%s/game.json", dir);
    write_text(path, text);
    tt_record *rec = (tt_record *)1;
    tt_error err;
    assert_int_equal(tt_record_load(path, &rec, &err), TT_EREPLAY);
    assert_null(rec);
    snprintf(want, sizeof want, "%s: not a game record: %s holds a control character", path, what);
    assert_string_equal(err.msg, want);
    unlink(path);
    rmdir(dir);
    free(dir);
}

/* The reproducer (tests/fuzz/corpus/record/tannhauser-newline-in-action.json):
 * an action holding a newline was read as two actions, and the replay error
 * quoting it was two lines. A record's texts are single lines; a saved one
 * never holds a control character, so a record that does is refused at load,
 * naming where; and so are parameters holding one, which no record could
 * keep. */
static void test_records_and_parameters_hold_no_control_characters(void **state)
{
    (void)state;
#define RECORD(game, params, rest)                                                                 \
    "{\"version\": 2, \"game\": \"" game "\", \"params\": \"" params                               \
    "\", \"content_hash\": \"0\", \"seed\": \"2\", " rest "}"
    expect_control_refused(RECORD("tannhauser", "",
                                  "\"actions\": [\"recruit rauch\", "
                                  "\"recruit cov_riflem\\n\"]"),
                           "action 2");
    expect_control_refused(
        RECORD("invaders", "",
               "\"actions\": [{\"player\": \"man\\tkind\", \"action\": \"concede\"}]"),
        "action 1");
    expect_control_refused(RECORD("invaders", "",
                                  "\"actions\": [], \"rigs\": [{\"at\": 0, \"what\": "
                                  "\"hero_deck\", \"values\": \"a\\u007fb\"}]"),
                           "rig 1");
    expect_control_refused(RECORD("invaders", "auto_decline=1\\r", "\"actions\": []"), "params");
    expect_control_refused(RECORD("inv\\u001baders", "", "\"actions\": []"), "game");
#undef RECORD
    tt_game *g = (tt_game *)1;
    tt_error err;
    assert_int_equal(tt_game_new("invaders", "content=/tmp/a\nb.json", &g, &err), TT_EARG);
    assert_null(g);
    assert_string_equal(err.msg, "parameter 'content=/tmp/a…' holds a control character");
    assert_int_equal(tt_game_new("invaders", "auto_decline=1\r", &g, &err), TT_EARG);
    assert_string_equal(err.msg, "parameter 'auto_decline=1…' holds a control character");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tannhauser_long_board_path_survives_save_and_load),
        cmocka_unit_test(test_save_refuses_parameters_that_are_not_utf8),
        cmocka_unit_test(test_validation_of_100000_unknown_keys_is_linear),
        cmocka_unit_test(test_reads_refuse_what_is_not_a_regular_file),
        cmocka_unit_test(test_reads_refuse_files_over_the_limit),
        cmocka_unit_test(test_json_errors_do_not_echo_the_file),
        cmocka_unit_test(test_nul_bytes_are_refused_at_once),
        cmocka_unit_test(test_quoted_control_characters_stay_on_one_line),
        cmocka_unit_test(test_allowed_directories_confine_the_files_a_session_names),
        cmocka_unit_test(test_control_bytes_get_one_clear_answer),
        cmocka_unit_test(test_invaders_instance_names_are_exact),
        cmocka_unit_test(test_equals_end_is_not_end),
        cmocka_unit_test(test_records_and_parameters_hold_no_control_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
