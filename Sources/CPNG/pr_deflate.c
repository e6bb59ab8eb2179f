// A zlib stream for PNG scanlines (see pr_deflate.h): greedy LZ77 over two neighbours and a hash of recently seen
// words, one dynamic Huffman block per run of symbols, a stored block wherever that is smaller.
#include "pr_deflate_blocks.h"

#include <pthread.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "pr_deflate.c reads and writes bits in little-endian words"
#endif

#define RECENT_BITS 12

void pr_deflate_begin(pr_deflate *d, unsigned char *out, size_t capacity, uint32_t *symbols, size_t symbol_capacity) {
    static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
    pthread_once(&tables_once, pr_deflate_make_tables);
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
            litlen_freq[257 + pr_length_codes[best]]++;
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
            if (pr_deflate_write_block(d, count, block, (size_t)(p - block), final) != 0) return -1;
            final_written = final;
            block = p;
            count = 0;
            memset(d->litlen_freq, 0, sizeof d->litlen_freq);
            memset(d->dist_freq, 0, sizeof d->dist_freq);
        }
    }
    if (count > 0) return pr_deflate_write_block(d, count, block, (size_t)(p - block), last);
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
