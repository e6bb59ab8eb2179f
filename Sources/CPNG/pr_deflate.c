// A zlib stream for PNG scanlines (see pr_deflate.h): greedy LZ77 over two neighbours and a hash of recently seen
// words, one dynamic Huffman block per run of symbols, a stored block wherever that is smaller.
#include "pr_deflate.h"

#include <pthread.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "pr_huffman.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "pr_deflate.c reads and writes bits in little-endian words"
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

// A match is packed as the top bit, length - 3 in bits 16…23 and distance - 1 in bits 0…14; a run of literals as
// its length (without the top bit): write_block reads their bytes from the block's input.
#define MATCH_FLAG 0x80000000u
#define MIN_MATCH 3
#define MAX_MATCH 258
#define RECENT_BITS 12

static inline int length_code(unsigned length) {
    int code = 0;
    while (code < 28 && length_base[code + 1] <= length) code++;
    return code;
}

static uint8_t length_codes[MAX_MATCH + 1];

static void make_tables(void) {
    pr_huffman_init();
    for (unsigned length = MIN_MATCH; length <= MAX_MATCH; length++) length_codes[length] = (uint8_t)length_code(length);
}

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
static void align_to_byte(pr_deflate *d) {
    while (d->bit_count > 0) {
        *d->out++ = (unsigned char)d->bits;
        d->bits >>= 8;
        d->bit_count = d->bit_count > 8 ? d->bit_count - 8 : 0;
    }
    d->bits = 0;
}

static size_t remaining(const pr_deflate *d) { return (size_t)(d->out_end - d->out); }

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

