#ifndef PROGRESS_RINGS_PR_HUFFMAN_H
#define PROGRESS_RINGS_PR_HUFFMAN_H

// Huffman codes for pr_deflate.c. Internal to CPNG.

#include <stdint.h>

// Fills the bit-reversal table; call once before pr_canonical_codes (pr_deflate_begin does).
void pr_huffman_init(void);

// Code lengths of at most `limit` bits for the `n` symbols (n ≤ 288) of `freq`; unused symbols get 0.
void pr_code_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths);

// Canonical codes for `lengths`, bit-reversed, as deflate sends them.
void pr_canonical_codes(const uint8_t *lengths, int n, uint16_t *codes);

// Gives at least two of the `n` symbols a frequency, as inflate wants complete codes (zlib's deflate does the same).
void pr_at_least_two(uint32_t *freq, int n);

#endif
