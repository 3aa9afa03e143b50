/*
 * The C ABI's error paths, exercised from C: NULL arguments, garbage bytes,
 * invalid UTF-8, a caught panic, unknown status numbers. Every failing call must
 * return its status, explain itself through bankscope_last_error_message() and
 * leave its out-parameter untouched. Built and run under valgrind by scripts/test.
 *
 *   errors    (exit 0 when every check holds; prints each failed check)
 */
#include <stdio.h>
#include <string.h>

#include "bankscope.h"

static int failures = 0;

/* Checks a call's status and that the last error message contains `text`. */
static void expect(const char *what, bankscope_status got, bankscope_status want, const char *text) {
    const char *msg = bankscope_last_error_message();
    if (got != want) {
        printf("FAIL %s: status %s (%d), want %s (%d)\n", what, bankscope_status_name(got), (int)got,
               bankscope_status_name(want), (int)want);
        failures++;
    } else if (want != BANKSCOPE_STATUS_OK && (msg == NULL || strstr(msg, text) == NULL)) {
        printf("FAIL %s: message \"%s\" lacks \"%s\"\n", what, msg ? msg : "(null)", text);
        failures++;
    } else {
        printf("ok   %s: %s: %s\n", what, bankscope_status_name(got), want == BANKSCOPE_STATUS_OK ? "" : msg);
    }
}

static void expect_untouched(const char *what, const void *out, const void *sentinel) {
    if (out != sentinel) {
        printf("FAIL %s: out-parameter written on failure\n", what);
        failures++;
    }
}

