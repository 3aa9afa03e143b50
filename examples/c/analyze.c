/*
 * analyze: read a bank statement with bankscope and print its accounts and
 * monthly analysis; optionally write its xlsx report.
 *
 *   analyze [-p PASSWORD] [-b BANK] [-o OPTIONS_JSON] [-x OUT.xlsx] FILE
 *
 * FILE is a statement PDF, or Account Aggregator data (ReBIT deposit JSON or
 * XML) when it does not start with "%PDF". -p gives the PDF's password, -b the
 * bank the statement is declared to be from (a different bank is refused), -o
 * the entity options (link_id, metadata, limits), e.g.
 * '{"limits": {"time_millis": 120000}}' for a slow machine or valgrind. -x
 * writes the xlsx report (the workbook bytes) to OUT.xlsx.
 *
 * Exit status: 0 when everything printed; 2 when the statement could not be
 * read (the status and message go to stderr); 1 when a later call failed.
 *
 * Build (from the repository root):
 *   cargo build -p bankscope-ffi
 *   cc -Wall -Wextra -Iinclude examples/c/analyze.c target/debug/libbankscope_ffi.a -lpthread -ldl -lm -o analyze
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* A PDF's header may follow some junk; readers look in the first kilobyte. */
static int looks_like_pdf(const unsigned char *data, size_t len) {
    size_t n = len < 1024 ? len : 1024;
    for (size_t i = 0; i + 4 <= n; i++) {
        if (memcmp(data + i, "%PDF", 4) == 0) return 1;
    }
    return 0;
}

/* Prints a failed call's status name, number and message to stderr. */
static void report(const char *what, bankscope_status st) {
    const char *msg = bankscope_last_error_message();
    fprintf(stderr, "%s failed: %s (%d): %s\n", what, bankscope_status_name(st), (int)st, msg ? msg : "");
}

/* Writes the entity's xlsx report to `path`; returns 0, or 1 after reporting a failure. */
static int write_xlsx(const bankscope_entity *entity, const char *path) {
    uint8_t *bytes = NULL;
    size_t len = 0;
    bankscope_status st = bankscope_entity_xlsx(entity, NULL, &bytes, &len);
    if (st != BANKSCOPE_STATUS_OK) {
        report("bankscope_entity_xlsx", st);
        return 1;
    }
    /* The buffer is ours until bankscope_bytes_free, with the length it came with. */
    FILE *f = fopen(path, "wb");
    int failed = f == NULL || fwrite(bytes, 1, len, f) != len;
    if (f != NULL && fclose(f) != 0) failed = 1;
    bankscope_bytes_free(bytes, len);
    if (failed) {
        perror(path);
        return 1;
    }
    printf("xlsx_report: %zu bytes written to %s\n", len, path);
    return 0;
}

/* Prints one read endpoint's JSON; returns 0, or 1 after reporting a failure. */
static int print_resource(const bankscope_entity *entity, const char *resource) {
    char *json = NULL;
    bankscope_status st = bankscope_entity_get(entity, resource, NULL, &json);
    if (st != BANKSCOPE_STATUS_OK) {
        report(resource, st);
        return 1;
    }
    printf("%s: %s\n", resource, json);
    bankscope_string_free(json);
    return 0;
}

int main(int argc, char **argv) {
    const char *password = NULL, *bank = NULL, *options = "{\"link_id\": \"c-example\"}", *xlsx = NULL;
    int opt;
    while ((opt = getopt(argc, argv, "p:b:o:x:")) != -1) {
        switch (opt) {
        case 'p': password = optarg; break;
        case 'b': bank = optarg; break;
        case 'o': options = optarg; break;
        case 'x': xlsx = optarg; break;
        default: optind = argc + 1; break;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "usage: %s [-p PASSWORD] [-b BANK] [-o OPTIONS_JSON] [-x OUT.xlsx] FILE\n", argv[0]);
        return 64;
    }
    const char *path = argv[optind];
    size_t len = 0;
    unsigned char *data = read_file(path, &len);
    if (!data) {
        perror(path);
        return 66;
    }
    printf("bankscope %s\n", bankscope_version());

    bankscope_entity *entity = NULL;
    bankscope_status st = bankscope_entity_new(options, &entity);
    if (st != BANKSCOPE_STATUS_OK) {
        report("bankscope_entity_new", st);
        free(data);
        return 2;
    }

    /* The summary is ours to free with bankscope_string_free; data stays ours. */
    char *summary = NULL;
    const char *adder;
    if (looks_like_pdf(data, len)) {
        adder = "bankscope_entity_add_pdf";
        st = bankscope_entity_add_pdf(entity, data, len, password, bank, &summary);
    } else {
        adder = "bankscope_entity_add_aa";
        st = bankscope_entity_add_aa(entity, data, len, bank, &summary);
    }
    free(data);
    if (st != BANKSCOPE_STATUS_OK) {
        report(adder, st);
        bankscope_entity_free(entity);
        return 2;
    }
    printf("statement: %s\n", summary);
    bankscope_string_free(summary);

    int failed = 0;
    failed |= print_resource(entity, "accounts");
    failed |= print_resource(entity, "monthly_analysis_updated");
    if (xlsx != NULL) failed |= write_xlsx(entity, xlsx);

    /* An error path: an unknown resource leaves the out-parameter untouched. */
    char *untouched = NULL;
    st = bankscope_entity_get(entity, "no_such_resource", NULL, &untouched);
    printf("unknown resource -> %s: %s (out %s)\n", bankscope_status_name(st), bankscope_last_error_message(),
           untouched == NULL ? "untouched" : "WRITTEN");
    if (st != BANKSCOPE_STATUS_INVALID_ARGUMENT || untouched != NULL) failed = 1;

    bankscope_entity_free(entity);
    return failed;
}
