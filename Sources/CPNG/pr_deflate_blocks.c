// The block writer of the scanline deflate (see pr_deflate.h): one dynamic Huffman block per run of symbols the
// matcher (pr_deflate.c) collected, or stored blocks wherever those are smaller.
#include "pr_deflate_blocks.h"

#include "pr_huffman.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "pr_deflate_blocks.c reads and writes bits in little-endian words"
#endif

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                       193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
// The order in which a dynamic block lists the code lengths of the code-length alphabet (RFC 1951 §3.2.7).
static const uint8_t code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

static inline int length_code(unsigned length) {
    int code = 0;
    while (code < 28 && length_base[code + 1] <= length) code++;
    return code;
}

uint8_t pr_length_codes[MAX_MATCH + 1];

void pr_deflate_make_tables(void) {
    pr_huffman_init();
    for (unsigned length = MIN_MATCH; length <= MAX_MATCH; length++) pr_length_codes[length] = (uint8_t)length_code(length);
}

// Stored blocks of `raw`, at most 65535 bytes each.
static int write_stored(pr_deflate *d, const unsigned char *raw, size_t length, int final) {
    do {
        size_t n = length < 65535 ? length : 65535;
        int end = final && n == length;
        if (remaining(d) < n + 4 + 16) return -1;
        put_bits(d, (uint32_t)end, 3);
        align_to_byte(d);
        unsigned char header[4] = {(unsigned char)n, (unsigned char)(n >> 8), (unsigned char)~n,
                                   (unsigned char)(~n >> 8)};
        memcpy(d->out, header, 4);
        memcpy(d->out + 4, raw, n);
        d->out += 4 + n;
        raw += n;
        length -= n;
    } while (length > 0);
    return 0;
}

