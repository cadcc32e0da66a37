/* SHA-256 (FIPS 180-4), for TTK's case-directory name rule. */
#ifndef OPSNN_GOLDEN_SHA256_H_
#define OPSNN_GOLDEN_SHA256_H_

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t h[8];
    uint64_t len; /* bytes hashed so far */
    unsigned char buf[64];
    size_t nbuf;
} golden_sha256;

void golden_sha256_init(golden_sha256 *s);
void golden_sha256_update(golden_sha256 *s, const void *data, size_t n);
void golden_sha256_final(golden_sha256 *s, unsigned char out[32]);

/** The lowercase hex digest of data (65 bytes with the NUL). */
void golden_sha256_hex(const void *data, size_t n, char hex[65]);

#endif
