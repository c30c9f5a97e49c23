/* Checking the content texts a game writes (tt_describe), exactly. */
#ifndef TT_TEST_DESCRIBE_CHECKS_H
#define TT_TEST_DESCRIBE_CHECKS_H

#include <stddef.h>

/* One lookup and the text it must give. */
typedef struct dc_text {
    const char *id, *text;
} dc_text;

/* In a game made from (game, params), describing each t[i].id as `what`
 * (TT_DESCRIBE_*) gives t[i].text exactly. */
void dc_expect_texts(const char *game, const char *params, const dc_text *t, size_t n, int what);

#define DC_EXPECT(game, params, table, what)                                                       \
    dc_expect_texts(game, params, table, sizeof(table) / sizeof(table)[0], what)

#endif