int pr_deflate_write_block(pr_deflate *d, size_t count, const unsigned char *raw, size_t raw_length, int final) {
    uint32_t *litlen = d->litlen_freq, *dist = d->dist_freq;
    litlen[256] = 1;
    pr_at_least_two(litlen, 286);
    pr_at_least_two(dist, 30);
    uint8_t ll_len[286], d_len[30], cl_len[19];
    uint16_t ll_code[286], d_code[30], cl_code[19];
    pr_code_lengths(litlen, 286, 15, ll_len);
    pr_code_lengths(dist, 30, 15, d_len);
    int hlit = 286, hdist = 30;
    while (hlit > 257 && !ll_len[hlit - 1]) hlit--;
    while (hdist > 1 && !d_len[hdist - 1]) hdist--;

    // The code lengths, run-length coded with 16 (repeat the last 3…6 times), 17 (3…10 zeros), 18 (11…138 zeros).
    uint8_t lengths[286 + 30];
    memcpy(lengths, ll_len, (size_t)hlit);
    memcpy(lengths + hlit, d_len, (size_t)hdist);
    int total = hlit + hdist;
    uint16_t rle[286 + 30];  // symbol | extra << 5
    int rle_count = 0;
    uint32_t cl_freq[19] = {0};
    for (int i = 0; i < total;) {
        int value = lengths[i], run = 1;
        while (i + run < total && lengths[i + run] == value) run++;
        i += run;
        if (value == 0) {
            while (run >= 11) {
                int r = run < 138 ? run : 138;
                rle[rle_count++] = (uint16_t)(18 | (r - 11) << 5);
                run -= r;
            }
            if (run >= 3) {
                rle[rle_count++] = (uint16_t)(17 | (run - 3) << 5);
                run = 0;
            }
        } else {
            rle[rle_count++] = (uint16_t)value;
            run--;
            while (run >= 3) {
                int r = run < 6 ? run : 6;
                rle[rle_count++] = (uint16_t)(16 | (r - 3) << 5);
                run -= r;
            }
        }
        while (run-- > 0) rle[rle_count++] = (uint16_t)value;
    }
    for (int i = 0; i < rle_count; i++) cl_freq[rle[i] & 31]++;
    pr_at_least_two(cl_freq, 19);
    pr_code_lengths(cl_freq, 19, 7, cl_len);
    int hclen = 19;
    while (hclen > 4 && !cl_len[code_length_order[hclen - 1]]) hclen--;

    static const uint8_t cl_extra[19] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7};
    uint64_t bits = 3 + 14 + 3 * (uint64_t)hclen;
    for (int i = 0; i < rle_count; i++) bits += cl_len[rle[i] & 31] + cl_extra[rle[i] & 31];
    for (int i = 0; i < 286; i++) bits += (uint64_t)litlen[i] * (ll_len[i] + (i > 256 ? length_extra[i - 257] : 0));
    for (int i = 0; i < 30; i++) bits += (uint64_t)dist[i] * (d_len[i] + dist_extra[i]);
    uint64_t pieces = raw_length / 65535 + 1;
    uint64_t stored_bits = pieces * (3 + 7 + 32) + 8 * (uint64_t)raw_length;
    if (bits >= stored_bits) return write_stored(d, raw, raw_length, final);
    if (remaining(d) < bits / 8 + 16) return -1;

    pr_canonical_codes(ll_len, 286, ll_code);
    pr_canonical_codes(d_len, 30, d_code);
    pr_canonical_codes(cl_len, 19, cl_code);
    put_bits(d, (uint32_t)final | 2u << 1, 3);
    put_bits(d, (uint32_t)(hlit - 257) | (uint32_t)(hdist - 1) << 5 | (uint32_t)(hclen - 4) << 10, 14);
    for (int i = 0; i < hclen; i++) put_bits(d, cl_len[code_length_order[i]], 3);
    for (int i = 0; i < rle_count; i++) {
        int symbol = rle[i] & 31;
        put_bits(d, cl_code[symbol] | (uint32_t)(rle[i] >> 5) << cl_len[symbol], cl_len[symbol] + cl_extra[symbol]);
    }
    // The symbols, with the bit buffer in locals: written through d, every byte stored could alias d's own
    // fields, and they were read back from memory after each store. A literal's code and length are one word.
    uint32_t literal[256];
    for (int i = 0; i < 256; i++) literal[i] = ll_code[i] | (uint32_t)ll_len[i] << 16;
    const uint32_t *symbols = d->symbols;
    unsigned char *out = d->out;
    uint64_t buffer = d->bits;
    int filled = d->bit_count;
    flush_bytes(&out, &buffer, &filled);
    const unsigned char *in = raw;
    for (size_t i = 0; i < count; i++) {
        uint32_t s = symbols[i];
        if (s < MATCH_FLAG) {
            // A run of s literals, three at a time (at most 45 bits beside the fewer than 8 held).
            const unsigned char *b = in, *run_end = in + s;
            in = run_end;
            for (; b + 3 <= run_end; b += 3) {
                uint32_t c0 = literal[b[0]], c1 = literal[b[1]], c2 = literal[b[2]];
                buffer |= (uint64_t)(c0 & 0xFFFF) << filled;
                filled += (int)(c0 >> 16);
                buffer |= (uint64_t)(c1 & 0xFFFF) << filled;
                filled += (int)(c1 >> 16);
                buffer |= (uint64_t)(c2 & 0xFFFF) << filled;
                filled += (int)(c2 >> 16);
                flush_bytes(&out, &buffer, &filled);
            }
            for (; b < run_end; b++) {
                buffer |= (uint64_t)(literal[*b] & 0xFFFF) << filled;
                filled += (int)(literal[*b] >> 16);
            }
            flush_bytes(&out, &buffer, &filled);
            continue;
        }
        unsigned length = ((s >> 16) & 0xFF) + MIN_MATCH, distance = (s & 0x7FFF) + 1;
        in += length;
        int lc = pr_length_codes[length], symbol = 257 + lc, dc = dist_code(distance);
        // At most 15 + 5 and 15 + 13 bits: both fit beside the fewer than 8 bits held.
        buffer |= (uint64_t)(ll_code[symbol] | (length - length_base[lc]) << ll_len[symbol]) << filled;
        filled += ll_len[symbol] + length_extra[lc];
        buffer |= (uint64_t)(d_code[dc] | (distance - dist_base[dc]) << d_len[dc]) << filled;
        filled += d_len[dc] + dist_extra[dc];
        flush_bytes(&out, &buffer, &filled);
    }
    d->out = out;
    d->bits = buffer;
    d->bit_count = filled;
    put_bits(d, ll_code[256], ll_len[256]);
    return 0;
}
