#ifndef PROGRESS_RINGS_PR_DEFLATE_H
#define PROGRESS_RINGS_PR_DEFLATE_H

// A zlib stream (RFC 1950/1951) for PNG scanlines: LZ77 that looks for a match at the pixel to the left, the one
// above and the last place the same four bytes were seen, then dynamic Huffman codes per block. Rings and badges are
// runs of a few colors, so those places find nearly every match zlib's hash chains find, at a fraction of the work.
// Internal to CPNG.

#include <stddef.h>
#include <stdint.h>

typedef struct pr_deflate {
    unsigned char *out;      // the next byte to write
    unsigned char *out_end;  // one past the last byte that may be written
    uint64_t bits;           // bits not yet written, the first in the lowest place
    int bit_count;
    uint32_t adler;
    uint32_t *symbols;  // one block's matches and runs of literals, packed as pr_deflate.c says
    size_t symbol_capacity;
    uint32_t litlen_freq[286];
    uint32_t dist_freq[30];
} pr_deflate;

// Starts a stream into out[0 ..< capacity]; `symbols` holds `symbol_capacity` (at least 1024) entries of scratch.
void pr_deflate_begin(pr_deflate *d, unsigned char *out, size_t capacity, uint32_t *symbols, size_t symbol_capacity);

// Compresses data[history ..< history + length], whole scanlines of `row_bytes` (the filter byte included) of
// pixels of `pixel_bytes`; matches may reach back into data[0 ..< history] (the previous scanline). `last` ends
// the deflate stream. Returns 0, or -1 when the output would not fit.
int pr_deflate_rows(pr_deflate *d, const unsigned char *data, size_t history, size_t length, size_t row_bytes,
                    size_t pixel_bytes, int last);

// Writes the Adler-32 trailer; returns the stream's length in bytes, or 0 when it did not fit.
size_t pr_deflate_end(pr_deflate *d, unsigned char *start);

// Adler-32 of data, continuing from `adler` (1 for a new stream).
uint32_t pr_adler32(uint32_t adler, const unsigned char *data, size_t length);

#endif