// One block of `count` symbols covering raw[0 ..< raw_length]: dynamic Huffman codes, or stored when smaller.
static int write_block(pr_deflate *d, size_t count, const unsigned char *raw, size_t raw_length, int final) {
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
        int lc = length_codes[length], symbol = 257 + lc, dc = dist_code(distance);
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

void pr_deflate_begin(pr_deflate *d, unsigned char *out, size_t capacity, uint32_t *symbols, size_t symbol_capacity) {
    static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
    pthread_once(&tables_once, make_tables);
    d->out = out;
    d->out_end = out + capacity;
    d->bits = 0;
    d->bit_count = 0;
    d->adler = 1;
    d->symbols = symbols;
    d->symbol_capacity = symbol_capacity < 65535 ? symbol_capacity : 65535;
    // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: no dictionary, "fastest", and CMF·256 + FLG divisible by 31.
    if (capacity < 2 || d->symbol_capacity < 1024) {
        d->out_end = out;  // every write fails
        return;
    }
    out[0] = 0x78;
    out[1] = 0x01;
    d->out += 2;
}

static inline size_t match_length(const unsigned char *a, const unsigned char *b, size_t limit) {
    size_t n = 0;
#if defined(__SSE2__)
    // Sixteen bytes a step where every x86-64 can: matches in runs of one color go on for hundreds of bytes.
    while (n + 16 <= limit) {
        __m128i x = _mm_loadu_si128((const __m128i *)(a + n)), y = _mm_loadu_si128((const __m128i *)(b + n));
        unsigned differ = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) ^ 0xFFFFu;
        if (differ) return n + (size_t)__builtin_ctz(differ);
        n += 16;
    }
#endif
    while (n + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) return n + ((size_t)__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

// The first three bytes at p, read as one word (p has at least four bytes).
static inline uint32_t load24(const unsigned char *p) {
    uint32_t x;
    memcpy(&x, p, 4);
    return x & 0xFFFFFF;
}

int pr_deflate_rows(pr_deflate *d, const unsigned char *data, size_t history, size_t length, size_t row_bytes,
                    size_t pixel_bytes, int last) {
    const unsigned char *p = data + history, *end = p + length, *block = p;
    // In locals: d itself is not read again after each store to the symbols and counts.
    uint32_t *symbols = d->symbols;
    uint32_t *litlen_freq = d->litlen_freq;
    uint32_t *dist_freq = d->dist_freq;
    d->adler = pr_adler32(d->adler, p, length);
    // Left and up: where the same pixel most often was already (the two diagonals as well cost more time than they
    // saved bytes: docs/decisions.md, "Two match candidates instead of four").
    const size_t candidates[2] = {pixel_bytes, row_bytes};
    size_t count = 0;
    int final_written = 0;
    memset(d->litlen_freq, 0, sizeof d->litlen_freq);
    memset(d->dist_freq, 0, sizeof d->dist_freq);
    // From here on both candidates lie inside the window, so the first three bytes of both are compared at once,
    // without a branch for each: most positions of an edge match neither.
    const unsigned char *checked = data + row_bytes + pixel_bytes;
    // Where p is in its scanline: data starts at a scanline, and byte 0 of each is its filter type.
    size_t column = history % row_bytes;
    // Offsets from data of recently seen four-byte words, by hash; 0 is empty (no position checked is 0).
    uint32_t recent[1 << RECENT_BITS];
    memset(recent, 0, sizeof recent);
    while (p < end) {
        size_t limit = (size_t)(end - p), best = 0, best_distance = 0;
        if (limit > MAX_MATCH) limit = MAX_MATCH;
        if (limit >= 4 && p >= checked) {
            uint32_t here = load24(p);
            unsigned hits = (load24(p - candidates[0]) == here) | (load24(p - candidates[1]) == here) << 1;
            while (hits) {
                int k = __builtin_ctz(hits);
                hits &= hits - 1;
                const unsigned char *q = p - candidates[k];
                // Longer than the best only if it agrees at the best's end too (in a run of one color, every
                // neighbour matches as far: comparing each in full did the same work again).
                if (best > 0 && q[best] != p[best]) continue;
                size_t n = match_length(p, q, limit);
                if (n > best) {
                    best = n;
                    best_distance = candidates[k];
                    if (n == limit) break;
                }
            }
            // Beyond the neighbours, the last place these four bytes were seen (text repeats its glyphs, a ring
            // its edges): worth a longer code only for a longer match.
            uint32_t word;
            memcpy(&word, p, 4);
            uint32_t *slot = &recent[(word * 0x9E3779B1u) >> (32 - RECENT_BITS)];
            size_t offset = (size_t)(p - data);
            if (best < 16 && *slot != 0 && offset - *slot <= 32768) {
                size_t distance = offset - *slot;
                size_t n = match_length(p, p - distance, limit);
                if (n >= 5 && n > best + 2) {
                    best = n;
                    best_distance = distance;
                }
            }
            *slot = (uint32_t)offset;
        } else if (limit >= MIN_MATCH) {
            size_t behind = (size_t)(p - data);
            for (int k = 0; k < 2; k++) {
                size_t distance = candidates[k];
                if (distance > behind) continue;
                const unsigned char *q = p - distance;
                if (q[0] != p[0] || q[1] != p[1] || q[2] != p[2]) continue;
                size_t n = match_length(p, q, limit);
                if (n > best) {
                    best = n;
                    best_distance = distance;
                }
            }
        }
        if (best >= MIN_MATCH) {
            symbols[count++] = MATCH_FLAG | (uint32_t)(best - MIN_MATCH) << 16 | (uint32_t)(best_distance - 1);
            litlen_freq[257 + length_codes[best]]++;
            dist_freq[dist_code((unsigned)best_distance)]++;
            p += best;
            column += best;
        } else {
            // A pixel that matches nowhere is written whole: its other bytes rarely start a match, and not
            // looking saves most of the work on anti-aliased edges. (pixel_bytes is 1 or 4: a mask is its modulo.)
            size_t n = column >= 1 && ((column - 1) & (pixel_bytes - 1)) == 0 ? pixel_bytes : 1;
            if (n > (size_t)(end - p)) n = (size_t)(end - p);
            // Literals next to each other are one symbol: their count (the bytes are the input's).
            if (count > 0 && symbols[count - 1] < MATCH_FLAG) {
                symbols[count - 1] += (uint32_t)n;
            } else {
                symbols[count++] = (uint32_t)n;
            }
            for (size_t i = 0; i < n; i++) litlen_freq[p[i]]++;
            p += n;
            column += n;
        }
        while (column >= row_bytes) column -= row_bytes;
        if (count + 8 > d->symbol_capacity) {
            int final = last && p == end;
            if (write_block(d, count, block, (size_t)(p - block), final) != 0) return -1;
            final_written = final;
            block = p;
            count = 0;
            memset(d->litlen_freq, 0, sizeof d->litlen_freq);
            memset(d->dist_freq, 0, sizeof d->dist_freq);
        }
    }
    if (count > 0) return write_block(d, count, block, (size_t)(p - block), last);
    if (last && !final_written) {
        // An empty final block with the fixed codes: the header, then end-of-block (seven zero bits).
        if (remaining(d) < 8) return -1;
        put_bits(d, 1u | 1u << 1, 3);
        put_bits(d, 0, 7);
    }
    return 0;
}

size_t pr_deflate_end(pr_deflate *d, unsigned char *start) {
    if (remaining(d) < 16) return 0;
    align_to_byte(d);
    unsigned char trailer[4] = {(unsigned char)(d->adler >> 24), (unsigned char)(d->adler >> 16),
                                (unsigned char)(d->adler >> 8), (unsigned char)d->adler};
    memcpy(d->out, trailer, 4);
    d->out += 4;
    return (size_t)(d->out - start);
}