int main(void) {
    /* A sentinel address: out-parameters must still hold it after a failure. */
    static char sentinel_byte;
    char *const sentinel = &sentinel_byte;

    bankscope_entity *entity = (bankscope_entity *)sentinel;
    expect("entity_new(bad options)", bankscope_entity_new("{\"link\": 1}", &entity),
           BANKSCOPE_STATUS_INVALID_ARGUMENT, "options_json");
    expect_untouched("entity_new(bad options)", entity, sentinel);
    expect("entity_new(out NULL)", bankscope_entity_new(NULL, NULL), BANKSCOPE_STATUS_NULL_ARGUMENT, "out is NULL");
    entity = NULL;
    expect("entity_new", bankscope_entity_new(NULL, &entity), BANKSCOPE_STATUS_OK, "");

    char *out = sentinel;
    const unsigned char garbage[] = "%PDF-1.7\nnot a real document";
    expect("add_pdf(entity NULL)", bankscope_entity_add_pdf(NULL, garbage, sizeof garbage, NULL, NULL, &out),
           BANKSCOPE_STATUS_NULL_ARGUMENT, "entity is NULL");
    expect("add_pdf(data NULL, len 10)", bankscope_entity_add_pdf(entity, NULL, 10, NULL, NULL, &out),
           BANKSCOPE_STATUS_NULL_ARGUMENT, "data is NULL");
    expect("add_pdf(out NULL)", bankscope_entity_add_pdf(entity, garbage, sizeof garbage, NULL, NULL, NULL),
           BANKSCOPE_STATUS_NULL_ARGUMENT, "out_summary_json is NULL");
    expect("add_pdf(garbage)", bankscope_entity_add_pdf(entity, garbage, sizeof garbage, NULL, NULL, &out),
           BANKSCOPE_STATUS_MALFORMED, "malformed");
    expect("add_pdf(password not UTF-8)",
           bankscope_entity_add_pdf(entity, garbage, sizeof garbage, "\xff\xfe", NULL, &out),
           BANKSCOPE_STATUS_INVALID_UTF8, "password is not valid UTF-8");
    expect("add_aa(garbage)", bankscope_entity_add_aa(entity, garbage, sizeof garbage, NULL, &out),
           BANKSCOPE_STATUS_MALFORMED, "malformed");
    expect("get(entity NULL)", bankscope_entity_get(NULL, "accounts", NULL, &out), BANKSCOPE_STATUS_NULL_ARGUMENT,
           "entity is NULL");
    expect("get(resource NULL)", bankscope_entity_get(entity, NULL, NULL, &out), BANKSCOPE_STATUS_NULL_ARGUMENT,
           "resource is NULL");
    expect("get(unknown resource)", bankscope_entity_get(entity, "acounts", NULL, &out),
           BANKSCOPE_STATUS_INVALID_ARGUMENT, "unknown resource \"acounts\"");
    expect("get(account_id on accounts)", bankscope_entity_get(entity, "accounts", "x", &out),
           BANKSCOPE_STATUS_INVALID_ARGUMENT, "account_id");
    /* The xlsx report: NULL arguments, invalid UTF-8, no statements yet; neither out written. */
    uint8_t *bytes = (uint8_t *)sentinel;
    size_t len = 12345;
    expect("xlsx(entity NULL)", bankscope_entity_xlsx(NULL, NULL, &bytes, &len), BANKSCOPE_STATUS_NULL_ARGUMENT,
           "entity is NULL");
    expect("xlsx(out_bytes NULL)", bankscope_entity_xlsx(entity, NULL, NULL, &len), BANKSCOPE_STATUS_NULL_ARGUMENT,
           "out_bytes is NULL");
    expect("xlsx(out_len NULL)", bankscope_entity_xlsx(entity, NULL, &bytes, NULL), BANKSCOPE_STATUS_NULL_ARGUMENT,
           "out_len is NULL");
    expect("xlsx(account_id not UTF-8)", bankscope_entity_xlsx(entity, "\xff", &bytes, &len),
           BANKSCOPE_STATUS_INVALID_UTF8, "account_id is not valid UTF-8");
    expect("xlsx(no statements)", bankscope_entity_xlsx(entity, NULL, &bytes, &len), BANKSCOPE_STATUS_INVALID_ARGUMENT,
           "no statements");
    expect("xlsx(unknown account)", bankscope_entity_xlsx(entity, "no-such-account", &bytes, &len),
           BANKSCOPE_STATUS_INVALID_ARGUMENT, "no-such-account");
    expect("get(xlsx_report)", bankscope_entity_get(entity, "xlsx_report", NULL, &out),
           BANKSCOPE_STATUS_INVALID_ARGUMENT, "bankscope_entity_xlsx");
    expect_untouched("failed xlsx calls", bytes, sentinel);
    if (len != 12345) {
        printf("FAIL failed xlsx calls: out_len written on failure\n");
        failures++;
    }

    expect("parse_amount(NULL)", bankscope_parse_amount(NULL, NULL), BANKSCOPE_STATUS_NULL_ARGUMENT, "text is NULL");
    expect("format_amount(out NULL)", bankscope_format_amount(100, NULL), BANKSCOPE_STATUS_NULL_ARGUMENT,
           "out is NULL");
    expect_untouched("failed calls", out, sentinel);

    /* A panic inside the library comes back as a status, not an abort. */
    expect("test_panic", bankscope_test_panic(), BANKSCOPE_STATUS_PANIC, "deliberate panic");

    /* The entity still works after all that: an empty entity has no accounts. */
    out = NULL;
    expect("get(accounts)", bankscope_entity_get(entity, "accounts", NULL, &out), BANKSCOPE_STATUS_OK, "");
    if (out == NULL || strstr(out, "\"accounts\":[]") == NULL) {
        printf("FAIL get(accounts): %s\n", out ? out : "(null)");
        failures++;
    }
    bankscope_string_free(out);

    if (strcmp(bankscope_status_name(10), "PASSWORD_INCORRECT") != 0 || strcmp(bankscope_status_name(99), "UNKNOWN") != 0) {
        printf("FAIL status names\n");
        failures++;
    }

    /* Every free accepts NULL. */
    bankscope_string_free(NULL);
    bankscope_bytes_free(NULL, 0);
    bankscope_entity_free(NULL);
    bankscope_entity_free(entity);

    printf("%s: %d failed check(s)\n", failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
