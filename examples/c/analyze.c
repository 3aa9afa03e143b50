/*
 * analyze: read a statement (Account Aggregator JSON/XML) with bankscope and
 * print its accounts and transactions summary.
 *
 *   analyze FILE [BANK]
 *
 * Build (from the repository root, after `cargo build -p bankscope-ffi`):
 *   cc -Iinclude examples/c/analyze.c target/debug/libbankscope_ffi.a -lpthread -ldl -lm -o analyze
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bankscope.h"

static unsigned char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) != 0) { fclose(f); return NULL; }
    long size = ftell(f);
    if (size < 0 || fseek(f, 0, SEEK_SET) != 0) { fclose(f); return NULL; }
    unsigned char *buf = malloc(size > 0 ? (size_t)size : 1);
    if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) { free(buf); buf = NULL; }
    fclose(f);
    *len = (size_t)size;
    return buf;
}

static int fail(const char *what, bankscope_status st) {
    const char *msg = bankscope_last_error_message();
    fprintf(stderr, "%s failed: %s (%d): %s\n", what, bankscope_status_name(st), (int)st, msg ? msg : "");
    return 2;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [BANK]\n", argv[0]);
        return 64;
    }
    size_t len = 0;
    unsigned char *data = read_file(argv[1], &len);
    if (!data) {
        perror(argv[1]);
        return 66;
    }
    printf("bankscope %s\n", bankscope_version());

    bankscope_entity *entity = NULL;
    bankscope_status st = bankscope_entity_new("{\"link_id\": \"c-example\"}", &entity);
    if (st != BANKSCOPE_STATUS_OK) { free(data); return fail("bankscope_entity_new", st); }

    char *summary = NULL;
    st = bankscope_entity_add_aa(entity, data, len, argc > 2 ? argv[2] : NULL, &summary);
    free(data);
    if (st != BANKSCOPE_STATUS_OK) {
        int rc = fail("bankscope_entity_add_aa", st);
        bankscope_entity_free(entity);
        return rc;
    }
    printf("statements: %s\n", summary);
    bankscope_string_free(summary);

    const char *resources[] = {"accounts", "identity"};
    for (size_t i = 0; i < sizeof resources / sizeof *resources; i++) {
        char *json = NULL;
        st = bankscope_entity_get(entity, resources[i], NULL, &json);
        if (st != BANKSCOPE_STATUS_OK) {
            int rc = fail(resources[i], st);
            bankscope_entity_free(entity);
            return rc;
        }
        printf("%s: %s\n", resources[i], json);
        bankscope_string_free(json);
    }

    /* An error path: an unknown resource leaves the out-parameter untouched. */
    char *untouched = NULL;
    st = bankscope_entity_get(entity, "no_such_resource", NULL, &untouched);
    printf("unknown resource -> %s: %s (out %s)\n", bankscope_status_name(st), bankscope_last_error_message(),
           untouched == NULL ? "untouched" : "WRITTEN");

    bankscope_entity_free(entity);
    return st == BANKSCOPE_STATUS_INVALID_ARGUMENT && untouched == NULL ? 0 : 1;
}
