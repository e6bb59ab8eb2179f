#ifndef PROGRESS_RINGS_PR_DEFLATE_BLOCKS_H
#define PROGRESS_RINGS_PR_DEFLATE_BLOCKS_H

// What the matcher (pr_deflate.c) and the block writer (pr_deflate_blocks.c) share: the packing of symbols, the
// length and distance codes, and the bit writer. Internal to CPNG.

#include <string.h>

#include "pr_deflate.h"

// A match is packed as the top bit, length - 3 in bits 16…23 and distance - 1 in bits 0…14; a run of literals as
// its length (without the top bit): write_block reads their bytes from the block's input.
#define MATCH_FLAG 0x80000000u
#define MIN_MATCH 3
#define MAX_MATCH 258

// The length code (0…28) of each match length MIN_MATCH…MAX_MATCH, made once by pr_deflate_make_tables.
extern uint8_t pr_length_codes[MAX_MATCH + 1];

// Makes the tables above and the Huffman writer's (pthread_once by the caller).
void pr_deflate_make_tables(void);

static inline int dist_code(unsigned distance) {
    if (distance <= 4) return (int)distance - 1;
    unsigned x = distance - 1;
    int bits = 31 - __builtin_clz(x);
    return 2 * bits + (int)((x >> (bits - 1)) & 1);
}

// Writes 32 of the pending bits once there are that many: d's bit buffer (put_bits), or one in a caller's locals.
static inline __attribute__((always_inline)) void flush_word(unsigned char **out, uint64_t *buffer, int *filled) {
    if (*filled >= 32) {
        uint32_t word = (uint32_t)*buffer;
        memcpy(*out, &word, 4);
        *out += 4;
        *buffer >>= 32;
        *filled -= 32;
    }
}

// Writes the whole bytes of the pending bits, without a branch: eight bytes are stored whatever their number, and
// out moves past the whole ones. Leaves fewer than 8 bits, so 56 more fit.
static inline __attribute__((always_inline)) void flush_bytes(unsigned char **out, uint64_t *buffer, int *filled) {
    memcpy(*out, buffer, 8);
    *out += *filled >> 3;
    *buffer >>= *filled & 56;
    *filled &= 7;
}

static inline void put_bits(pr_deflate *d, uint32_t value, int count) {
    d->bits |= (uint64_t)value << d->bit_count;
    d->bit_count += count;
    flush_word(&d->out, &d->bits, &d->bit_count);
}

// Writes the pending bits up to the next byte boundary.
static inline void align_to_byte(pr_deflate *d) {
    while (d->bit_count > 0) {
        *d->out++ = (unsigned char)d->bits;
        d->bits >>= 8;
        d->bit_count = d->bit_count > 8 ? d->bit_count - 8 : 0;
    }
    d->bits = 0;
}

static inline size_t remaining(const pr_deflate *d) { return (size_t)(d->out_end - d->out); }

// One block of `count` symbols covering raw[0 ..< raw_length]: dynamic Huffman codes, or stored when smaller.
// Returns 0, or -1 when the output would not fit.
int pr_deflate_write_block(pr_deflate *d, size_t count, const unsigned char *raw, size_t raw_length, int final);

#endif
